import type { Endpoint } from 'payload';
import { idSchema } from '@shop/shared/admin';
import { param, requireAdmin, v2 } from '../../lib/endpoint';
import { listPickupDays } from '../../services/market/pickup-days';
import { markPickedUp } from '../../services/market/pickups';

/**
 * Pick up at the market (issue 32 §4): the coming pickup days the checkout offers, and "Picked up" at the
 * stall. The rest of the market's admin routes are admin-market.ts.
 */
export const marketEndpoints: Endpoint[] = [
  // Not kept in the public answers' cache: a day planned, opened or closed, or midnight passing, changes it,
  // and it is one indexed read.
  v2('get', '/market/pickup-days', async (req) => ({ result: await listPickupDays(req.payload) })),
  v2('post', '/admin/market/days/:id/pickups/:orderId', async (req) => {
    const user = requireAdmin(req);
    const dayId = idSchema.parse(param(req, 'id'));
    const orderId = idSchema.parse(param(req, 'orderId'));
    return { result: await markPickedUp(req, user, dayId, orderId) };
  }),
];
