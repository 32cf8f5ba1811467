import type { FieldHook } from 'payload';

/**
 * A recipe's `products` became rows of { product, quantity } (migration recipe_product_quantities). Clients
 * written for the old relationship still send plain ids through /api/recipes; each becomes a row of one, so
 * they keep working. A field hook, because Payload drops rows that are not objects before a collection hook
 * would see them. Rows are left as they are: Payload validates them.
 */
export const recipeProductsRowsHook: FieldHook = ({ value }) =>
  Array.isArray(value)
    ? value.map((row: unknown) =>
        typeof row === 'string' || typeof row === 'number' ? { product: String(row), quantity: 1 } : row,
      )
    : value;
