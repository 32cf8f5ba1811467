import { type CollectionBeforeChangeHook, ValidationError } from 'payload';

/** The statuses an order has once it has left the shop: only those carry a carrier. */
const SENT_STATUSES: ReadonlySet<unknown> = new Set(['SHIPPED', 'DELIVERED', 'COMPLETED']);

/**
 * The rules of /api/v2's orderStatusChangeSchema for the carrier (issue 31 §12), for every door (the control
 * centre, Payload's REST, the /cms panel): carrier OTHER needs its tracking URL (the shopper has no other way to
 * follow the parcel), a tracking URL belongs to OTHER only (the known carriers' links are built from the number),
 * and a carrier is newly set only on an order that has been shipped. Checked on the order as it will be stored;
 * the panel's whole-document save sends back the stored carrier, which passes.
 */
export const checkShippingCarrier: CollectionBeforeChangeHook = ({ data, originalDoc, req, collection }) => {
  const merged = { ...(originalDoc ?? {}), ...data } as Record<string, unknown>;
  const carrier = typeof merged.shipping_carrier === 'string' ? merged.shipping_carrier : null;
  const url = typeof merged.tracking_url === 'string' ? merged.tracking_url.trim() : '';
  const carrierChanged = 'shipping_carrier' in data && carrier !== null && carrier !== originalDoc?.shipping_carrier;
  const problem =
    carrierChanged && !SENT_STATUSES.has(merged.status)
      ? { path: 'shipping_carrier', message: 'A carrier goes with a shipped order only' }
      : carrier === 'OTHER' && url === ''
        ? { path: 'tracking_url', message: 'Another carrier needs its tracking URL' }
        : carrier !== 'OTHER' && url !== ''
          ? { path: 'tracking_url', message: 'A tracking URL goes with carrier Other only' }
          : null;
  if (problem) throw new ValidationError({ collection: collection.slug, errors: [problem], req });
  return data;
};
