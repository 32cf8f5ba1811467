import { APIError, type CollectionBeforeOperationHook, type Where } from 'payload';
import { isMarketSale, MARKET_SALE_NO_STATUS_CHANGE } from '../../../services/admin/market-sale-rules';
import type { Doc } from '../../../services/mappers';

/**
 * Issue 32: a sale at the market stall is COMPLETED when it is recorded and stays so: nothing is shipped,
 * delivered or cancelled. In the collection, so every door obeys it: the control centre's PUT and bulk actions,
 * Payload's REST (single and by `where`), the /cms panel and GraphQL answer 409 and write nothing. The shop's
 * own writes (overrideAccess) are not a door. Sending the status it already has is no change.
 */
export const refuseMarketSaleStatusChange: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update') return args;
  const { data, id, where, overrideAccess } = args as {
    data?: Record<string, unknown>;
    id?: string | number;
    where?: Where;
    overrideAccess?: boolean;
  };
  if (overrideAccess === true || !data || typeof data !== 'object' || !('status' in data)) return args;
  // Only the stall sales among the orders the update names are read: a bulk update of many orders stays cheap.
  const found = await req.payload.find({
    collection: 'orders',
    where: {
      and: [id !== undefined ? { id: { equals: id } } : (where ?? {}), { channel: { equals: 'market' } }],
    },
    select: { channel: true, status: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  });
  for (const doc of found.docs as Doc[]) {
    if (isMarketSale(doc) && doc.status !== data.status)
      throw new APIError(MARKET_SALE_NO_STATUS_CHANGE, 409, undefined, true);
  }
  return args;
};
