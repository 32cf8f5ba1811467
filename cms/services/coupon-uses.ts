import { sql } from '@payloadcms/db-sqlite';
import type { Payload } from 'payload';
import {
  adapterOf,
  type AdapterHandles,
  checkedKey,
  drizzleOf as drizzleFor,
  jsonKeyPath,
  mongoModel,
} from '../lib/adapter-handles';
import { AppError } from '../lib/app-error';
import { env } from '../lib/env';
import type { Doc } from './mappers';

/**
 * Uses of a limited discount code (issue 24 §3), counted like the stock units (services/stock.ts): a checkout
 * takes its use in ONE conditional statement (`uses_count < max_uses`, no hold of this checkout yet) that also
 * notes it on the code under the checkout's key (`use_holds`), so racing shoppers cannot both take the last
 * use and a crash cannot tell "taken" from "noted". The hold goes when the order is made (the use stays
 * counted) or is given back (the count drops again), each in one conditional statement, so whoever comes first
 * (the capture, the webhook, the reconciler) does it and the others find nothing to do.
 */

const mongoCoupons = (db: AdapterHandles) => mongoModel(db, 'coupons');
const drizzleOf = (db: AdapterHandles) => drizzleFor(db, 'Discount code uses');
const holdKey = (key: string) => checkedKey(key, 'discount code hold');
const holdPath = (key: string) => jsonKeyPath(key, 'discount code hold');

interface CouponUses {
  uses_count: number;
  max_uses: number | null;
  held: boolean;
}

async function readUses(payload: Payload, couponId: string, key: string): Promise<CouponUses | null> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const doc = await mongoCoupons(db).findOne({ _id: couponId }).lean();
    if (!doc) return null;
    const holds = (doc.use_holds ?? {}) as Record<string, number>;
    return {
      uses_count: typeof doc.uses_count === 'number' ? doc.uses_count : 0,
      max_uses: typeof doc.max_uses === 'number' ? doc.max_uses : null,
      held: typeof holds[holdKey(key)] === 'number',
    };
  }
  const { rows } = await drizzleOf(db).run(
    sql`SELECT coalesce(uses_count, 0) AS uses_count, max_uses,
      json_extract(coalesce(use_holds, '{}'), ${holdPath(key)}) AS held FROM coupons WHERE id = ${couponId}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    uses_count: Number(row.uses_count ?? 0),
    max_uses: row.max_uses === null || row.max_uses === undefined ? null : Number(row.max_uses),
    held: row.held !== null && row.held !== undefined,
  };
}

/** One use for checkout `key`, if one is left and this checkout holds none yet; true when this call took it. */
async function takeUse(payload: Payload, couponId: string, key: string): Promise<boolean> {
  const db = adapterOf(payload);
  const now = new Date().toISOString();
  if (db.name === 'mongoose') {
    const result = await mongoCoupons(db).updateOne(
      {
        _id: couponId,
        [`use_holds.${holdKey(key)}`]: { $exists: false },
        $expr: {
          $or: [
            { $eq: [{ $ifNull: ['$max_uses', null] }, null] },
            { $lt: [{ $ifNull: ['$uses_count', 0] }, '$max_uses'] },
          ],
        },
      },
      [
        {
          $set: {
            uses_count: { $add: [{ $ifNull: ['$uses_count', 0] }, 1] },
            use_holds: { $mergeObjects: [{ $ifNull: ['$use_holds', {}] }, { [key]: 1 }] },
            updatedAt: new Date(now),
          },
        },
      ],
    );
    return result.modifiedCount === 1;
  }
  const path = holdPath(key);
  const result = await drizzleOf(db).run(
    sql`UPDATE coupons SET uses_count = coalesce(uses_count, 0) + 1,
      use_holds = json_set(coalesce(use_holds, '{}'), ${path}, 1), updated_at = ${now}
      WHERE id = ${couponId} AND (max_uses IS NULL OR coalesce(uses_count, 0) < max_uses)
        AND json_extract(coalesce(use_holds, '{}'), ${path}) IS NULL`,
  );
  return result.rowsAffected === 1;
}

/** Gives back the use checkout `key` holds; true when this call gave it back. */
async function returnUse(payload: Payload, couponId: string, key: string): Promise<boolean> {
  const db = adapterOf(payload);
  const now = new Date().toISOString();
  if (db.name === 'mongoose') {
    const result = await mongoCoupons(db).updateOne(
      { _id: couponId, [`use_holds.${holdKey(key)}`]: { $exists: true } },
      [
        {
          $set: {
            uses_count: { $max: [0, { $subtract: [{ $ifNull: ['$uses_count', 0] }, 1] }] },
            updatedAt: new Date(now),
          },
        },
        { $unset: `use_holds.${key}` },
      ],
    );
    return result.modifiedCount === 1;
  }
  const path = holdPath(key);
  const result = await drizzleOf(db).run(
    sql`UPDATE coupons SET uses_count = max(0, coalesce(uses_count, 0) - 1),
      use_holds = json_remove(use_holds, ${path}), updated_at = ${now}
      WHERE id = ${couponId} AND json_extract(coalesce(use_holds, '{}'), ${path}) IS NOT NULL`,
  );
  return result.rowsAffected === 1;
}

/** The use checkout `key` holds stays counted: only the note goes. */
async function keepUse(payload: Payload, couponId: string, key: string): Promise<boolean> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const result = await mongoCoupons(db).updateOne(
      { _id: couponId, [`use_holds.${holdKey(key)}`]: { $exists: true } },
      { $unset: { [`use_holds.${key}`]: '' } },
    );
    return result.modifiedCount === 1;
  }
  const path = holdPath(key);
  const result = await drizzleOf(db).run(
    sql`UPDATE coupons SET use_holds = json_remove(use_holds, ${path})
      WHERE id = ${couponId} AND json_extract(coalesce(use_holds, '{}'), ${path}) IS NOT NULL`,
  );
  return result.rowsAffected === 1;
}

async function setCouponState(payload: Payload, payment: Doc, data: Record<string, unknown>): Promise<Doc> {
  const row = { ...data, updatedAt: new Date().toISOString() };
  await payload.db.updateOne({ collection: 'payments', id: String(payment.id), data: row, returning: false });
  return { ...payment, ...row };
}

export const usedUp = (code: string) => `The discount code ${code} has been used up`;

/**
 * Before the shop asks PayPal to capture: the payment's use of its discount code. The payment says TAKING
 * first, so a crash at any point after leaves a trace the reconciler follows. When the last use went to
 * another shopper (or the code was deleted), the shopper hears it (409) and nothing is captured; the caller
 * gives back what else it took. Returns the payment as now stored.
 */
export async function takeCouponUse(payload: Payload, payment: Doc): Promise<Doc> {
  const couponId = typeof payment.coupon_id === 'string' && payment.coupon_id ? payment.coupon_id : null;
  if (!couponId) return payment;
  const key = String(payment.paypal_order_id);
  const taking =
    payment.coupon_state === 'TAKING'
      ? payment
      : await setCouponState(payload, payment, { coupon_state: 'TAKING', coupon_taken_at: new Date().toISOString() });
  if (await takeUse(payload, couponId, key)) return taking;
  const now = await readUses(payload, couponId, key);
  // Taken by an earlier attempt of this same checkout: nothing more to take.
  if (now?.held) return taking;
  await setCouponState(payload, taking, { coupon_state: 'RETURNED' });
  const code = String(payment.coupon_code ?? '');
  throw new AppError(409, {
    message: now ? usedUp(code) : `The discount code ${code} is no longer available`,
    coupon: code,
  });
}

/** The checkout did not become an order: the use it holds goes back (once, whoever calls). */
export async function giveBackCouponUse(payload: Payload, payment: Doc): Promise<void> {
  const couponId = typeof payment.coupon_id === 'string' && payment.coupon_id ? payment.coupon_id : null;
  if (!couponId) return;
  const returned = await returnUse(payload, couponId, String(payment.paypal_order_id));
  if (returned || payment.coupon_state === 'TAKING') {
    await setCouponState(payload, payment, { coupon_state: 'RETURNED' });
  }
}

/** The order is made: the use stays counted, the hold goes. */
export async function keepCouponUse(payload: Payload, payment: Doc): Promise<void> {
  if (payment.coupon_state !== 'TAKING') return;
  const couponId = String(payment.coupon_id);
  await keepUse(payload, couponId, String(payment.paypal_order_id));
  await setCouponState(payload, payment, { coupon_state: 'KEPT' });
}

/** Like the stock holds' lease: a checkout that took its use and stopped before CAPTURING is finished after this. */
export const COUPON_HOLD_LEASE_MS = env.stockHoldLeaseMs;

/**
 * The reconciler's part: a payment still TAKING a use whose fate is known. An order made: the use stays; a
 * payment that ended without one: it goes back. Any other waits for its outcome.
 */
export async function settleCouponUse(payload: Payload, payment: Doc): Promise<'kept' | 'returned' | null> {
  const status = String(payment.status);
  if (payment.order || status === 'COMPLETED') {
    await keepCouponUse(payload, payment);
    return 'kept';
  }
  if (['FAILED', 'DECLINED', 'ABANDONED'].includes(status)) {
    await giveBackCouponUse(payload, payment);
    return 'returned';
  }
  return null;
}
