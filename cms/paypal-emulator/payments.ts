/**
 * Payments v2 (https://developer.paypal.com/docs/api/payments/v2/): get a capture, refund a capture, get a refund.
 */
import type { Request, Response } from 'express';
import type {
  PayPalCapture,
  PayPalErrorDetail,
  PayPalMoney,
  PayPalPurchaseUnit,
  PayPalRefund,
} from '../services/paypal/types';
import type { EmulatorContext, EmulatorWebhooks } from './context';
import { detail, notFound, sendError } from './errors';
import { newResourceId, nowIso } from './ids';
import { decimalsOf, fromMinor, money, refundedFeeMinor, toMinor } from './money';
import { PAYEE } from './orders';
import { AMOUNT_PATTERN, type Problems, checkString, isObject } from './request-checks';
import { type EmulatedOrderRecord, type EmulatedRefundRequest, persist } from './state';

interface RefundInput {
  /** Absent: refund everything not yet refunded. */
  amount?: PayPalMoney;
  note_to_payer?: string;
  invoice_id?: string;
  custom_id?: string;
}

/**
 * Checks the body of POST /v2/payments/captures/{id}/refund: `bad` non-empty → 400 INVALID_REQUEST; else
 * `unprocessable` non-empty → 422 UNPROCESSABLE_ENTITY (an amount of 0, below 0 or with too many decimals).
 */
export function validateRefundRequest(body: unknown): {
  bad: PayPalErrorDetail[];
  unprocessable: PayPalErrorDetail[];
  input: RefundInput;
} {
  if (body === undefined) return { bad: [], unprocessable: [], input: {} };
  if (!isObject(body)) return { bad: [detail('MALFORMED_REQUEST_JSON')], unprocessable: [], input: {} };
  const p: Problems = { syntax: [], business: [] };
  const input: RefundInput = {};
  const a = body.amount;
  if (a !== undefined) {
    if (!isObject(a)) p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', '/amount'));
    else {
      const { currency_code: currency, value } = a;
      let currencyOk = false;
      if (currency === undefined) p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', '/amount/currency_code'));
      else if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
        p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', '/amount/currency_code', 'body', String(currency)));
      else currencyOk = true;
      if (value === undefined) p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', '/amount/value'));
      else if (typeof value !== 'string' || value.length > 32 || !AMOUNT_PATTERN.test(value))
        p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', '/amount/value', 'body', String(value)));
      else if (currencyOk) {
        const cur = currency as string;
        const allowed = decimalsOf(cur);
        // Well-formed but not payable: PayPal lists these among the refund's 422 issues, not its 400 ones.
        if ((value.split('.')[1] ?? '').length > allowed) {
          p.business.push(
            detail(allowed === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION', '/amount/value', 'body', value),
          );
        } else if (toMinor(value, cur) <= 0) {
          p.business.push(detail('CANNOT_BE_ZERO_OR_NEGATIVE', '/amount/value', 'body', value));
        } else input.amount = { currency_code: cur, value: fromMinor(toMinor(value, cur), cur) };
      }
    }
  }
  checkString(body.note_to_payer, '/note_to_payer', 255, p);
  checkString(body.invoice_id, '/invoice_id', 127, p);
  checkString(body.custom_id, '/custom_id', 127, p);
  for (const key of ['note_to_payer', 'invoice_id', 'custom_id'] as const) {
    if (typeof body[key] === 'string') input[key] = body[key];
  }
  return { bad: p.syntax, unprocessable: p.business, input };
}

/** A capture found by id, with its order record and purchase unit. */
interface FoundCapture {
  rec: EmulatedOrderRecord;
  unit: PayPalPurchaseUnit;
  capture: PayPalCapture;
}

/** Payments v2: get a capture, refund a capture, get a refund; and what the test knobs share with them. */
export function mountPayments(ctx: EmulatorContext, webhooks: EmulatorWebhooks) {
  const { router, options, state, origin, apiBase, requireBearer } = ctx;
  const { scheduleWebhooks, queueRefundWebhook } = webhooks;
  // --- Payments v2 --------------------------------------------------------------------------------------
  const findCapture = (captureId: string): FoundCapture | null => {
    const orderId = state.captures.get(captureId);
    const rec = orderId ? state.orders.get(orderId) : undefined;
    for (const unit of rec?.order.purchase_units ?? []) {
      const capture = unit.payments?.captures?.find((c) => c.id === captureId);
      if (rec && capture) return { rec, unit, capture };
    }
    return null;
  };

  router.get('/v2/payments/captures/:id', requireBearer, (req, res) => {
    const found = findCapture(String(req.params.id));
    if (!found) return notFound(res);
    res.json({
      ...structuredClone(found.capture),
      supplementary_data: { related_ids: { order_id: found.rec.order.id } },
    });
  });

  // --- Payments v2 refunds --------------------------------------------------------------------------------
  /** The refunds of a capture (in its purchase unit, told apart by their `up` link). */
  const refundsOf = (found: FoundCapture): PayPalRefund[] =>
    (found.unit.payments?.refunds ?? []).filter((r) =>
      r.links.some((l) => l.rel === 'up' && l.href.endsWith(`/v2/payments/captures/${found.capture.id}`)),
    );
  const sumMinor = (refunds: PayPalRefund[], cur: string, statuses: PayPalRefund['status'][]) =>
    refunds.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + toMinor(r.amount.value, cur), 0);

  const findRefund = (refundId: string): (FoundCapture & { refund: PayPalRefund }) | null => {
    const orderId = state.refunds.get(refundId);
    const rec = orderId ? state.orders.get(orderId) : undefined;
    for (const unit of rec?.order.purchase_units ?? []) {
      const refund = unit.payments?.refunds?.find((r) => r.id === refundId);
      if (!rec || !refund) continue;
      for (const capture of unit.payments?.captures ?? []) {
        const found = { rec, unit, capture };
        if (refundsOf(found).includes(refund)) return { ...found, refund };
      }
    }
    return null;
  };

  /** The capture's status after its completed refunds: PARTIALLY_REFUNDED, or REFUNDED once all is paid back. */
  const settleCapture = (found: FoundCapture, time: string): void => {
    const { capture } = found;
    const cur = capture.amount.currency_code;
    const refunded = sumMinor(refundsOf(found), cur, ['COMPLETED']);
    if (refunded === 0) return;
    capture.status = refunded >= toMinor(capture.amount.value, cur) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    delete capture.status_details;
    capture.update_time = time;
    found.rec.order.update_time = time;
  };

  /**
   * The refund's seller_payable_breakdown: paypal_fee is the part of the capture's fee PayPal gives back (see
   * refundedFeeMinor; none on a reversal), net_amount = gross_amount − paypal_fee is what leaves the merchant's
   * balance, total_refunded_amount = completed so far. Call it once the refund is in the capture's list.
   */
  const payableBreakdown = (found: FoundCapture, refund: PayPalRefund, { reversal = false } = {}) => {
    const cur = refund.amount.currency_code;
    const refunds = refundsOf(found);
    const earlier = refunds.slice(0, refunds.indexOf(refund));
    const grossMinor = toMinor(refund.amount.value, cur);
    const feeMinor = reversal ? 0 : refundedFeeMinor(sumMinor(earlier, cur, ['COMPLETED', 'PENDING']), grossMinor);
    return {
      gross_amount: { ...refund.amount },
      paypal_fee: money(cur, feeMinor),
      net_amount: money(cur, grossMinor - feeMinor),
      total_refunded_amount: money(cur, sumMinor(refunds, cur, ['COMPLETED'])),
    };
  };

  /**
   * Checks PayPal's business rules for a refund of `found` and makes it (COMPLETED or PENDING); answers the
   * 422 itself and returns null when a rule fails. The caller persists and answers.
   */
  const makeRefund = (
    req: Request,
    res: Response,
    found: FoundCapture,
    input: RefundInput,
    status: 'COMPLETED' | 'PENDING',
  ): PayPalRefund | null => {
    const { capture, unit } = found;
    const refuse = (issue: string, field?: string, value?: string) => {
      sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail(issue, field, 'body', value)], 'payments');
      return null;
    };
    if (capture.status === 'PENDING') return refuse('PENDING_CAPTURE');
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') return refuse('REFUND_NOT_ALLOWED');
    const cur = capture.amount.currency_code;
    const refunds = refundsOf(found);
    // A PENDING refund holds its amount: what it will pay back cannot be refunded a second time.
    const left = toMinor(capture.amount.value, cur) - sumMinor(refunds, cur, ['COMPLETED', 'PENDING']);
    if (capture.status === 'REFUNDED' || left <= 0) return refuse('CAPTURE_FULLY_REFUNDED');
    if (input.amount && input.amount.currency_code !== cur)
      return refuse('REFUND_CAPTURE_CURRENCY_MISMATCH', '/amount/currency_code', input.amount.currency_code);
    const amountMinor = input.amount ? toMinor(input.amount.value, cur) : left;
    if (amountMinor > left) return refuse('REFUND_AMOUNT_EXCEEDED', '/amount/value', input.amount?.value);

    const id = newResourceId();
    const time = nowIso();
    const refund: PayPalRefund = {
      id,
      amount: money(cur, amountMinor),
      ...(input.invoice_id !== undefined ? { invoice_id: input.invoice_id } : {}),
      ...(input.custom_id !== undefined ? { custom_id: input.custom_id } : {}),
      ...(input.note_to_payer !== undefined ? { note_to_payer: input.note_to_payer } : {}),
      status,
      ...(status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
      // Payments v2 names the merchant who paid the money back `payer` on a refund.
      payer: { ...PAYEE },
      create_time: time,
      update_time: time,
      links: [
        { href: `${apiBase(req)}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${apiBase(req)}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    unit.payments = { ...unit.payments, refunds: [...(unit.payments?.refunds ?? []), refund] };
    state.refunds.set(id, found.rec.order.id);
    if (status === 'COMPLETED') settleCapture(found, time);
    else found.rec.order.update_time = time;
    // After the refund joined the capture's list: a COMPLETED one counts itself in total_refunded_amount.
    refund.seller_payable_breakdown = payableBreakdown(found, refund);
    return refund;
  };

  /** The refund as the API answers it (Prefer: return=minimal → id, status, links only). */
  const presentRefund = (req: Request, refund: PayPalRefund): Partial<PayPalRefund> => {
    const full = structuredClone(refund);
    if (/return=minimal/i.test(req.get('prefer') ?? '')) return { id: full.id, status: full.status, links: full.links };
    return full;
  };

  /** Captures whose API refund answers wait (refund-hold), each with the answers waiting. */
  const refundHolds = new Map<string, Array<() => void>>();
  /** Waits while the capture's refund answers are held; at once otherwise. */
  const refundAnswerLeaves = (captureId: string) =>
    new Promise<void>((resolve) => {
      const held = refundHolds.get(captureId);
      if (held) held.push(resolve);
      else resolve();
    });

  router.post('/v2/payments/captures/:id/refund', requireBearer, async (req, res) => {
    // Synchronous from the lookup to the state change: two concurrent refunds cannot both take the same money.
    const captureId = String(req.params.id);
    const found = findCapture(captureId);
    if (!found) return notFound(res);
    const requestId = req.get('paypal-request-id') ?? '';
    const asked = isObject(req.body) && isObject(req.body.amount) ? req.body.amount.value : undefined;
    const logged: EmulatedRefundRequest = {
      capture_id: captureId,
      request_id: requestId,
      value: typeof asked === 'string' ? asked : null,
      status: 0,
    };
    (found.rec.refundRequests ??= []).push(logged);
    res.on('finish', () => {
      logged.status = res.statusCode;
    });
    const key = `${captureId} ${requestId}`;
    const replay = requestId ? found.rec.refundResponses.get(key) : undefined;
    if (replay) {
      await refundAnswerLeaves(captureId);
      res.status(201).json(presentRefund(req, replay));
      return;
    }
    const { bad, unprocessable, input } = validateRefundRequest(req.body);
    if (bad.length) return sendError(res, 400, 'INVALID_REQUEST', bad, 'payments');
    if (unprocessable.length) return sendError(res, 422, 'UNPROCESSABLE_ENTITY', unprocessable, 'payments');
    const status = Object.hasOwn(found.rec.refundModes, captureId) ? 'PENDING' : 'COMPLETED';
    const refund = makeRefund(req, res, found, input, status);
    if (!refund) return;
    if (requestId) found.rec.refundResponses.set(key, structuredClone(refund));
    if (status === 'COMPLETED') queueRefundWebhook(req, found.rec, refund, options.webhookDelayMs ?? 1000);
    // Journaled before the answer: once the shop hears "refunded", a restart cannot make PayPal forget it.
    persist(found.rec);
    await refundAnswerLeaves(captureId);
    res.status(201).json(presentRefund(req, refund));
    if (found.rec.pendingWebhooks.length) scheduleWebhooks(origin(req));
  });

  router.get('/v2/payments/refunds/:id', requireBearer, (req, res) => {
    const found = findRefund(String(req.params.id));
    if (!found) return notFound(res);
    res.json(structuredClone(found.refund));
  });

  return { findCapture, findRefund, refundsOf, sumMinor, settleCapture, payableBreakdown, makeRefund, refundHolds };
}
