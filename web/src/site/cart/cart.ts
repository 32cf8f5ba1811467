/**
 * The cart as pure functions over CartItem[] (SPEC §4 Cart). Limits come from the shared cartSchema so the
 * stored cart always passes the same validation the server applies to cart queries.
 */
import { cartSchema, type CartItem } from '@shop/shared';

export const CART_STORAGE_KEY = 'cart';
export const MAX_QUANTITY = 999;
export const MAX_LINES = 100;

const clampQuantity = (quantity: number) =>
  Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number.isFinite(quantity) ? quantity : 1)));

/**
 * An id already in the cart gets its quantity increased; a new id is appended. The cart is returned
 * unchanged (same reference) when a new line would exceed MAX_LINES.
 */
export function addItem(cart: readonly CartItem[], id: string, quantity = 1): CartItem[] {
  const amount = clampQuantity(quantity);
  const index = cart.findIndex((item) => item.id === id);
  if (index >= 0) {
    return cart.map((item, i) =>
      i === index ? { id: item.id, quantity: clampQuantity(item.quantity + amount) } : item,
    );
  }
  if (cart.length >= MAX_LINES) return cart as CartItem[];
  return [...cart, { id, quantity: amount }];
}

/** Drops the line with that id; other lines keep their order. */
export function removeItem(cart: readonly CartItem[], id: string): CartItem[] {
  return cart.filter((item) => item.id !== id);
}

/** Sets a line's quantity (1…999); a quantity below 1 removes the line, an unknown id changes nothing. */
export function setQuantity(cart: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (!cart.some((item) => item.id === id)) return [...cart];
  if (!(quantity >= 1)) return removeItem(cart, id);
  return cart.map((item) => (item.id === id ? { id, quantity: clampQuantity(quantity) } : item));
}

/** The navbar badge: items, not lines. */
export const cartCount = (cart: readonly CartItem[]): number => cart.reduce((sum, item) => sum + item.quantity, 0);

export const cartIds = (cart: readonly CartItem[]): string[] => cart.map((item) => item.id);

/**
 * Reads what session storage holds. Anything unreadable (bad JSON, wrong shape, out-of-range quantities,
 * duplicate ids) is discarded as a whole and the cart starts empty, as SPEC §4 asks.
 */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = cartSchema.safeParse(value);
  if (!parsed.success) return [];
  const ids = new Set(parsed.data.map((item) => item.id));
  return ids.size === parsed.data.length ? parsed.data : [];
}

export const serializeCart = (cart: readonly CartItem[]): string => JSON.stringify(cart);
