import type { Payload, Where } from 'payload';
import {
  amountCents,
  fromCents,
  paymentNewsText,
  toAmountString,
  type PaymentAlert,
  type PaymentNews,
} from '@shop/shared';
import { AUDIT_ACTOR } from '../lib/audit-write';
import { setDatesIf } from '../lib/conditional-update';
import { env } from '../lib/env';
import { emitLiveEvent } from '../lib/live-events';
import { str, type Doc } from './mappers';
import type { PayPalCapture, PayPalOrder, PayPalRefund } from './paypal/types';
import { paypal } from './paypal/instance';
import { getSettings } from './settings';
import { claimStatusMail, STATUS_MAIL_CLAIM_LEASE_MS } from './shipping-notices';

/**
 * Money PayPal holds or takes back after an order was paid (issue 30 §2): a capture that goes PENDING (a
 * dispute opened with PayPal, a review), a PENDING capture that PayPal DENIED or later completed (RELEASED),
 * and a reversal (PAYMENT.CAPTURE.REVERSED: a chargeback or a dispute lost; Payments v2 shows it as a refund
 * of the capture that the shop never asked for, with PayPal's note "Payment reversed").
 *
 * Each piece of news becomes one `payment` event on the order's timeline, keyed by what PayPal said
 * (`capture:{id}:{status}:{update_time}`, `reversal:{refund id}`). The key is unique in the database, so the
 * webhook, its redeliveries, the reconciler and other instances may all report the same news: one insert
 * wins; only the winner raises the live alert, and the event's mail to the shop is claimed like a shipped
 * mail (a lease the reconciler takes over). The order's mark and reversed amount are then recomputed from
 * its events, by everyone, so a crash between the event and the order is repaired by the next report.
 */

/** PayPal's note on the refund resource of a reversal (its published PAYMENT.CAPTURE.REVERSED sample). */
export const REVERSAL_NOTE = 'Payment reversed';

/** Whether a refund PayPal lists for a capture is a reversal rather than a refund (the shop's or the dashboard's). */
export const isReversal = (refund: Pick<PayPalRefund, 'note_to_payer'>): boolean =>
  refund.note_to_payer === REVERSAL_NOTE;

const PAYPAL_ACTOR = { by_id: null, by: 'PayPal' };
/** Events whose shop mail is still unsent are mailed by the reconciler for this long (the status mails' window). */
const MAIL_WINDOW_MS = 3 * 24 * 60 * 60_000;

interface News {
  news: PaymentNews;
  key: string;
  reason: string | null;
  amount: string | null;
}

const orderById = async (payload: Payload, id: string): Promise<Doc | null> =>
  (await payload.findByID({
    collection: 'orders',
    id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as Doc | null;

/**
 * The id and payment alert of the order holding this capture, or null: what a webhook needs to decide whether
 * to read on. PayPal announces every capture it completes, so this runs once per checkout; without the order's
 * lines, its other columns and a count of matches it costs a fraction of the order itself.
 */
export async function captureHolder(
  payload: Payload,
  captureId: string,
): Promise<{ id: string; payment_alert: string | null } | null> {
  const res = await payload.find({
    collection: 'orders',
    where: { transaction_id: { equals: captureId } },
    select: { payment_alert: true },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  const holder = res.docs[0] as Doc | undefined;
  return holder ? { id: String(holder.id), payment_alert: (holder.payment_alert as string | null) ?? null } : null;
}

/** The order whose capture this is, or null (a capture of a checkout that never became an order). */
export async function orderOfCapture(payload: Payload, captureId: string): Promise<Doc | null> {
  const res = await payload.find({
    collection: 'orders',
    where: { transaction_id: { equals: captureId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  return (res.docs[0] as Doc | undefined) ?? null;
}

async function paymentEvents(payload: Payload, orderId: string): Promise<Doc[]> {
  const res = await payload.find({
    collection: 'order-events',
    where: { and: [{ order: { equals: orderId } }, { type: { equals: 'payment' } }] },
    sort: ['at', 'createdAt'],
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  return res.docs as Doc[];
}

/** The capture's state as the order's events tell it: the last of PENDING, DENIED, RELEASED (null: none). */
const captureState = (events: Doc[]): PaymentNews | null =>
  events
    .map((e) => str(e.paypal_news) as PaymentNews)
    .filter((n) => n === 'PENDING' || n === 'DENIED' || n === 'RELEASED')
    .at(-1) ?? null;

/**
 * What PayPal's capture now says that the order does not know yet: PENDING or DENIED, or RELEASED when the
 * order's capture was PENDING and is complete again (COMPLETED, or REFUNDED after refunds). Null: nothing new.
 */
function newsOfCapture(capture: PayPalCapture, events: Doc[]): News | null {
  const at = capture.update_time ?? capture.create_time;
  const reason = capture.status_details?.reason ?? null;
  // Payments v2 has no DENIED status: a capture PayPal denied (PAYMENT.CAPTURE.DENIED) reads DECLINED.
  if (capture.status === 'PENDING' || capture.status === 'DECLINED') {
    const news = capture.status === 'PENDING' ? 'PENDING' : 'DENIED';
    return { news, key: `capture:${capture.id}:${news}:${at}`, reason, amount: null };
  }
  const complete = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(capture.status);
  if (complete && captureState(events) === 'PENDING')
    return { news: 'RELEASED', key: `capture:${capture.id}:RELEASED:${at}`, reason: null, amount: null };
  return null;
}

/**
 * The order's mark from its events: DENIED or PENDING while the capture is so, otherwise REVERSED when
 * anything was reversed; and the sum of the reversals.
 */
function markOf(events: Doc[]): { alert: PaymentAlert | null; reason: string | null; reversed: number } {
  const reversed = events
    .filter((e) => str(e.paypal_news) === 'REVERSED')
    .reduce((sum, e) => sum + amountCents(e.amount), 0);
  const state = captureState(events);
  const last = [...events].reverse().find((e) => str(e.paypal_news) === state);
  if (state === 'DENIED' || state === 'PENDING')
    return { alert: state, reason: str(last?.paypal_reason) || null, reversed };
  return { alert: reversed > 0 ? 'REVERSED' : null, reason: null, reversed };
}

/** Writes the order's mark and reversed amount from its events when they differ (idempotent). */
async function syncOrderMark(payload: Payload, orderId: string): Promise<void> {
  const [order, events] = await Promise.all([orderById(payload, orderId), paymentEvents(payload, orderId)]);
  if (!order) return;
  const mark = markOf(events);
  const data = {
    payment_alert: mark.alert,
    payment_alert_reason: mark.reason,
    transaction_reversed_amount: toAmountString(fromCents(mark.reversed)),
  };
  if (
    (str(order.payment_alert) || null) === data.payment_alert &&
    (str(order.payment_alert_reason) || null) === data.payment_alert_reason &&
    (str(order.transaction_reversed_amount) || '0.00') === data.transaction_reversed_amount
  ) {
    return;
  }
  await payload.update({
    collection: 'orders',
    id: orderId,
    data,
    depth: 0,
    overrideAccess: true,
    context: { [AUDIT_ACTOR]: PAYPAL_ACTOR },
  });
}

const isUniqueViolation = async (payload: Payload, key: string): Promise<boolean> =>
  (
    await payload.count({
      collection: 'order-events',
      where: { paypal_key: { equals: key } },
      overrideAccess: true,
    })
  ).totalDocs > 0;

/**
 * Records one piece of news on the order, once: the insert of its keyed event is the claim. The winner
 * raises the live alert and mails the shop; everyone brings the order's mark up to date. Returns whether
 * this call was the one that recorded it.
 */
async function record(payload: Payload, order: Doc, news: News): Promise<boolean> {
  const orderId = String(order.id);
  const currency = str(order.currency_code) || 'USD';
  const text = paymentNewsText(news.news, { amount: news.amount, currency, reason: news.reason });
  let event: Doc | null = null;
  try {
    event = (await payload.create({
      collection: 'order-events',
      data: {
        order: orderId,
        type: 'payment',
        by: 'PayPal',
        at: new Date().toISOString(),
        note: text,
        amount: news.amount,
        paypal_news: news.news,
        paypal_key: news.key,
        paypal_reason: news.reason,
      },
      depth: 0,
      overrideAccess: true,
    })) as Doc;
  } catch (err) {
    // Told before (a redelivery, the reconciler beside the webhook, another instance): the unique key held.
    if (!(await isUniqueViolation(payload, news.key))) throw err;
  }
  await syncOrderMark(payload, orderId);
  if (!event) return false;
  emitLiveEvent({
    type: 'payment.alert',
    data: { id: orderId, number: str(order.number), news: news.news, text },
  });
  void sendPaymentNewsMailOnce(payload, String(event.id)).catch((err: unknown) =>
    payload.logger.warn({ err, msg: `order ${str(order.number)}: PayPal news mail left to the reconciler` }),
  );
  return true;
}

/** News of the order's capture as PayPal now reports it (webhook read-back or reconciler). */
export async function applyCaptureState(payload: Payload, order: Doc, capture: PayPalCapture): Promise<boolean> {
  const news = newsOfCapture(capture, await paymentEvents(payload, String(order.id)));
  return news ? record(payload, order, news) : false;
}

/** A reversal of the order's capture (a COMPLETED refund resource PayPal made on its own). */
export async function applyReversal(payload: Payload, order: Doc, reversal: PayPalRefund): Promise<boolean> {
  if (reversal.status !== 'COMPLETED') return false;
  return record(payload, order, {
    news: 'REVERSED',
    key: `reversal:${reversal.id}`,
    reason: null,
    amount: reversal.amount.value,
  });
}

/**
 * Everything PayPal's order says about the shop order's capture: its state, and its reversals (refunds the shop
 * did not make, marked by PayPal as reversals). Returns how many pieces of news were recorded by this call.
 */
export async function applyPayPalOrder(payload: Payload, order: Doc, atPayPal: PayPalOrder): Promise<number> {
  let recorded = 0;
  const captureId = str(order.transaction_id);
  for (const unit of atPayPal.purchase_units ?? []) {
    const payments = unit.payments as { captures?: PayPalCapture[]; refunds?: PayPalRefund[] } | undefined;
    for (const capture of payments?.captures ?? []) {
      if (capture.id === captureId && (await applyCaptureState(payload, order, capture))) recorded += 1;
    }
    for (const refund of payments?.refunds ?? []) {
      if (isReversal(refund) && (await applyReversal(payload, order, refund))) recorded += 1;
    }
  }
  return recorded;
}

function renderNewsMail(order: Doc, event: Doc): { subject: string; text: string } {
  const number = str(order.number);
  const headline: Record<PaymentNews, string> = {
    PENDING: `PayPal holds the payment of order ${number}`,
    DENIED: `PayPal denied the payment of order ${number}: do not ship`,
    REVERSED: `PayPal reversed the payment of order ${number}`,
    RELEASED: `PayPal released the payment of order ${number}`,
  };
  const news = str(event.paypal_news) as PaymentNews;
  return {
    subject: headline[news],
    text: [
      `Order ${number} (${str(order.payer_full_name)} <${str(order.payer_email_address)}>):`,
      '',
      `${str(event.note)}`,
      '',
      `Open the order: ${env.publicUrl}/admin/orders/${String(order.id)}`,
    ].join('\n'),
  };
}

/** The shop's mail about one `payment` event: claimed, sent, marked (a claim left by a crash lapses). */
export async function sendPaymentNewsMailOnce(payload: Payload, eventId: string): Promise<boolean> {
  const event = (await payload.findByID({
    collection: 'order-events',
    id: eventId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as Doc | null;
  if (!event || str(event.type) !== 'payment' || event.mail_sent_at) return false;
  const order = await orderById(payload, str(event.order));
  const { admin_email } = await getSettings(payload);
  if (!order || order.demo === true || !admin_email) return false;
  const claimedAt = await claimStatusMail(payload, eventId);
  if (!claimedAt) return false;
  const mail = renderNewsMail(order, event);
  const domain = env.mailFrom.split('@')[1] || 'shop.invalid';
  try {
    await payload.sendEmail({ to: admin_email, ...mail, messageId: `<order-event-${eventId}@${domain}>` });
  } catch (err) {
    await setDatesIf(payload, 'order-events', eventId, { mail_claimed_at: null }, [
      [{ field: 'mail_claimed_at', equals: claimedAt }],
    ]);
    throw err;
  }
  await setDatesIf(payload, 'order-events', eventId, { mail_sent_at: new Date(), mail_claimed_at: null }, []);
  return true;
}

/** The reconciler's part: unsent shop mails of recent `payment` events (a failed send, or a sender that died). */
export async function sendUnsentPaymentNewsMails(payload: Payload, now = new Date()): Promise<number> {
  const where: Where = {
    and: [
      { type: { equals: 'payment' } },
      { mail_sent_at: { exists: false } },
      { at: { greater_than: new Date(now.getTime() - MAIL_WINDOW_MS).toISOString() } },
      {
        or: [
          { mail_claimed_at: { exists: false } },
          { mail_claimed_at: { less_than: new Date(now.getTime() - STATUS_MAIL_CLAIM_LEASE_MS).toISOString() } },
        ],
      },
    ],
  };
  const res = await payload.find({
    collection: 'order-events',
    where,
    sort: 'at',
    limit: 100,
    depth: 0,
    select: { id: true },
    overrideAccess: true,
  });
  let sent = 0;
  for (const doc of res.docs as Doc[]) {
    try {
      if (await sendPaymentNewsMailOnce(payload, String(doc.id))) sent += 1;
    } catch (err) {
      payload.logger.warn({ err, msg: `reconcile: PayPal news mail of event ${String(doc.id)} not sent this round` });
    }
  }
  return sent;
}

/**
 * Orders whose capture is held (PENDING) are read at PayPal every round, whatever their age: their news
 * (released, denied) is what the family waits for. Other orders are read by the refunds' sweep
 * (services/refunds.ts), which hands what it reads to applyPayPalOrder.
 */
export async function heldOrders(payload: Payload): Promise<Doc[]> {
  const res = await payload.find({
    collection: 'orders',
    where: { payment_alert: { equals: 'PENDING' } },
    limit: 100,
    depth: 0,
    overrideAccess: true,
  });
  return res.docs as Doc[];
}

/**
 * PAYMENT.CAPTURE.REVERSED, PENDING, DENIED (and COMPLETED of a held capture) from the webhook, once its
 * signature is verified: PayPal's own record is read back (GET the refund or the capture), the body only
 * names which. Returns the order's id, or null when PayPal's record says nothing about it.
 */
export async function captureNewsFromWebhook(
  payload: Payload,
  order: Doc,
  resource: { kind: 'reversal'; id: string } | { kind: 'capture'; id: string },
): Promise<string | null> {
  if (resource.kind === 'reversal') {
    const reversal = await paypal().getRefund(resource.id);
    const up = reversal.links?.find((l) => l.rel === 'up')?.href ?? '';
    if (!isReversal(reversal) || !up.endsWith(`/captures/${str(order.transaction_id)}`)) return null;
    await applyReversal(payload, order, reversal);
  } else {
    await applyCaptureState(payload, order, await paypal().getCapture(resource.id));
  }
  return String(order.id);
}
