import type { Payload } from 'payload';
import {
  type DiscountUnit,
  type OrderLine,
  type OrderMoneyFields,
  type OrderStatus,
  type PublicOrder,
  refundState,
} from '@shop/shared';
import { AppError, notFound, tooManyRequests } from '../lib/app-error';
import { setDatesIf } from '../lib/conditional-update';
import { num, str, type Doc } from './mappers';
import { sendPayerConfirmation } from './order-mail';
import { recordOrderEvent } from './admin/order-events';
import { isMarketSale, MARKET_SALE_NO_CONFIRMATION } from './admin/market-sale-rules';
import { NO_TRACKING, shipmentTracking, type ShipmentTracking } from './shipment-tracking';
import { findPickupDay } from './market/pickup-days';

export function toOrderLines(rows: unknown): OrderLine[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row: Record<string, unknown>) => ({
    id: str(row.product_id),
    product: str(row.product),
    price: num(row.price),
    quantity: num(row.quantity),
    apply_discount: Boolean(row.apply_discount),
    discount_unit: (str(row.discount_unit) || '%') as DiscountUnit,
    discount_amount: num(row.discount_amount),
  }));
}

/**
 * The order as a shopper sees it. `tracking` is the parcel of its latest change to SHIPPED (shipmentTracking);
 * left out (mails, lists), the order reads as not shipped with a number.
 */
export function toPublicOrder(doc: Doc, tracking: ShipmentTracking = NO_TRACKING): PublicOrder {
  const address = (doc.shipment_address ?? {}) as Record<string, unknown>;
  const lat = doc.latitude;
  const lon = doc.longitude;
  return {
    id: String(doc.id),
    number: str(doc.number),
    created_at: str(doc.createdAt),
    status: (str(doc.status) || 'NEW') as OrderStatus,
    payer_full_name: str(doc.payer_full_name),
    payer_email_address: str(doc.payer_email_address),
    shipment_full_name: str(doc.shipment_full_name),
    shipment_amount: num(doc.shipment_amount),
    shipment_method: str(doc.shipment_method),
    shipment_address: {
      address_line_1: str(address.address_line_1),
      address_line_2: str(address.address_line_2) || null,
      admin_area_1: str(address.admin_area_1),
      admin_area_2: str(address.admin_area_2),
      postal_code: str(address.postal_code),
      country_code: str(address.country_code),
    },
    transaction_id: str(doc.transaction_id),
    transaction_status: str(doc.transaction_status),
    transaction_gross_amount: str(doc.transaction_gross_amount),
    transaction_refunded_amount: str(doc.transaction_refunded_amount) || '0.00',
    refund_state: refundState(doc as OrderMoneyFields),
    currency_code: str(doc.currency_code) || 'USD',
    coordinates: typeof lat === 'number' && typeof lon === 'number' ? [lat, lon] : null,
    products: toOrderLines(doc.products),
    coupon_code: str(doc.coupon_code) || null,
    coupon_discount: num(doc.coupon_discount),
    // Only on an order collected at the market: a shipped order reads as it always did.
    ...(str(doc.pickup_day_id) ? { pickup_day_id: str(doc.pickup_day_id) } : {}),
    tracking_number: tracking.tracking_number,
    tracking_url: tracking.tracking_url,
    shipping_carrier: tracking.shipping_carrier,
  };
}

async function findOrderDoc(payload: Payload, id: string): Promise<Doc> {
  const res = await payload.find({
    collection: 'orders',
    where: { id: { equals: id } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  const doc = res.docs[0] as Doc | undefined;
  if (!doc) throw notFound('Order not found');
  return doc;
}

/**
 * The order page: anyone holding the order's id (a random uuid, sent in the confirmation mail) may read it,
 * with its status and the parcel's tracking number and link.
 */
export async function getPublicOrder(payload: Payload, id: string): Promise<PublicOrder> {
  const doc = await findOrderDoc(payload, id);
  const order = toPublicOrder(doc, await shipmentTracking(payload, doc));
  return order.pickup_day_id ? { ...order, pickup: await findPickupDay(payload, order.pickup_day_id) } : order;
}

/** Tracking by order number: answers only the id, which the storefront then opens. */
export async function findOrderIdByNumber(payload: Payload, number: string): Promise<{ id: string }> {
  const res = await payload.find({
    collection: 'orders',
    where: { number: { equals: number } },
    select: { number: true },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  const doc = res.docs[0] as Doc | undefined;
  if (!doc) throw notFound('Order not found');
  return { id: String(doc.id) };
}

const RESEND_INTERVAL_MS = 60_000;
export const DEMO_ORDER_NOT_MAILED = 'This is a demo order: no mail is sent for it';

/**
 * Sends the confirmation again, at most once a minute per order. The claim is one conditional UPDATE of
 * `confirmation_resent_at`, so concurrent requests (also on other app instances) send one mail between them,
 * and the first resend right after paying is allowed: the original confirmation is not a resend.
 */
export async function resendConfirmation(payload: Payload, id: string): Promise<{ sent: true }> {
  const doc = await findOrderDoc(payload, id);
  // The demo seed's orders have made-up payers: nothing is sent, and the shopper is told why.
  if (doc.demo === true) throw new AppError(409, DEMO_ORDER_NOT_MAILED);
  if (isMarketSale(doc)) throw new AppError(409, MARKET_SALE_NO_CONFIRMATION);
  const orderId = String(doc.id);
  const now = new Date();
  const claimed = await setDatesIf(payload, 'orders', orderId, { confirmation_resent_at: now }, [
    [
      { field: 'confirmation_resent_at', isNull: true },
      { field: 'confirmation_resent_at', before: new Date(now.getTime() - RESEND_INTERVAL_MS) },
    ],
  ]);
  if (!claimed) throw tooManyRequests('Confirmation already sent a moment ago');
  try {
    await sendPayerConfirmation(payload, toPublicOrder(doc), { resend: true });
  } catch (err) {
    payload.logger.error({ err, msg: `order ${str(doc.number)}: confirmation resend failed` });
    await setDatesIf(payload, 'orders', orderId, { confirmation_resent_at: null }, [
      [{ field: 'confirmation_resent_at', equals: now }],
    ]);
    throw new AppError(503, 'The confirmation could not be sent just now; please try again in a few minutes');
  }
  // A first confirmation that had failed counts as sent now: the reconciler need not send another.
  await setDatesIf(payload, 'orders', orderId, { confirmation_sent_at: new Date() }, [
    [{ field: 'confirmation_sent_at', isNull: true }],
  ]);
  // The mail is gone whatever happens to the timeline entry, so the shopper is told it was sent.
  await recordOrderEvent({ payload }, { order: orderId, type: 'mail_resent', by: 'shopper' }).catch((err: unknown) =>
    payload.logger.error({ err, msg: `order ${str(doc.number)}: timeline entry for the resent mail not written` }),
  );
  return { sent: true };
}
