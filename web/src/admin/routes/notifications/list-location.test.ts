import { describe, expect, it } from 'vitest';
import { listAddress } from './list-location';

describe('listAddress', () => {
  it('when the list handed over its query, then Back returns to that page of the list', () => {
    expect(listAddress({ listSearch: 'page=2&status=new' })).toBe('/admin/notifications?page=2&status=new');
  });

  it('when the detail was opened directly, then Back goes to the plain list', () => {
    expect(listAddress(null)).toBe('/admin/notifications');
    expect(listAddress({ listSearch: '' })).toBe('/admin/notifications');
    expect(listAddress({ listSearch: 42 })).toBe('/admin/notifications');
  });

  it('when the state holds something that is not a query, then Back still goes to the plain list', () => {
    expect(listAddress({ listSearch: '//evil.example/x' })).toBe('/admin/notifications');
    expect(listAddress({ listSearch: 'page=2#top' })).toBe('/admin/notifications');
  });
});
