import { type DiscountUnit, PERCENT_UNIT } from './enums';
import { fromCents, toCents } from './money';

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
