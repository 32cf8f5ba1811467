import { describe, expect, it } from 'vitest';
import { formatCents, orderFigures, refundState, sumFigures } from './ledger';

describe('orderFigures', () => {
  it('when an order of $70.00 paid $2.93 in fees and had $12.50 refunded and $20.00 reversed, then Refunds is $32.50, Sales $37.50 and Net $34.57', () => {
    expect(
      orderFigures({
        transaction_gross_amount: '70.00',
        transaction_paypal_fee: '2.93',
        transaction_refunded_amount: '12.50',
        transaction_reversed_amount: '20.00',
      }),
    ).toEqual({ grossCents: 7000, refundsCents: 3250, feesCents: 293, salesCents: 3750, netCents: 3457 });
  });

  it('when PayPal wrote the fee as a negative amount, then it is still a cost of $1.64', () => {
    expect(orderFigures({ transaction_gross_amount: '25.00', transaction_paypal_fee: '-1.64' })).toEqual({
      grossCents: 2500,
      refundsCents: 0,
      feesCents: 164,
      salesCents: 2500,
      netCents: 2336,
    });
  });

  it('when the fields are missing or not numbers, then they count as nothing', () => {
    expect(orderFigures({ transaction_gross_amount: 'abc', transaction_refunded_amount: null })).toEqual({
      grossCents: 0,
      refundsCents: 0,
      feesCents: 0,
      salesCents: 0,
      netCents: 0,
    });
  });
});

describe('sumFigures', () => {
  it('when two orders are summed, then each figure is the sum of both', () => {
    const a = orderFigures({ transaction_gross_amount: '10.10', transaction_paypal_fee: '0.79' });
    const b = orderFigures({
      transaction_gross_amount: '20.20',
      transaction_paypal_fee: '1.08',
      transaction_refunded_amount: '20.20',
    });
    expect(sumFigures([a, b])).toEqual({
      grossCents: 3030,
      refundsCents: 2020,
      feesCents: 187,
      salesCents: 1010,
      netCents: 823,
    });
  });
});

describe('refundState', () => {
  it('when nothing went back, then NONE; part of it, PARTLY; all of it by refunds and a reversal together, FULLY', () => {
    expect(refundState({ transaction_gross_amount: '70.00', transaction_refunded_amount: '0.00' })).toBe('NONE');
    expect(refundState({ transaction_gross_amount: '70.00', transaction_refunded_amount: '69.99' })).toBe('PARTLY');
    expect(
      refundState({
        transaction_gross_amount: '70.00',
        transaction_refunded_amount: '30.00',
        transaction_reversed_amount: '40.00',
      }),
    ).toBe('FULLY');
  });
});

describe('formatCents', () => {
  it('when the amount is negative, then the minus sign comes before the symbol: −$2.93', () => {
    expect(formatCents(-293, 'USD')).toBe('\u2212$2.93');
    expect(formatCents(-690, 'EUR')).toBe('\u2212€6.90');
    expect(formatCents(293, 'USD')).toBe('$2.93');
  });
});
