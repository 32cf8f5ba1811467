/** The descriptions of the discount code routes: endpoints/v2/coupons.ts (issue 24 §3). */
import { z } from 'zod';
import { adminCouponsQuerySchema, couponInputSchema, idSchema } from '@shop/shared/admin';
import { adminCouponSchema, idResultSchema, publicCouponSchema } from '@shop/shared/responses';
import type { RouteDoc } from './route-doc';

const TAG = 'Admin: discount codes';
const byId = z.object({ id: idSchema });
const ABOUT =
  'A code takes a percent (rounded to the cent, half up) or a cash amount off the goods after the products’ own ' +
  'discounts, never off the shipping. Codes are stored in capitals and matched whatever their case. ' +
  '`uses_count` counts captured payments only and is written by the shop alone.';

export const couponDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/coupons/:code',
    tag: 'Payments',
    access: 'public',
    summary: 'Check a discount code for the cart',
    description:
      'The terms of a code that may be used now (active, within its dates, uses left); the cart applies its ' +
      'minimum. Any other code answers 400 with the reason. Nothing lists codes.',
    params: z.object({ code: z.string().max(64) }),
    reply: { result: publicCouponSchema },
    errors: [429],
  },
  {
    method: 'get',
    path: '/admin/coupons',
    tag: TAG,
    access: 'admin',
    summary: 'Discount codes, a page at a time (newest first unless sorted)',
    description: `${ABOUT} The search finds codes containing the text.`,
    query: adminCouponsQuerySchema,
    reply: { result: z.array(adminCouponSchema), paginated: true },
  },
  {
    method: 'post',
    path: '/admin/coupons',
    tag: TAG,
    access: 'admin',
    summary: 'Create a discount code',
    description: ABOUT,
    body: couponInputSchema,
    reply: { status: 201, result: adminCouponSchema, description: 'Created' },
    errors: [413],
  },
  {
    method: 'get',
    path: '/admin/coupons/:id',
    tag: TAG,
    access: 'admin',
    summary: 'One discount code',
    params: byId,
    reply: { result: adminCouponSchema },
    errors: [404],
  },
  {
    method: 'put',
    path: '/admin/coupons/:id',
    tag: TAG,
    access: 'admin',
    summary: 'Update a discount code (every field)',
    params: byId,
    body: couponInputSchema,
    reply: { result: adminCouponSchema },
    errors: [404, 413],
  },
  {
    method: 'delete',
    path: '/admin/coupons/:id',
    tag: TAG,
    access: 'admin',
    summary: 'Delete a discount code (orders paid with it keep its name and discount)',
    params: byId,
    reply: { result: idResultSchema },
    errors: [404],
  },
];
