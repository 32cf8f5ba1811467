import { describe, expect, it } from 'vitest';
import { couponsListFromSearchParams, couponsListToSearchParams } from './coupons-list';

describe('discount codes list in the URL', () => {
  it('when the URL is plain, then page 1 of 10 with no search is shown', () => {
    expect(couponsListFromSearchParams(new URLSearchParams(''))).toEqual({ page: 1, size: 10, search: '' });
  });

  it('when the URL names a search, page 3 and 20 a page, then that is what is read', () => {
    expect(couponsListFromSearchParams(new URLSearchParams('search=+summer+&page=3&size=20'))).toEqual({
      page: 3,
      size: 20,
      search: 'summer',
    });
  });

  it('when the URL holds nonsense, then each value falls back to its default', () => {
    expect(couponsListFromSearchParams(new URLSearchParams('page=0&size=7'))).toEqual({
      page: 1,
      size: 10,
      search: '',
    });
    expect(couponsListFromSearchParams(new URLSearchParams('page=1e3&size=abc'))).toEqual({
      page: 1,
      size: 10,
      search: '',
    });
    expect(couponsListFromSearchParams(new URLSearchParams('page=9999999&size=1000'))).toEqual({
      page: 1,
      size: 10,
      search: '',
    });
    expect(couponsListFromSearchParams(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(100);
  });

  it('when the list is the default, then the URL stays empty, and otherwise it keeps what differs', () => {
    expect(couponsListToSearchParams({ page: 1, size: 10, search: '  ' }).toString()).toBe('');
    expect(couponsListToSearchParams({ page: 2, size: 50, search: 'SPRING 10' }).toString()).toBe(
      'search=SPRING+10&page=2&size=50',
    );
  });
});
