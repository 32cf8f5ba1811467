import type { Endpoint } from 'payload';
import { adminCouponsQuerySchema, couponInputSchema, idSchema } from '@shop/shared/admin';
import { body, param, query, requireAdmin, v2 } from '../../lib/endpoint';
import {
  createAdminCoupon,
  deleteAdminCoupon,
  getAdminCoupon,
  listAdminCoupons,
  updateAdminCoupon,
} from '../../services/admin/coupons';
import { publicCoupon } from '../../services/coupons';
import { getSettings } from '../../services/settings';

const idParam = (req: Parameters<Endpoint['handler']>[0]) => idSchema.parse(param(req, 'id'));

/** Discount codes (issue 24 §3): admins manage them; the cart may check one code (rate limited, no listing). */
export const couponEndpoints: Endpoint[] = [
  v2('get', '/coupons/:code', async (req) => {
    const { currency_code } = await getSettings(req.payload);
    return { result: await publicCoupon(req.payload, param(req, 'code'), currency_code) };
  }),
  v2('get', '/admin/coupons', async (req) => {
    const user = requireAdmin(req);
    const { items, pagination } = await listAdminCoupons(req.payload, user, query(req, adminCouponsQuerySchema));
    return { result: items, pagination };
  }),
  v2('post', '/admin/coupons', async (req) => {
    const user = requireAdmin(req);
    const input = await body(req, couponInputSchema);
    return { result: await createAdminCoupon(req.payload, user, input), status: 201 };
  }),
  v2('get', '/admin/coupons/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await getAdminCoupon(req.payload, user, idParam(req)) };
  }),
  v2('put', '/admin/coupons/:id', async (req) => {
    const user = requireAdmin(req);
    const id = idParam(req);
    const input = await body(req, couponInputSchema);
    return { result: await updateAdminCoupon(req.payload, user, id, input) };
  }),
  v2('delete', '/admin/coupons/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await deleteAdminCoupon(req.payload, user, idParam(req)) };
  }),
];
