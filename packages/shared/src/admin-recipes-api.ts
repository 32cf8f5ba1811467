/**
 * The control centre's recipes screen (issue 15 part 3): which of the shop's products a recipe uses. The
 * recipe's text, pictures, drafts and scheduling stay the /cms panel's; this contract only reads recipes and
 * replaces their product list.
 */
import { z } from 'zod';
import { idSchema } from './api-types';

/** A recipe names at most this many products: a shopping list, not a catalogue. */
export const MAX_RECIPE_PRODUCTS = 30;

/** Published: shoppers see it; draft: never published yet; changed: published, with unpublished edits in the panel. */
export const RECIPE_ADMIN_STATUSES = ['published', 'draft', 'changed'] as const;
export type RecipeAdminStatus = (typeof RECIPE_ADMIN_STATUSES)[number];

/** A product as the recipe screen lists it: enough to tell whether shoppers will see it and what it costs. */
export interface AdminRecipeProduct {
  id: string;
  name: string;
  price: number;
  published: boolean;
  inventory_stock: boolean;
}

export interface AdminRecipe {
  id: string;
  name: string;
  status: RecipeAdminStatus;
  /** The product list in its order, as the newest version has it (what the panel shows). */
  products: AdminRecipeProduct[];
  updated_at: string;
}

/** PUT admin/recipes/{id}: the whole list, in the order shoppers will see it. */
export const recipeProductsInputSchema = z.strictObject({
  products: z
    .array(idSchema)
    .max(MAX_RECIPE_PRODUCTS, `A recipe can name at most ${MAX_RECIPE_PRODUCTS} products`)
    .refine((ids) => new Set(ids).size === ids.length, 'A product is named more than once'),
});
export type RecipeProductsInput = z.input<typeof recipeProductsInputSchema>;
