import type { Payload } from 'payload';
import { shipmentLink, SHIPPING_CARRIERS, type ShippingCarrier } from '@shop/shared';
import { str, type Doc } from './mappers';
import { getSettings } from './settings';

export interface ShipmentTracking {
  tracking_number: string | null;
  tracking_url: string | null;
  /** The carrier the family chose when shipping (issue 31 §12); null for orders shipped before that choice. */
  shipping_carrier: ShippingCarrier | null;
}

export const NO_TRACKING: ShipmentTracking = { tracking_number: null, tracking_url: null, shipping_carrier: null };

/** The carrier stored on an order, or null (none chosen, or a value no longer offered). */
export const carrierOf = (order: Doc): ShippingCarrier | null =>
  (SHIPPING_CARRIERS as readonly unknown[]).includes(order.shipping_carrier)
    ? (order.shipping_carrier as ShippingCarrier)
    : null;

/**
 * The parcel of an order as its latest change to SHIPPED left it (the tracking number is kept on that
 * timeline event, the carrier and an OTHER carrier's URL on the order): the number given then, or none, and
 * where to follow it: the chosen carrier's page, never a guess from the number when a carrier was chosen.
 */
export async function shipmentTracking(payload: Payload, order: Doc): Promise<ShipmentTracking> {
  const orderId = String(order.id);
  const res = await payload.find({
    collection: 'order-events',
    where: { and: [{ order: { equals: orderId } }, { type: { equals: 'status' } }, { to: { equals: 'SHIPPED' } }] },
    sort: ['-at', '-createdAt'],
    limit: 1,
    pagination: false,
    depth: 0,
    select: { tracking_number: true },
    overrideAccess: true,
  });
  const number = str((res.docs[0] as Doc | undefined)?.tracking_number) || null;
  const carrier = carrierOf(order);
  const { tracking_url_template } = await getSettings(payload);
  const link = shipmentLink(number, carrier, str(order.tracking_url) || null, tracking_url_template);
  return { tracking_number: number, tracking_url: link?.url ?? null, shipping_carrier: carrier };
}
