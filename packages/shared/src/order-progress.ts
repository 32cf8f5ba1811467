import type { OrderStatus } from './enums';
import type { RefundState } from './ledger';

/**
 * What the shopper's order page leads with (issue 30 §1): what is true of the order now, never the thanks of
 * the day it was paid once it has shipped, been refunded or been cancelled. Money that went back leads over
 * the parcel's progress while the order has not left (a fully refunded order is not being prepared); once it
 * has left, the parcel leads and a partial refund is said in the text.
 */
export type OrderProgressKey =
  'RECEIVED' | 'PREPARING' | 'PARTLY_REFUNDED' | 'REFUNDED' | 'SHIPPED' | 'DELIVERED' | 'COMPLETED' | 'CANCELLED';

export interface OrderProgressInput {
  status: OrderStatus;
  refundState: RefundState;
  /** The carrier's tracking number given when the order was marked shipped; null without one. */
  trackingNumber: string | null;
}

export interface OrderProgress {
  key: OrderProgressKey;
  /** The small line above the headline. */
  eyebrow: string;
  headline: string;
  /** What it means for the shopper, in a sentence or two. */
  text: string;
  /** Whether the page thanks the shopper by name first (a new or prepared order only). */
  thanks: boolean;
}

const PARTLY_REFUNDED_NOTE = 'Part of your payment was refunded to your PayPal account.';

function parcelText(lead: string, trackingNumber: string | null): string {
  return trackingNumber ? `${lead} Its tracking number is ${trackingNumber}.` : lead;
}

export function orderProgress({ status, refundState, trackingNumber }: OrderProgressInput): OrderProgress {
  const partlyNote = refundState === 'PARTLY' ? ` ${PARTLY_REFUNDED_NOTE}` : '';
  if (status === 'CANCELLED') {
    return {
      key: 'CANCELLED',
      eyebrow: 'Order cancelled',
      headline: 'Your order was cancelled',
      text:
        refundState === 'FULLY'
          ? 'We will not send it. Your payment was refunded in full to your PayPal account.'
          : refundState === 'PARTLY'
            ? `We will not send it. ${PARTLY_REFUNDED_NOTE}`
            : 'We will not send it. If you have a question about your payment, please write to us.',
      thanks: false,
    };
  }
  if (refundState === 'FULLY') {
    return {
      key: 'REFUNDED',
      eyebrow: 'Order refunded',
      headline: 'Your order was refunded',
      text: 'Your payment was refunded in full to your PayPal account.',
      thanks: false,
    };
  }
  if (status === 'SHIPPED') {
    return {
      key: 'SHIPPED',
      eyebrow: 'Order shipped',
      headline: 'Your order is on its way',
      text: parcelText('Your parcel has left our shop.', trackingNumber) + partlyNote,
      thanks: false,
    };
  }
  if (status === 'DELIVERED') {
    return {
      key: 'DELIVERED',
      eyebrow: 'Order delivered',
      headline: 'Your order has arrived',
      text: `Your parcel was delivered. We hope you enjoy it!${partlyNote}`,
      thanks: false,
    };
  }
  if (status === 'COMPLETED') {
    return {
      key: 'COMPLETED',
      eyebrow: 'Order completed',
      headline: 'Your order is complete',
      text: `Thank you for shopping with us.${partlyNote}`,
      thanks: false,
    };
  }
  if (refundState === 'PARTLY') {
    return {
      key: 'PARTLY_REFUNDED',
      eyebrow: 'Partly refunded',
      headline: 'Part of your payment was refunded',
      text: 'We refunded part of your payment to your PayPal account and are preparing the rest of your order.',
      thanks: false,
    };
  }
  if (status === 'PROCESSING') {
    return {
      key: 'PREPARING',
      eyebrow: 'Being prepared',
      headline: 'We are preparing your order',
      text: 'We are packing your order with care and will let you know when it ships.',
      thanks: true,
    };
  }
  return {
    key: 'RECEIVED',
    eyebrow: 'Order received',
    headline: 'Thank you for your order!',
    text: 'We have received your order and will pack it with care.',
    thanks: true,
  };
}
