import type { Payload } from 'payload';
import { type CouponRules, type PublicCoupon, couponRefusal, formatMoney, normalizeCouponCode } from '@shop/shared';
import { COUPON_CODE_PATTERN } from '@shop/shared/admin';
import { AppError, badRequest } from '../lib/app-error';
import type { Doc } from './mappers';

/** A discount code as the pricing rules read it, with its id. */
export interface StoredCoupon extends CouponRules {
  id: string;
}

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isoOrNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function toCouponRules(doc: Doc): StoredCoupon {
  return {
    id: String(doc.id),
    code: String(doc.code ?? ''),
    kind: doc.kind === 'cash' ? 'cash' : 'percent',
    amount: Number(doc.amount ?? 0),
    active: doc.active !== false,
    min_subtotal: numberOrNull(doc.min_subtotal),
    starts_at: isoOrNull(doc.starts_at),
    ends_at: isoOrNull(doc.ends_at),
    max_uses: numberOrNull(doc.max_uses),
    uses_count: numberOrNull(doc.uses_count) ?? 0,
  };
}

/** The code as stored (codes are stored in capitals), read through the adapter: no access rules apply here. */
export async function findCouponByCode(payload: Payload, code: string): Promise<StoredCoupon | null> {
  const normalized = normalizeCouponCode(code);
  if (!COUPON_CODE_PATTERN.test(normalized)) return null;
  const doc = (await payload.db.findOne({
    collection: 'coupons',
    where: { code: { equals: normalized } },
  })) as Doc | null;
  return doc ? toCouponRules(doc) : null;
}

/**
 * The code a cart asks for, if it may be used on goods worth `subtotal` now; else a 400 naming why (unknown,
 * not active, not yet valid, expired, used up, under its minimum).
 */
export async function usableCoupon(
  payload: Payload,
  code: string,
  subtotal: number | null,
  currency: string,
  now = new Date(),
): Promise<StoredCoupon> {
  const coupon = await findCouponByCode(payload, code);
  const refusal = couponRefusal(coupon, code, subtotal, now, (n) => formatMoney(n, currency));
  if (refusal || !coupon) {
    throw badRequest({ message: refusal, coupon_code: normalizeCouponCode(code) });
  }
  return coupon;
}

/** GET coupons/{code}: the terms of a code the cart may use now; no listing, and nothing else of it. */
export async function publicCoupon(payload: Payload, code: string, currency: string): Promise<PublicCoupon> {
  const coupon = await usableCoupon(payload, code.slice(0, 64), null, currency);
  return { code: coupon.code, kind: coupon.kind, amount: coupon.amount, min_subtotal: coupon.min_subtotal };
}

/**
 * Issue 29 §5: at capture, the payment's code is honoured only if it still may be used on the goods it was
 * priced for: switched off, ended (or moved to start later) or its minimum raised above them since the
 * payment was made, it is refused (409, the reason in the shopper's words, as a code used up meanwhile) and
 * PayPal is not asked to capture. Its uses are not checked here: the capture takes its use in one
 * conditional statement (coupon-uses.ts), which is where "used up" is decided. A code deleted meanwhile is
 * left to that statement too (its 409 says the code is no longer available).
 */
export async function refuseCouponChangedSinceCreate(
  payload: Payload,
  payment: Doc,
  subtotal: number,
  currency: string,
  now = new Date(),
): Promise<void> {
  const couponId = typeof payment.coupon_id === 'string' && payment.coupon_id ? payment.coupon_id : null;
  if (!couponId) return;
  const doc = (await payload.db.findOne({ collection: 'coupons', where: { id: { equals: couponId } } })) as Doc | null;
  if (!doc) return;
  const coupon = { ...toCouponRules(doc), max_uses: null };
  const code = String(payment.coupon_code ?? coupon.code);
  const refusal = couponRefusal(coupon, code, subtotal, now, (n) => formatMoney(n, currency));
  if (refusal) throw new AppError(409, { message: refusal, coupon: normalizeCouponCode(code) });
}
