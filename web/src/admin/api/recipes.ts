import type { AdminProduct, AdminRecipe, RecipeProductsInput } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiPut, fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

export const ADMIN_RECIPES_KEY = 'admin/recipes';
export const adminRecipeKey = (id: string) => `${ADMIN_RECIPES_KEY}/${encodeURIComponent(id)}`;

/** Every recipe with its status and products (a family shop's recipes fit one reply). */
export function useAdminRecipes() {
  return useSWR<AdminRecipe[]>(ADMIN_RECIPES_KEY, fetchResult);
}

/** The recipe the drawer edits; not refetched on focus, so a background reload never lands mid-edit. */
export function useAdminRecipe(id: string | undefined) {
  return useSWR<AdminRecipe>(id ? adminRecipeKey(id) : null, fetchResult, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

/** Products whose name holds the words typed, best known first; the picker's options. */
export function useProductChoices(search: string) {
  return useSWR<ListPage<AdminProduct>>(
    withQuery('admin/products', { page: 1, limit: 20, search: search.trim(), sort: ['name', 'ASC'] }),
    fetchList,
    { keepPreviousData: true },
  );
}

/** 200 with the recipe as stored; 400 with [{path, message}] naming unknown or unpublished products. */
export const saveRecipeProducts = (id: string, input: RecipeProductsInput) =>
  apiPut<AdminRecipe>(adminRecipeKey(id), input);

/** The list and the record are stale after a save. */
export const refreshRecipes = (id: string) => Promise.all([mutate(ADMIN_RECIPES_KEY), mutate(adminRecipeKey(id))]);
