import { type AdminProduct, PRODUCT_SORT_COLUMNS, type ProductInput, type StockAdjustment } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiDelete, apiPost, apiPut, fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

export type ProductSortColumn = (typeof PRODUCT_SORT_COLUMNS)[number];
export type SortDirection = 'ASC' | 'DESC';
/** 'in' lists the products in stock only, 'out' those not available; null lists both. */
export type InventoryFilter = 'in' | 'out';

/** What one page of the products list asks the server for. */
export interface ProductsListParams {
  page: number;
  size: number;
  /** Part of the product's name. */
  search: string;
  inventory: InventoryFilter | null;
  /** null leaves the server's order. */
  sort: { column: ProductSortColumn; direction: SortDirection } | null;
}

/**
 * The list's path and query, also its SWR key, e.g.
 * `admin/products?page=1&limit=10&inventory=true&sort[0]=price&sort[1]=DESC`. Empty texts are left out.
 */
export const productsListKey = (params: ProductsListParams) =>
  withQuery('admin/products', {
    page: params.page,
    limit: params.size,
    search: params.search.trim(),
    inventory: params.inventory === null ? undefined : params.inventory === 'in' ? 'true' : 'false',
    sort: params.sort ? [params.sort.column, params.sort.direction] : undefined,
  });

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useAdminProducts(params: ProductsListParams) {
  return useSWR<ListPage<AdminProduct>>(productsListKey(params), fetchList, { keepPreviousData: true });
}

export const adminProductKey = (id: string) => `admin/products/${encodeURIComponent(id)}`;

/** The record the form edits; not refetched on focus, so a background reload never lands mid-edit. */
export function useAdminProduct(id: string | undefined) {
  return useSWR<AdminProduct>(id ? adminProductKey(id) : null, fetchResult, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

const isListKey = (key: unknown) =>
  typeof key === 'string' && (key === 'admin/products' || key.startsWith('admin/products?'));

/** Every cached page is stale after a create, update or delete, whatever its filter. */
export const refreshProductLists = () => mutate(isListKey);

/** Fetches the record again and hands back what the server holds now (SPEC §4: after update, reload). */
export const reloadProduct = (id: string) => mutate<AdminProduct>(adminProductKey(id));

/** 201/200 with the new product; 400 with [{path, message}] when a field is refused. */
export const createProduct = (input: ProductInput) => apiPost<AdminProduct>('admin/products', input);

export const updateProduct = (id: string, input: ProductInput) => apiPut<AdminProduct>(adminProductKey(id), input);

export const deleteProduct = (id: string) => apiDelete<unknown>(adminProductKey(id));

/** A change of the count with its reason (issue 24); 400 when it would go below 0. */
export const adjustProductStock = (id: string, input: StockAdjustment) =>
  apiPost<AdminProduct>(`${adminProductKey(id)}/stock`, input);
