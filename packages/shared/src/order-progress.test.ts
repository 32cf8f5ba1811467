import { describe, expect, it } from 'vitest';
import { orderProgress } from './order-progress';

const headlineOf = (input: Parameters<typeof orderProgress>[0]) => {
  const p = orderProgress(input);
  return [p.key, p.eyebrow, p.headline, p.thanks];
};

describe('orderProgress', () => {
  it('when the order is new or being prepared and nothing went back, then it thanks the shopper and says so', () => {
    expect(headlineOf({ status: 'NEW', refundState: 'NONE', trackingNumber: null })).toEqual([
      'RECEIVED',
      'Order received',
      'Thank you for your order!',
      true,
    ]);
    expect(orderProgress({ status: 'NEW', refundState: 'NONE', trackingNumber: null }).text).toBe(
      'We have received your order and will pack it with care.',
    );
    expect(headlineOf({ status: 'PROCESSING', refundState: 'NONE', trackingNumber: null })).toEqual([
      'PREPARING',
      'Being prepared',
      'We are preparing your order',
      true,
    ]);
  });

  it('when the order has shipped, then it leads with the parcel and its tracking number, without the thanks', () => {
    expect(orderProgress({ status: 'SHIPPED', refundState: 'NONE', trackingNumber: '9400111899223100012345' })).toEqual(
      {
        key: 'SHIPPED',
        eyebrow: 'Order shipped',
        headline: 'Your order is on its way',
        text: 'Your parcel has left our shop. Its tracking number is 9400111899223100012345.',
        thanks: false,
      },
    );
    expect(orderProgress({ status: 'SHIPPED', refundState: 'NONE', trackingNumber: null }).text).toBe(
      'Your parcel has left our shop.',
    );
  });

  it('when a shipped or delivered order was partly refunded, then the parcel leads and the refund is said', () => {
    expect(orderProgress({ status: 'SHIPPED', refundState: 'PARTLY', trackingNumber: null }).text).toBe(
      'Your parcel has left our shop. Part of your payment was refunded to your PayPal account.',
    );
    expect(headlineOf({ status: 'DELIVERED', refundState: 'PARTLY', trackingNumber: null })).toEqual([
      'DELIVERED',
      'Order delivered',
      'Your order has arrived',
      false,
    ]);
  });

  it('when all the money went back, then the order reads refunded whatever its status, unless it was cancelled', () => {
    for (const status of ['NEW', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED'] as const) {
      expect(headlineOf({ status, refundState: 'FULLY', trackingNumber: null })).toEqual([
        'REFUNDED',
        'Order refunded',
        'Your order was refunded',
        false,
      ]);
    }
    expect(orderProgress({ status: 'CANCELLED', refundState: 'FULLY', trackingNumber: null })).toEqual({
      key: 'CANCELLED',
      eyebrow: 'Order cancelled',
      headline: 'Your order was cancelled',
      text: 'We will not send it. Your payment was refunded in full to your PayPal account.',
      thanks: false,
    });
  });

  it('when an unshipped order was partly refunded, then the page leads with the partial refund', () => {
    expect(headlineOf({ status: 'PROCESSING', refundState: 'PARTLY', trackingNumber: null })).toEqual([
      'PARTLY_REFUNDED',
      'Partly refunded',
      'Part of your payment was refunded',
      false,
    ]);
  });

  it('when the order was cancelled without a refund, then it says it will not be sent', () => {
    expect(orderProgress({ status: 'CANCELLED', refundState: 'NONE', trackingNumber: null }).text).toBe(
      'We will not send it. If you have a question about your payment, please write to us.',
    );
    expect(headlineOf({ status: 'COMPLETED', refundState: 'NONE', trackingNumber: null })).toEqual([
      'COMPLETED',
      'Order completed',
      'Your order is complete',
      false,
    ]);
  });

  it('when any order is past being prepared, then it never reads the thanks of the day it was paid', () => {
    for (const status of ['SHIPPED', 'DELIVERED', 'CANCELLED', 'COMPLETED'] as const) {
      for (const refundState of ['NONE', 'PARTLY', 'FULLY'] as const) {
        const p = orderProgress({ status, refundState, trackingNumber: 'X1' });
        expect([p.headline, p.text].join(' ')).not.toMatch(/Thank you for your order|pack it with care/);
      }
    }
  });
});
