/**
 * The customers list's state (page, size, search, sort) and its round trip through the URL's search params,
 * so reload, back and shared links show the same list (as the orders list does).
 */
import { CUSTOMER_SORT_COLUMNS, type CustomerSortColumn } from '@shop/shared/admin';
import type { CustomersListParams } from '../../api/customers';
import { pageFromSearchParam, pageSizeFromSearchParam } from '../../lib/list-params';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
// The server refuses longer searches with a 400; a hand-edited URL should still show a list.
const MAX_SEARCH = 100;

export const defaultCustomersFilters = (): CustomersListParams => ({
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  search: '',
  sort: null,
});

const isSortColumn = (value: string | null): value is CustomerSortColumn =>
  (CUSTOMER_SORT_COLUMNS as readonly (string | null)[]).includes(value);

/** Anything unknown or malformed in the URL falls back to the default instead of reaching the server. */
export function parseCustomersFilters(params: URLSearchParams): CustomersListParams {
  const column = params.get('sort');
  const dir = params.get('dir')?.toUpperCase();
  return {
    page: pageFromSearchParam(params.get('page')),
    size: pageSizeFromSearchParam(params.get('size'), PAGE_SIZES, DEFAULT_PAGE_SIZE),
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH),
    sort: isSortColumn(column) ? [column, dir === 'ASC' ? 'ASC' : 'DESC'] : null,
  };
}

/** Only what differs from the defaults is written, so the plain list stays at a plain /admin/customers. */
export function customersFiltersToSearchParams(filters: CustomersListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.size));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.sort) {
    params.set('sort', filters.sort[0]);
    params.set('dir', filters.sort[1].toLowerCase());
  }
  return params;
}
