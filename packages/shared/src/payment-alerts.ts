import { formatMoney } from './money';

/**
 * Issue 30 §2: money PayPal holds or takes back after the order was paid. The order's mark (Orders
 * `payment_alert`), from what PayPal said of its capture: PENDING (wait before shipping), DENIED (do not ship;
 * the API refuses SHIPPED with 409), REVERSED (the money, `transaction_reversed_amount`, is gone).
 */
export const PAYMENT_ALERTS = ['PENDING', 'DENIED', 'REVERSED'] as const;
export type PaymentAlert = (typeof PAYMENT_ALERTS)[number];

/** What PayPal told of a capture, as the timeline keeps it: an alert, or RELEASED (a held capture completed). */
export const PAYMENT_NEWS = [...PAYMENT_ALERTS, 'RELEASED'] as const;
export type PaymentNews = (typeof PAYMENT_NEWS)[number];

/** PayPal's status_details.reason of a PENDING or DENIED capture (Payments v2), in words. */
export const CAPTURE_REASON_TEXT: Readonly<Record<string, string>> = {
  BUYER_COMPLAINT: 'the buyer opened a dispute with PayPal',
  CHARGEBACK: 'the buyer disputed it with their card issuer',
  ECHECK: 'an eCheck that has not cleared',
  INTERNATIONAL_WITHDRAWAL: 'PayPal asks you to accept or deny it in your account',
  OTHER: 'PayPal gives no reason',
  PENDING_REVIEW: 'PayPal is reviewing it',
  RECEIVING_PREFERENCE_MANDATES_MANUAL_ACTION: 'your PayPal receiving preferences ask you to accept it',
  REFUNDED: 'it was refunded',
  TRANSACTION_APPROVED_AWAITING_FUNDING: 'the buyer has not sent the funds yet',
  UNILATERAL: 'the payee has no PayPal account',
  VERIFICATION_REQUIRED: 'your PayPal account is not verified',
};

export interface PaymentNewsDetails {
  /** The reversed amount (numeric string), for REVERSED. */
  amount?: string | null;
  currency?: string | null;
  /** PayPal's status_details.reason, for PENDING and DENIED. */
  reason?: string | null;
}

const because = (reason: string | null | undefined) => {
  const text = reason ? CAPTURE_REASON_TEXT[reason] : undefined;
  return text ? ` (${text})` : '';
};

/** One sentence for the order page's mark, the timeline, the live alert and the shop's mail. */
export function paymentNewsText(news: PaymentNews, details: PaymentNewsDetails = {}): string {
  switch (news) {
    case 'REVERSED':
      return `PayPal reversed ${formatMoney(details.amount ?? 0, details.currency)} of this payment (a dispute): the money is gone.`;
    case 'DENIED':
      return `PayPal denied this payment${because(details.reason)}: do not ship.`;
    case 'PENDING':
      return `PayPal holds this payment as pending${because(details.reason)}: wait before shipping.`;
    case 'RELEASED':
      return 'PayPal released the payment it held: the money is in, the order may be shipped.';
  }
}

/** What PUT admin/orders/{id} and the bulk ship answer (409) for SHIPPED of an order whose capture PayPal denied. */
export const SHIP_DENIED_REFUSAL = 'PayPal denied the payment of this order, so it is not shipped; nothing was changed';
