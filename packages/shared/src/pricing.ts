import { formatLongDate } from './dates';
import { type DiscountUnit, PERCENT_UNIT } from './enums';
import { formatMoney, fromCents, toCents } from './money';

/** The fields of a product (or an order line) that decide what one unit costs. */
export interface PriceRule {
  price: number;
  apply_discount: boolean;
  discount_unit: DiscountUnit | string | null | undefined;
  discount_amount: number | null | undefined;
}

export interface PricedQuantity extends PriceRule {
  quantity: number;
}

export interface CartLine extends PricedQuantity {
  apply_shipping: boolean;
}

export interface CartTotals {
  /** Sum of list price × quantity, before discounts. */
  itemsTotal: number;
  /** What the discounts take off, over all lines. */
  discountTotal: number;
  /** itemsTotal − discountTotal. */
  subtotal: number;
  /** The flat shipment fee, charged once when any line applies shipping. */
  shipping: number;
  total: number;
}

/**
 * Price of one unit after its discount (SPEC §9): percent takes that share of the price, cash subtracts the
 * amount. A discount only counts when apply_discount is set, and a price never goes below zero.
 */
export function discountedUnitPrice(rule: PriceRule): number {
  return fromCents(discountedUnitCents(rule));
}

function discountedUnitCents(rule: PriceRule): number {
  const priceCents = Math.max(0, toCents(rule.price));
  const amount = rule.discount_amount ?? 0;
  if (!rule.apply_discount || !(amount > 0)) return priceCents;
  if (rule.discount_unit === PERCENT_UNIT) {
    const percent = Math.min(amount, 100);
    // The shopper sees the discounted price, so that is what is rounded (half up), not the discount.
    return Math.max(0, Math.round((priceCents * (100 - percent)) / 100));
  }
  return Math.max(0, priceCents - toCents(amount));
}

/** True when the product is actually sold below its list price. */
export const hasEffectiveDiscount = (rule: PriceRule): boolean =>
  discountedUnitCents(rule) < Math.max(0, toCents(rule.price));

export function lineTotal(line: PricedQuantity): number {
  return fromCents(discountedUnitCents(line) * line.quantity);
}

export function cartTotals(lines: readonly CartLine[], shipmentAmount: number): CartTotals {
  let itemsCents = 0;
  let subtotalCents = 0;
  for (const line of lines) {
    itemsCents += Math.max(0, toCents(line.price)) * line.quantity;
    subtotalCents += discountedUnitCents(line) * line.quantity;
  }
  const shippingCents = lines.some((l) => l.apply_shipping) ? Math.max(0, toCents(shipmentAmount)) : 0;
  return {
    itemsTotal: fromCents(itemsCents),
    discountTotal: fromCents(itemsCents - subtotalCents),
    subtotal: fromCents(subtotalCents),
    shipping: fromCents(shippingCents),
    total: fromCents(subtotalCents + shippingCents),
  };
}

/**
 * A paid order's totals: its lines as priced at payment, plus the shipment fee recorded on the order
 * (not recomputed from the lines, whose shipping flags may have changed since).
 */
export function orderTotals(lines: readonly PricedQuantity[], shipmentAmount: number): CartTotals {
  const goods = cartTotals(
    lines.map((line) => ({ ...line, apply_shipping: false })),
    0,
  );
  const shippingCents = Math.max(0, toCents(shipmentAmount));
  return { ...goods, shipping: fromCents(shippingCents), total: fromCents(toCents(goods.subtotal) + shippingCents) };
}

// ---------------------------------------------------------------------------------------------------------
// Discount codes (issue 24 §3)

export const COUPON_KINDS = ['percent', 'cash'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** The terms of a discount code that decide what it takes off. */
export interface CouponTerms {
  kind: CouponKind;
  /** A percent (0–100) or a cash amount in the shop's currency. */
  amount: number;
}

/**
 * What a discount code takes off the goods, in cents, from the goods' subtotal in cents (after the products'
 * own discounts, never the shipping). A percent is rounded to the cent half up; cash never takes more than
 * the goods. Whole-number arithmetic on hundredths of a percent, so 12.5 % of 10.10 is exact.
 */
export function couponDiscount(subtotalCents: number, coupon: CouponTerms): number {
  const goods = Math.max(0, Math.round(subtotalCents));
  if (!(coupon.amount > 0)) return 0;
  if (coupon.kind === 'percent') {
    const hundredths = Math.round(Math.min(coupon.amount, 100) * 100);
    return Math.floor((goods * hundredths + 5000) / 10000);
  }
  return Math.min(goods, toCents(coupon.amount));
}

export interface CartTotalsWithCoupon extends CartTotals {
  /** What the discount code takes off the goods (0 without one). */
  couponDiscount: number;
}

/** cartTotals with a discount code applied to the goods' subtotal: the cart and payments/create both use it. */
export function cartTotalsWithCoupon(
  lines: readonly CartLine[],
  shipmentAmount: number,
  coupon: CouponTerms | null,
): CartTotalsWithCoupon {
  const totals = cartTotals(lines, shipmentAmount);
  const subtotalCents = toCents(totals.subtotal);
  const offCents = coupon ? couponDiscount(subtotalCents, coupon) : 0;
  return {
    ...totals,
    couponDiscount: fromCents(offCents),
    total: fromCents(subtotalCents - offCents + toCents(totals.shipping)),
  };
}

/** A paid order's totals with the discount its code took off (recorded on the order, never recomputed). */
export function orderTotalsWithCoupon(
  lines: readonly PricedQuantity[],
  shipmentAmount: number,
  couponDiscountAmount: number | null | undefined,
): CartTotalsWithCoupon {
  const totals = orderTotals(lines, shipmentAmount);
  const offCents = Math.max(0, toCents(couponDiscountAmount ?? 0));
  return {
    ...totals,
    couponDiscount: fromCents(offCents),
    total: fromCents(toCents(totals.total) - offCents),
  };
}

/** What the shop knows of a code when it decides whether a cart may use it. */
export interface CouponRules extends CouponTerms {
  code: string;
  active: boolean;
  min_subtotal: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  uses_count: number;
}

/** Letters, digits, "-" and "_", 3 to 32 of them; stored and matched in capitals. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** A code as stored and as matched: surrounding spaces dropped, upper case ("summer10 " is SUMMER10). */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/**
 * Why a code cannot be used on goods worth `subtotal` at `now`, in words for the shopper, or null when it
 * can. `money` formats an amount (the shop's currency); a date reads as the shop's others do ("March 31st,
 * 2024", SPEC §9, issue 31 §6), in the local time of whoever formats it.
 */
export function couponRefusal(
  coupon: CouponRules | null,
  code: string,
  subtotal: number | null,
  now: Date,
  money: (n: number) => string = (n) => n.toFixed(2),
): string | null {
  const shown = normalizeCouponCode(code);
  if (!coupon) return `The discount code ${shown} does not exist`;
  if (!coupon.active) return `The discount code ${shown} is not active`;
  if (coupon.starts_at && Date.parse(coupon.starts_at) > now.getTime()) {
    return `The discount code ${shown} is valid from ${formatLongDate(coupon.starts_at)}`;
  }
  if (coupon.ends_at && Date.parse(coupon.ends_at) <= now.getTime()) {
    return `The discount code ${shown} expired on ${formatLongDate(coupon.ends_at)}`;
  }
  if (coupon.max_uses !== null && coupon.uses_count >= coupon.max_uses) {
    return `The discount code ${shown} has been used up`;
  }
  if (subtotal !== null && coupon.min_subtotal !== null && toCents(subtotal) < toCents(coupon.min_subtotal)) {
    return `The discount code ${shown} needs goods worth at least ${money(coupon.min_subtotal)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The order summary (issue 31 §2)

export type SummaryLineKey = 'items' | 'sale' | 'coupon' | 'shipping' | 'total';

/** One row of a cart or order summary: what the cart page, the order page, the mails and the invoice print. */
export interface SummaryLine {
  key: SummaryLineKey;
  /** "Items at full price", "Sale savings", "Discount code", "Shipping", "Total paid". */
  label: string;
  /** Said under the label on screens, after it on paper: the code, the shipping method; null: nothing. */
  detail: string | null;
  /** Signed: savings are negative, so the rows above the total add up to it. */
  cents: number;
  /** Shipping that nothing in the cart applies: written "Free" rather than $0.00. */
  free?: boolean;
}

export interface SummaryOptions {
  /** The discount code, when one took something off. */
  couponCode?: string | null;
  /** False when no line applies shipping (the cart): the shipping row reads "Free". */
  shipped?: boolean;
  shippingMethod?: string | null;
  /** Collected at the market (issue 32 §4): the shipping row reads $0.00 beside "Pick up at the market". */
  pickup?: boolean;
  totalLabel?: string;
  /** What was actually charged (a paid order's gross), when it is known; otherwise the totals' total. */
  totalCents?: number;
}

/**
 * The summary read from top to bottom as a sum: items at full price, then each saving with its minus (the
 * products' own sale prices, the discount code), then shipping, then the total. The lines above the summary
 * show sale prices, so the sale's saving is a row of its own rather than hidden in a subtotal. A saving of
 * nothing is left out; items, shipping and the total are always there.
 */
export function summaryLines(totals: CartTotalsWithCoupon, options: SummaryOptions = {}): SummaryLine[] {
  const saleCents = toCents(totals.discountTotal);
  const couponCents = toCents(totals.couponDiscount);
  const shippingCents = toCents(totals.shipping);
  const lines: SummaryLine[] = [
    {
      key: 'items',
      label: saleCents > 0 ? 'Items at full price' : 'Items',
      detail: null,
      cents: toCents(totals.itemsTotal),
    },
  ];
  if (saleCents > 0) lines.push({ key: 'sale', label: 'Sale savings', detail: null, cents: -saleCents });
  if (couponCents > 0) {
    lines.push({ key: 'coupon', label: 'Discount code', detail: options.couponCode || null, cents: -couponCents });
  }
  const free = options.shipped === false || shippingCents === 0;
  if (options.pickup) {
    lines.push({ key: 'shipping', label: 'Shipping', detail: 'Pick up at the market', cents: 0 });
  } else
    lines.push({
      key: 'shipping',
      label: 'Shipping',
      detail: free ? null : options.shippingMethod || null,
      cents: free ? 0 : shippingCents,
      ...(free ? { free: true } : {}),
    });
  lines.push({
    key: 'total',
    label: options.totalLabel ?? 'Total',
    detail: null,
    cents: options.totalCents ?? toCents(totals.total),
  });
  return lines;
}

/** A summary row's label on one line (mails, the invoice): "Discount code SUMMER10". */
export const summaryLineLabel = (line: SummaryLine): string =>
  line.key === 'coupon' && line.detail ? `${line.label} ${line.detail}` : line.label;

/** A summary row's amount as text: "−$2.67", "Free". */
export const summaryLineAmount = (line: SummaryLine, currencyCode?: string | null): string =>
  line.free ? 'Free' : formatMoney(line.cents / 100, currencyCode);
