/**
 * Where a shopper follows a parcel (issue 22 §2): the carrier recognised from the tracking number's format, or
 * else the shop's own link template (Settings, `{number}` standing for the number). Pure: the server puts the
 * link in the shipped mail and the order page's answer; the control centre checks a template with
 * isTrackingTemplate.
 */

export type TrackingCarrier = 'USPS' | 'UPS' | 'FedEx' | 'DHL';

export interface TrackingLink {
  /** The carrier the number's format names; null when the link comes from the shop's template. */
  carrier: TrackingCarrier | null;
  url: string;
}

/** The placeholder a link template holds for the tracking number. */
export const TRACKING_NUMBER_PLACEHOLDER = '{number}';

interface CarrierFormat {
  carrier: TrackingCarrier;
  pattern: RegExp;
  url: (number: string) => string;
}

/**
 * Formats as the carriers print them, checked in this order (first match wins), on the number without spaces
 * or dashes, upper-case:
 * - UPS: "1Z", a 6-character shipper number, a 2-digit service code and 8 more (18 characters).
 * - USPS: Intelligent Mail package barcodes, 20 to 22 digits starting 91 to 95 (92… and 94… are the usual
 *   domestic ones); international items (UPU S10): 2 letters, 9 digits, "US".
 * - FedEx: Express, 12 digits; Ground, 15 digits.
 * - DHL: Express waybills, 10 digits; eCommerce, "GM" and 16 to 18 digits; Parcel, "JJD" and 10 to 20 digits.
 */
const CARRIER_FORMATS: readonly CarrierFormat[] = [
  {
    carrier: 'UPS',
    pattern: /^1Z[0-9A-Z]{16}$/,
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  {
    carrier: 'USPS',
    pattern: /^(9[1-5]\d{18,20}|[A-Z]{2}\d{9}US)$/,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  {
    carrier: 'FedEx',
    pattern: /^(\d{12}|\d{15})$/,
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  {
    carrier: 'DHL',
    pattern: /^(\d{10}|GM\d{16,18}|JJD\d{10,20})$/,
    url: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}&submit=1`,
  },
];

/** The number as the carriers' sites look it up: no spaces or dashes, upper-case. */
export const normalizeTrackingNumber = (number: string): string => number.replace(/[\s-]/g, '').toUpperCase();

/**
 * A usable link template: an https URL with a host name of its own (letters, digits, dots, dashes, a port),
 * the {number} placeholder, and nothing a URL may not hold bare (spaces, quotes, angle brackets, other braces).
 */
export function isTrackingTemplate(template: string): boolean {
  if (!template.includes(TRACKING_NUMBER_PLACEHOLDER)) return false;
  const filled = template.replaceAll(TRACKING_NUMBER_PLACEHOLDER, 'N');
  const match = /^https:\/\/([^/?#]+)([/?#].*)?$/.exec(filled);
  if (!match) return false;
  const host = match[1];
  return (
    /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?$/.test(host) &&
    template.indexOf(TRACKING_NUMBER_PLACEHOLDER) >= 'https://'.length + host.length &&
    !/[\s"'<>\\^`{}|]/.test(filled) &&
    ![...filled].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  );
}

/**
 * The link to follow parcel `number`: the carrier's own tracking page when the number has a known carrier's
 * format, otherwise the shop's `template` with the number in place of {number} (an invalid template is not
 * used), otherwise null. The number is URL-encoded wherever it is put.
 */
export function trackingLink(number: string, template?: string | null): TrackingLink | null {
  const normalized = normalizeTrackingNumber(number);
  if (!normalized) return null;
  const encoded = encodeURIComponent(normalized);
  const format = CARRIER_FORMATS.find((f) => f.pattern.test(normalized));
  if (format) return { carrier: format.carrier, url: format.url(encoded) };
  const shop = template?.trim();
  if (shop && isTrackingTemplate(shop)) {
    return { carrier: null, url: shop.replaceAll(TRACKING_NUMBER_PLACEHOLDER, encoded) };
  }
  return null;
}

/**
 * The carriers the family picks from when marking an order shipped (issue 31 §12); OTHER comes with the
 * parcel's own tracking URL.
 */
export const SHIPPING_CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'OTHER'] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIERS)[number];

export const SHIPPING_CARRIER_LABELS: Record<ShippingCarrier, string> = {
  USPS: 'USPS',
  UPS: 'UPS',
  FedEx: 'FedEx',
  DHL: 'DHL',
  OTHER: 'Other',
};

/**
 * A carrier's tracking page given by hand (carrier OTHER): an https URL with a host, at most 500 characters, no
 * spaces, quotes or angle brackets. It may hold {number}, filled with each parcel's number (a bulk shipment).
 */
export function isTrackingUrl(url: string): boolean {
  if (url.length > 500 || !/^https:\/\/[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?([/?#]\S*)?$/.test(url)) {
    return false;
  }
  const filled = url.replaceAll(TRACKING_NUMBER_PLACEHOLDER, 'N');
  return (
    !/[\s"'<>\\^`{}|]/.test(filled) && ![...filled].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  );
}

/** The carrier whose format the number has, when exactly one carrier prints numbers like it; else null. */
export function carrierOfNumber(number: string): Exclude<ShippingCarrier, 'OTHER'> | null {
  const normalized = normalizeTrackingNumber(number);
  const matches = CARRIER_FORMATS.filter((f) => f.pattern.test(normalized));
  return matches.length === 1 ? matches[0].carrier : null;
}

/** The carrier a shipping method names ("USPS Priority" → USPS), as a whole word; null when none or several. */
export function carrierOfMethod(method: string): Exclude<ShippingCarrier, 'OTHER'> | null {
  const named = CARRIER_FORMATS.filter((f) => new RegExp(`\\b${f.carrier}\\b`, 'i').test(method));
  return named.length === 1 ? named[0].carrier : null;
}

/** The carrier the ship dialog starts on: the number's, else the shop's shipping method's, else none. */
export const suggestedCarrier = (number: string, shippingMethod: string): ShippingCarrier | null =>
  carrierOfNumber(number) ?? carrierOfMethod(shippingMethod);

/**
 * Where the shopper follows a parcel shipped with `carrier` (chosen by the family): that carrier's tracking page,
 * or for OTHER the URL given with it ({number} filled in). An order shipped before carriers were chosen (no
 * carrier) keeps the old guess from the number's format and the shop's template.
 */
export function shipmentLink(
  number: string | null,
  carrier: ShippingCarrier | null,
  trackingUrl: string | null,
  template?: string | null,
): TrackingLink | null {
  const normalized = number ? normalizeTrackingNumber(number) : '';
  if (carrier === 'OTHER') {
    if (!trackingUrl || !isTrackingUrl(trackingUrl)) return null;
    return { carrier: null, url: trackingUrl.replaceAll(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(normalized)) };
  }
  if (!normalized) return null;
  if (carrier === null) return trackingLink(normalized, template);
  const format = CARRIER_FORMATS.find((f) => f.carrier === carrier);
  return format ? { carrier, url: format.url(encodeURIComponent(normalized)) } : null;
}
