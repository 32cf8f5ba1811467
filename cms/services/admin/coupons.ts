import type { Payload } from 'payload';
import type { z } from 'zod';
import type { AdminCoupon, adminCouponsQuerySchema, couponInputSchema } from '@shop/shared/admin';
import { normalizeCouponCode } from '@shop/shared';
import type { Pagination } from '../../lib/envelope';
import type { Doc } from '../mappers';
import { toCouponRules } from '../coupons';
import { findByIdOr404, findPage, pageOf } from './admin-queries';
import type { AdminUser } from './sales';

export type AdminCouponsQuery = z.output<typeof adminCouponsQuerySchema>;
export type CouponData = z.output<typeof couponInputSchema>;

const DEFAULT_LIMIT = 10;
const SORT_FIELDS = {
  code: 'code',
  amount: 'amount',
  uses_count: 'uses_count',
  ends_at: 'ends_at',
  created_at: 'createdAt',
} as const;

function toAdminCoupon(doc: Doc): AdminCoupon {
  const { id, code, kind, amount, min_subtotal, starts_at, ends_at, max_uses, uses_count, active } = toCouponRules(doc);
  return {
    id,
    code,
    kind,
    amount,
    min_subtotal,
    starts_at,
    ends_at,
    max_uses,
    uses_count,
    active,
    created_at: typeof doc.createdAt === 'string' ? doc.createdAt : '',
    updated_at: typeof doc.updatedAt === 'string' ? doc.updatedAt : '',
  };
}

/** The Discount codes screen: every code, newest first by default; `search` finds codes containing the text. */
export async function listAdminCoupons(
  payload: Payload,
  user: AdminUser,
  q: AdminCouponsQuery,
): Promise<{ items: AdminCoupon[]; pagination: Pagination }> {
  const [column, direction] = q.sort ?? ['created_at', 'DESC'];
  const search = q.search ? normalizeCouponCode(q.search) : '';
  const { docs, pagination } = await findPage(payload, user, {
    collection: 'coupons',
    where: search ? { code: { contains: search } } : {},
    sort: [`${direction === 'DESC' ? '-' : ''}${SORT_FIELDS[column]}`, 'id'],
    ...pageOf(q, DEFAULT_LIMIT),
  });
  return { items: docs.map(toAdminCoupon), pagination };
}

const findCoupon = (payload: Payload, user: AdminUser, id: string) =>
  findByIdOr404(payload, 'coupons', user, id, 'Discount code not found');

export async function getAdminCoupon(payload: Payload, user: AdminUser, id: string): Promise<AdminCoupon> {
  return toAdminCoupon(await findCoupon(payload, user, id));
}

/** The stored fields for a validated form (the collection normalizes the code and checks the terms again). */
function toRecord(input: CouponData) {
  return {
    code: input.code,
    kind: input.kind,
    amount: input.amount,
    min_subtotal: input.min_subtotal ?? null,
    starts_at: input.starts_at ?? null,
    ends_at: input.ends_at ?? null,
    max_uses: input.max_uses ?? null,
    active: input.active,
  };
}

export async function createAdminCoupon(payload: Payload, user: AdminUser, input: CouponData): Promise<AdminCoupon> {
  const doc = await payload.create({
    collection: 'coupons',
    data: toRecord(input),
    depth: 0,
    user,
    overrideAccess: false,
  });
  return getAdminCoupon(payload, user, String(doc.id));
}

/** The form sends the whole code: every field is replaced (the uses stay the shop's own count). */
export async function updateAdminCoupon(
  payload: Payload,
  user: AdminUser,
  id: string,
  input: CouponData,
): Promise<AdminCoupon> {
  await findCoupon(payload, user, id);
  await payload.update({ collection: 'coupons', id, data: toRecord(input), depth: 0, user, overrideAccess: false });
  return getAdminCoupon(payload, user, id);
}

/** Orders paid with the code keep its name and what it took off: deleting it changes no order. */
export async function deleteAdminCoupon(payload: Payload, user: AdminUser, id: string): Promise<{ id: string }> {
  await findCoupon(payload, user, id);
  await payload.delete({ collection: 'coupons', id, depth: 0, user, overrideAccess: false });
  return { id };
}
