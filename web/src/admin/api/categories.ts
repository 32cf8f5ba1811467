import type { AdminCategory, CategoryInput } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiDelete, apiPost, apiPut, fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

/** What one page of the categories list asks the server for. */
export interface CategoriesListParams {
  page: number;
  size: number;
  /** Part of the category's name. */
  search: string;
}

/** The list's path and query, also its SWR key: `admin/categories?page=1&limit=10&search=oil`. */
export const categoriesListKey = (params: CategoriesListParams) =>
  withQuery('admin/categories', { page: params.page, limit: params.size, search: params.search.trim() });

export function useAdminCategories(params: CategoriesListParams) {
  return useSWR<ListPage<AdminCategory>>(categoriesListKey(params), fetchList, { keepPreviousData: true });
}

/** SPEC §9: the forms' category list asks for 1000 at once, published or not. */
export const CATEGORY_CHOICES_LIMIT = 1000;
export const categoryChoicesKey = categoriesListKey({ page: 1, size: CATEGORY_CHOICES_LIMIT, search: '' });

/** Every category, for the product form's multi-select. */
export function useCategoryChoices() {
  return useSWR<ListPage<AdminCategory>>(categoryChoicesKey, fetchList, { revalidateOnFocus: false });
}

export const adminCategoryKey = (id: string) => `admin/categories/${encodeURIComponent(id)}`;

/** The record the form edits; not refetched on focus, so a background reload never lands mid-edit. */
export function useAdminCategory(id: string | undefined) {
  return useSWR<AdminCategory>(id ? adminCategoryKey(id) : null, fetchResult, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

const isListKey = (key: unknown) =>
  typeof key === 'string' && (key === 'admin/categories' || key.startsWith('admin/categories?'));

/** Lists and the form's choices are stale after any category change, and product counts after product ones. */
export const refreshCategoryLists = () => mutate(isListKey);

export const reloadCategory = (id: string) => mutate<AdminCategory>(adminCategoryKey(id));

/** 201/200 with the new category; 400 with [{path, message}] when a field is refused. */
export const createCategory = (input: CategoryInput) => apiPost<AdminCategory>('admin/categories', input);

export const updateCategory = (id: string, input: CategoryInput) => apiPut<AdminCategory>(adminCategoryKey(id), input);

/** 409 with a message to show as is when the category still holds products. */
export const deleteCategory = (id: string) => apiDelete<unknown>(adminCategoryKey(id));
