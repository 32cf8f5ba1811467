import type { Recipe } from '@shop/shared';
import useSWR from 'swr';
import { fetchResult } from '../../lib/api';

export function useRecipes() {
  return useSWR<Recipe[]>('recipes', fetchResult);
}

/** The 3 newest recipes, for Home's news block. */
export function useLatestRecipes() {
  return useSWR<Recipe[]>('recipes/last/new', fetchResult);
}
