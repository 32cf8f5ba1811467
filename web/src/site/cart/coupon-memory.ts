/**
 * The discount code the shopper applied, kept wherever the cart is kept (issue 31 §5): in this tab's session
 * storage beside the cart, so a reload or a visit to a product page and back keeps it, and mirrored into local
 * storage beside the cart's mirror, so a new tab or a restored browser that brings the cart back brings its code
 * back too. Only the code is kept: its terms are asked from the server again each time (it may have expired or
 * been used up meanwhile), and a payment forgets it with the cart.
 */
import { COUPON_CODE_PATTERN, normalizeCouponCode } from '@shop/shared';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { CART_MIRROR_MAX_AGE_MS } from './cart';

export const COUPON_STORAGE_KEY = 'bottega.coupon';
/** The local-storage mirror's key; its record is `{ code, savedAt }` as the cart's mirror is. */
export const COUPON_MIRROR_KEY = 'bottega.coupon.mirror';

/** The stored text as a code worth asking about, or null (nothing stored, or not a code at all). */
export function parseRememberedCoupon(raw: string | null): string | null {
  if (raw === null) return null;
  const code = normalizeCouponCode(raw);
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}

export const serializeCouponMirror = (code: string, savedAt: number): string =>
  JSON.stringify({ code: normalizeCouponCode(code), savedAt });

/**
 * The mirror's code, or null: nothing there, not the record written above, not a code, or older than a cart
 * mirror may be (a code left on a shared computer goes when its basket does).
 */
export function parseCouponMirror(raw: string | null, now: number): string | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { code, savedAt } = value as Record<string, unknown>;
  if (typeof code !== 'string' || typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
  if (now - savedAt > CART_MIRROR_MAX_AGE_MS) return null;
  return parseRememberedCoupon(code);
}

/** This tab's code; a tab without one (new, or its browser restored) starts from the mirror's, as the cart does. */
export function rememberedCouponCode(): string | null {
  const session = parseRememberedCoupon(readStorage('session', COUPON_STORAGE_KEY));
  if (session) return session;
  const mirrored = parseCouponMirror(readStorage('local', COUPON_MIRROR_KEY), Date.now());
  if (mirrored) writeStorage('session', COUPON_STORAGE_KEY, mirrored);
  return mirrored;
}

export function rememberCouponCode(code: string | null): void {
  if (code) {
    writeStorage('session', COUPON_STORAGE_KEY, normalizeCouponCode(code));
    writeStorage('local', COUPON_MIRROR_KEY, serializeCouponMirror(code, Date.now()));
  } else {
    removeStorage('session', COUPON_STORAGE_KEY);
    removeStorage('local', COUPON_MIRROR_KEY);
  }
}
