import { describe, expect, it } from 'vitest';
import {
  applySort,
  galleryFilterFromSearchParams,
  galleryFilterToSearchParams,
  pageAfterShrink,
} from './gallery-location';

describe('gallery filter in the URL', () => {
  it('when the URL is plain, then page 1 newest first is shown', () => {
    expect(galleryFilterFromSearchParams(new URLSearchParams(''))).toEqual({ page: 1, order: 'DESC' });
  });

  it('when the URL names page 3 oldest first, then that is what is read', () => {
    expect(galleryFilterFromSearchParams(new URLSearchParams('page=3&sort=asc'))).toEqual({ page: 3, order: 'ASC' });
  });

  it('when the URL holds nonsense, then each value falls back to its default', () => {
    expect(galleryFilterFromSearchParams(new URLSearchParams('page=0&sort=sideways'))).toEqual({
      page: 1,
      order: 'DESC',
    });
    expect(galleryFilterFromSearchParams(new URLSearchParams('page=-2'))).toEqual({ page: 1, order: 'DESC' });
    expect(galleryFilterFromSearchParams(new URLSearchParams('page=1e3'))).toEqual({ page: 1, order: 'DESC' });
    expect(galleryFilterFromSearchParams(new URLSearchParams('page=9999999'))).toEqual({ page: 1, order: 'DESC' });
  });

  it('when the filter is the default, then the URL stays empty', () => {
    expect(galleryFilterToSearchParams({ page: 1, order: 'DESC' }).toString()).toBe('');
  });

  it('when the filter differs from the default, then only the differences are written', () => {
    expect(galleryFilterToSearchParams({ page: 2, order: 'ASC' }).toString()).toBe('page=2&sort=asc');
    expect(galleryFilterToSearchParams({ page: 4, order: 'DESC' }).toString()).toBe('page=4');
  });
});

describe('applySort', () => {
  it('when the sort changes, then the gallery starts again at page 1', () => {
    expect(applySort({ page: 5, order: 'DESC' }, 'ASC')).toEqual({ page: 1, order: 'ASC' });
  });

  it('when the same sort is chosen again, then the page is kept', () => {
    expect(applySort({ page: 5, order: 'DESC' }, 'DESC')).toEqual({ page: 5, order: 'DESC' });
  });
});

describe('pageAfterShrink', () => {
  it('when the last image of page 3 was deleted and 40 remain, then page 2 is shown', () => {
    expect(pageAfterShrink(3, 0, 40, 20)).toBe(2);
  });

  it('when an old link asks for page 9 of 45 images, then the last page, 3, is shown', () => {
    expect(pageAfterShrink(9, 0, 45, 20)).toBe(3);
  });

  it('when every image is gone, then page 1 is shown', () => {
    expect(pageAfterShrink(2, 0, 0, 20)).toBe(1);
  });

  it('when the page still has images or is the first, then it stays', () => {
    expect(pageAfterShrink(2, 5, 25, 20)).toBeNull();
    expect(pageAfterShrink(1, 0, 0, 20)).toBeNull();
  });
});
