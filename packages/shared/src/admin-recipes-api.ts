/**
 * The control centre's recipes screen (issue 15 part 3): which of the shop's products a recipe uses. The
 * recipe's text, pictures, drafts and scheduling stay the /cms panel's; this contract only reads recipes and
 * replaces their product list.
 */
import { z } from 'zod';
import { idSchema } from './api-types';
import { MAX_RECIPE_PRODUCT_QUANTITY, type RecipeLine } from './recipe-lines';

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
  /** How many of it "Add all to cart" puts in the cart (1 to MAX_RECIPE_PRODUCT_QUANTITY). */
  quantity: number;
}

export interface AdminRecipe {
  id: string;
  name: string;
  status: RecipeAdminStatus;
  /** The product list in its order, as the newest version has it (what the panel shows). */
  products: AdminRecipeProduct[];
  updated_at: string;
}

const recipeProductQuantitySchema = z
  .number()
  .int('A quantity is a whole number')
  .min(1, 'A quantity is at least 1')
  .max(MAX_RECIPE_PRODUCT_QUANTITY, `A quantity is at most ${MAX_RECIPE_PRODUCT_QUANTITY}`);

/** One entry of the list: a product with how many the recipe uses, or a bare id (one of it). */
const recipeProductEntrySchema = z.union([
  idSchema,
  z.strictObject({ id: idSchema, quantity: recipeProductQuantitySchema }),
]);

/** PUT admin/recipes/{id}: the whole list, in the order shoppers will see it. */
export const recipeProductsInputSchema = z.strictObject({
  products: z
    .array(recipeProductEntrySchema)
    .max(MAX_RECIPE_PRODUCTS, `A recipe can name at most ${MAX_RECIPE_PRODUCTS} products`)
    .refine(
      (entries) => new Set(entries.map((e) => (typeof e === 'string' ? e : e.id))).size === entries.length,
      'A product is named more than once',
    )
    .transform((entries): RecipeLine[] =>
      entries.map((e) => (typeof e === 'string' ? { id: e, quantity: 1 } : { id: e.id, quantity: e.quantity })),
    ),
});
export type RecipeProductsInput = z.input<typeof recipeProductsInputSchema>;
