import type { AdminCategory } from '@shop/shared/admin';
import { describe, expect, it } from 'vitest';
import {
  conflictMessage,
  draftFromCategory,
  newCategoryDraft,
  toCategoryInput,
  validateCategory,
} from './category-form';

const category: AdminCategory = {
  id: 'cat-1',
  name: 'Olive oils',
  description: 'Cold pressed',
  img: { id: 'img-3' },
  img_id: 'img-3',
  products: 4,
  published: false,
  updated_at: '2025-02-01T10:00:00.000Z',
  publish_at: null,
  created_at: '2025-01-01T10:00:00.000Z',
};

describe('category draft', () => {
  it('when a category is added, then it starts published with no image or schedule', () => {
    expect(newCategoryDraft()).toEqual({ name: '', description: '', img_id: null, published: true, publish_at: null });
  });

  it('when a category is edited, then the form holds its stored values', () => {
    expect(draftFromCategory(category)).toEqual({
      name: 'Olive oils',
      description: 'Cold pressed',
      img_id: 'img-3',
      published: false,
      publish_at: null,
    });
  });

  it('when a category with a schedule is unpublished, then the schedule is not sent', () => {
    const draft = { ...newCategoryDraft(), name: 'Pasta', published: false, publish_at: '2030-01-01T00:00:00.000Z' };
    expect(toCategoryInput(draft)).toEqual({
      name: 'Pasta',
      description: '',
      img_id: null,
      published: false,
      publish_at: null,
    });
  });
});

describe('validateCategory', () => {
  it('when the name is only spaces, then the name is required', () => {
    expect(validateCategory({ ...newCategoryDraft(), name: '   ' })).toEqual({
      ok: false,
      errors: { name: 'Required' },
    });
  });

  it('when the name is given, then the category is valid', () => {
    expect(validateCategory({ ...newCategoryDraft(), name: 'Pasta' }).ok).toBe(true);
  });
});

describe('conflictMessage', () => {
  it('when the 409 result is a sentence or holds one, then it is shown as is, trimmed', () => {
    expect(conflictMessage(' Move its 3 products first ')).toBe('Move its 3 products first');
    expect(conflictMessage({ message: 'Category holds 2 products' })).toBe('Category holds 2 products');
  });

  it('when the 409 result has no sentence, then there is none to show', () => {
    expect(conflictMessage(null)).toBeNull();
    expect(conflictMessage('  ')).toBeNull();
    expect(conflictMessage({ count: 2 })).toBeNull();
  });
});
