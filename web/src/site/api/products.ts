import type { PublicProduct, Suggestion } from '@shop/shared';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { fetchList, fetchResult, type ListPage } from '../../lib/api';
import {
  cartProductsKey,
  lastDiscountProductKey,
  lastNewProductKey,
  productKey,
  productsKey,
  SHOP_PAGE_SIZE,
  shouldSuggest,
  suggestionsKey,
} from './keys';

export {
  cartProductsKey,
  pageFromParam,
  productKey,
  productsKey,
  SHOP_PAGE_SIZE,
  shouldSuggest,
  suggestionsKey,
} from './keys';

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
  return useSWR<PublicProduct | null>(lastNewProductKey, fetchResult);
}

/** The latest product with apply_discount set, or null. */
export function useLastDiscountProduct() {
  return useSWR<PublicProduct | null>(lastDiscountProductKey, fetchResult);
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
