import { amountCents } from './refunds';
import { formatMoney } from './money';

/**
 * Issue 30 §3: the one ledger every money figure comes from. An order's money events are what PayPal took
 * (the capture: Gross), what went back (Refunds: the shop's and PayPal's refunds, and reversals a card issuer
 * forced through a dispute), and PayPal's fee on the capture (Fees). From them, and only from them:
 *
 *   Sales = Gross − Refunds        (what the shop kept from its shoppers)
 *   Net   = Sales − Fees           (what reached the family's account)
 *
 * Every screen, file and API field that shows money (dashboard, analytics, bestsellers, categories, customers,
 * discount codes, the orders CSV, the invoice, the order page) reads these names and these values, so
 * Gross − Refunds − Fees = Net holds to the cent wherever it is shown.
 *
 * PayPal keeps its fee when it refunds (it has returned no fee on refunds since 2018), so a refund does not
 * change Fees; a reversal does not either (PayPal charges a dispute fee on top, which reaches the shop as a
 * separate transaction and is not part of an order).
 */

/** The stored fields of an order the ledger reads; each is PayPal's numeric string ("12.50") or empty. */
export interface OrderMoneyFields {
  transaction_gross_amount?: unknown;
  transaction_refunded_amount?: unknown;
  /** What card issuers took back through disputes (PAYMENT.CAPTURE.REVERSED), numeric string; empty: none. */
  transaction_reversed_amount?: unknown;
  transaction_paypal_fee?: unknown;
}

/** The five figures, in whole cents. */
export interface MoneyFigures {
  grossCents: number;
  refundsCents: number;
  feesCents: number;
  salesCents: number;
  netCents: number;
}

export const NO_MONEY: Readonly<MoneyFigures> = Object.freeze({
  grossCents: 0,
  refundsCents: 0,
  feesCents: 0,
  salesCents: 0,
  netCents: 0,
});

/** The figures of one order from its money events. A fee is counted as a cost whichever sign PayPal wrote it with. */
export function orderFigures(order: OrderMoneyFields): MoneyFigures {
  const grossCents = amountCents(order.transaction_gross_amount);
  const refundsCents = amountCents(order.transaction_refunded_amount) + amountCents(order.transaction_reversed_amount);
  const feesCents = Math.abs(amountCents(order.transaction_paypal_fee));
  const salesCents = grossCents - refundsCents;
  return { grossCents, refundsCents, feesCents, salesCents, netCents: salesCents - feesCents };
}

/** The sum of several orders' figures (a month, a year, a customer, a code). */
export function sumFigures(figures: Iterable<MoneyFigures>): MoneyFigures {
  const total = { ...NO_MONEY };
  for (const f of figures) {
    total.grossCents += f.grossCents;
    total.refundsCents += f.refundsCents;
    total.feesCents += f.feesCents;
    total.salesCents += f.salesCents;
    total.netCents += f.netCents;
  }
  return total;
}

/** How much of an order's money went back: none, part of it, or all of it (refunds and reversals together). */
export type RefundState = 'NONE' | 'PARTLY' | 'FULLY';

export function refundState(order: OrderMoneyFields): RefundState {
  const { grossCents, refundsCents } = orderFigures(order);
  if (refundsCents <= 0) return 'NONE';
  return grossCents > 0 && refundsCents >= grossCents ? 'FULLY' : 'PARTLY';
}

/** The marker shown beside an order's status in the lists (orders, archive, a customer's orders). */
export const REFUND_STATE_TEXT: Record<Exclude<RefundState, 'NONE'>, string> = {
  PARTLY: 'Partly refunded',
  FULLY: 'Fully refunded',
};

/** Cents as money text: 293 → "$2.93", −293 → "−$2.93". */
export const formatCents = (cents: number, currencyCode?: string | null): string =>
  formatMoney(cents / 100, currencyCode);
