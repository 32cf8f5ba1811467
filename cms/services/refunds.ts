import type { Payload, PayloadRequest, Where } from 'payload';
import {
  amountCents,
  fromCents,
  type Refund,
  refundTotals,
  type RefundSource,
  type RefundStatus,
  toAmountString,
} from '@shop/shared';
import { describeActor } from '../lib/actor';
import { AppError, badRequest, notFound } from '../lib/app-error';
import { env } from '../lib/env';
import { AUDIT_ACTOR, type AuditActor } from '../lib/audit-write';
import { moveStatusIf, setDatesIf } from '../lib/conditional-update';
import { emitLiveEvent } from '../lib/live-events';
import { recordOrderEvent } from './admin/order-events';
import type { AdminUser } from './admin/sales';
import { str, type Doc } from './mappers';
import { NOTICE_CLAIM_LEASE_MS } from './order-notices';
import { sendRefundMail } from './refund-mail';
import { toPublicOrder } from './orders';
import { PayPalApiError } from './paypal/client';
import { paypal } from './paypal/instance';
import type { PayPalRefund } from './paypal/types';
import { applyPayPalOrder, isReversal } from './capture-alerts';
import { isMarketSale, MARKET_SALE_NO_REFUND } from './admin/market-sale-rules';

const REFUNDS = 'refunds';
const ORDER_NOT_FOUND = 'Order not found';

/** A number of cents as the numeric string the order and PayPal keep ("-1.64" below zero). */
const amountOf = (cents: number): string => toAmountString(fromCents(cents));

export function toRefund(doc: Doc): Refund {
  return {
    id: String(doc.id),
    amount: str(doc.amount),
    currency_code: str(doc.currency_code),
    reason: str(doc.reason),
    status: str(doc.status) as RefundStatus,
    source: str(doc.source) as RefundSource,
    created_at: str(doc.createdAt),
    paypal_refund_id: str(doc.paypal_refund_id) || null,
    by: str(doc.by),
    internal_note: str(doc.internal_note),
  };
}

async function refundsOf(payload: Payload, where: Where): Promise<Doc[]> {
  const res = await payload.find({
    collection: REFUNDS,
    where,
    sort: 'createdAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  return res.docs as Doc[];
}

export const orderRefunds = (payload: Payload, orderId: string) => refundsOf(payload, { order: { equals: orderId } });

/** The order as stored, or null when it is gone (deleted since the refund was made). */
const orderById = async (payload: Payload, orderId: string): Promise<Doc | null> =>
  (await payload.findByID({
    collection: 'orders',
    id: orderId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as Doc | null;

/**
 * One piece of work per key at a time in this process. For a refund decision it only spares needless retries:
 * what holds the ceiling across instances is the decision's request id (shopRefundRequestId).
 */
const orderLocks = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = orderLocks.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  orderLocks.set(key, tail);
  void tail.then(() => {
    if (orderLocks.get(key) === tail) orderLocks.delete(key);
  });
  return run;
}

/** Whether an order's capture can give money back at all. */
function hasCapture(order: Doc): boolean {
  return (
    str(order.transaction_id) !== '' &&
    ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(str(order.transaction_status)) &&
    amountCents(order.transaction_gross_amount) > 0
  );
}

// ---------------------------------------------------------------------------------------------------------
// Applying refunds to the order

/**
 * The order's refunded total, status and net amount from its completed refunds: recomputed from all of them,
 * so it is right whatever order they completed in and however often it runs. Through the Local API with
 * the actor on the context, so the change is audited and the sales figures' caches are cleared (the
 * Orders hooks).
 */
async function applyRefundsToOrder(payload: Payload, orderId: string, actor: AuditActor, req?: PayloadRequest) {
  await oneAtATime(`apply:${orderId}`, async () => {
    const order = await orderById(payload, orderId);
    if (!order) return;
    const totals = refundTotals(order.transaction_gross_amount, await orderRefunds(payload, orderId));
    const fee = amountCents(order.transaction_paypal_fee);
    const status =
      totals.refunded === 0 ? 'COMPLETED' : totals.refunded >= totals.captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const data = {
      transaction_status: status,
      transaction_refunded_amount: amountOf(totals.refunded),
      // PayPal keeps its fee on a refund: the net is what was captured, less the fee, less what went back
      // (below zero after a full refund: the shop paid the fee for nothing).
      transaction_net_amount: amountOf(totals.captured - fee - totals.refunded),
    };
    if (
      str(order.transaction_status) === data.transaction_status &&
      str(order.transaction_refunded_amount) === data.transaction_refunded_amount &&
      str(order.transaction_net_amount) === data.transaction_net_amount
    ) {
      return;
    }
    await payload.update({
      collection: 'orders',
      id: orderId,
      data,
      depth: 0,
      overrideAccess: true,
      ...(req ? { req } : { context: { [AUDIT_ACTOR]: actor } }),
    });
  });
}

/**
 * What follows a refund reaching COMPLETED, once (the caller won the status move): the order's totals, its
 * timeline, and the shopper's mail.
 */
async function afterCompleted(payload: Payload, refund: Doc, actor: AuditActor, req?: PayloadRequest) {
  const orderId = str(refund.order);
  if (!orderId) return;
  await applyRefundsToOrder(payload, orderId, actor, req);
  await recordOrderEvent(
    { payload },
    {
      order: orderId,
      type: 'refund',
      ...(req?.user ? { user: req.user as unknown as AdminUser } : { by: 'system' as const }),
      amount: str(refund.amount),
      note: str(refund.reason) || null,
      refund: String(refund.id),
    },
  ).catch((err: unknown) =>
    payload.logger.warn({ err, msg: `refund ${String(refund.id)}: timeline entry not written` }),
  );
  // After the answer, as the order mails are: the family does not wait for the mail server, and a mail cut
  // off by a crash is sent by the reconciler (its claim lapses).
  void sendRefundMailOnce(payload, refund).catch((err: unknown) =>
    payload.logger.warn({ err, msg: `refund ${String(refund.id)}: mail left to the reconciler` }),
  );
}

/** The shopper's refund mail: claimed, sent, marked (a claim left by a crash lapses and the reconciler resends). */
export async function sendRefundMailOnce(payload: Payload, refund: Doc): Promise<boolean> {
  const orderId = str(refund.order);
  if (!orderId || str(refund.status) !== 'COMPLETED' || refund.mail_sent_at) return false;
  const order = await orderById(payload, orderId);
  // The demo seed's orders have made-up payers.
  if (!order || order.demo === true || !str(order.payer_email_address)) return false;
  const now = new Date();
  const claimed = await setDatesIf(payload, REFUNDS, String(refund.id), { mail_claimed_at: now }, [
    [{ field: 'mail_sent_at', isNull: true }],
    [
      { field: 'mail_claimed_at', isNull: true },
      { field: 'mail_claimed_at', before: new Date(now.getTime() - NOTICE_CLAIM_LEASE_MS) },
    ],
  ]);
  if (!claimed) return false;
  try {
    await sendRefundMail(payload, toPublicOrder(order), toRefund(refund));
  } catch (err) {
    payload.logger.error({ err, msg: `refund ${String(refund.id)}: mail failed; the reconciler retries it` });
    await setDatesIf(payload, REFUNDS, String(refund.id), { mail_claimed_at: null }, [
      [{ field: 'mail_claimed_at', equals: now }],
    ]);
    return false;
  }
  await setDatesIf(payload, REFUNDS, String(refund.id), { mail_sent_at: new Date(), mail_claimed_at: null }, []);
  await recordOrderEvent(
    { payload },
    { order: orderId, type: 'mail_sent', by: 'system', note: 'Refund mail sent to the shopper' },
  ).catch(() => undefined);
  return true;
}

/**
 * Writes what PayPal answered (or reported) for a refund row, moving its status once; the move's winner
 * does what follows. Returns the row as it stands.
 */
async function recordOutcome(
  payload: Payload,
  refund: Doc,
  outcome: PayPalRefund,
  actor: AuditActor,
  req?: PayloadRequest,
): Promise<Doc> {
  const id = String(refund.id);
  const extra = { paypal_refund_id: outcome.id };
  let moved = false;
  if (outcome.status === 'COMPLETED') {
    moved = await moveStatusIf(payload, REFUNDS, id, { from: ['REQUESTED', 'PENDING'], to: 'COMPLETED', extra });
  } else if (outcome.status === 'PENDING') {
    moved = await moveStatusIf(payload, REFUNDS, id, { from: ['REQUESTED'], to: 'PENDING', extra });
  } else {
    moved = await moveStatusIf(payload, REFUNDS, id, {
      from: ['REQUESTED', 'PENDING'],
      to: outcome.status === 'CANCELLED' ? 'CANCELLED' : 'FAILED',
      extra: { ...extra, failure: outcome.status_details?.reason ?? outcome.status },
    });
  }
  const stored = (await payload.findByID({ collection: REFUNDS, id, depth: 0, overrideAccess: true })) as Doc;
  if (moved && outcome.status === 'COMPLETED') await afterCompleted(payload, stored, actor, req);
  return stored;
}

// ---------------------------------------------------------------------------------------------------------
// Asking PayPal

/** PayPal's refusals, as the family reads them. */
function refusalText(err: PayPalApiError): string {
  switch (err.issue) {
    case 'REFUND_AMOUNT_EXCEEDED':
      return 'PayPal refused: the amount is more than what is left of the payment';
    case 'CAPTURE_FULLY_REFUNDED':
      return 'PayPal refused: the payment has already been refunded in full';
    default:
      return `PayPal refused the refund (${err.issue ?? err.name})`;
  }
}

/**
 * Sends a stored REQUESTED refund to PayPal with its own request id: the first time, or again after a crash
 * or a lost answer (PayPal answers a repeated request id with the refund it made, never a second one).
 * A refusal marks it FAILED; no answer leaves it REQUESTED for the reconciler.
 */
export async function submitRefund(
  payload: Payload,
  refund: Doc,
  actor: AuditActor,
  req?: PayloadRequest,
): Promise<{ refund: Doc; answered: boolean }> {
  let outcome: PayPalRefund;
  try {
    outcome = await paypal().refundCapture(
      str(refund.capture_id),
      {
        amount: { currency_code: str(refund.currency_code), value: str(refund.amount) },
        ...(str(refund.reason) ? { note_to_payer: str(refund.reason).slice(0, 255) } : {}),
      },
      str(refund.request_id),
    );
  } catch (err) {
    if (err instanceof PayPalApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
      await moveStatusIf(payload, REFUNDS, String(refund.id), {
        from: ['REQUESTED'],
        to: 'FAILED',
        extra: { failure: refusalText(err) },
      });
      throw new AppError(422, refusalText(err));
    }
    payload.logger.warn({ err, msg: `refund ${String(refund.id)}: PayPal did not answer; the reconciler retries` });
    return { refund, answered: false };
  }
  return { refund: await recordOutcome(payload, refund, outcome, actor, req), answered: true };
}

// ---------------------------------------------------------------------------------------------------------
// The control centre's refund

export interface RefundInput {
  /** Numeric string with at most two decimals; absent = everything left. */
  amount?: string;
  reason: string;
  /** The family's own note: stored on the refund and the timeline, never in a mail or on a shopper's page. */
  internal_note?: string;
}

/**
 * The PayPal-Request-Id of the n-th refund the shop asks of a capture (n counts the order's refunds of source
 * 'shop', the refused ones too). Stored under a unique index, it is what holds the refund ceiling across
 * instances: two decisions made from the same view of an order's refunds (each seeing the same amount left)
 * name the same n, and only one of them can be stored, so only one is ever sent to PayPal. The loser looks
 * again and sees the winner's refund.
 */
export const shopRefundRequestId = (captureId: string, n: number) => `${captureId}-refund-${n}`;

/** Decisions one request tries before it gives up (each lost one means another refund was stored meanwhile). */
const DECISION_ATTEMPTS = 10;

/**
 * Checks the amount against what is left and stores the refund (REQUESTED) under the next request id of its
 * capture. A request id taken by a decision stored meanwhile (in another instance) means the view was stale:
 * it looks again.
 */
async function storeRefundDecision(
  req: PayloadRequest,
  user: AdminUser,
  orderId: string,
  input: RefundInput,
  actor: AuditActor,
): Promise<Doc> {
  for (let attempt = 0; attempt < DECISION_ATTEMPTS; attempt += 1) {
    const found = await req.payload.find({
      collection: 'orders',
      where: { id: { equals: orderId } },
      limit: 1,
      depth: 0,
      user,
      overrideAccess: false,
    });
    const order = found.docs[0] as Doc | undefined;
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (isMarketSale(order)) throw new AppError(409, MARKET_SALE_NO_REFUND);
    if (!hasCapture(order)) throw new AppError(409, 'Nothing was captured for this order, so nothing can be refunded');
    const refunds = await orderRefunds(req.payload, String(order.id));
    const totals = refundTotals(order.transaction_gross_amount, refunds);
    if (totals.left === 0) throw new AppError(409, 'This order has been refunded in full');
    const amount = input.amount === undefined ? totals.left : amountCents(input.amount);
    if (amount <= 0) throw badRequest([{ path: 'amount', message: 'The amount must be more than 0' }]);
    if (amount > totals.left) {
      throw badRequest([{ path: 'amount', message: `At most ${amountOf(totals.left)} is left to refund` }]);
    }
    const requestId = shopRefundRequestId(
      str(order.transaction_id),
      refunds.filter((r) => r.source === 'shop').length + 1,
    );
    try {
      return (await req.payload.create({
        collection: REFUNDS,
        data: {
          order: String(order.id),
          capture_id: str(order.transaction_id),
          request_id: requestId,
          amount: amountOf(amount),
          currency_code: str(order.currency_code) || 'USD',
          reason: input.reason,
          internal_note: input.internal_note || null,
          status: 'REQUESTED',
          source: 'shop',
          by_user: actor.by_id,
          by: actor.by,
        },
        depth: 0,
        overrideAccess: true,
      })) as Doc;
    } catch (err) {
      // Any other failure is this write's own; a taken request id is a decision that came first.
      if ((await refundsOf(req.payload, { request_id: { equals: requestId } })).length === 0) throw err;
    }
  }
  throw new AppError(409, 'Other refunds of this order are being made right now; try again');
}

/**
 * POST admin/orders/{id}/refunds: checks the amount against what is left, stores the refund with its
 * PayPal-Request-Id (so a crash from here on neither forgets nor repeats it, and no other instance can decide
 * on the same money meanwhile), then asks PayPal. Answers the refund as it stands: COMPLETED, PENDING, or
 * REQUESTED when PayPal did not answer (202).
 */
export async function refundOrder(
  req: PayloadRequest,
  user: AdminUser,
  orderId: string,
  input: RefundInput,
): Promise<{ refund: Refund; httpStatus: number }> {
  const actor = describeActor(user);
  const stored = await oneAtATime(`refund:${orderId}`, () => storeRefundDecision(req, user, orderId, input, actor));
  // On the family's timeline as an internal note (the timeline is the control centre's only), beside the refund.
  if (input.internal_note) {
    await recordOrderEvent(
      { payload: req.payload },
      { order: orderId, type: 'note', user, note: `Refund note: ${input.internal_note}` },
    ).catch((err: unknown) =>
      req.payload.logger.warn({ err, msg: `refund ${String(stored.id)}: internal note not put on the timeline` }),
    );
  }
  const { refund, answered } = await submitRefund(req.payload, stored, actor, req);
  return { refund: toRefund(refund), httpStatus: answered ? 201 : 202 };
}

// ---------------------------------------------------------------------------------------------------------
// Refunds PayPal tells us about (webhook, reconciler)

const PAYPAL_ACTOR: AuditActor = { by_id: null, by: 'PayPal' };

/** The capture a refund belongs to, from its `up` link (/v2/payments/captures/{id}). */
export function captureIdOf(refund: Pick<PayPalRefund, 'links'>): string | null {
  const up = refund.links?.find((l) => l.rel === 'up' && /\/captures\//.test(l.href));
  const match = up ? /\/captures\/([^/?#]+)/.exec(up.href) : null;
  return match ? decodeURIComponent(match[1]) : null;
}

/**
 * A refund PayPal reports (a PAYMENT.CAPTURE.REFUNDED webhook, or the reconciler reading the order at
 * PayPal): one the shop asked for gets its outcome; one made in PayPal's own dashboard is added to its order,
 * once (PayPal's refund id is unique). First the shop's own unanswered requests of that capture are sent
 * again (same request id): the refund may be one of them.
 */
export async function learnRefund(payload: Payload, outcome: PayPalRefund, captureId: string): Promise<Doc | null> {
  const known = await refundsOf(payload, { paypal_refund_id: { equals: outcome.id } });
  if (known[0]) return recordOutcome(payload, known[0], outcome, PAYPAL_ACTOR);
  for (const waiting of await refundsOf(payload, {
    and: [
      { capture_id: { equals: captureId } },
      { status: { equals: 'REQUESTED' } },
      { source: { not_equals: 'paypal' } },
    ],
  })) {
    await submitRefund(payload, waiting, PAYPAL_ACTOR).catch(() => undefined);
  }
  const nowKnown = await refundsOf(payload, { paypal_refund_id: { equals: outcome.id } });
  if (nowKnown[0]) return recordOutcome(payload, nowKnown[0], outcome, PAYPAL_ACTOR);

  const orders = await payload.find({
    collection: 'orders',
    where: { transaction_id: { equals: captureId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  const order = orders.docs[0] as Doc | undefined;
  const payments = order
    ? []
    : ((
        await payload.find({
          collection: 'payments',
          where: { capture_id: { equals: captureId } },
          limit: 1,
          depth: 0,
          overrideAccess: true,
        })
      ).docs as Doc[]);
  if (!order && !payments[0]) return null;
  let row: Doc;
  try {
    row = (await payload.create({
      collection: REFUNDS,
      data: {
        order: order ? String(order.id) : null,
        payment: payments[0] ? String(payments[0].id) : null,
        capture_id: captureId,
        request_id: `paypal:${outcome.id}`,
        paypal_refund_id: outcome.id,
        amount: outcome.amount.value,
        currency_code: outcome.amount.currency_code,
        reason: outcome.note_to_payer ?? 'Refunded in PayPal',
        status: outcome.status === 'PENDING' ? 'PENDING' : outcome.status === 'COMPLETED' ? 'REQUESTED' : 'FAILED',
        source: 'paypal',
        by: PAYPAL_ACTOR.by,
      },
      depth: 0,
      overrideAccess: true,
    })) as Doc;
  } catch {
    // Another path (the webhook beside the reconciler, another instance) added it first: the unique id held.
    const again = await refundsOf(payload, { paypal_refund_id: { equals: outcome.id } });
    return again[0] ? recordOutcome(payload, again[0], outcome, PAYPAL_ACTOR) : null;
  }
  return recordOutcome(payload, row, outcome, PAYPAL_ACTOR);
}

/**
 * What follows a COMPLETED refund, done again where a crash cut it off: the order's totals (recomputed, written
 * only when they differ) and the refund's timeline entry (written when the order has none for it). Returns
 * whether anything was missing.
 */
async function repairCompleted(payload: Payload, refund: Doc): Promise<boolean> {
  const orderId = str(refund.order);
  if (!orderId) return false;
  const order = await orderById(payload, orderId);
  if (!order) return false;
  const totals = refundTotals(order.transaction_gross_amount, await orderRefunds(payload, orderId));
  const totalsBehind = str(order.transaction_refunded_amount || '0.00') !== amountOf(totals.refunded);
  if (totalsBehind) await applyRefundsToOrder(payload, orderId, { by_id: null, by: 'system' });
  const { totalDocs } = await payload.count({
    collection: 'order-events',
    where: { refund: { equals: String(refund.id) } },
    overrideAccess: true,
  });
  if (totalDocs === 0) {
    await recordOrderEvent(
      { payload },
      {
        order: orderId,
        type: 'refund',
        by: 'system',
        amount: str(refund.amount),
        note: str(refund.reason) || null,
        refund: String(refund.id),
      },
    );
  }
  return totalsBehind || totalDocs === 0;
}

/** The webhook: PayPal's word is checked by asking PayPal for the refund itself, never taken from the body. */
export async function refundFromWebhook(payload: Payload, refundId: string): Promise<{ order: string | null }> {
  const outcome = await paypal().getRefund(refundId);
  const captureId = captureIdOf(outcome);
  if (!captureId) return { order: null };
  // A reversal read back is not the shop's refund (its own webhook, PAYMENT.CAPTURE.REVERSED, records it).
  if (isReversal(outcome) && !(await refundsOf(payload, { paypal_refund_id: { equals: outcome.id } }))[0])
    return { order: null };
  const row = await learnRefund(payload, outcome, captureId);
  return { order: row ? str(row.order) || null : null };
}

// ---------------------------------------------------------------------------------------------------------
// A capture that did not match what the shop asked for

/**
 * The money of a capture the shop could not turn into an order (another amount or currency than it priced)
 * goes back in full at once, and the family hears of it (a message in Notifications and a live alert).
 */
export async function refundMismatchedCapture(
  payload: Payload,
  payment: Doc,
  capture: { id: string; amount: { value: string; currency_code: string } },
): Promise<void> {
  const existing = await refundsOf(payload, { capture_id: { equals: capture.id } });
  const row =
    existing.find((r) => r.source === 'automatic') ??
    ((await payload
      .create({
        collection: REFUNDS,
        data: {
          payment: String(payment.id),
          capture_id: capture.id,
          request_id: `automatic:${capture.id}`,
          amount: capture.amount.value,
          currency_code: capture.amount.currency_code,
          reason: 'The payment did not match the order and was returned in full',
          status: 'REQUESTED',
          source: 'automatic',
          by: 'system',
        },
        depth: 0,
        overrideAccess: true,
      })
      .catch(async () => (await refundsOf(payload, { request_id: { equals: `automatic:${capture.id}` } }))[0])) as
      Doc | undefined);
  if (!row || row.status !== 'REQUESTED') return;
  const { refund } = await submitRefund(payload, row, { by_id: null, by: 'system' }).catch((err: unknown) => {
    payload.logger.error({ err, msg: `PayPal ${String(payment.paypal_order_id)}: automatic refund refused` });
    return { refund: row };
  });
  const title = `Payment of ${capture.amount.value} ${capture.amount.currency_code} returned automatically`;
  const message =
    `PayPal order ${String(payment.paypal_order_id)} captured ${capture.amount.value} ${capture.amount.currency_code} ` +
    `while the shop priced ${String(payment.total)} ${String(payment.currency_code)}. No order was made; the ` +
    `money was returned in full (refund ${str(refund.status)}${refund.paypal_refund_id ? `, PayPal ${str(refund.paypal_refund_id)}` : ''}).`;
  const notice = await payload.create({
    collection: 'notifications',
    data: {
      firstname: 'PayPal',
      lastname: 'Refund',
      email: 'paypal-refund@shop.invalid',
      title,
      message,
      type: 'info',
      status: 'new',
    },
    overrideAccess: true,
  });
  emitLiveEvent({ type: 'contact.created', data: { id: String(notice.id), name: 'PayPal refund', subject: title } });
}

// ---------------------------------------------------------------------------------------------------------
// Reconciler

/** Orders read at PayPal per round for refunds made there whose webhook was lost; the cursor goes round. */
const ORDERS_PER_ROUND = 25;
const DASHBOARD_WINDOW_MS = 180 * 24 * 60 * 60_000;
let sweepCursor = '';

export interface RefundReconcileReport {
  resent: number;
  settled: number;
  learned: number;
  /** News of captures (held, denied, released, reversed) read from PayPal whose webhook was lost. */
  captureNews: number;
  mails: number;
}

/**
 * One round: unanswered requests sent again, pending ones read back, refunds made in PayPal's dashboard
 * whose webhook never came found by reading a slice of recent orders at PayPal, unsent refund mails sent.
 */
export async function reconcileRefunds(payload: Payload, now = new Date()): Promise<RefundReconcileReport> {
  const report: RefundReconcileReport = { resent: 0, settled: 0, learned: 0, mails: 0, captureNews: 0 };
  const system: AuditActor = { by_id: null, by: 'system' };
  const waiting = await refundsOf(payload, {
    or: [
      {
        and: [
          { status: { equals: 'REQUESTED' } },
          { createdAt: { less_than: new Date(now.getTime() - env.refundResendAfterMs).toISOString() } },
        ],
      },
      { status: { equals: 'PENDING' } },
    ],
  });
  for (const refund of waiting) {
    try {
      // A refund learned from PayPal is never sent: it was made there; it is only read back.
      if (refund.status === 'REQUESTED' && refund.source !== 'paypal') {
        if ((await submitRefund(payload, refund, system).catch(() => ({ answered: true }))).answered)
          report.resent += 1;
      } else if (str(refund.paypal_refund_id)) {
        await recordOutcome(payload, refund, await paypal().getRefund(str(refund.paypal_refund_id)), PAYPAL_ACTOR);
        report.settled += 1;
      }
    } catch (err) {
      payload.logger.warn({ err, msg: `reconcile: refund ${String(refund.id)} not settled this round` });
    }
  }
  // A crash between a refund's move to COMPLETED and what follows it leaves the order's totals or its timeline
  // behind: both are repaired from the refunds of the last three days (each step does nothing when done).
  const recent = await refundsOf(payload, {
    and: [
      { status: { equals: 'COMPLETED' } },
      { updatedAt: { greater_than: new Date(now.getTime() - 3 * 24 * 60 * 60_000).toISOString() } },
    ],
  });
  for (const refund of recent) {
    try {
      if (await repairCompleted(payload, refund)) report.settled += 1;
    } catch (err) {
      payload.logger.warn({ err, msg: `reconcile: refund ${String(refund.id)} not repaired this round` });
    }
  }
  const unmailed = await refundsOf(payload, {
    and: [
      { status: { equals: 'COMPLETED' } },
      { mail_sent_at: { exists: false } },
      { createdAt: { greater_than: new Date(now.getTime() - 3 * 24 * 60 * 60_000).toISOString() } },
    ],
  });
  for (const refund of unmailed) if (await sendRefundMailOnce(payload, refund)) report.mails += 1;

  const slice = await payload.find({
    collection: 'orders',
    where: {
      and: [
        { createdAt: { greater_than: new Date(now.getTime() - DASHBOARD_WINDOW_MS).toISOString() } },
        { demo: { not_equals: true } },
        { paypal_order_id: { exists: true } },
        { transaction_status: { in: ['COMPLETED', 'PARTIALLY_REFUNDED'] } },
        ...(sweepCursor ? [{ id: { greater_than: sweepCursor } }] : []),
      ],
    },
    sort: 'id',
    limit: ORDERS_PER_ROUND,
    depth: 0,
    overrideAccess: true,
  });
  const orders = slice.docs as Doc[];
  sweepCursor = orders.length === ORDERS_PER_ROUND ? String(orders[orders.length - 1].id) : '';
  for (const order of orders) {
    try {
      const atPayPal = await paypal().getOrder(str(order.paypal_order_id));
      // What PayPal did to the capture on its own (held, denied, released, reversed), whose webhook was lost.
      report.captureNews += await applyPayPalOrder(payload, order, atPayPal);
      for (const unit of atPayPal.purchase_units ?? []) {
        for (const refund of (unit.payments as { refunds?: PayPalRefund[] } | undefined)?.refunds ?? []) {
          const known = await refundsOf(payload, { paypal_refund_id: { equals: refund.id } });
          // A reversal is money PayPal took back, not a refund: counted apart (transaction_reversed_amount).
          if (!known[0] && isReversal(refund)) continue;
          if (known[0] && known[0].status === refund.status) continue;
          if (await learnRefund(payload, refund, captureIdOf(refund) ?? str(order.transaction_id))) report.learned += 1;
        }
      }
    } catch (err) {
      payload.logger.warn({ err, msg: `reconcile: refunds of order ${str(order.number)} not read this round` });
    }
  }
  return report;
}

/** Whether a capture id is one of this shop's (an order's transaction, or a payment's capture). */
export async function isShopCapture(payload: Payload, captureId: string): Promise<boolean> {
  const [orders, payments] = await Promise.all([
    payload.count({ collection: 'orders', where: { transaction_id: { equals: captureId } }, overrideAccess: true }),
    payload.count({ collection: 'payments', where: { capture_id: { equals: captureId } }, overrideAccess: true }),
  ]);
  return orders.totalDocs + payments.totalDocs > 0;
}
