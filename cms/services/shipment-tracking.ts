import type { Payload } from 'payload';
import { trackingLink } from '@shop/shared';
import { str, type Doc } from './mappers';
import { getSettings } from './settings';

export interface ShipmentTracking {
  tracking_number: string | null;
  tracking_url: string | null;
}

export const NO_TRACKING: ShipmentTracking = { tracking_number: null, tracking_url: null };

/** Where to follow parcel `number`: its carrier's page, or the shop's link template (Settings); null otherwise. */
export async function trackingUrlOf(payload: Payload, number: string | null): Promise<string | null> {
  if (!number) return null;
  const { tracking_url_template } = await getSettings(payload);
  return trackingLink(number, tracking_url_template)?.url ?? null;
}

/**
 * The parcel of an order as its latest change to SHIPPED left it (the tracking number is kept on that
 * timeline event, not on the order): the number given then, or none, and where to follow it.
 */
export async function shipmentTracking(payload: Payload, orderId: string): Promise<ShipmentTracking> {
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
  return { tracking_number: number, tracking_url: await trackingUrlOf(payload, number) };
}
