import type { CategoryDetail, PublicCategory, PublicProduct } from '@shop/shared';
import useSWR from 'swr';
import { fetchResult } from '../../lib/api';

/** The Home tab that lists featured products of every category. */
export const ALL_CATEGORIES = 'ALL';

export const categoryKey = (id: string) => `categories/${encodeURIComponent(id)}`;
export const topProductsKey = (categoryId: string) => `categories/top/${encodeURIComponent(categoryId)}`;

/** Published categories holding at least one published product; `products` is a count. */
export function useCategories() {
  return useSWR<PublicCategory[]>('categories', fetchResult);
}

/** One category with the list of its published products. */
export function useCategory(id: string | undefined) {
  return useSWR<CategoryDetail>(id ? categoryKey(id) : null, fetchResult);
}

/** The categories shown as tabs on Home. */
export function useTopCategories() {
  return useSWR<PublicCategory[]>('categories/list/top', fetchResult);
}

/** Up to 8 featured products of one category, or of all with ALL_CATEGORIES. */
export function useTopProducts(categoryId: string = ALL_CATEGORIES) {
  return useSWR<PublicProduct[]>(topProductsKey(categoryId), fetchResult, { keepPreviousData: true });
}
