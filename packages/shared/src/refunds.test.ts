import { describe, expect, it } from 'vitest';
import {
  amountCents,
  cancelledWithoutRefund,
  mayRestock,
  REFUND_SOURCES,
  REFUND_STATUSES,
  refundTotals,
} from './refunds';
import { refundCreateSchema } from './admin-api';

describe('cancelledWithoutRefund', () => {
  it('when a cancelled order was paid and nothing went back, then it says so', () => {
    expect(cancelledWithoutRefund({ status: 'CANCELLED', transaction_status: 'COMPLETED' })).toBe(true);
  });

  it('when a cancelled order was refunded in part, then some of the money is still kept', () => {
    expect(cancelledWithoutRefund({ status: 'CANCELLED', transaction_status: 'PARTIALLY_REFUNDED' })).toBe(true);
  });

  it('when a cancelled order was refunded in full, or never captured, then nothing is owed', () => {
    expect(cancelledWithoutRefund({ status: 'CANCELLED', transaction_status: 'REFUNDED' })).toBe(false);
    expect(cancelledWithoutRefund({ status: 'CANCELLED', transaction_status: 'PENDING' })).toBe(false);
    expect(cancelledWithoutRefund({ status: 'CANCELLED', transaction_status: '' })).toBe(false);
  });

  it('when the order is not cancelled, then it is not flagged whatever its payment', () => {
    for (const status of ['NEW', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED']) {
      expect(cancelledWithoutRefund({ status, transaction_status: 'COMPLETED' }), status).toBe(false);
    }
  });
});

describe('refund enumerations', () => {
  it('when listed, then the statuses and sources are the ones the server stores', () => {
    expect(REFUND_STATUSES).toEqual(['REQUESTED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED']);
    expect(REFUND_SOURCES).toEqual(['shop', 'paypal', 'automatic']);
  });
});

describe('refundCreateSchema', () => {
  const issues = (input: unknown) => {
    const parsed = refundCreateSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('when an amount with two decimals and a reason are given, then both are kept, trimmed', () => {
    expect(refundCreateSchema.parse({ amount: ' 12.50 ', reason: '  Broken bottle ' })).toEqual({
      amount: '12.50',
      reason: 'Broken bottle',
    });
  });

  it('when no amount is given, then the rest is meant', () => {
    expect(refundCreateSchema.parse({ reason: 'Cancelled' })).toEqual({ reason: 'Cancelled' });
  });

  it('when the amount has whole units or one decimal, then it is accepted', () => {
    expect(issues({ amount: '7', reason: 'r' })).toEqual([]);
    expect(issues({ amount: '7.5', reason: 'r' })).toEqual([]);
    expect(issues({ amount: '9999999.99', reason: 'r' })).toEqual([]);
  });

  it('when the amount is zero, negative, has three decimals, is too long or not a string, then it is refused', () => {
    const format = 'amount: An amount like 12.50: digits, with at most two decimals';
    expect(issues({ amount: '0', reason: 'r' })).toEqual(['amount: The amount must be more than 0']);
    expect(issues({ amount: '0.00', reason: 'r' })).toEqual(['amount: The amount must be more than 0']);
    // Both checks run: the sign breaks the format and the value is not above zero.
    expect(issues({ amount: '-5.00', reason: 'r' })).toEqual([format, 'amount: The amount must be more than 0']);
    expect(issues({ amount: '1.005', reason: 'r' })).toEqual([format]);
    expect(issues({ amount: '12345678', reason: 'r' })).toEqual([format]);
    expect(issues({ amount: '1e3', reason: 'r' })).toEqual([format]);
    expect(issues({ amount: 12.5, reason: 'r' })).toEqual(['amount: Invalid input: expected string, received number']);
  });

  it('when the reason is empty, too long or holds control characters, then it is refused', () => {
    expect(issues({ reason: '   ' })).toEqual(['reason: Say why the money goes back']);
    expect(issues({ reason: 'x'.repeat(501) })).toEqual(['reason: A reason has 500 characters at most']);
    expect(issues({ reason: 'x'.repeat(500) })).toEqual([]);
    expect(issues({ reason: 'bad\u0007bell' })).toEqual(['reason: The reason contains control characters']);
    expect(issues({ reason: 'two\nlines' })).toEqual([]);
  });

  it('when another field is sent, then the body is refused', () => {
    expect(issues({ reason: 'r', capture_id: 'X' })).toEqual([': Unrecognized key: "capture_id"']);
  });
});

describe('amountCents', () => {
  it('when an amount is a stored string, then it is read in cents, a negative net included', () => {
    expect(amountCents('32.90')).toBe(3290);
    expect(amountCents('12.5')).toBe(1250);
    expect(amountCents('-1.64')).toBe(-164);
    expect(amountCents(' 0.07 ')).toBe(7);
    expect(amountCents(19.99)).toBe(1999);
  });

  it('when the value is empty or not a number, then it counts as 0', () => {
    expect(amountCents('')).toBe(0);
    expect(amountCents(null)).toBe(0);
    expect(amountCents(undefined)).toBe(0);
    expect(amountCents('abc')).toBe(0);
  });
});

describe('refundTotals', () => {
  it('when 12.50 went back, 5.00 is pending, 3.00 was refused and 1.00 is asked, then 14.40 of 32.90 is left', () => {
    const totals = refundTotals('32.90', [
      { status: 'COMPLETED', amount: '12.50' },
      { status: 'PENDING', amount: '5.00' },
      { status: 'FAILED', amount: '3.00' },
      { status: 'REQUESTED', amount: '1.00' },
      { status: 'CANCELLED', amount: '2.00' },
    ]);
    // 32.90 − (12.50 + 5.00 + 1.00) = 14.40; refused and cancelled ones hold nothing.
    expect(totals).toEqual({ captured: 3290, refunded: 1250, committed: 1850, left: 1440 });
  });

  it('when everything went back, then nothing is left, never less than nothing', () => {
    expect(refundTotals('32.90', [{ status: 'COMPLETED', amount: '32.90' }]).left).toBe(0);
    expect(refundTotals('10.00', [{ status: 'COMPLETED', amount: '12.00' }]).left).toBe(0);
  });

  it('when there are no refunds, then the whole capture is left', () => {
    expect(refundTotals('32.90', [])).toEqual({ captured: 3290, refunded: 0, committed: 0, left: 3290 });
  });
});

describe('mayRestock', () => {
  it('when an order is cancelled or had 12.50 refunded, then its units may go back; a paid open order may not', () => {
    expect(mayRestock({ status: 'CANCELLED', transaction_refunded_amount: '0.00' })).toBe(true);
    expect(mayRestock({ status: 'PROCESSING', transaction_refunded_amount: '12.50' })).toBe(true);
    expect(mayRestock({ status: 'PROCESSING', transaction_refunded_amount: '0.00' })).toBe(false);
    expect(mayRestock({ status: 'DELIVERED', transaction_refunded_amount: null })).toBe(false);
  });
});
