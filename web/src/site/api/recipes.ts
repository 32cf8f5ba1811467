import type { Recipe } from '@shop/shared';
import useSWR from 'swr';
import { fetchResult } from '../../lib/api';
import { latestRecipesKey, recipeKey, recipesKey } from './keys';

export { recipeKey } from './keys';
/** The storefront page of one recipe. */
export const recipePath = (id: string) => `/site/recipes/${encodeURIComponent(id)}`;

export function useRecipes() {
  return useSWR<Recipe[]>(recipesKey, fetchResult);
}

/** The 3 newest recipes, for Home's news block. */
export function useLatestRecipes() {
  return useSWR<Recipe[]>(latestRecipesKey, fetchResult);
}

/** One published recipe; a 404 (or 400 for a malformed id) means there is no such recipe for shoppers. */
export function useRecipe(id: string | undefined) {
  return useSWR<Recipe>(id ? recipeKey(id) : null, fetchResult);
}
