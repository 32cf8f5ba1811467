import type { Payload, PayloadRequest } from 'payload';
import { ORDER_STATUS_DISPLAY } from '@shop/shared';
import {
  type OrderEvent,
  type OrderEventType,
  type OrderStatus,
  SHIP_DESPITE_REFUND,
  type ShippingCarrier,
} from '@shop/shared/admin';
import { AppError, notFound } from '../../lib/app-error';
import { describeActor } from '../../lib/actor';
import { withTransaction } from '../../lib/transaction';
import { str, type Doc } from '../mappers';
import { findByIdOr404 } from './admin-queries';
import type { AdminUser } from './sales';
import { isMarketSale } from './market-sale-rules';

const ORDER_NOT_FOUND = 'Order not found';

/** 409 for a change meant for a status the order has left (someone else changed it first). */
const statusMovedOn = (now: OrderStatus | null) =>
  new AppError(
    409,
    `The order's status is now "${now ? ORDER_STATUS_DISPLAY[now].text : 'none'}"; nothing was changed`,
  );

export interface OrderEventInput {
  order: string;
  type: OrderEventType;
  /** The admin who acted; absent, `by` names who did ("shopper", "system"). */
  user?: AdminUser | null;
  by?: 'shopper' | 'system';
  from?: OrderStatus | null;
  to?: OrderStatus | null;
  tracking_number?: string | null;
  note?: string | null;
  amount?: string | null;
  refund?: string | null;
}

/**
 * Appends one event to an order's timeline. Given the `req` of the change it records, it is written in that
 * change's transaction (see changeOrderStatus); the collection is closed to API writes, so access is
 * overridden here, the caller having authorised the change itself.
 */
export async function recordOrderEvent(
  target: { payload: Payload; req?: PayloadRequest },
  input: OrderEventInput,
): Promise<void> {
  const actor = input.user ? describeActor(input.user) : { by_id: null, by: input.by ?? 'system' };
  await target.payload.create({
    collection: 'order-events',
    data: {
      order: input.order,
      type: input.type,
      by_user: actor.by_id,
      by: actor.by,
      at: new Date().toISOString(),
      from: input.from ?? null,
      to: input.to ?? null,
      tracking_number: input.tracking_number ?? null,
      note: input.note ?? null,
      amount: input.amount ?? null,
      refund: input.refund ?? null,
    },
    depth: 0,
    req: target.req,
    overrideAccess: true,
  });
}

/** The carrier chosen with a change to SHIPPED (issue 31 §12), and the tracking URL that goes with OTHER. */
export interface ShipmentCarrier {
  shipping_carrier?: ShippingCarrier;
  tracking_url?: string;
}

export interface StatusChangeOptions {
  user: AdminUser;
  /** The carrier's tracking number, recorded with a change to SHIPPED. */
  tracking_number?: string;
  /** Stored on the order with a change to SHIPPED; absent, the order keeps no carrier (the old guess applies). */
  carrier?: ShipmentCarrier;
  /** The status the change is meant for: an order in any other is left as it is (409). */
  from?: OrderStatus;
  /** SHIPPED of a fully refunded order is meant (the collection refuses it with 409 otherwise). */
  ship_despite_refund?: boolean;
  /** Words on the change's timeline entry ("Picked up at Piazza Grande", issue 32 §4). */
  note?: string;
}

/**
 * THE way an admin changes an order's status (order page, bulk actions): the order's new status and its
 * timeline event are written in one transaction with `req`, so both land or neither does. A `req` already in
 * a transaction (a caller's own, e.g. one per order of a bulk change) is joined and committed by its owner.
 * Setting the status the order already has writes nothing and records no event. Access is the admin's own
 * (`user`): an order they may not see is a 404. Returns the order as stored after the change.
 */
export async function changeOrderStatus(
  req: PayloadRequest,
  orderId: string,
  to: OrderStatus,
  { user, tracking_number, carrier, from: expected, ship_despite_refund, note }: StatusChangeOptions,
): Promise<Doc> {
  return withTransaction(req, async () => {
    // Read inside the transaction: the `from` recorded is the status that was changed.
    const found = await req.payload.find({
      collection: 'orders',
      where: { id: { equals: orderId } },
      limit: 1,
      pagination: false,
      depth: 0,
      select: { status: true },
      req,
      user,
      overrideAccess: false,
    });
    const doc = found.docs[0] as Doc | undefined;
    if (!doc) throw notFound(ORDER_NOT_FOUND);
    const from = (str(doc.status) || null) as OrderStatus | null;
    if (expected !== undefined && from !== expected) throw statusMovedOn(from);
    if (from === to) return doc;
    const updated = await req.payload.update({
      collection: 'orders',
      id: String(doc.id),
      // The admin's answer travels to the collection's rule (refuseShippingRefundedOrder), which reads and drops it.
      data: {
        status: to,
        // Each shipment names its own carrier: a new one replaces what an earlier shipment left.
        ...(to === 'SHIPPED'
          ? { shipping_carrier: carrier?.shipping_carrier ?? null, tracking_url: carrier?.tracking_url || null }
          : {}),
        ...(ship_despite_refund === true ? { [SHIP_DESPITE_REFUND]: true } : {}),
      },
      depth: 0,
      req,
      user,
      overrideAccess: false,
    });
    await recordOrderEvent(
      { payload: req.payload, req },
      {
        order: String(doc.id),
        type: 'status',
        user,
        from,
        to,
        tracking_number: to === 'SHIPPED' ? tracking_number : null,
        note: note ?? null,
      },
    );
    return updated as unknown as Doc;
  });
}

/** An admin's internal note on an order (never shown to the shopper). */
export async function addOrderNote(
  req: PayloadRequest,
  user: AdminUser,
  orderId: string,
  text: string,
): Promise<OrderEvent> {
  const doc = await findByIdOr404(req.payload, 'orders', user, orderId, ORDER_NOT_FOUND);
  await recordOrderEvent({ payload: req.payload, req }, { order: String(doc.id), type: 'note', user, note: text });
  const events = await listOrderEvents(req.payload, user, String(doc.id));
  return events[events.length - 1];
}

const idOf = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : typeof v === 'object' && 'id' in v ? String(v.id) : String(v);

function toOrderEvent(doc: Doc): OrderEvent {
  return {
    id: String(doc.id),
    type: str(doc.type) as OrderEventType,
    at: str(doc.at),
    by: str(doc.by),
    by_id: idOf(doc.by_user),
    from: (str(doc.from) || null) as OrderStatus | null,
    to: (str(doc.to) || null) as OrderStatus | null,
    tracking_number: str(doc.tracking_number) || null,
    note: str(doc.note) || null,
    amount: str(doc.amount) || null,
  };
}

/** How far apart an order's own history entry and the event of the same change may be written. */
const SAME_CHANGE_MS = 5_000;

/**
 * The order's own status history (its `status_history` column) as events, for the changes that have no event
 * of their own: those made before the timeline existed, or outside the control centre (Payload's panel or
 * REST API). An entry is the same change as an event when from and to match and they were written moments
 * apart.
 */
function historyWithoutEvents(order: Doc, stored: OrderEvent[]): OrderEvent[] {
  const rows: unknown[] = Array.isArray(order.status_history) ? order.status_history : [];
  const unmatched = stored.filter((e) => e.type === 'status');
  const out: OrderEvent[] = [];
  rows.forEach((row, index) => {
    if (!row || typeof row !== 'object') return;
    const r = row as Record<string, unknown>;
    const at = str(r.at);
    const from = (str(r.from) || null) as OrderStatus | null;
    const to = (str(r.to) || null) as OrderStatus | null;
    const match = unmatched.findIndex(
      (e) => e.from === from && e.to === to && Math.abs(Date.parse(e.at) - Date.parse(at)) <= SAME_CHANGE_MS,
    );
    if (match >= 0) {
      unmatched.splice(match, 1);
      return;
    }
    out.push({
      id: `history-${String(order.id)}-${index}`,
      type: 'status',
      at,
      by: str(r.by) || 'system',
      by_id: str(r.by_id) || null,
      from,
      to,
      tracking_number: null,
      note: null,
      amount: null,
    });
  });
  return out;
}

/**
 * The timeline, oldest first. It opens with the payment: the order row is written by the capture itself
 * (services/payments.ts, the adapter's create without hooks), so that event is read off the order's own
 * creation time and payer rather than stored twice.
 */
export async function listOrderEvents(payload: Payload, user: AdminUser, orderId: string): Promise<OrderEvent[]> {
  const order = await findByIdOr404(payload, 'orders', user, orderId, ORDER_NOT_FOUND);
  const res = await payload.find({
    collection: 'order-events',
    where: { order: { equals: String(order.id) } },
    sort: ['at', 'createdAt'],
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  const stored = (res.docs as Doc[]).map(toOrderEvent);
  const paid: OrderEvent = {
    id: `paid-${String(order.id)}`,
    type: 'paid',
    at: str(order.createdAt),
    by: str(order.payer_full_name) || (isMarketSale(order) ? 'market stall' : 'shopper'),
    by_id: null,
    from: null,
    to: 'NEW',
    tracking_number: null,
    // Issue 32: a stall sale was not paid through PayPal; the timeline says how it was.
    note: isMarketSale(order)
      ? `Paid ${order.payment_method === 'card' ? 'by card' : 'in cash'} at the market stall`
      : null,
    amount: null,
  };
  const rest = [...stored, ...historyWithoutEvents(order, stored)];
  // A stable sort: events written in the same millisecond keep the order they were stored in.
  rest.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return [paid, ...rest];
}
