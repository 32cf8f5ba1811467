import { describe, expect, it } from 'vitest';
import {
  cartTotalsWithCoupon,
  couponDiscount,
  couponRefusal,
  normalizeCouponCode,
  orderTotalsWithCoupon,
  type CartLine,
  type CouponRules,
} from './pricing';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  price: 12.5,
  quantity: 2,
  apply_discount: false,
  discount_unit: '%',
  discount_amount: 0,
  apply_shipping: true,
  ...over,
});

const rules = (over: Partial<CouponRules> = {}): CouponRules => ({
  code: 'SUMMER10',
  kind: 'percent',
  amount: 10,
  active: true,
  min_subtotal: null,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  uses_count: 0,
  ...over,
});

describe('couponDiscount', () => {
  it('when 10 percent is taken off 25.00, then it is 2.50', () => {
    expect(couponDiscount(2500, { kind: 'percent', amount: 10 })).toBe(250);
  });
  it('when 15 percent of 0.10 is 1.5 cents, then it rounds half up to 2 cents', () => {
    expect(couponDiscount(10, { kind: 'percent', amount: 15 })).toBe(2);
  });
  it('when 12.5 percent of 10.10 is 126.25 cents, then it is 1.26', () => {
    expect(couponDiscount(1010, { kind: 'percent', amount: 12.5 })).toBe(126);
  });
  it('when 10 percent of 0.05 is half a cent, then it is 1 cent (half up)', () => {
    expect(couponDiscount(5, { kind: 'percent', amount: 10 })).toBe(1);
  });
  it('when 10 percent of 0.04 is 0.4 cents, then nothing comes off', () => {
    expect(couponDiscount(4, { kind: 'percent', amount: 10 })).toBe(0);
  });
  it('when the percent is above 100, then at most the goods come off', () => {
    expect(couponDiscount(1999, { kind: 'percent', amount: 150 })).toBe(1999);
  });
  it('when 5.00 cash is taken off 25.00, then it is 5.00', () => {
    expect(couponDiscount(2500, { kind: 'cash', amount: 5 })).toBe(500);
  });
  it('when 30.00 cash is more than the goods of 25.00, then it takes 25.00 only', () => {
    expect(couponDiscount(2500, { kind: 'cash', amount: 30 })).toBe(2500);
  });
  it('when the amount is 0 or negative, then nothing comes off', () => {
    expect(couponDiscount(2500, { kind: 'cash', amount: 0 })).toBe(0);
    expect(couponDiscount(2500, { kind: 'percent', amount: -10 })).toBe(0);
  });
});

describe('cartTotalsWithCoupon', () => {
  it('when 2 × 12.50 goods with 7.90 shipping get 10 percent off, then 2.50 comes off and the total is 30.40', () => {
    expect(cartTotalsWithCoupon([line()], 7.9, { kind: 'percent', amount: 10 })).toEqual({
      itemsTotal: 25,
      discountTotal: 0,
      subtotal: 25,
      shipping: 7.9,
      couponDiscount: 2.5,
      total: 30.4,
    });
  });
  it('when the products have their own 20 percent off, then the code applies to what is left (20.00 → 2.00 off)', () => {
    const totals = cartTotalsWithCoupon([line({ apply_discount: true, discount_amount: 20 })], 7.9, {
      kind: 'percent',
      amount: 10,
    });
    expect(totals).toMatchObject({ itemsTotal: 25, discountTotal: 5, subtotal: 20, couponDiscount: 2, total: 25.9 });
  });
  it('when a 40.00 cash code meets 25.00 goods and 7.90 shipping, then the goods are free and the shipping is paid', () => {
    expect(cartTotalsWithCoupon([line()], 7.9, { kind: 'cash', amount: 40 })).toMatchObject({
      couponDiscount: 25,
      total: 7.9,
    });
  });
  it('when there is no code, then the totals are the cart totals and nothing comes off', () => {
    expect(cartTotalsWithCoupon([line()], 7.9, null)).toMatchObject({ couponDiscount: 0, total: 32.9 });
  });
});

describe('orderTotalsWithCoupon', () => {
  it('when an order of 2 × 12.50 with 7.90 shipping recorded 2.50 off, then its total is 30.40', () => {
    expect(orderTotalsWithCoupon([line()], 7.9, 2.5)).toMatchObject({ couponDiscount: 2.5, total: 30.4 });
  });
  it('when an order has no code, then nothing comes off', () => {
    expect(orderTotalsWithCoupon([line()], 7.9, null)).toMatchObject({ couponDiscount: 0, total: 32.9 });
  });
});

describe('couponRefusal', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('when the code is valid, then there is no refusal', () => {
    expect(couponRefusal(rules(), 'summer10', 25, now)).toBe(null);
  });
  it('when the code is unknown, then it says so with the code in capitals', () => {
    expect(couponRefusal(null, ' nope ', 25, now)).toBe('The discount code NOPE does not exist');
  });
  it('when the code is not active, then it says so', () => {
    expect(couponRefusal(rules({ active: false }), 'summer10', 25, now)).toBe(
      'The discount code SUMMER10 is not active',
    );
  });
  // Noon UTC, so the day is the same in every time zone the test may run in.
  it("when the code starts tomorrow, then it says from when in the shop's date format", () => {
    expect(couponRefusal(rules({ starts_at: '2026-06-16T12:00:00.000Z' }), 'SUMMER10', 25, now)).toBe(
      'The discount code SUMMER10 is valid from June 16th, 2026',
    );
  });
  it("when the code ended yesterday, then it says it expired, in the shop's date format", () => {
    expect(couponRefusal(rules({ ends_at: '2026-06-14T12:00:00.000Z' }), 'SUMMER10', 25, now)).toBe(
      'The discount code SUMMER10 expired on June 14th, 2026',
    );
  });
  it('when every use is taken, then it says it is used up', () => {
    expect(couponRefusal(rules({ max_uses: 3, uses_count: 3 }), 'SUMMER10', 25, now)).toBe(
      'The discount code SUMMER10 has been used up',
    );
    expect(couponRefusal(rules({ max_uses: 3, uses_count: 2 }), 'SUMMER10', 25, now)).toBe(null);
  });
  it('when the goods are 29.99 and the minimum is 30.00, then it names the minimum; at 30.00 it is taken', () => {
    expect(couponRefusal(rules({ min_subtotal: 30 }), 'SUMMER10', 29.99, now)).toBe(
      'The discount code SUMMER10 needs goods worth at least 30.00',
    );
    expect(couponRefusal(rules({ min_subtotal: 30 }), 'SUMMER10', 30, now)).toBe(null);
  });
  it('when codes differ only in case and spaces, then they are one code', () => {
    expect(normalizeCouponCode('  Summer10 ')).toBe('SUMMER10');
  });
});
