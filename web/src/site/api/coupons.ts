import type { PublicCoupon } from '@shop/shared';
import { apiGet } from '../../lib/api';

/**
 * The cart's check of a discount code (issue 24 §3): 200 with the code's terms when it may be used now;
 * 400 {message} naming why not (unknown, inactive, expired, not yet valid, used up); 429 when typed too often.
 */
export const checkCoupon = (code: string) =>
  apiGet<PublicCoupon | { message?: string } | null>(`coupons/${encodeURIComponent(code.trim())}`);
