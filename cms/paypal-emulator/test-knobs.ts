/**
 * Test-only helpers (only with `testHelpers`, only from loopback): what PayPal's back office and dashboard do to a
 * capture or refund, and the /__inspect views. The routes are listed in emulator.ts.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { PayPalErrorDetail, PayPalRefund } from '../services/paypal/types';
import type { EmulatorContext, EmulatorPayments, EmulatorWebhooks } from './context';
import { detail, notFound, sendError } from './errors';
import { newResourceId, nowIso } from './ids';
import { money, toMinor } from './money';
import { PAYEE } from './orders';
import { validateRefundRequest } from './payments';
import { isObject } from './request-checks';
import {
  type EmulatedOrderSnapshot,
  type PendingWebhook,
  type WebhookDelivery,
  getEmulatedOrder,
  persist,
} from './state';
import { EMULATED_REVERSAL_NOTE, captureChangedEvent, captureCompletedEvent, captureReversedEvent } from './webhooks';

/** status_details.reason values of a PENDING or DENIED capture (Payments v2). */
const CAPTURE_STATUS_REASONS = new Set([
  'BUYER_COMPLAINT',
  'CHARGEBACK',
  'ECHECK',
  'INTERNATIONAL_WITHDRAWAL',
  'OTHER',
  'PENDING_REVIEW',
  'RECEIVING_PREFERENCE_MANDATES_MANUAL_ACTION',
  'REFUNDED',
  'TRANSACTION_APPROVED_AWAITING_FUNDING',
  'UNILATERAL',
  'VERIFICATION_REQUIRED',
]);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Sent from this machine itself, not through a proxy: the connection comes from loopback, carries no
 * forwarding header (a proxy on this machine connects from loopback on behalf of anyone) and express's
 * client address (req.ip, which follows X-Forwarded-For under TRUST_PROXY) is loopback too.
 */
export function fromLoopback(req: Request): boolean {
  return (
    LOOPBACK.has(req.socket.remoteAddress ?? '') &&
    LOOPBACK.has(req.ip ?? '') &&
    req.get('x-forwarded-for') === undefined &&
    req.get('forwarded') === undefined
  );
}

/** The inspect view: what tests need, with the payer's name, email and address left out. */
function withoutPayerDetails(snap: EmulatedOrderSnapshot): EmulatedOrderSnapshot {
  const order = snap.order;
  if (order.payer) order.payer = { payer_id: order.payer.payer_id };
  delete order.payment_source;
  for (const unit of order.purchase_units ?? []) {
    if (unit.shipping?.address) unit.shipping = { address: { country_code: unit.shipping.address.country_code } };
  }
  return snap;
}

/** The test-only helpers (see emulator.ts): what PayPal's back office and dashboard do, and inspection. */
export function mountTestKnobs(ctx: EmulatorContext, webhooks: EmulatorWebhooks, payments: EmulatorPayments) {
  const { router, options, state, testHelpers, origin, apiBase } = ctx;
  const { scheduleWebhooks, attemptDelivery, queueEvent, queueRefundWebhook } = webhooks;
  const { findCapture, findRefund, refundsOf, sumMinor, settleCapture, payableBreakdown, makeRefund, refundHolds } =
    payments;
  // A PENDING capture clears (test helper, stands for PayPal's back office); fires the webhook.
  router.post('/v2/payments/captures/:id/complete', async (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const found = findCapture(String(req.params.id));
    if (!found) return notFound(res);
    const { rec, capture } = found;
    if (capture.status !== 'PENDING')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('CAPTURE_NOT_PENDING')]);
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    if (body.webhook !== undefined && body.webhook !== false)
      return sendError(res, 400, 'INVALID_REQUEST', [detail('INVALID_PARAMETER_VALUE', '/webhook')]);
    capture.status = 'COMPLETED';
    delete capture.status_details;
    capture.update_time = nowIso();
    rec.order.update_time = capture.update_time;
    persist(rec);
    let delivery: WebhookDelivery | null = null;
    if (options.webhookTarget && body.webhook !== false) {
      const pending: PendingWebhook = {
        event: captureCompletedEvent(capture, rec.order.id, apiBase(req)),
        attempts: 0,
        dueAt: Date.now(),
      };
      rec.pendingWebhooks.push(pending);
      delivery = await attemptDelivery(rec, pending, origin(req));
    }
    res.json({ capture: structuredClone(capture), webhook: delivery });
  });

  // Test helper: the capture's API refunds are made as usual but their answers wait until the hold is lifted,
  // so a test can stop the shop while PayPal has made a refund the shop has not heard of. Not journaled: a
  // restart lifts it.
  router.post('/v2/payments/captures/:id/refund-hold', (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const captureId = String(req.params.id);
    if (!findCapture(captureId)) return notFound(res);
    const hold = isObject(req.body) ? req.body.hold : undefined;
    if (typeof hold !== 'boolean')
      return sendError(res, 400, 'INVALID_REQUEST', [detail('INVALID_PARAMETER_VALUE', '/hold', 'body', String(hold))]);
    const waiting = refundHolds.get(captureId) ?? [];
    if (hold) refundHolds.set(captureId, waiting);
    else {
      refundHolds.delete(captureId);
      for (const leave of waiting) leave();
    }
    res.json({ id: captureId, refund_hold: hold, released: hold ? 0 : waiting.length });
  });

  // A refund made in PayPal's own dashboard (test helper): no request id; `webhook: false` → the shop can only
  // learn of it by asking PayPal (GET order → payments.refunds); `status: 'PENDING'` → completes via /complete.
  router.post('/v2/payments/captures/:id/dashboard-refund', (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const found = findCapture(String(req.params.id));
    if (!found) return notFound(res);
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const { bad, unprocessable, input } = validateRefundRequest(req.body);
    if (body.webhook !== undefined && body.webhook !== false) bad.push(detail('INVALID_PARAMETER_VALUE', '/webhook'));
    if (body.status !== undefined && body.status !== 'PENDING' && body.status !== 'COMPLETED')
      bad.push(detail('INVALID_PARAMETER_VALUE', '/status', 'body', String(body.status)));
    if (bad.length) return sendError(res, 400, 'INVALID_REQUEST', bad, 'payments');
    if (unprocessable.length) return sendError(res, 422, 'UNPROCESSABLE_ENTITY', unprocessable, 'payments');
    const status = body.status === 'PENDING' ? 'PENDING' : 'COMPLETED';
    const refund = makeRefund(req, res, found, input, status);
    if (!refund) return;
    if (status === 'COMPLETED' && body.webhook !== false)
      queueRefundWebhook(req, found.rec, refund, options.webhookDelayMs ?? 1000);
    persist(found.rec);
    res.status(201).json(structuredClone(refund));
    if (found.rec.pendingWebhooks.length) scheduleWebhooks(origin(req));
  });

  // Test helper: the capture's next API refunds come back PENDING (reason ECHECK) until set back to COMPLETED.
  router.post('/v2/payments/captures/:id/refund-mode', (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const captureId = String(req.params.id);
    const found = findCapture(captureId);
    if (!found) return notFound(res);
    const mode = isObject(req.body) ? req.body.status : undefined;
    if (mode !== 'PENDING' && mode !== 'COMPLETED')
      return sendError(res, 400, 'INVALID_REQUEST', [
        detail('INVALID_PARAMETER_VALUE', '/status', 'body', String(mode)),
      ]);
    if (mode === 'PENDING') found.rec.refundModes[captureId] = 'PENDING';
    else delete found.rec.refundModes[captureId];
    persist(found.rec);
    res.json({ id: captureId, refund_mode: mode });
  });

  // Test helper: a PENDING refund completes (stands for PayPal's back office); fires PAYMENT.CAPTURE.REFUNDED.
  router.post('/v2/payments/refunds/:id/complete', (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const found = findRefund(String(req.params.id));
    if (!found) return notFound(res);
    const { refund, rec } = found;
    if (refund.status !== 'PENDING')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('REFUND_NOT_PENDING')], 'payments');
    const time = nowIso();
    refund.status = 'COMPLETED';
    delete refund.status_details;
    refund.update_time = time;
    settleCapture(found, time);
    refund.seller_payable_breakdown = payableBreakdown(found, refund);
    queueRefundWebhook(req, rec, refund, 0);
    persist(rec);
    res.json(structuredClone(refund));
    if (rec.pendingWebhooks.length) scheduleWebhooks(origin(req));
  });

  // --- What PayPal does to a capture on its own (test helpers, issue 30 §2) -------------------------------
  /** The body's `webhook: false` (drop the webhook: the shop learns only by asking) and `reason`; null when bad. */
  const captureNewsBody = (req: Request, res: Response, defaultReason: string) => {
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const bad: PayPalErrorDetail[] = [];
    if (body.webhook !== undefined && body.webhook !== false) bad.push(detail('INVALID_PARAMETER_VALUE', '/webhook'));
    if (body.reason !== undefined && (typeof body.reason !== 'string' || !CAPTURE_STATUS_REASONS.has(body.reason)))
      bad.push(detail('INVALID_PARAMETER_VALUE', '/reason', 'body', String(body.reason)));
    if (bad.length) {
      sendError(res, 400, 'INVALID_REQUEST', bad);
      return null;
    }
    return { webhook: body.webhook !== false, reason: typeof body.reason === 'string' ? body.reason : defaultReason };
  };
  // PayPal holds a completed capture (a buyer's dispute with PayPal, a review): PENDING with a reason, and
  // PAYMENT.CAPTURE.PENDING. Then /complete releases it, /deny denies it, /reverse takes the money back.
  router.post('/v2/payments/captures/:id/hold', (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const found = findCapture(String(req.params.id));
    if (!found) return notFound(res);
    const knobs = captureNewsBody(req, res, 'BUYER_COMPLAINT');
    if (!knobs) return;
    const { rec, capture } = found;
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('CAPTURE_NOT_COMPLETED')], 'payments');
    capture.status = 'PENDING';
    capture.status_details = { reason: knobs.reason };
    capture.update_time = nowIso();
    rec.order.update_time = capture.update_time;
    queueEvent(
      req,
      rec,
      captureChangedEvent('PAYMENT.CAPTURE.PENDING', capture, rec.order.id, apiBase(req)),
      knobs.webhook,
    );
    persist(rec);
    res.json(structuredClone(capture));
    if (rec.pendingWebhooks.length) scheduleWebhooks(origin(req));
  });

  // PayPal denies a PENDING capture (an eCheck that bounced, a review lost): DECLINED with the reason, and
  // PAYMENT.CAPTURE.DENIED.
  router.post('/v2/payments/captures/:id/deny', (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const found = findCapture(String(req.params.id));
    if (!found) return notFound(res);
    const { rec, capture } = found;
    const knobs = captureNewsBody(req, res, capture.status_details?.reason ?? 'OTHER');
    if (!knobs) return;
    if (capture.status !== 'PENDING')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('CAPTURE_NOT_PENDING')], 'payments');
    capture.status = 'DECLINED';
    capture.status_details = { reason: knobs.reason };
    capture.update_time = nowIso();
    rec.order.update_time = capture.update_time;
    queueEvent(
      req,
      rec,
      captureChangedEvent('PAYMENT.CAPTURE.DENIED', capture, rec.order.id, apiBase(req)),
      knobs.webhook,
    );
    persist(rec);
    res.json(structuredClone(capture));
    if (rec.pendingWebhooks.length) scheduleWebhooks(origin(req));
  });

  // PayPal reverses a capture (a chargeback, a dispute the seller lost): a COMPLETED refund of `amount`
  // (default: all not yet refunded) that the shop never asked for, noted "Payment reversed"; the capture goes
  // PARTIALLY_REFUNDED or REFUNDED as after a refund, and PAYMENT.CAPTURE.REVERSED goes out.
  router.post('/v2/payments/captures/:id/reverse', (req, res) => {
    if (!testHelpers || !fromLoopback(req)) return notFound(res);
    const found = findCapture(String(req.params.id));
    if (!found) return notFound(res);
    const knobs = captureNewsBody(req, res, 'CHARGEBACK');
    if (!knobs) return;
    const { bad, unprocessable, input } = validateRefundRequest({
      amount: isObject(req.body) ? req.body.amount : undefined,
    });
    if (bad.length) return sendError(res, 400, 'INVALID_REQUEST', bad, 'payments');
    if (unprocessable.length) return sendError(res, 422, 'UNPROCESSABLE_ENTITY', unprocessable, 'payments');
    const { rec, unit, capture } = found;
    if (!['COMPLETED', 'PARTIALLY_REFUNDED', 'PENDING'].includes(capture.status))
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('REFUND_NOT_ALLOWED')], 'payments');
    const cur = capture.amount.currency_code;
    const left = toMinor(capture.amount.value, cur) - sumMinor(refundsOf(found), cur, ['COMPLETED', 'PENDING']);
    const amountMinor = input.amount ? toMinor(input.amount.value, cur) : left;
    if (amountMinor <= 0 || amountMinor > left)
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('REFUND_AMOUNT_EXCEEDED')], 'payments');
    const id = newResourceId();
    const time = nowIso();
    const reversal: PayPalRefund = {
      id,
      amount: money(cur, amountMinor),
      note_to_payer: EMULATED_REVERSAL_NOTE,
      status: 'COMPLETED',
      payer: { ...PAYEE },
      create_time: time,
      update_time: time,
      links: [
        { href: `${apiBase(req)}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${apiBase(req)}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    unit.payments = { ...unit.payments, refunds: [...(unit.payments?.refunds ?? []), reversal] };
    state.refunds.set(id, rec.order.id);
    settleCapture(found, time);
    reversal.seller_payable_breakdown = payableBreakdown(found, reversal, { reversal: true });
    queueEvent(req, rec, captureReversedEvent(reversal, apiBase(req)), knobs.webhook);
    persist(rec);
    res.status(201).json(structuredClone(reversal));
    if (rec.pendingWebhooks.length) scheduleWebhooks(origin(req));
  });

  // --- Test-only inspection -----------------------------------------------------------------------------
  if (testHelpers) {
    const loopbackOnly: RequestHandler = (req, res, next) => {
      if (!fromLoopback(req)) return notFound(res);
      next();
    };
    router.get('/__inspect/orders/:id', loopbackOnly, (req, res) => {
      const snap = getEmulatedOrder(String(req.params.id));
      if (!snap) return notFound(res);
      res.json(withoutPayerDetails(snap));
    });
    router.get('/__inspect/webhooks', loopbackOnly, (_req, res) => {
      res.json(state.webhookDeliveries);
    });
    router.get('/__inspect/stats', loopbackOnly, (_req, res) => {
      res.json({ verifyCalls: state.verifyCalls, orders: state.orders.size });
    });
  }
}
