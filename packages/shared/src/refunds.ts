import { toCents } from './money';

/**
 * Refunds (issue 22): statuses, sources and the refund API's shapes, shared by the server, the control centre
 * and the shopper's order page. Pure: no zod here (the storefront imports it); the schemas are in admin-api.
 */

/**
 * REQUESTED: written before PayPal is asked (its request id stored), so a crash never forgets nor repeats it;
 * PENDING: PayPal accepted it and will finish it later (e-cheque funding); COMPLETED: the money went back;
 * FAILED: PayPal refused it (nothing returned); CANCELLED: PayPal cancelled a pending one.
 */
export const REFUND_STATUSES = ['REQUESTED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** shop: from the control centre; paypal: made in PayPal's own dashboard; automatic: a mismatched capture. */
export const REFUND_SOURCES = ['shop', 'paypal', 'automatic'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

export interface Refund {
  id: string;
  /** Numeric string with two decimals, in the order's currency. */
  amount: string;
  currency_code: string;
  reason: string;
  status: RefundStatus;
  source: RefundSource;
  created_at: string;
  /** PayPal's refund id; null until PayPal answered. */
  paypal_refund_id: string | null;
  /** Who asked for it: an admin's name and email, "PayPal" or "system". */
  by: string;
  /** The family's own note (issue 31 §13), never mailed or shown to the shopper; '' when none. */
  internal_note?: string;
}

/**
 * A cancelled order whose money was taken and not (wholly) given back: the family must see it on the order
 * and in the list, or a cancellation leaves the shopper paying for nothing.
 */
export function cancelledWithoutRefund(order: { status: string; transaction_status: string }): boolean {
  return order.status === 'CANCELLED' && ['COMPLETED', 'PARTIALLY_REFUNDED'].includes(order.transaction_status);
}

/**
 * Whether an order's units may go back to stock (issue 24): only once it is cancelled or some of its money
 * went back. The order page offers it and the restock service allows it by this one rule.
 */
export function mayRestock(order: { status: string; transaction_refunded_amount: unknown }): boolean {
  return order.status === 'CANCELLED' || amountCents(order.transaction_refunded_amount) > 0;
}

/** Refunds that hold money: asked for and not refused. What is left to refund is the capture minus these. */
const COMMITTED_STATUSES: readonly RefundStatus[] = ['REQUESTED', 'PENDING', 'COMPLETED'];

/** A stored amount ("12.50", "-1.64") in cents; anything that is not a number counts as 0. */
export function amountCents(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
  return Number.isFinite(n) ? toCents(n) : 0;
}

/** How an order's refunds stand, in cents: captured, returned, still on their way, and what is left to refund. */
export interface RefundTotals {
  captured: number;
  refunded: number;
  committed: number;
  left: number;
}

export function refundTotals(
  grossAmount: unknown,
  refunds: ReadonlyArray<Readonly<Record<string, unknown>>>,
): RefundTotals {
  const captured = amountCents(grossAmount);
  const sum = (statuses: readonly RefundStatus[]) =>
    refunds.filter((r) => statuses.includes(r.status as RefundStatus)).reduce((s, r) => s + amountCents(r.amount), 0);
  const refunded = sum(['COMPLETED']);
  const committed = sum(COMMITTED_STATUSES);
  return { captured, refunded, committed, left: Math.max(0, captured - committed) };
}
