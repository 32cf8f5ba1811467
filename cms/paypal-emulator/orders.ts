/**
 * Orders v2 (https://developer.paypal.com/docs/api/orders/v2/): create, get and capture an order, and the buyer's
 * approval that PayPal's pages give.
 */
import type { Request } from 'express';
import type {
  PayPalAddress,
  PayPalCapture,
  PayPalErrorDetail,
  PayPalLink,
  PayPalMoney,
  PayPalOrder,
  PayPalPayer,
  PayPalPurchaseUnit,
  PayPalShipping,
  PayPalShippingPreference,
} from '../services/paypal/types';
import type { EmulatorContext, EmulatorWebhooks } from './context';
import { detail, notFound, sendError } from './errors';
import { newAccountId, newResourceId, nowIso } from './ids';
import { money, paypalFeeMinor, toMinor } from './money';
import { type Problems, checkMoney, checkString, isObject } from './request-checks';
import { type EmulatedCaptureOutcome, type EmulatedOrderRecord, persist } from './state';
import { fromLoopback } from './test-knobs';
import { captureCompletedEvent } from './webhooks';

const BREAKDOWN_ADD = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'] as const;
const BREAKDOWN_SUB = ['shipping_discount', 'discount'] as const;

function validatePurchaseUnit(unit: unknown, index: number, multiple: boolean, p: Problems): void {
  const ref = isObject(unit) && typeof unit.reference_id === 'string' ? unit.reference_id : 'default';
  const base = `/purchase_units/@reference_id=='${ref}'`;
  if (!isObject(unit)) {
    p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', `/purchase_units/${index}`));
    return;
  }
  if (multiple && unit.reference_id === undefined)
    p.syntax.push(detail('REFERENCE_ID_REQUIRED', `/purchase_units/${index}/reference_id`));
  checkString(unit.reference_id, `${base}/reference_id`, 256, p);
  checkString(unit.custom_id, `${base}/custom_id`, 127, p);
  checkString(unit.invoice_id, `${base}/invoice_id`, 127, p);
  checkString(unit.description, `${base}/description`, 127, p);
  if (unit.shipping !== undefined && !isObject(unit.shipping))
    p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', `${base}/shipping`));

  const amount = checkMoney(unit.amount, `${base}/amount`, p, { positive: true });
  const rawAmount = isObject(unit.amount) ? unit.amount : {};
  const breakdown = rawAmount.breakdown;
  const parts: Record<string, PayPalMoney | null> = {};
  if (breakdown !== undefined) {
    if (!isObject(breakdown)) p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', `${base}/amount/breakdown`));
    else {
      for (const key of [...BREAKDOWN_ADD, ...BREAKDOWN_SUB]) {
        if (breakdown[key] !== undefined) parts[key] = checkMoney(breakdown[key], `${base}/amount/breakdown/${key}`, p);
      }
    }
  }

  let itemsSum: number | null = 0;
  let itemsTaxSum: number | null = null;
  const items = unit.items;
  if (items !== undefined) {
    if (!Array.isArray(items)) p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', `${base}/items`));
    else {
      items.forEach((item, i) => {
        const f = `${base}/items/${i}`;
        if (!isObject(item)) {
          p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', f));
          itemsSum = null;
          return;
        }
        checkString(item.name, `${f}/name`, 127, p, true);
        checkString(item.sku, `${f}/sku`, 127, p);
        checkString(item.description, `${f}/description`, 127, p);
        let qty: number | null = null;
        if (item.quantity === undefined) p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', `${f}/quantity`));
        else if (typeof item.quantity !== 'string' || !/^\d{1,10}$/.test(item.quantity)) {
          p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', `${f}/quantity`, 'body', String(item.quantity)));
        } else qty = Number(item.quantity);
        const unitAmount = checkMoney(item.unit_amount, `${f}/unit_amount`, p);
        if (unitAmount && amount && unitAmount.currency_code !== amount.currency_code) {
          p.business.push(
            detail('MULTI_CURRENCY_ORDER', `${f}/unit_amount/currency_code`, 'body', unitAmount.currency_code),
          );
        }
        if (qty === null || !unitAmount || itemsSum === null) itemsSum = null;
        else itemsSum += toMinor(unitAmount.value, unitAmount.currency_code) * qty;
        if (item.tax !== undefined) {
          const tax = checkMoney(item.tax, `${f}/tax`, p);
          if (tax && qty !== null) itemsTaxSum = (itemsTaxSum ?? 0) + toMinor(tax.value, tax.currency_code) * qty;
        }
      });
    }
  }

  if (!amount) return;
  const cur = amount.currency_code;
  for (const [key, part] of Object.entries(parts)) {
    if (part && part.currency_code !== cur)
      p.business.push(
        detail('MULTI_CURRENCY_ORDER', `${base}/amount/breakdown/${key}/currency_code`, 'body', part.currency_code),
      );
  }
  if (p.syntax.length || p.business.length) return;

  if (Array.isArray(items) && items.length > 0) {
    if (!parts.item_total) {
      p.business.push(detail('ITEM_TOTAL_REQUIRED', `${base}/amount/breakdown/item_total`));
      return;
    }
    if (itemsSum !== null && itemsSum !== toMinor(parts.item_total.value, cur)) {
      p.business.push(
        detail('ITEM_TOTAL_MISMATCH', `${base}/amount/breakdown/item_total/value`, 'body', parts.item_total.value),
      );
    }
    if (itemsTaxSum !== null) {
      if (!parts.tax_total) p.business.push(detail('TAX_TOTAL_REQUIRED', `${base}/amount/breakdown/tax_total`));
      else if (itemsTaxSum !== toMinor(parts.tax_total.value, cur)) {
        p.business.push(
          detail('TAX_TOTAL_MISMATCH', `${base}/amount/breakdown/tax_total/value`, 'body', parts.tax_total.value),
        );
      }
    }
  }
  if (isObject(breakdown)) {
    let expected = 0;
    for (const key of BREAKDOWN_ADD) if (parts[key]) expected += toMinor(parts[key].value, cur);
    for (const key of BREAKDOWN_SUB) if (parts[key]) expected -= toMinor(parts[key].value, cur);
    if (expected !== toMinor(amount.value, cur)) {
      p.business.push(detail('AMOUNT_MISMATCH', `${base}/amount/value`, 'body', amount.value));
    }
  }
}

function validateCreateOrder(body: unknown): Problems {
  const p: Problems = { syntax: [], business: [] };
  if (!isObject(body)) {
    p.syntax.push(detail('MALFORMED_REQUEST_JSON'));
    return p;
  }
  if (body.intent === undefined) p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', '/intent'));
  // PayPal also accepts AUTHORIZE; the shop only captures, so the emulator only implements CAPTURE.
  else if (body.intent !== 'CAPTURE')
    p.syntax.push(detail('INVALID_PARAMETER_VALUE', '/intent', 'body', String(body.intent)));
  const units = body.purchase_units;
  if (units === undefined) p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', '/purchase_units'));
  else if (!Array.isArray(units)) p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', '/purchase_units'));
  else if (units.length === 0) p.syntax.push(detail('INVALID_ARRAY_MIN_ITEMS', '/purchase_units'));
  else if (units.length > 10) p.syntax.push(detail('INVALID_PARAMETER_VALUE', '/purchase_units'));
  else {
    units.forEach((u, i) => validatePurchaseUnit(u, i, units.length > 1, p));
    const refs = units.map((u) => (isObject(u) ? (u.reference_id ?? 'default') : null));
    if (new Set(refs).size !== refs.length) p.syntax.push(detail('DUPLICATE_REFERENCE_ID', '/purchase_units'));
  }
  return p;
}

function shippingPreference(body: unknown): PayPalShippingPreference {
  const b = isObject(body) ? body : {};
  const ps = isObject(b.payment_source) && isObject(b.payment_source.paypal) ? b.payment_source.paypal : {};
  const ec = isObject(ps.experience_context) ? ps.experience_context : {};
  const ac = isObject(b.application_context) ? b.application_context : {};
  const pref = ec.shipping_preference ?? ac.shipping_preference;
  return pref === 'NO_SHIPPING' || pref === 'SET_PROVIDED_ADDRESS' ? pref : 'GET_FROM_FILE';
}

const DEFAULT_PAYER: Required<Pick<PayPalPayer, 'name' | 'email_address'>> = {
  name: { given_name: 'John', surname: 'Doe' },
  email_address: 'sb-buyer@personal.example.com',
};
const DEFAULT_ADDRESS: PayPalAddress = {
  address_line_1: '1 Main St',
  admin_area_2: 'San Jose',
  admin_area_1: 'CA',
  postal_code: '95131',
  country_code: 'US',
};
/** The merchant every order is paid to (and who pays refunds back); merchant_id as PayPal's 13-character account ids. */
export const PAYEE = { email_address: 'sb-merchant@business.example.com', merchant_id: 'EMU7ATEDMERCH' };

/** Orders v2: create, get, capture an order, and the buyer's approval (PayPal's pages). */
export function mountOrders(ctx: EmulatorContext, webhooks: EmulatorWebhooks) {
  const { router, options, state, testHelpers, origin, apiBase, requireBearer } = ctx;
  const { scheduleWebhooks } = webhooks;
  const orderLinks = (req: Request, order: PayPalOrder): PayPalLink[] => {
    const self = `${apiBase(req)}/v2/checkout/orders/${order.id}`;
    const links: PayPalLink[] = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED')
      links.push({ href: `${apiBase(req)}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' });
    if (order.status === 'CREATED' || order.status === 'APPROVED') {
      links.push(
        { href: self, rel: 'update', method: 'PATCH' },
        { href: `${self}/capture`, rel: 'capture', method: 'POST' },
      );
    }
    return links;
  };

  /** The representation returned to API callers (Prefer: return=minimal → id, status, links only). */
  const present = (req: Request, order: PayPalOrder): PayPalOrder => {
    const full = structuredClone({ ...order, links: orderLinks(req, order) });
    if (/return=minimal/i.test(req.get('prefer') ?? '')) return { id: full.id, status: full.status, links: full.links };
    return full;
  };

  router.post('/v2/checkout/orders', requireBearer, (req, res) => {
    const requestId = req.get('paypal-request-id') || null;
    if (requestId) {
      const earlier = state.createResponses.get(requestId);
      if (earlier) {
        res.status(201).json(present(req, earlier));
        return;
      }
    }
    const problems = validateCreateOrder(req.body);
    if (problems.syntax.length) return sendError(res, 400, 'INVALID_REQUEST', problems.syntax);
    if (problems.business.length) return sendError(res, 422, 'UNPROCESSABLE_ENTITY', problems.business);

    const body = req.body as { intent: 'CAPTURE'; purchase_units: Array<Record<string, unknown>> };
    const id = newResourceId();
    const created = nowIso();
    const order: PayPalOrder = {
      id,
      intent: 'CAPTURE',
      status: 'CREATED',
      purchase_units: body.purchase_units.map((u) => ({
        ...(structuredClone(u) as unknown as PayPalPurchaseUnit),
        reference_id: typeof u.reference_id === 'string' ? u.reference_id : 'default',
        payee: { ...PAYEE },
      })),
      create_time: created,
    };
    const rec: EmulatedOrderRecord = {
      order,
      request: { body: structuredClone(req.body), requestId, prefer: req.get('prefer') ?? null, receivedAt: created },
      captureOutcome: 'COMPLETED',
      captureResponses: new Map(),
      captureRequestIds: [],
      pendingWebhooks: [],
      refundResponses: new Map(),
      refundModes: {},
      ...(requestId ? { createResponse: structuredClone(order) } : {}),
    };
    state.orders.set(id, rec);
    if (requestId) state.createResponses.set(requestId, structuredClone(order));
    persist(rec);
    res.status(201).json(present(req, order));
  });

  router.get('/v2/checkout/orders/:id', requireBearer, (req, res) => {
    const rec = state.orders.get(String(req.params.id));
    if (!rec) return notFound(res);
    res.json(present(req, rec.order));
  });

  // The buyer approving on PayPal's pages (emulator-only; no bearer token: it is the buyer's browser).
  router.post('/v2/checkout/orders/:id/approve', (req, res) => {
    const rec = state.orders.get(String(req.params.id));
    if (!rec) return notFound(res);
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const bad: PayPalErrorDetail[] = [];
    if (body.payer !== undefined && !isObject(body.payer)) bad.push(detail('INVALID_PARAMETER_SYNTAX', '/payer'));
    if (body.shipping !== undefined && !isObject(body.shipping))
      bad.push(detail('INVALID_PARAMETER_SYNTAX', '/shipping'));
    const address = isObject(body.shipping) ? body.shipping.address : undefined;
    if (
      address !== undefined &&
      (!isObject(address) || typeof address.country_code !== 'string' || !/^[A-Z]{2}$/.test(address.country_code))
    ) {
      bad.push(detail('INVALID_PARAMETER_VALUE', '/shipping/address/country_code'));
    }
    const outcome = (body.capture_status ?? 'COMPLETED') as EmulatedCaptureOutcome;
    if (!['COMPLETED', 'PENDING', 'DECLINED'].includes(outcome))
      bad.push(detail('INVALID_PARAMETER_VALUE', '/capture_status', 'body', String(outcome)));
    const captureAmount = body.capture_amount;
    if (
      captureAmount !== undefined &&
      (typeof captureAmount !== 'string' || !/^\d{1,10}(\.\d{2})?$/.test(captureAmount))
    )
      bad.push(detail('INVALID_PARAMETER_VALUE', '/capture_amount'));
    if (body.webhook !== undefined && body.webhook !== false) bad.push(detail('INVALID_PARAMETER_VALUE', '/webhook'));
    const captureRefusal = body.capture_refusal;
    if (captureRefusal !== undefined && (typeof captureRefusal !== 'string' || !/^[A-Z_]{1,64}$/.test(captureRefusal)))
      bad.push(detail('INVALID_PARAMETER_VALUE', '/capture_refusal'));
    // The knobs steer what the capture does: only a test on this machine may turn them, never in production.
    const knob = ['capture_status', 'capture_amount', 'webhook', 'capture_refusal'].find((k) => body[k] !== undefined);
    if (knob && !(testHelpers && fromLoopback(req))) bad.push(detail('INVALID_PARAMETER_VALUE', `/${knob}`));
    if (bad.length) return sendError(res, 400, 'INVALID_REQUEST', bad);
    if (rec.order.status === 'COMPLETED')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('ORDER_ALREADY_CAPTURED')]);
    // A buyer approves once: a second approval must not re-route an approved order's parcel.
    if (rec.order.status === 'APPROVED')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('ORDER_ALREADY_APPROVED')]);

    const p = (isObject(body.payer) ? body.payer : {}) as PayPalPayer;
    const payerName = { ...DEFAULT_PAYER.name, ...(p.name ?? {}) };
    const payer: PayPalPayer = {
      name: payerName,
      email_address: p.email_address ?? DEFAULT_PAYER.email_address,
      payer_id: rec.order.payer?.payer_id ?? newAccountId(),
      address: {
        country_code: (address as PayPalAddress | undefined)?.country_code ?? p.address?.country_code ?? 'US',
      },
    };
    const preference = shippingPreference(rec.request.body);
    const unit = rec.order.purchase_units?.[0];
    if (unit && preference === 'GET_FROM_FILE') {
      const s = (isObject(body.shipping) ? body.shipping : {}) as PayPalShipping;
      unit.shipping = {
        name: { full_name: s.name?.full_name ?? `${payerName.given_name ?? ''} ${payerName.surname ?? ''}`.trim() },
        address: { ...(s.address ?? DEFAULT_ADDRESS) },
      };
    } else if (unit && preference === 'NO_SHIPPING') {
      delete unit.shipping;
    } // SET_PROVIDED_ADDRESS: the merchant's shipping from the create request stays.
    rec.order.payer = payer;
    rec.order.payment_source = {
      paypal: {
        email_address: payer.email_address,
        account_id: payer.payer_id,
        account_status: 'VERIFIED',
        name: payer.name,
        address: payer.address,
      },
    };
    rec.order.status = 'APPROVED';
    rec.order.update_time = nowIso();
    rec.captureOutcome = outcome;
    if (typeof captureAmount === 'string') rec.captureAmount = captureAmount;
    if (body.webhook === false) rec.noWebhook = true;
    if (typeof captureRefusal === 'string') rec.captureRefusal = captureRefusal;
    persist(rec);
    // The buyer's browser learns what PayPal's onApprove hands it (order id, status, payer id), not the order:
    // whoever holds an order id may call this, and the order carries the payer's and the shipping's details.
    res.json({ id: rec.order.id, status: rec.order.status, payer: { payer_id: payer.payer_id } });
  });

  router.post('/v2/checkout/orders/:id/capture', requireBearer, (req, res) => {
    // Everything from the lookup to the state change is synchronous: two concurrent captures cannot both pass.
    const rec = state.orders.get(String(req.params.id));
    if (!rec) return notFound(res);
    const requestId = req.get('paypal-request-id') ?? '';
    rec.captureRequestIds.push(requestId);
    const replay = requestId ? rec.captureResponses.get(requestId) : undefined;
    if (replay) {
      res.status(201).json(present(req, replay));
      return;
    }
    if (rec.order.status === 'COMPLETED')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('ORDER_ALREADY_CAPTURED')]);
    if (rec.order.status !== 'APPROVED')
      return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail('ORDER_NOT_APPROVED')]);
    if (rec.captureRefusal) return sendError(res, 422, 'UNPROCESSABLE_ENTITY', [detail(rec.captureRefusal)]);

    const time = nowIso();
    const outcome = rec.captureOutcome;
    const captures: PayPalCapture[] = [];
    for (const unit of rec.order.purchase_units ?? []) {
      const captureId = newResourceId();
      const cur = unit.amount.currency_code;
      const value = rec.captureAmount ?? unit.amount.value;
      const gross = toMinor(value, cur);
      const fee = paypalFeeMinor(gross, cur);
      const capture: PayPalCapture = {
        id: captureId,
        status: outcome,
        ...(outcome === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
        amount: { currency_code: cur, value },
        final_capture: true,
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
        seller_protection: {
          status: 'ELIGIBLE',
          dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
        },
        // A declined capture moved no money: PayPal gives no receivable breakdown for it.
        ...(outcome === 'DECLINED'
          ? {}
          : {
              seller_receivable_breakdown: {
                gross_amount: money(cur, gross),
                paypal_fee: money(cur, fee),
                net_amount: money(cur, gross - fee),
              },
            }),
        links: [
          { href: `${apiBase(req)}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
          { href: `${apiBase(req)}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
          { href: `${apiBase(req)}/v2/checkout/orders/${rec.order.id}`, rel: 'up', method: 'GET' },
        ],
        create_time: time,
        update_time: time,
      };
      unit.payments = { captures: [capture] };
      state.captures.set(captureId, rec.order.id);
      captures.push(capture);
    }
    // PayPal reports the order COMPLETED even when its capture is PENDING or DECLINED.
    rec.order.status = 'COMPLETED';
    rec.order.update_time = time;
    const response = structuredClone(rec.order);
    if (requestId) rec.captureResponses.set(requestId, response);
    if (options.webhookTarget && options.webhookOnCapture !== false && !rec.noWebhook) {
      const dueAt = Date.now() + (options.webhookDelayMs ?? 1000);
      for (const capture of captures.filter((c) => c.status === 'COMPLETED')) {
        rec.pendingWebhooks.push({
          event: captureCompletedEvent(capture, rec.order.id, apiBase(req)),
          attempts: 0,
          dueAt,
        });
      }
    }
    // Journaled before the answer: once the shop hears "captured", a restart cannot make PayPal forget it.
    persist(rec);
    res.status(201).json(present(req, response));
    if (rec.pendingWebhooks.length) scheduleWebhooks(origin(req));
  });
}
