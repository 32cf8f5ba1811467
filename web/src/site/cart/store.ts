/**
 * The cart kept in session storage (SPEC §3 "Storage", §4 Cart) and mirrored into local storage (issue 12,
 * see cart.ts). One small external store, so the navbar badge, product cards and the cart and checkout
 * screens read the same list without prop drilling, every change is saved at once, and a change made in
 * another tab arrives through the `storage` event.
 */
import type { CartItem } from '@shop/shared';
import { useSyncExternalStore } from 'react';
import { notify } from '../../lib/notify';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import {
  addItem,
  CART_MIRROR_KEY,
  CART_STORAGE_KEY,
  cartCount,
  cartFromMirrorChange,
  removeItem,
  sameCart,
  serializeCart,
  serializeCartMirror,
  setQuantity,
  startingCart,
  unitsThatFit,
} from './cart';
import { rememberCouponCode } from './coupon-memory';
import { CART_MESSAGES } from './messages';

/** The product fields the cart needs to decide and to tell the shopper what happened. */
export interface CartProductRef {
  id: string;
  name: string;
  inventory_stock: boolean;
  /** Units left when few are (issue 24); absent or null: no limit known. */
  stock_left?: number | null;
  /** How many to add (a recipe's quantity); 1 when absent. */
  quantity?: number;
}

/** What `addAll` did with each product it was given. */
export interface AddAllResult {
  added: CartProductRef[];
  /** Out of stock. */
  unavailable: CartProductRef[];
  /** In stock, but the cart already holds MAX_LINES other products. */
  full: CartProductRef[];
}

/** The add notice offers the way to the cart (issue 23); one at a time, the latest replacing the last. */
const ADDED_TOAST = {
  key: 'cart-added',
  action: { label: 'View cart', href: '/site/cart', testId: 'toast-view-cart' },
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let current: CartItem[] | null = null;

function read(): CartItem[] {
  if (current === null) {
    const raw = readStorage('session', CART_STORAGE_KEY);
    current = startingCart(raw, readStorage('local', CART_MIRROR_KEY), Date.now());
    // The session cart is rewritten when it was unreadable (so the next visit does not trip over it again)
    // or when the mirror just seeded it.
    const settled = serializeCart(current);
    if ((raw !== null || current.length > 0) && raw !== settled) writeStorage('session', CART_STORAGE_KEY, settled);
  }
  return current;
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

function commit(next: CartItem[]): void {
  current = next;
  writeStorage('session', CART_STORAGE_KEY, serializeCart(next));
  writeStorage('local', CART_MIRROR_KEY, serializeCartMirror(next, Date.now()));
  emit();
}

/**
 * Another tab changed the mirror: this tab takes its cart as it is (the last change wins, as with one shared
 * basket), saves it in its own session storage and redraws. Browsers never send the event to the tab that
 * wrote, so this cannot echo.
 */
function onStorage(event: StorageEvent): void {
  const next = cartFromMirrorChange(event.key, event.newValue, Date.now());
  if (next === null || sameCart(next, read())) return;
  current = next;
  writeStorage('session', CART_STORAGE_KEY, serializeCart(next));
  emit();
}

const EMPTY: CartItem[] = [];

export const cartStore = {
  getSnapshot: (): CartItem[] => read(),
  getServerSnapshot: (): CartItem[] => EMPTY,
  subscribe(listener: Listener): () => void {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },

  /**
   * Returns whether anything was added; out-of-stock products never are (SPEC §4 Stock). With few left, as
   * many as still fit are added (issue 31 §4).
   */
  add(product: CartProductRef, quantity = 1): boolean {
    if (!product.inventory_stock) {
      notify.warning(CART_MESSAGES.outOfStock(product.name));
      return false;
    }
    const before = read();
    const wanted = Math.max(1, Math.floor(quantity));
    const left = product.stock_left ?? null;
    const fits = unitsThatFit(before, product.id, wanted, left);
    if (fits === 0) {
      notify.warning(CART_MESSAGES.onlyLeft(product.name, left ?? 0));
      return false;
    }
    const next = addItem(before, product.id, fits);
    if (next === before) {
      notify.warning(CART_MESSAGES.full);
      return false;
    }
    commit(next);
    // Fewer than asked went in: the notice says how many, and that the cart now holds all that is left.
    const notice =
      fits < wanted && left !== null
        ? CART_MESSAGES.addedWhatIsLeft(product.name, fits, wanted, left)
        : CART_MESSAGES.added(product.name, fits);
    notify.success(notice, ADDED_TOAST);
    return true;
  },

  /**
   * Several products at once (a recipe's "Add all to cart"): one more unit of each product in stock (the same
   * as pressing each card's cart button once), one save and one notice for the lot. Out-of-stock products are
   * left out, and so are new lines once the cart is full; the caller tells the shopper which.
   */
  addAll(products: readonly CartProductRef[]): AddAllResult {
    const result: AddAllResult = { added: [], unavailable: [], full: [] };
    let next = read();
    for (const product of products) {
      if (!product.inventory_stock) {
        result.unavailable.push(product);
        continue;
      }
      const after = addItem(next, product.id, product.quantity ?? 1);
      if (after === next) {
        result.full.push(product);
        continue;
      }
      next = after;
      result.added.push(product);
    }
    if (result.added.length > 0) {
      commit(next);
      notify.success(CART_MESSAGES.addedMany(result.added.length), ADDED_TOAST);
    } else if (result.full.length > 0) {
      notify.warning(CART_MESSAGES.full);
    } else if (result.unavailable.length > 0) {
      notify.warning(CART_MESSAGES.noneAvailable);
    }
    return result;
  },

  remove(product: Pick<CartProductRef, 'id' | 'name'>): void {
    commit(removeItem(read(), product.id));
    notify.success(CART_MESSAGES.removed(product.name));
  },

  /** Quantity edits on the cart page are silent: the changed number is the feedback. */
  setQuantity(id: string, quantity: number): void {
    commit(setQuantity(read(), id, quantity));
  },

  /**
   * After a completed payment (SPEC §4 Payment) the cart and its discount code leave session storage. The mirror keeps an
   * empty cart rather than nothing, so other open tabs empty theirs too instead of offering to pay again.
   */
  clear(): void {
    current = [];
    removeStorage('session', CART_STORAGE_KEY);
    // The code went with the order it was used on.
    rememberCouponCode(null);
    writeStorage('local', CART_MIRROR_KEY, serializeCartMirror([], Date.now()));
    emit();
  },
};

export function useCart(): CartItem[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getServerSnapshot);
}

export function useCartCount(): number {
  return cartCount(useCart());
}
