import type { Payload, Where } from 'payload';
import { applyPayPalOrder, heldOrders, sendUnsentPaymentNewsMails } from './capture-alerts';
import type { Doc } from './mappers';
import { sendNewOrderNotices } from './order-notices';
import { toPublicOrder } from './orders';
import { reconcilePayment } from './payments';
import { paypal } from './paypal/instance';
import { reconcileRefunds } from './refunds';
import { sendUnsentStatusMails } from './shipping-notices';
import { settleStock, STOCK_HOLD_LEASE_MS } from './stock';
import { COUPON_HOLD_LEASE_MS, settleCouponUse } from './coupon-uses';
import { sendPickupReminders } from './market/pickups';

/**
 * PayPal cancels an approved order that is not captured within 3 hours of the approval (its default capture
 * window); approval comes minutes after the order is created, so a checkout untouched for 6 hours can no
 * longer take money.
 */
export const ABANDON_AFTER_MS = 6 * 60 * 60_000;
/** Mails of orders older than this are not chased any more (an operator reads the log instead). */
const MAIL_RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;
const PAGE = 100;

export interface ReconcileReport {
  completed: number;
  pending: number;
  abandoned: number;
  failed: number;
  mailsSent: number;
  errors: number;
  /** Refunds sent again, read back from PayPal, learned from PayPal (its dashboard), and refund mails sent. */
  refundsResent: number;
  refundsSettled: number;
  refundsLearned: number;
  refundMails: number;
  /** News of captures PayPal held, denied, released or reversed, read from PayPal, and their mails to the shop. */
  paymentNews: number;
  paymentNewsMails: number;
  /** Reminders sent to shoppers collecting an order at tomorrow's market (issue 32 §4). */
  pickupReminders: number;
}

async function* everyDoc(payload: Payload, collection: 'payments' | 'orders', where: Where): AsyncGenerator<Doc> {
  // Ids already seen: a finished document leaves the filter, so paging by number would skip others.
  const seen = new Set<string>();
  for (;;) {
    const res = await payload.find({
      collection,
      where,
      limit: PAGE,
      depth: 0,
      sort: 'createdAt',
      overrideAccess: true,
    });
    const fresh = (res.docs as Doc[]).filter((d) => !seen.has(String(d.id)));
    if (fresh.length === 0) return;
    for (const doc of fresh) {
      seen.add(String(doc.id));
      yield doc;
    }
    if (res.docs.length < PAGE) return;
  }
}

/**
 * One round: every payment a crash or a lost answer left unfinished gets its order, every recent order its
 * confirmation and shop notice, and every recent change to SHIPPED or DELIVERED its mail to the shopper. Each
 * step is idempotent and claimed, so this may run beside live captures, the webhook and (with several
 * instances) another reconciler.
 */
export async function reconcileOnce(payload: Payload, now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    completed: 0,
    pending: 0,
    abandoned: 0,
    failed: 0,
    mailsSent: 0,
    errors: 0,
    refundsResent: 0,
    refundsSettled: 0,
    refundsLearned: 0,
    refundMails: 0,
    paymentNews: 0,
    paymentNewsMails: 0,
    pickupReminders: 0,
  };
  const abandonBefore = new Date(now.getTime() - ABANDON_AFTER_MS);
  const unfinished: Where = {
    or: [
      { status: { in: ['CAPTURING', 'CAPTURED', 'PENDING'] } },
      { and: [{ status: { equals: 'CREATED' } }, { createdAt: { less_than: abandonBefore.toISOString() } }] },
      // Stopped between taking the units and saying CAPTURING: finished like a CAPTURING payment.
      {
        and: [
          { status: { equals: 'CREATED' } },
          { stock_state: { equals: 'TAKING' } },
          { stock_taken_at: { less_than: new Date(now.getTime() - STOCK_HOLD_LEASE_MS).toISOString() } },
        ],
      },
      // The same for a discount code's use taken before the capture.
      {
        and: [
          { status: { equals: 'CREATED' } },
          { coupon_state: { equals: 'TAKING' } },
          { coupon_taken_at: { less_than: new Date(now.getTime() - COUPON_HOLD_LEASE_MS).toISOString() } },
        ],
      },
    ],
  };
  for await (const payment of everyDoc(payload, 'payments', unfinished)) {
    try {
      const outcome = await reconcilePayment(payload, payment, { abandonBefore });
      if (outcome !== 'unchanged') report[outcome] += 1;
    } catch (err) {
      report.errors += 1;
      payload.logger.warn({ err, msg: `reconcile: PayPal ${String(payment.paypal_order_id)} not finished this round` });
    }
  }
  // Units taken for a checkout whose fate is now known (or that stopped between taking and capturing).
  for await (const payment of everyDoc(payload, 'payments', { stock_state: { equals: 'TAKING' } })) {
    try {
      await settleStock(payload, payment);
    } catch (err) {
      report.errors += 1;
      payload.logger.warn({ err, msg: `reconcile: stock of PayPal ${String(payment.paypal_order_id)} not settled` });
    }
  }
  // Discount code uses taken for a checkout whose fate is now known.
  for await (const payment of everyDoc(payload, 'payments', { coupon_state: { equals: 'TAKING' } })) {
    try {
      await settleCouponUse(payload, payment);
    } catch (err) {
      report.errors += 1;
      payload.logger.warn({
        err,
        msg: `reconcile: discount code use of PayPal ${String(payment.paypal_order_id)} not settled`,
      });
    }
  }
  const unmailed: Where = {
    and: [
      { createdAt: { greater_than: new Date(now.getTime() - MAIL_RETRY_WINDOW_MS).toISOString() } },
      // The demo seed's orders have made-up payers: never mailed.
      { demo: { not_equals: true } },
      { or: [{ confirmation_sent_at: { exists: false } }, { shop_notified_at: { exists: false } }] },
    ],
  };
  for await (const order of everyDoc(payload, 'orders', unmailed)) {
    try {
      const sent = await sendNewOrderNotices(payload, toPublicOrder(order));
      report.mailsSent += Number(sent.confirmation === 'sent') + Number(sent.shopNotice === 'sent');
    } catch (err) {
      report.errors += 1;
      payload.logger.warn({ err, msg: `reconcile: mails of order ${String(order.number)} not sent this round` });
    }
  }
  // Shipped and delivered mails whose sender failed or died (a claim past its lease is taken over).
  try {
    const status = await sendUnsentStatusMails(payload, { now });
    report.mailsSent += status.sent;
    report.errors += status.errors;
  } catch (err) {
    report.errors += 1;
    payload.logger.warn({ err, msg: 'reconcile: shipped and delivered mails not sent this round' });
  }
  // Refunds: unanswered requests sent again, pending ones read back, dashboard refunds whose webhook was lost.
  try {
    const refunds = await reconcileRefunds(payload, now);
    report.refundsResent = refunds.resent;
    report.refundsSettled = refunds.settled;
    report.refundsLearned = refunds.learned;
    report.refundMails = refunds.mails;
    report.paymentNews = refunds.captureNews;
  } catch (err) {
    report.errors += 1;
    payload.logger.warn({ err, msg: 'reconcile: refunds not reconciled this round' });
  }
  // Captures PayPal holds: read every round, whatever the order's age, until PayPal releases or denies them.
  for (const order of await heldOrders(payload).catch(() => [] as Doc[])) {
    try {
      report.paymentNews += await applyPayPalOrder(
        payload,
        order,
        await paypal().getOrder(String(order.paypal_order_id)),
      );
    } catch (err) {
      report.errors += 1;
      payload.logger.warn({ err, msg: `reconcile: held payment of order ${String(order.number)} not read this round` });
    }
  }
  try {
    report.paymentNewsMails = await sendUnsentPaymentNewsMails(payload, now);
  } catch (err) {
    report.errors += 1;
    payload.logger.warn({ err, msg: 'reconcile: mails of PayPal news not sent this round' });
  }
  try {
    const reminders = await sendPickupReminders(payload, now);
    report.pickupReminders = reminders.sent;
    report.errors += reminders.errors;
  } catch (err) {
    report.errors += 1;
    payload.logger.warn({ err, msg: 'reconcile: pickup reminders not sent this round' });
  }
  return report;
}

/**
 * Runs a round right after start (the emulator and PayPal are reachable once the server listens) and then
 * every `intervalMs`; rounds never overlap. Returns a stop function.
 */
export function startPaymentReconciler(payload: Payload, intervalMs: number): () => void {
  let running: Promise<void> | null = null;
  const round = () => {
    if (running) return;
    const startedAt = Date.now();
    running = reconcileOnce(payload)
      .then((r) => {
        const refunds =
          r.refundsResent + r.refundsSettled + r.refundsLearned + r.refundMails + r.paymentNews + r.paymentNewsMails;
        const changed =
          r.completed + r.pending + r.abandoned + r.failed + r.mailsSent + r.errors + refunds + r.pickupReminders;
        if (changed > 0) {
          payload.logger.info({ msg: `reconcile: ${JSON.stringify(r)} in ${Date.now() - startedAt} ms` });
        }
      })
      .catch((err: unknown) => payload.logger.error({ err, msg: 'reconcile round failed' }))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(round, 0);
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
