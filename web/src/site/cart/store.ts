/**
 * The cart kept in session storage (SPEC §3 "Storage", §4 Cart). One small external store, so the navbar
 * badge, product cards and the later cart and checkout screens read the same list without prop drilling,
 * and every change is saved at once.
 */
import type { CartItem } from '@shop/shared';
import { useSyncExternalStore } from 'react';
import { notify } from '../../lib/notify';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { addItem, CART_STORAGE_KEY, cartCount, parseStoredCart, removeItem, serializeCart, setQuantity } from './cart';
import { CART_MESSAGES } from './messages';

/** The product fields the cart needs to decide and to tell the shopper what happened. */
export interface CartProductRef {
  id: string;
  name: string;
  inventory_stock: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: CartItem[] | null = null;

function read(): CartItem[] {
  if (current === null) {
    const raw = readStorage('session', CART_STORAGE_KEY);
    current = parseStoredCart(raw);
    // A value we could not read is replaced, so the next visit does not trip over it again.
    if (raw !== null && current.length === 0) writeStorage('session', CART_STORAGE_KEY, serializeCart(current));
  }
  return current;
}

function commit(next: CartItem[]): void {
  current = next;
  writeStorage('session', CART_STORAGE_KEY, serializeCart(next));
  listeners.forEach((listener) => listener());
}

const EMPTY: CartItem[] = [];

export const cartStore = {
  getSnapshot: (): CartItem[] => read(),
  getServerSnapshot: (): CartItem[] => EMPTY,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Returns whether anything was added; out-of-stock products never are (SPEC §4 Stock). */
  add(product: CartProductRef, quantity = 1): boolean {
    if (!product.inventory_stock) {
      notify.warning(CART_MESSAGES.outOfStock(product.name));
      return false;
    }
    const before = read();
    const next = addItem(before, product.id, quantity);
    if (next === before) {
      notify.warning(CART_MESSAGES.full);
      return false;
    }
    commit(next);
    notify.success(CART_MESSAGES.added(product.name, Math.max(1, Math.floor(quantity))));
    return true;
  },

  remove(product: Pick<CartProductRef, 'id' | 'name'>): void {
    commit(removeItem(read(), product.id));
    notify.success(CART_MESSAGES.removed(product.name));
  },

  /** Quantity edits on the cart page are silent: the changed number is the feedback. */
  setQuantity(id: string, quantity: number): void {
    commit(setQuantity(read(), id, quantity));
  },

  /** After a completed payment (SPEC §4 Payment) the cart leaves session storage entirely. */
  clear(): void {
    current = [];
    removeStorage('session', CART_STORAGE_KEY);
    listeners.forEach((listener) => listener());
  },
};

export function useCart(): CartItem[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getServerSnapshot);
}

export function useCartCount(): number {
  return cartCount(useCart());
}
