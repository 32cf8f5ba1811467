/**
 * A recipe's product list as stored: each row names a product and how many of it the recipe uses (issue 23).
 * Rows saved before quantities existed were plain product ids; they read as one of each.
 */

/** How many of one product a recipe may ask for: a shopping list, not a wholesale order. */
export const MAX_RECIPE_PRODUCT_QUANTITY = 99;

export interface RecipeLine {
  id: string;
  quantity: number;
}

/** A quantity as the recipe uses it: a whole number from 1 to MAX_RECIPE_PRODUCT_QUANTITY; anything else is 1. */
export function recipeQuantity(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) return 1;
  return Math.min(n, MAX_RECIPE_PRODUCT_QUANTITY);
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'object' && value !== null && 'id' in value) return idOf((value as { id: unknown }).id);
  return null;
};

/**
 * The stored `products` value as lines in their order: rows `{ product, quantity }` (the product an id or a
 * populated document), or plain ids (one each). Rows without a product are skipped; a product named twice
 * keeps its first row.
 */
export function recipeLines(value: unknown): RecipeLine[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const lines: RecipeLine[] = [];
  for (const row of value) {
    const isRow = typeof row === 'object' && row !== null && 'product' in row;
    const id = idOf(isRow ? (row as { product: unknown }).product : row);
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    lines.push({ id, quantity: isRow ? recipeQuantity((row as { quantity?: unknown }).quantity) : 1 });
  }
  return lines;
}
