import { APIError, ValidationError, type CollectionBeforeOperationHook, type Where } from 'payload';
import {
  type OrderMoneyFields,
  type OrderStatus,
  refundState,
  SHIP_DESPITE_REFUND,
  shipDespiteRefundSchema,
  shipRefundedRefusal,
} from '@shop/shared/admin';
import type { Doc } from '../../../services/mappers';

/**
 * Issue 30 §1: SHIPPED of an order whose money went back in full is refused (409, nothing written) unless the
 * request says it is meant (`ship_despite_refund: true`). In the collection, so every way a status is set obeys
 * it: the control centre's PUT and bulk ship (changeOrderStatus passes the admin's answer in the same field),
 * Payload's REST (single and by `where`), the /cms panel and GraphQL. The field names no column: it is taken out
 * of the data here, after it is read.
 */
export const refuseShippingRefundedOrder: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update') return args;
  const { data, id, where } = args as { data?: Record<string, unknown>; id?: string | number; where?: Where };
  if (!data || typeof data !== 'object' || Array.isArray(data)) return args;
  const parsed = shipDespiteRefundSchema.safeParse(data[SHIP_DESPITE_REFUND]);
  if (!parsed.success) {
    throw new ValidationError(
      {
        collection: 'orders',
        errors: [{ path: SHIP_DESPITE_REFUND, message: `${SHIP_DESPITE_REFUND} is true or false` }],
      },
      req.t,
    );
  }
  const { [SHIP_DESPITE_REFUND]: _meant, ...rest } = data;
  const next = { ...args, data: rest };
  if (rest.status !== 'SHIPPED' || parsed.data === true) return next;
  // The orders this update would change, as stored (whole documents: their money fields decide).
  const found = await req.payload.find({
    collection: 'orders',
    where: id !== undefined ? { id: { equals: id } } : (where ?? {}),
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  });
  for (const doc of found.docs as Doc[]) {
    const refusal = shipRefundedRefusal(
      (doc.status as OrderStatus) ?? null,
      'SHIPPED',
      refundState(doc as OrderMoneyFields),
      false,
    );
    if (refusal) throw new APIError(refusal, 409, undefined, true);
  }
  return next;
};
