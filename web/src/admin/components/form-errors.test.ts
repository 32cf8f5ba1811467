import { describe, expect, it } from 'vitest';
import { issuesToErrors, serverIssues, withoutError } from './form-errors';

const FIELDS = ['name', 'price', 'categories'] as const;

describe('issuesToErrors', () => {
  it('when the server names fields by dotted paths, then each known field gets its first message', () => {
    const errors = issuesToErrors(
      [
        { path: 'categories.0', message: 'Category does not exist' },
        { path: 'price', message: 'Too big' },
        { path: 'price', message: 'Second message' },
        { path: 'stars', message: 'Not a field of the form' },
      ],
      FIELDS,
    );
    expect(errors).toEqual({ categories: 'Category does not exist', price: 'Too big' });
  });

  it('when zod reports array paths, then the first segment names the field', () => {
    expect(issuesToErrors([{ path: ['categories', 2], message: 'Invalid id' }], FIELDS)).toEqual({
      categories: 'Invalid id',
    });
  });

  it('when a message rewriter is given, then it decides the text', () => {
    expect(issuesToErrors([{ path: 'name', message: 'raw' }], FIELDS, (field) => `Check ${field}`)).toEqual({
      name: 'Check name',
    });
  });
});

describe('serverIssues', () => {
  it('when the 400 result is a list of {path, message}, then those are the issues and other items are dropped', () => {
    expect(serverIssues([{ path: 'name', message: 'Required' }, { path: 3 }, null, 'text'])).toEqual([
      { path: 'name', message: 'Required' },
    ]);
  });

  it('when the 400 result is a sentence, then there are no field issues', () => {
    expect(serverIssues('Body must be valid JSON')).toEqual([]);
    expect(serverIssues(null)).toEqual([]);
  });
});

describe('withoutError', () => {
  it('when a field with a message is edited, then only its message goes', () => {
    expect(withoutError<'name' | 'price'>({ name: 'Required', price: 'Enter a price' }, 'name')).toEqual({
      price: 'Enter a price',
    });
  });

  it('when a field without a message is edited, then the same object comes back (no re-render)', () => {
    const errors = { name: 'Required' };
    expect(withoutError<'name' | 'price'>(errors, 'price')).toBe(errors);
  });
});
