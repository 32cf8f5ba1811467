import type { PublicProduct, Suggestion } from '@shop/shared';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

/** The shop grid loads 10 products per page (SPEC §9). */
export const SHOP_PAGE_SIZE = 10;

export const productsKey = (search: string, page: number, limit = SHOP_PAGE_SIZE) =>
  withQuery('products', { search: search.trim(), limit, page });
export const productKey = (id: string) => `products/${encodeURIComponent(id)}`;
export const suggestionsKey = (search: string) => withQuery('products/suggestions', { search: search.trim() });
export const cartProductsKey = (ids: readonly string[]) => withQuery('products/cart/show', { products: ids });

/** Suggestions are only worth asking for beyond 2 characters of left-trimmed text (SPEC §5, §9). */
export const shouldSuggest = (text: string): boolean => text.trimStart().length > 2;

/**
 * Published products matching `search`, page by page for the shop's infinite scroll, from page `firstPage`
 * on (a `?page=` link: the shop without JavaScript pages through links, issue 23).
 */
export function useProducts(search: string, firstPage = 1) {
  const swr = useSWRInfinite<ListPage<PublicProduct>>(
    (index, previous: ListPage<PublicProduct> | null) =>
      previous && previous.items.length === 0 ? null : productsKey(search, firstPage + index),
    fetchList,
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const pages = swr.data ?? [];
  return {
    ...swr,
    products: pages.flatMap((page) => page.items),
    count: pages[0]?.count ?? 0,
    pagesLoaded: pages.length,
  };
}

/** The `?page=` of a shop address: a whole number from 1; anything else is the first page. */
export function pageFromParam(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return 1;
  return Math.max(1, Number(value.trim()));
}

export function useProduct(id: string | undefined) {
  return useSWR<PublicProduct>(id ? productKey(id) : null, fetchResult);
}

export function useSuggestions(search: string) {
  return useSWR<Suggestion[]>(shouldSuggest(search) ? suggestionsKey(search) : null, fetchResult, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

export function useLastNewProduct() {
  return useSWR<PublicProduct | null>('products/last/new', fetchResult);
}

/** The latest product with apply_discount set, or null. */
export function useLastDiscountProduct() {
  return useSWR<PublicProduct | null>('products/last/discount', fetchResult);
}

/** The cart's products as the shop sells them now; ids missing from the reply are no longer available. */
export function useCartProducts(ids: readonly string[]) {
  return useSWR<PublicProduct[]>(ids.length > 0 ? cartProductsKey(ids) : null, fetchResult, {
    keepPreviousData: true,
  });
}

/** SPEC §9: another page is worth asking for only while the count exceeds what the loaded pages hold. */
export const hasMorePages = (count: number, pagesLoaded: number, pageSize = SHOP_PAGE_SIZE): boolean =>
  count > pageSize * pagesLoaded;
