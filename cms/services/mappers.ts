import { richTextBlocks } from '@shop/shared';
import type {
  CategoryRef,
  ImageRef,
  PublicCategory,
  PublicProduct,
  Recipe,
  RecipeProduct,
  RichTextValue,
} from '@shop/shared';
import type { DiscountUnit } from '@shop/shared';

/** Payload documents as the adapters hand them back: relations are either ids or populated objects. */
export type Doc = Record<string, unknown> & { id: string | number };

const idOf = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && 'id' in (value as object)) return String((value as { id: unknown }).id);
  return String(value);
};

export const imageRef = (value: unknown): ImageRef | null => {
  const id = idOf(value);
  return id ? { id } : null;
};

const categoryRefs = (value: unknown): CategoryRef[] =>
  Array.isArray(value)
    ? value
        .filter((c): c is Doc => typeof c === 'object' && c !== null && 'id' in c)
        .map((c) => ({ id: String(c.id), name: String(c.name ?? '') }))
    : [];

/** A number field as stored, or `fallback` (0 unless given) when it is missing or not a finite number. */
export function num(v: unknown): number;
export function num<F>(v: unknown, fallback: F): number | F;
export function num(v: unknown, fallback: unknown = 0): unknown {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** A text field as stored; anything missing or of another type reads as empty. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function toPublicProduct(doc: Doc): PublicProduct {
  const img = imageRef(doc.img);
  return {
    id: String(doc.id),
    name: str(doc.name),
    description: str(doc.description),
    price: num(doc.price),
    stars: num(doc.stars),
    img,
    img_id: img?.id ?? null,
    categories: categoryRefs(doc.categories),
    inventory_stock: Boolean(doc.inventory_stock),
    quantity_amount: num(doc.quantity_amount),
    quantity_unit: str(doc.quantity_unit),
    published: Boolean(doc.published),
    apply_discount: Boolean(doc.apply_discount),
    discount_unit: (str(doc.discount_unit) || '%') as DiscountUnit,
    discount_amount: num(doc.discount_amount),
    apply_shipping: Boolean(doc.apply_shipping),
    updated_at: str(doc.updatedAt),
    stock_left: fewLeft(doc),
  };
}

/** The count when a counted product is at or below its low-stock threshold (the storefront's "Only N left"). */
function fewLeft(doc: Doc): number | null {
  const count = doc.stock_quantity;
  const threshold = doc.low_stock_threshold;
  return typeof count === 'number' && typeof threshold === 'number' && count > 0 && count <= threshold ? count : null;
}

export function toPublicCategory(doc: Doc, productCount: number): PublicCategory {
  const img = imageRef(doc.img);
  return {
    id: String(doc.id),
    name: str(doc.name),
    description: str(doc.description),
    img,
    img_id: img?.id ?? null,
    products: productCount,
    published: Boolean(doc.published),
    updated_at: str(doc.updatedAt),
  };
}

/**
 * `body` is the recipe's body as shoppers may see it (services/rich-text-images.ts), not the stored one;
 * `products` the products it names that shoppers may buy (services/catalog.ts).
 */
export function toRecipe(doc: Doc, body: RichTextValue | null, products: RecipeProduct[]): Recipe {
  const list = (v: unknown, key: string): string[] =>
    Array.isArray(v) ? v.map((row) => str((row as Record<string, unknown>)[key])).filter(Boolean) : [];
  return {
    id: String(doc.id),
    name: str(doc.name),
    description: str(doc.description),
    ingredients: list(doc.ingredients, 'item'),
    // The method as plain text, one entry per paragraph, heading or step: for clients that do not render
    // rich text (SPEC §4 names the field); the storefront renders `body`.
    directions: richTextBlocks(body),
    body,
    img: imageRef(doc.img),
    created_at: str(doc.createdAt),
    products,
  };
}
