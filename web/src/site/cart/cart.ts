/**
 * The cart as pure functions over CartItem[] (SPEC §4 Cart). A stored cart must pass the shared cartSchema,
 * the validation the server applies to cart queries; it is checked here by hand (isCartItem, isCart) rather
 * than with zod, which would put the whole validation library on the shop's first screen (issue 12).
 * cart.test.ts holds both checks to the shared schemas' verdicts.
 */
import { MAX_CART_QUANTITY, type CartItem, type PublicProduct } from '@shop/shared';
import { cartRows } from '../checkout/checkout';

export const CART_STORAGE_KEY = 'cart';
/** The most of one product a line holds; the quantity boxes refuse more (parseQuantityInput). */
export const MAX_QUANTITY = MAX_CART_QUANTITY;
export const MAX_LINES = 100;

/** The shared idSchema's pattern. */
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** The shared cartItemSchema: exactly {id, quantity}, an id of 1–64 letters, digits or dashes, 1–999 whole. */
export function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 2 || !keys.includes('id') || !keys.includes('quantity')) return false;
  const { id, quantity } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    ID_PATTERN.test(id) &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_QUANTITY
  );
}

/** The shared cartSchema: a list of at most MAX_LINES cart items. */
export const isCart = (value: unknown): value is CartItem[] =>
  Array.isArray(value) && value.length <= MAX_LINES && value.every(isCartItem);

/** A fresh {id, quantity}, as zod's parse returns, so no stored object is shared with the app's state. */
const copyItem = (item: CartItem): CartItem => ({ id: item.id, quantity: item.quantity });

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

/**
 * How many of `quantity` units of a product the cart can still take when the shop says `left` remain (issue 24:
 * `stock_left`, known when few are): all of them while they fit, else what is left beside the units already in
 * the cart (issue 31 §4: 2 more with 2 of 3 in the cart adds the 1 left), 0 when the cart already holds them all.
 * null `left`: no limit known here (payments/create still checks).
 */
export function unitsThatFit(cart: readonly CartItem[], id: string, quantity: number, left: number | null): number {
  const wanted = Math.max(1, Math.floor(quantity));
  if (left === null) return wanted;
  const inCart = cart.find((item) => item.id === id)?.quantity ?? 0;
  return Math.max(0, Math.min(wanted, left - inCart));
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
  if (!isCart(value)) return [];
  const ids = new Set(value.map((item) => item.id));
  return ids.size === value.length ? value.map(copyItem) : [];
}

export const serializeCart = (cart: readonly CartItem[]): string => JSON.stringify(cart);

export const sameCart = (a: readonly CartItem[], b: readonly CartItem[]): boolean =>
  a.length === b.length && a.every((item, i) => item.id === b[i].id && item.quantity === b[i].quantity);

// ---------------------------------------------------------------- the local-storage mirror

/**
 * Session storage dies with the tab, so the cart is mirrored into local storage too (issue 12): a new tab or a
 * restarted browser starts from it, and open tabs follow each other's changes through the `storage` event.
 * The session cart stays what SPEC §3 describes; the mirror only seeds it and carries changes between tabs.
 */
export const CART_MIRROR_KEY = 'bottega.cart';
/** Bumped when the stored shape changes; a mirror of another version is ignored rather than guessed at. */
export const CART_MIRROR_VERSION = 1;
/** A basket left for longer than this on a (possibly shared) computer is not brought back. */
export const CART_MIRROR_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface CartMirror {
  version: typeof CART_MIRROR_VERSION;
  /** Epoch milliseconds of the change that wrote it. */
  savedAt: number;
  items: CartItem[];
}

export const serializeCartMirror = (cart: readonly CartItem[], savedAt: number): string =>
  JSON.stringify({ version: CART_MIRROR_VERSION, savedAt, items: [...cart] } satisfies CartMirror);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the mirror. Local storage outlives releases and can be edited by hand, so it is trusted less than
 * the session cart: null when the record as a whole is unusable (missing, not JSON, another version, no
 * items list, no save time, older than CART_MIRROR_MAX_AGE_MS); otherwise its good lines, each checked
 * as the server checks cart items, leaving out a malformed line, an absurd quantity or a repeated id
 * rather than the whole basket, and keeping at most MAX_LINES.
 */
export function parseCartMirror(raw: string | null | undefined, now: number): CartItem[] | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== CART_MIRROR_VERSION || !Array.isArray(value.items)) return null;
  const { savedAt } = value;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt) || now - savedAt > CART_MIRROR_MAX_AGE_MS) return null;

  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of value.items as unknown[]) {
    if (!isCartItem(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    items.push(copyItem(entry));
    if (items.length === MAX_LINES) break;
  }
  return items;
}

/**
 * The cart a page view starts with: this tab's session cart when it has lines (SPEC §3), otherwise the
 * mirror's (a new tab, a restarted browser), otherwise empty.
 */
export function startingCart(sessionRaw: string | null, mirrorRaw: string | null, now: number): CartItem[] {
  const session = parseStoredCart(sessionRaw);
  if (session.length > 0) return session;
  return parseCartMirror(mirrorRaw, now) ?? [];
}

/**
 * What another tab's change to the mirror means for this tab: its cart, [] when the mirror was removed,
 * or null (keep this tab's cart) when the change is not ours to follow: another key, local storage cleared
 * as a whole (key null, e.g. by the admin area), or a value that does not read as a cart.
 */
export function cartFromMirrorChange(key: string | null, newValue: string | null, now: number): CartItem[] | null {
  if (key !== CART_MIRROR_KEY) return null;
  if (newValue === null) return [];
  return parseCartMirror(newValue, now);
}

// ---------------------------------------------------------------- the badge

/**
 * The navbar badge counts only what can be bought (issue 12), by the cart page's own rule (cartRows): a
 * line counts while products/cart/show shows it published and in stock. `replyCoversCart` is false while
 * the reply for the current list of ids is still on its way (or failed): lines the older reply does not
 * know then count, as the store only ever adds products that were in stock; once the reply for this very
 * list is in, a line it leaves out is no longer sold.
 */
export function buyableCount(
  cart: readonly CartItem[],
  products: readonly PublicProduct[] | undefined,
  replyCoversCart: boolean,
): number {
  return cartRows(cart, products ?? []).reduce(
    (sum, row) => (row.status === 'ok' || (row.product === null && !replyCoversCart) ? sum + row.item.quantity : sum),
    0,
  );
}
