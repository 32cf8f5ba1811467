import { APIError, type CollectionBeforeOperationHook, type Where } from 'payload';
import { SHIP_DENIED_REFUSAL } from '@shop/shared';

/**
 * Issue 30 §2: an order whose capture PayPal denied has no money behind it, so SHIPPED is refused (409, nothing
 * written), with no way to insist. In the collection, so every way a status is set obeys it: the control
 * centre's PUT and bulk ship, Payload's REST (single and by `where`), the /cms panel and GraphQL. An order
 * already SHIPPED when PayPal denied it may keep its status (the panel sends the whole order back on save).
 */
export const refuseShippingDeniedPayment: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update') return args;
  const { data, id, where } = args as { data?: Record<string, unknown>; id?: string | number; where?: Where };
  if (!data || typeof data !== 'object' || data.status !== 'SHIPPED') return args;
  const found = await req.payload.find({
    collection: 'orders',
    where: {
      and: [
        id !== undefined ? { id: { equals: id } } : (where ?? {}),
        { payment_alert: { equals: 'DENIED' } },
        { status: { not_equals: 'SHIPPED' } },
      ],
    },
    limit: 1,
    depth: 0,
    select: { id: true },
    overrideAccess: true,
    req,
  });
  if (found.docs.length > 0) throw new APIError(SHIP_DENIED_REFUSAL, 409, undefined, true);
  return args;
};
