import { describe, expect, it } from 'vitest';
import {
  CASH_UNIT,
  DEFAULT_FORM_QUANTITY_UNIT,
  FALLBACK_QUANTITY_UNIT,
  NOTIFICATION_TYPE_COLORS,
  ORDER_STATUS_DISPLAY,
  PAYMENT_STATUS_TEXT,
  PAYMENT_STATUSES,
  paymentStatusText,
  PERCENT_UNIT,
  RECORD_STATUS_COLORS,
} from './enums';

describe('the display texts and colours of SPEC §4', () => {
  it('when an order status is shown as a tag, then it reads SPEC §4’s text in its colour', () => {
    expect(ORDER_STATUS_DISPLAY.NEW).toEqual({ text: 'Order Received', color: 'blue' });
    expect(ORDER_STATUS_DISPLAY.PROCESSING).toEqual({ text: 'Order Processing', color: 'yellow' });
    expect(ORDER_STATUS_DISPLAY.SHIPPED).toEqual({ text: 'Shipped to destination address', color: 'cyan' });
    expect(ORDER_STATUS_DISPLAY.DELIVERED).toEqual({ text: 'Delivered to destination address', color: 'cyan' });
    expect(ORDER_STATUS_DISPLAY.CANCELLED).toEqual({ text: 'Order Cancelled', color: 'red' });
    expect(ORDER_STATUS_DISPLAY.COMPLETED).toEqual({ text: 'Order Completed', color: 'green' });
  });

  it('when a notification type is shown as a tag, then info is blue and contact volcano', () => {
    expect(NOTIFICATION_TYPE_COLORS).toEqual({ info: 'blue', contact: 'volcano' });
  });

  it('when a record status is shown as a tag, then each has SPEC §4’s colour', () => {
    expect(RECORD_STATUS_COLORS).toEqual({
      new: 'blue',
      read: 'cyan',
      resolved: 'green',
      approved: 'green',
      deleted: 'red',
    });
  });
});

describe('the product form’s units (SPEC §4, §5)', () => {
  it('when the form opens, then the quantity unit is Ml; an empty one on submit becomes Oz', () => {
    expect(DEFAULT_FORM_QUANTITY_UNIT).toBe('Ml');
    expect(FALLBACK_QUANTITY_UNIT).toBe('Oz');
  });

  it('when a discount unit is stored, then a percentage is % and an amount CASH', () => {
    expect(PERCENT_UNIT).toBe('%');
    expect(CASH_UNIT).toBe('CASH');
  });
});

describe('payment statuses as words (issue 30 §1)', () => {
  it('when a stored payment status is shown, then it reads as words, whatever its case', () => {
    expect(paymentStatusText('PARTIALLY_REFUNDED')).toBe('Partially refunded');
    expect(paymentStatusText('partially_refunded')).toBe('Partially refunded');
    expect(paymentStatusText('COMPLETED')).toBe('Completed');
    expect(paymentStatusText('REFUNDED')).toBe('Refunded');
    expect(paymentStatusText('CAPTURING')).toBe('Being captured');
    expect(paymentStatusText('REVERSED')).toBe('Reversed');
  });

  it('when every payment status the shop stores is looked up, then each has its own words', () => {
    for (const status of PAYMENT_STATUSES) expect(PAYMENT_STATUS_TEXT[status]).toMatch(/^[A-Z][a-z ]+$/);
  });

  it('when PayPal sends a status the table does not know, then it is still words; empty stays empty', () => {
    expect(paymentStatusText('UNDER_REVIEW')).toBe('Under review');
    expect(paymentStatusText('')).toBe('');
    expect(paymentStatusText(null)).toBe('');
    expect(paymentStatusText('toString')).toBe('Tostring');
  });
});
