import { createLocalReq, type Payload } from 'payload';
import {
  ORDER_ACTION_STATUS,
  orderActionRefusal,
  type OrderMoneyFields,
  refundState,
  shipRefundedRefusal,
  type BulkOrderAction,
  type BulkOrderResult,
  type OrderStatus,
  type ShippingCarrier,
} from '@shop/shared/admin';
import { withTransaction } from '../../lib/transaction';
import { str, type Doc } from '../mappers';
import { mailStatusChangesLater } from '../shipping-notices';
import { changeOrderStatus, type ShipmentCarrier } from './order-events';
import type { AdminUser } from './sales';

export interface BulkOrdersRequest {
  ids: string[];
  action: BulkOrderAction;
  tracking_numbers?: Record<string, string>;
  /** One carrier for the whole shipment (issue 31 §12); with OTHER, its tracking URL. */
  shipping_carrier?: ShippingCarrier;
  tracking_url?: string;
  /** Ship the selected orders refunded in full too; without it each of them is refused (issue 30 §1). */
  ship_despite_refund?: boolean;
}

/**
 * Applies one action to each selected order, each in a transaction of its own: an order that fails (refused
 * by the status flow, gone, or a failed write) is reported and rolled back alone, and never stops the others.
 * Orders are handled one after another, in the order given, so the answer lists them in the selection's order.
 */
export async function bulkUpdateOrders(
  payload: Payload,
  user: AdminUser,
  input: BulkOrdersRequest,
): Promise<BulkOrderResult[]> {
  const results: BulkOrderResult[] = [];
  for (const id of input.ids) {
    results.push(
      await applyToOne(
        payload,
        user,
        id,
        input.action,
        input.tracking_numbers?.[id],
        input.ship_despite_refund === true,
        { shipping_carrier: input.shipping_carrier, tracking_url: input.tracking_url },
      ),
    );
    // The local SQLite client answers synchronously, so without this the whole selection runs as one chain of
    // microtasks and the server hears no other request (shoppers, health checks) until the last order is done.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // Each order's change is committed (its own transaction): the shoppers of the shipped ones hear about it.
  if (input.action === 'ship') {
    mailStatusChangesLater(
      payload,
      results.filter((r) => r.ok).map((r) => r.id),
    );
  }
  return results;
}

/** Why an order was left as it was, carried out of the transaction so that nothing it wrote is kept. */
class Refused extends Error {}

async function applyToOne(
  payload: Payload,
  user: AdminUser,
  id: string,
  action: BulkOrderAction,
  trackingNumber: string | undefined,
  shipDespiteRefund: boolean,
  carrier: ShipmentCarrier,
): Promise<BulkOrderResult> {
  const to: OrderStatus = ORDER_ACTION_STATUS[action];
  const req = await createLocalReq({ user }, payload);
  let result: BulkOrderResult = { id, number: '', ok: false, from: null, to };
  try {
    await withTransaction(req, async () => {
      // Read inside the transaction: the status checked is the status changed, even with another admin at work.
      const found = await payload.find({
        collection: 'orders',
        where: { id: { equals: id } },
        limit: 1,
        pagination: false,
        depth: 0,
        select: {
          number: true,
          status: true,
          transaction_gross_amount: true,
          transaction_refunded_amount: true,
          transaction_reversed_amount: true,
        },
        req,
        user,
        overrideAccess: false,
      });
      const doc = found.docs[0] as Doc | undefined;
      if (!doc) throw new Refused('Order not found');
      const from = (str(doc.status) || 'NEW') as OrderStatus;
      result = { ...result, number: str(doc.number), from };
      // The order page's own rule (packages/shared), so the list and the page never disagree.
      const refusal = orderActionRefusal(action, from);
      if (refusal) throw new Refused(refusal);
      // Said here so the list hears why; the collection's rule (refuseShippingRefundedOrder) says it to every door.
      const refunded = shipRefundedRefusal(from, to, refundState(doc as OrderMoneyFields), shipDespiteRefund);
      if (refunded) throw new Refused(refunded);
      await changeOrderStatus(req, id, to, {
        user,
        tracking_number: trackingNumber,
        carrier,
        ship_despite_refund: shipDespiteRefund,
      });
    });
    return { ...result, ok: true };
  } catch (err) {
    if (err instanceof Refused) return { ...result, error: err.message };
    payload.logger.error({ err, msg: `bulk ${action}: order ${id} failed` });
    return { ...result, error: 'The order could not be changed; nothing was written' };
  }
}
