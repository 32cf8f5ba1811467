import type { CategoryDetail, PublicCategory, PublicProduct } from '@shop/shared';
import useSWR from 'swr';
import { fetchResult } from '../../lib/api';
import { ALL_CATEGORIES, categoriesKey, categoryKey, topCategoriesKey, topProductsKey } from './keys';

export { ALL_CATEGORIES, categoryKey, topProductsKey } from './keys';

/** Published categories holding at least one published product; `products` is a count. */
export function useCategories() {
  return useSWR<PublicCategory[]>(categoriesKey, fetchResult);
}

/** One category with the list of its published products. */
export function useCategory(id: string | undefined) {
  return useSWR<CategoryDetail>(id ? categoryKey(id) : null, fetchResult);
}

/** The categories shown as tabs on Home. */
export function useTopCategories() {
  return useSWR<PublicCategory[]>(topCategoriesKey, fetchResult);
}

/** Up to 8 featured products of one category, or of all with ALL_CATEGORIES. */
export function useTopProducts(categoryId: string = ALL_CATEGORIES) {
  return useSWR<PublicProduct[]>(topProductsKey(categoryId), fetchResult, { keepPreviousData: true });
}
