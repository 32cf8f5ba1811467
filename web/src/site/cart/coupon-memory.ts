/**
 * The discount code the shopper applied, kept in this tab's session storage beside the cart, so a reload or
 * a visit to a product page and back keeps it. Only the code is kept: its terms are asked from the server
 * again each time (it may have expired or been used up meanwhile), and a payment forgets it with the cart.
 */
import { COUPON_CODE_PATTERN, normalizeCouponCode } from '@shop/shared';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

export const COUPON_STORAGE_KEY = 'bottega.coupon';

/** The stored text as a code worth asking about, or null (nothing stored, or not a code at all). */
export function parseRememberedCoupon(raw: string | null): string | null {
  if (raw === null) return null;
  const code = normalizeCouponCode(raw);
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}

export const rememberedCouponCode = (): string | null =>
  parseRememberedCoupon(readStorage('session', COUPON_STORAGE_KEY));

export function rememberCouponCode(code: string | null): void {
  if (code) writeStorage('session', COUPON_STORAGE_KEY, normalizeCouponCode(code));
  else removeStorage('session', COUPON_STORAGE_KEY);
}
