import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  cartTotalsWithCoupon,
  discountedUnitPrice,
  hasEffectiveDiscount,
  lineTotal,
  orderTotals,
  orderTotalsWithCoupon,
  summaryLineAmount,
  summaryLineLabel,
  summaryLines,
  type CartLine,
} from './pricing';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  price: 10,
  quantity: 1,
  apply_discount: false,
  discount_unit: '%',
  discount_amount: 0,
  apply_shipping: false,
  ...over,
});

describe('discountedUnitPrice', () => {
  it('when apply_discount is off, then the list price stands even with a discount amount', () => {
    expect(discountedUnitPrice(line({ discount_amount: 50 }))).toBe(10);
  });
  it('when the discount is a percent, then that share of the price comes off', () => {
    expect(discountedUnitPrice(line({ apply_discount: true, discount_amount: 15, price: 19.9 }))).toBe(16.92);
  });
  it('when the discount is 100 percent, then the price is zero', () => {
    expect(discountedUnitPrice(line({ apply_discount: true, discount_amount: 100 }))).toBe(0);
  });
  it('when the percent is above 100, then the price stays at zero, never negative', () => {
    expect(discountedUnitPrice(line({ apply_discount: true, discount_amount: 150 }))).toBe(0);
  });
  it('when the discount is cash, then the amount is subtracted', () => {
    expect(discountedUnitPrice(line({ apply_discount: true, discount_unit: 'CASH', discount_amount: 2.5 }))).toBe(7.5);
  });
  it('when the cash discount is larger than the price, then the price is zero', () => {
    expect(discountedUnitPrice(line({ apply_discount: true, discount_unit: 'CASH', discount_amount: 12 }))).toBe(0);
  });
  it('when amounts carry float noise, then the result is rounded to cents', () => {
    expect(
      discountedUnitPrice(
        line({ price: 0.1 + 0.2, apply_discount: true, discount_unit: 'CASH', discount_amount: 0.1 }),
      ),
    ).toBe(0.2);
  });
  it('when the discount amount is negative, then the list price stands (a discount never raises a price)', () => {
    expect(discountedUnitPrice(line({ apply_discount: true, discount_amount: -20 }))).toBe(10);
    expect(discountedUnitPrice(line({ apply_discount: true, discount_unit: 'CASH', discount_amount: -5 }))).toBe(10);
  });
  it('when the discount amount is zero or missing, then there is no effective discount', () => {
    expect(hasEffectiveDiscount(line({ apply_discount: true, discount_amount: 0 }))).toBe(false);
    expect(hasEffectiveDiscount(line({ apply_discount: true, discount_amount: null }))).toBe(false);
    expect(hasEffectiveDiscount(line({ apply_discount: true, discount_amount: 1 }))).toBe(true);
  });
});

describe('cartTotals', () => {
  it('when the cart is empty, then every total is zero and no shipping is charged', () => {
    expect(cartTotals([], 5)).toEqual({ itemsTotal: 0, discountTotal: 0, subtotal: 0, shipping: 0, total: 0 });
  });
  it('when no line applies shipping, then the fee is not charged', () => {
    expect(cartTotals([line({ quantity: 2 })], 7.5).total).toBe(20);
  });
  it('when several lines apply shipping, then the fee is charged once', () => {
    const totals = cartTotals([line({ apply_shipping: true }), line({ apply_shipping: true, quantity: 3 })], 7.5);
    expect(totals.shipping).toBe(7.5);
    expect(totals.total).toBe(47.5);
  });
  it('when shipping is mixed, then one shipping line is enough for the fee', () => {
    expect(cartTotals([line(), line({ apply_shipping: true })], 4.99).total).toBe(24.99);
  });
  it('when lines are discounted, then the discount total is the difference to list prices', () => {
    const totals = cartTotals(
      [
        line({ price: 12.5, quantity: 2, apply_discount: true, discount_amount: 10 }),
        line({ price: 8, quantity: 3, apply_discount: true, discount_unit: 'CASH', discount_amount: 1.25 }),
      ],
      0,
    );
    expect(totals.itemsTotal).toBe(49);
    expect(totals.subtotal).toBe(22.5 + 20.25);
    expect(totals.discountTotal).toBe(6.25);
    expect(
      lineTotal(line({ price: 8, quantity: 3, apply_discount: true, discount_unit: 'CASH', discount_amount: 1.25 })),
    ).toBe(20.25);
  });
});

describe('orderTotals', () => {
  it('when an order recorded a shipment fee, then that fee is added once whatever the lines say', () => {
    const totals = orderTotals(
      [line({ price: 10, quantity: 2, apply_discount: true, discount_amount: 10 }), line({ price: 5 })],
      7.9,
    );
    expect(totals).toEqual({ itemsTotal: 25, discountTotal: 2, subtotal: 23, shipping: 7.9, total: 30.9 });
  });
  it('when the order was shipped free, then the total is the lines alone', () => {
    expect(orderTotals([line({ apply_shipping: true })], 0).total).toBe(10);
  });
});

describe('summaryLines (issue 31 §2)', () => {
  // 3 × $10.90 with $2.00 off: items 32.70 at full price, 6.00 of sale savings, goods 26.70; 10 % of 26.70 is
  // 2.67; shipping 7.90. Read down the column: 32.70 − 6.00 − 2.67 + 7.90 = 31.93.
  const saleLine = line({ price: 10.9, quantity: 3, apply_discount: true, discount_unit: 'CASH', discount_amount: 2 });
  const shippedSale = { ...saleLine, apply_shipping: true };

  it('when a cart has a sale, a code and shipping, then the rows are items, savings, shipping and total, and add up', () => {
    const totals = cartTotalsWithCoupon([shippedSale], 7.9, { kind: 'percent', amount: 10 });
    expect(summaryLines(totals, { couponCode: 'SUMMER10', shippingMethod: 'USPS Priority Mail' })).toEqual([
      { key: 'items', label: 'Items at full price', detail: null, cents: 3270 },
      { key: 'sale', label: 'Sale savings', detail: null, cents: -600 },
      { key: 'coupon', label: 'Discount code', detail: 'SUMMER10', cents: -267 },
      { key: 'shipping', label: 'Shipping', detail: 'USPS Priority Mail', cents: 790 },
      { key: 'total', label: 'Total', detail: null, cents: 3193 },
    ]);
  });

  it('when nothing is on sale, no code applies and nothing ships, then only items, a free shipping row and the total remain', () => {
    const totals = cartTotalsWithCoupon([line({ price: 12.5, quantity: 2 })], 7.9, null);
    expect(summaryLines(totals, { shipped: false, shippingMethod: 'USPS Priority Mail' })).toEqual([
      { key: 'items', label: 'Items', detail: null, cents: 2500 },
      { key: 'shipping', label: 'Shipping', detail: null, cents: 0, free: true },
      { key: 'total', label: 'Total', detail: null, cents: 2500 },
    ]);
  });

  it('when a paid order is shown, then its total is what PayPal charged, under its own label', () => {
    const totals = orderTotalsWithCoupon([saleLine], 7.9, 2.67);
    const lines = summaryLines(totals, { couponCode: 'SUMMER10', totalLabel: 'Total paid', totalCents: 3193 });
    expect(lines.map((l) => [summaryLineLabel(l), summaryLineAmount(l, 'USD')])).toEqual([
      ['Items at full price', '$32.70'],
      ['Sale savings', '−$6.00'],
      ['Discount code SUMMER10', '−$2.67'],
      ['Shipping', '$7.90'],
      ['Total paid', '$31.93'],
    ]);
  });

  it('when shipping is free, then its amount reads Free', () => {
    const [, shipping] = summaryLines(cartTotalsWithCoupon([line()], 0, null));
    expect(summaryLineAmount(shipping, 'EUR')).toBe('Free');
  });
});
