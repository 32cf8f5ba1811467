/** The descriptions of the pickup routes: endpoints/v2/market.ts (issue 32 §4). */
import { z } from 'zod';
import { idSchema } from '@shop/shared/admin';
import { pickupDaySchema } from '@shop/shared/responses';
import type { RouteDoc } from './route-doc';

/** An online order to hand over at the stall (MarketPickup of packages/shared/src/market-api.ts). */
export const marketPickupSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  email: z.string(),
  total: z.number(),
  status: z.string(),
  pickup_day_id: z.string(),
  items: z.array(z.object({ product: z.string(), quantity: z.number().int() })),
});

export const marketDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/market/pickup-days',
    tag: 'Payments',
    access: 'public',
    summary: 'The coming market days where an online order may be collected',
    description:
      "Days of today (the shop's calendar) or later that are open for pickup and not closed, soonest first: " +
      'the market day id, place, date (YYYY-MM-DD) and hours (HH:mm, the shop’s clock). The checkout sends one ' +
      'id as `pickup_day_id` to payments/create.',
    reply: { result: z.array(pickupDaySchema) },
  },
  {
    method: 'post',
    path: '/admin/market/days/:id/pickups/:orderId',
    tag: 'Admin: orders',
    access: 'admin',
    summary: 'Picked up: an order collected at the stall is completed',
    description:
      'The order becomes COMPLETED through the same status change as the order page’s, with its timeline ' +
      'entry saying "Picked up at <place>". An order already completed is answered as it is; a cancelled order ' +
      'or one that is shipped (no pickup day) answers 409.',
    params: z.object({ id: idSchema, orderId: idSchema }),
    reply: { result: marketPickupSchema, description: 'The order as the stall lists it, now COMPLETED' },
    errors: [404, 409],
  },
];
