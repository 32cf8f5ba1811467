/**
 * Shop state of SPEC §3: menuState, cart, config (null until loaded) and error. The cart itself lives in
 * site/cart's session-storage store; this context gathers what the storefront shares.
 */
import { DEFAULT_CURRENCY, type CartItem, type PublicConfig, type PublicProduct } from '@shop/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { fetchResult } from '../lib/api';
import { useConfig } from '../site/api/config';
import { cartProductsKey, useCartProducts } from '../site/api/products';
import { buyableCount, cartIds } from '../site/cart/cart';
import { cartStore, useCart, type CartProductRef } from '../site/cart/store';

export interface ShopState {
  /** The mobile menu is open. */
  menuState: boolean;
  setMenuState: (open: boolean) => void;
  cart: CartItem[];
  /** Sum of the quantities that can be bought (in stock and still sold), as the navbar badge shows it. */
  cartCount: number;
  addToCart: (product: CartProductRef, quantity?: number) => boolean;
  removeFromCart: (product: Pick<CartProductRef, 'id' | 'name'>) => void;
  setCartQuantity: (id: string, quantity: number) => void;
  clearCart: () => void;
  config: PublicConfig | null;
  /** The currency code to format prices with: the config's, USD until it is known. */
  currency: string;
  /** The public config failed to load: the storefront shows the full-page error. */
  error: boolean;
}

const ShopStateContext = createContext<ShopState | null>(null);

export function ShopStateProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data, error, mutate } = useConfig();
  const cart = useCart();
  // The badge asks what the cart page asks (one SWR key, so one request and one answer about availability):
  // the reply for exactly these ids, and, while that is on its way, the previous list's reply.
  const ids = useMemo(() => cartIds(cart), [cart]);
  const { data: replyForCart } = useSWR<PublicProduct[]>(ids.length > 0 ? cartProductsKey(ids) : null, fetchResult);
  const { data: latestReply } = useCartProducts(ids);
  const count = buyableCount(cart, replyForCart ?? latestReply, replyForCart !== undefined);
  const [menuState, setMenuState] = useState(false);

  // SPEC §7: the config is read again on every path change (the first load is SWR's own).
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    void mutate();
    setMenuState(false);
  }, [pathname, mutate]);

  const addToCart = useCallback((product: CartProductRef, quantity?: number) => cartStore.add(product, quantity), []);
  const removeFromCart = useCallback((product: Pick<CartProductRef, 'id' | 'name'>) => cartStore.remove(product), []);

  const value = useMemo<ShopState>(
    () => ({
      menuState,
      setMenuState,
      cart,
      cartCount: count,
      addToCart,
      removeFromCart,
      setCartQuantity: cartStore.setQuantity,
      clearCart: cartStore.clear,
      config: data ?? null,
      currency: data?.currency_code ?? DEFAULT_CURRENCY,
      error: Boolean(error),
    }),
    [menuState, cart, count, addToCart, removeFromCart, data, error],
  );

  return <ShopStateContext.Provider value={value}>{children}</ShopStateContext.Provider>;
}

export function useShopState(): ShopState {
  const state = useContext(ShopStateContext);
  if (!state) throw new Error('useShopState must be used inside ShopStateProvider (the /site layout)');
  return state;
}
