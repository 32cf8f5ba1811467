import { describe, expect, it } from 'vitest';
import { customersFiltersToSearchParams, defaultCustomersFilters, parseCustomersFilters } from './customers-filters';

const parse = (query: string) => parseCustomersFilters(new URLSearchParams(query));

describe('customers list in the URL', () => {
  it('when the URL is plain, then the list is the default one, and the default writes no parameter', () => {
    expect(parse('')).toEqual({ page: 1, size: 10, search: '', sort: null });
    expect(customersFiltersToSearchParams(defaultCustomersFilters()).toString()).toBe('');
  });

  it('when a page, size, search and sort are chosen, then they survive the round trip', () => {
    const filters = { page: 3, size: 20, search: 'anna', sort: ['total_spent', 'ASC'] as const };
    const query = customersFiltersToSearchParams(filters).toString();
    expect(query).toBe('page=3&size=20&search=anna&sort=total_spent&dir=asc');
    expect(parse(query)).toEqual(filters);
  });

  it('when the URL holds nonsense, then each part falls back to its default', () => {
    expect(parse('page=-2&size=7&sort=password&dir=up')).toEqual({ page: 1, size: 10, search: '', sort: null });
    expect(parse('sort=name&dir=sideways').sort).toEqual(['name', 'DESC']);
    expect(parse(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });
});
