import { type Envelope, MESSAGES, type PublicCoupon } from '@shop/shared';
import { apiGet } from '../../lib/api';

export type CouponCheck = Envelope<PublicCoupon | { message?: string } | null>;

/**
 * The cart's check of a discount code (issue 24 §3): 200 with the code's terms when it may be used now;
 * 400 {message} naming why not (unknown, inactive, expired, not yet valid, used up); 429 when typed too often.
 */
export const checkCoupon = (code: string): Promise<CouponCheck> =>
  apiGet<PublicCoupon | { message?: string } | null>(`coupons/${encodeURIComponent(code.trim())}`);

/** The code's terms when the check said it may be used, else null. */
export function usableCouponOf(envelope: CouponCheck): PublicCoupon | null {
  const result = envelope.result as Partial<PublicCoupon> | null;
  return envelope.status === 200 && typeof result?.code === 'string' ? (result as PublicCoupon) : null;
}

/** What to tell the shopper when the check did not accept the code: the server's reason, or why there is none. */
export function couponRefusalText(envelope: CouponCheck): string {
  if (envelope.status === 429) return MESSAGES.rateLimited.title;
  const result = envelope.result as { message?: unknown } | null;
  return typeof result?.message === 'string'
    ? result.message
    : 'The discount code could not be checked, please try again';
}
