import type { AdminCustomer, AdminCustomerDetail, CustomersExportQuery, CustomerSortColumn } from '@shop/shared/admin';
import useSWR from 'swr';
import { apiUrl, fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

export type SortDirection = 'ASC' | 'DESC';

/** What one page of the customers list asks the server for (issue 24 §2). */
export interface CustomersListParams {
  page: number;
  size: number;
  /** Name or email. */
  search: string;
  /** null leaves the server's order: the newest buyer first. */
  sort: readonly [CustomerSortColumn, SortDirection] | null;
}

/** The list's path and query, also its SWR key; an empty search and the default sort send nothing. */
export const customersListKey = (params: CustomersListParams) =>
  withQuery('admin/customers', {
    page: params.page,
    limit: params.size,
    search: params.search.trim(),
    sort: params.sort ? [...params.sort] : undefined,
  });

/** One page of customers; the previous page stays on screen while the next one loads. */
export function useAdminCustomers(params: CustomersListParams) {
  return useSWR<ListPage<AdminCustomer>>(customersListKey(params), fetchList, { keepPreviousData: true });
}

export const adminCustomerKey = (id: string) => `admin/customers/${encodeURIComponent(id)}`;

/** The customer and every order of theirs, newest first. */
export function useAdminCustomer(id: string | undefined) {
  return useSWR<AdminCustomerDetail>(id ? adminCustomerKey(id) : null, fetchResult, { revalidateOnFocus: false });
}

/** The CSV of the list as searched and sorted now (every page), downloaded straight to disk. */
export function customersExportUrl(params: CustomersListParams): string {
  const query = {
    search: params.search.trim(),
    sort: params.sort ? [...params.sort] : undefined,
  } satisfies Record<keyof CustomersExportQuery, unknown>;
  return apiUrl + withQuery('admin/customers/export', query);
}

/** The palette's look-up: customers whose name or email holds `q`. */
export const searchCustomersKey = (q: string, limit: number) =>
  withQuery('admin/customers', { search: q, limit, page: 1 });
