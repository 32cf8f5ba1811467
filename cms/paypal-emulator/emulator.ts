/**
 * Local PayPal emulator: the subset of PayPal's REST API the shop uses (OAuth2 token, Orders v2 create / get /
 * capture, Payments v2 get capture / refund a capture / get refund, Notifications v1 verify-webhook-signature),
 * plus the buyer's approval (which a person gives on PayPal's pages), a JS SDK stand-in and a few test-only
 * helpers.
 *
 * It is active when no PAYPAL_CLIENT_ID is set (see resolvePayPalSettings) and is mounted by the server at
 * `/__paypal`; the shop's PayPal client talks to it over HTTP exactly as to https://api-m.sandbox.paypal.com.
 * State lives in memory in this module and, when the server gives a `stateFile`, also in an append-only
 * journal in the data folder: PayPal keeps its orders across the shop's restarts, and a restarted shop must
 * be able to ask what was captured while it was down. Not shared between processes.
 *
 * Production code never imports this module statically: the server loads it with a dynamic import only when
 * the emulator is switched on (see cms/express-app.ts).
 *
 * Every REST route (create, get and capture an order, get a capture, refund a capture, get a refund, verify a
 * webhook) needs a bearer token from POST /v1/oauth2/token, which only the client id and the random
 * `clientSecret` the server gives (kept in its data folder, see services/paypal/emulator-credentials.ts) obtain:
 * an order id alone reads, captures and refunds nothing.
 *
 * Emulator-only routes (no bearer token, they stand for the buyer or for PayPal's back office):
 *   POST /v2/checkout/orders/{id}/approve          the buyer approves on PayPal's pages; answers the order's
 *                                                  id, status and payer id only (no names, emails, addresses)
 *   GET  /sdk/js                                   JS SDK stand-in (sdk-standin.js)
 *   GET  /checkoutnow?token={id}                   what the order's `approve` link points at
 *   GET  /certs/emulator.pem                       what webhooks' paypal-cert-url points at
 * Test helpers, only outside production and only from loopback (a request that came through a proxy is not):
 *   the approval's capture_status / capture_amount / webhook / capture_refusal knobs
 *   POST /v2/payments/captures/{id}/complete       a PENDING capture clears (fires PAYMENT.CAPTURE.COMPLETED)
 *   POST /v2/payments/captures/{id}/dashboard-refund
 *                                                  a refund made in PayPal's own dashboard (no request id);
 *                                                  body { amount?, webhook?: false, status?: 'PENDING' }
 *   POST /v2/payments/captures/{id}/refund-mode    { status: 'PENDING' | 'COMPLETED' }: the capture's next API
 *                                                  refunds come back PENDING (reason ECHECK) until set back
 *   POST /v2/payments/refunds/{id}/complete        a PENDING refund completes (fires PAYMENT.CAPTURE.REFUNDED)
 *   POST /v2/payments/captures/{id}/hold           { reason?, webhook?: false }: PayPal holds a completed capture
 *                                                  (PENDING, reason BUYER_COMPLAINT by default; fires
 *                                                  PAYMENT.CAPTURE.PENDING); /complete releases it
 *   POST /v2/payments/captures/{id}/deny           { reason?, webhook?: false }: a PENDING capture is denied
 *                                                  (status DECLINED; fires PAYMENT.CAPTURE.DENIED)
 *   POST /v2/payments/captures/{id}/reverse        { amount?, webhook?: false }: PayPal reverses the capture (a
 *                                                  chargeback): a COMPLETED refund noted "Payment reversed";
 *                                                  fires PAYMENT.CAPTURE.REVERSED
 *   (/complete, /hold, /deny, /reverse take webhook: false: the webhook is dropped, the shop must ask PayPal)
 *   POST /v2/payments/captures/{id}/refund-hold    { hold: true | false }: the capture's API refunds are made
 *                                                  (and journaled) as usual, but their answers wait until the
 *                                                  hold is lifted: a refund PayPal made whose answer is on its way
 *   GET  /__inspect/orders/{id}, /__inspect/webhooks, /__inspect/stats   (payer details left out)
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/paths';
import { crc32 } from 'node:zlib';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { EMULATOR_CLIENT_ID, EMULATOR_MOUNT_PATH, EMULATOR_WEBHOOK_ID } from '../services/paypal/client';
import type {
  PayPalAddress,
  PayPalCapture,
  PayPalErrorDetail,
  PayPalLink,
  PayPalMoney,
  PayPalOrder,
  PayPalPayer,
  PayPalPurchaseUnit,
  PayPalRefund,
  PayPalShipping,
  PayPalShippingPreference,
  PayPalWebhookEvent,
  PayPalWebhookHeaders,
} from '../services/paypal/types';

// ---------------------------------------------------------------------------------------------------------
// State

export type EmulatedCaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED';

/** A refund as a webhook resource: PayPal puts no supplementary_data on it (the `up` link names the capture). */
export type EmulatedWebhookResource = PayPalCapture | (PayPalRefund & { supplementary_data?: undefined });
/**
 * What the emulator delivers: PAYMENT.CAPTURE.COMPLETED, PENDING or DENIED (a capture), PAYMENT.CAPTURE.REFUNDED
 * or REVERSED (a refund).
 */
export type EmulatedWebhookEvent = PayPalWebhookEvent<EmulatedWebhookResource>;

export interface EmulatedOrderRecord {
  /** The order as PayPal would return it now. */
  order: PayPalOrder;
  /** Exactly what the server sent to create the order. */
  request: { body: unknown; requestId: string | null; prefer: string | null; receivedAt: string };
  /** What the capture will produce (set by approve's capture_status). */
  captureOutcome: EmulatedCaptureOutcome;
  /** Response of the first successful capture per PayPal-Request-Id (replayed on repeats). */
  captureResponses: Map<string, PayPalOrder>;
  /** PayPal-Request-Id of every capture call received, in order ('' when the header was absent). */
  captureRequestIds: string[];
  /** Test knob (set by approve's capture_amount outside production): capture this value instead of the order's. */
  captureAmount?: string;
  /** Test knob (approve's webhook: false outside production): no automatic webhook after the capture. */
  noWebhook?: boolean;
  /**
   * Test knob (approve's capture_refusal outside production, e.g. 'INSTRUMENT_DECLINED'): the capture call is
   * refused with a 422 naming this issue, as PayPal refuses one whose funding source fails; no money moves
   * and the order stays APPROVED.
   */
  captureRefusal?: string;
  /** The create response (replayed for a repeated PayPal-Request-Id). */
  createResponse?: PayPalOrder;
  /**
   * The first answer of a refund per capture and PayPal-Request-Id (key `${captureId} ${requestId}`), replayed
   * on repeats. The refunds themselves live in the order, under purchase_units[].payments.refunds.
   */
  refundResponses: Map<string, PayPalRefund>;
  /** Test knob (refund-mode): capture id → PENDING while that capture's API refunds come back PENDING. */
  refundModes: Record<string, 'PENDING'>;
  /**
   * Every refund call received (absent on records journaled before): what was asked for, whatever PayPal
   * then did with it. `status` is the HTTP status answered, 0 while the answer has not left (refund-hold).
   */
  refundRequests?: EmulatedRefundRequest[];
  /** Webhooks not yet accepted by the shop, retried with back-off as PayPal does. */
  pendingWebhooks: PendingWebhook[];
}

export interface EmulatedRefundRequest {
  capture_id: string;
  /** '' when the header was absent. */
  request_id: string;
  /** The amount asked for; null for "everything left". */
  value: string | null;
  status: number;
}

export interface PendingWebhook {
  event: EmulatedWebhookEvent;
  /** Deliveries tried so far. */
  attempts: number;
  /** When the next attempt is due (ms since epoch). */
  dueAt: number;
}

export interface WebhookDelivery {
  event_id: string;
  event_type: string;
  target: string;
  /** HTTP status from the target, or 0 when it could not be reached. */
  status: number;
  error?: string;
  delivered_at: string;
  event: EmulatedWebhookEvent;
}

export interface PayPalEmulatorState {
  orders: Map<string, EmulatedOrderRecord>;
  /** PayPal-Request-Id of a create → the create response returned for it. */
  createResponses: Map<string, PayPalOrder>;
  /** capture id → order id. */
  captures: Map<string, string>;
  /** refund id → order id. */
  refunds: Map<string, string>;
  /** access token → expiry (ms since epoch). */
  tokens: Map<string, number>;
  webhookDeliveries: WebhookDelivery[];
  /** How often verify-webhook-signature was called (what a flood of forged webhooks would cost the shop). */
  verifyCalls: number;
}

/** The emulator's in-memory state (shared by every router made in this process). Tests may read it. */
export const emulatorState: PayPalEmulatorState = {
  orders: new Map(),
  createResponses: new Map(),
  captures: new Map(),
  refunds: new Map(),
  tokens: new Map(),
  webhookDeliveries: [],
  verifyCalls: 0,
};

export interface EmulatedOrderSnapshot {
  order: PayPalOrder;
  request: EmulatedOrderRecord['request'];
  captureOutcome: EmulatedCaptureOutcome;
  captureRequestIds: string[];
  refundRequests: EmulatedRefundRequest[];
}

/** A copy of what the emulator holds for an order (the order now, and the create request as received). */
export function getEmulatedOrder(id: string): EmulatedOrderSnapshot | undefined {
  const rec = emulatorState.orders.get(id);
  return rec ? snapshot(rec) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Journal: one JSON line per change of an order record, the last line for an id wins. The line is written
// (a synchronous write into the kernel's cache) before the answer leaves the API, so a killed process loses no
// answered change; a torn last line (killed mid-write) is skipped on load. No fsync: the emulator stands in
// for PayPal across restarts of the shop, not across power failures of this machine.

interface JournalLine {
  order: PayPalOrder;
  request: EmulatedOrderRecord['request'];
  captureOutcome: EmulatedCaptureOutcome;
  captureResponses: Record<string, PayPalOrder>;
  captureRequestIds: string[];
  captureAmount?: string;
  captureRefusal?: string;
  createResponse?: PayPalOrder;
  pendingWebhooks: PendingWebhook[];
  /** Absent on lines written before refunds existed. */
  refundResponses?: Record<string, PayPalRefund>;
  refundModes?: Record<string, 'PENDING'>;
  refundRequests?: EmulatedRefundRequest[];
}

let journalFd: number | null = null;

function openJournal(file: string): void {
  if (journalFd !== null) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let rec: JournalLine;
      try {
        rec = JSON.parse(line) as JournalLine;
      } catch {
        continue; // the torn tail of a write cut short by a kill
      }
      const restored: EmulatedOrderRecord = {
        ...rec,
        captureResponses: new Map(Object.entries(rec.captureResponses ?? {})),
        pendingWebhooks: rec.pendingWebhooks ?? [],
        refundResponses: new Map(Object.entries(rec.refundResponses ?? {})),
        refundModes: rec.refundModes ?? {},
      };
      emulatorState.orders.set(rec.order.id, restored);
      if (rec.request.requestId && rec.createResponse)
        emulatorState.createResponses.set(rec.request.requestId, rec.createResponse);
      for (const unit of rec.order.purchase_units ?? []) {
        for (const c of unit.payments?.captures ?? []) emulatorState.captures.set(c.id, rec.order.id);
        for (const r of unit.payments?.refunds ?? []) emulatorState.refunds.set(r.id, rec.order.id);
      }
    }
  }
  journalFd = fs.openSync(file, 'a');
}

/** Writes the record's current state to the journal (no-op without a journal). */
function persist(rec: EmulatedOrderRecord): void {
  if (journalFd === null) return;
  const line: JournalLine = {
    ...rec,
    captureResponses: Object.fromEntries(rec.captureResponses),
    refundResponses: Object.fromEntries(rec.refundResponses),
  };
  fs.writeSync(journalFd, `${JSON.stringify(line)}\n`);
}

/** Forget every order, token, idempotency key and delivery (tests). */
export function resetPayPalEmulator(): void {
  emulatorState.orders.clear();
  emulatorState.createResponses.clear();
  emulatorState.captures.clear();
  emulatorState.refunds.clear();
  emulatorState.tokens.clear();
  emulatorState.webhookDeliveries.length = 0;
}

/** Invalidate every issued access token, so the next API call gets a 401 (tests the client's refresh). */
export function expireEmulatorTokens(): void {
  emulatorState.tokens.clear();
}

function snapshot(rec: EmulatedOrderRecord): EmulatedOrderSnapshot {
  return structuredClone({
    order: rec.order,
    request: rec.request,
    captureOutcome: rec.captureOutcome,
    captureRequestIds: rec.captureRequestIds,
    refundRequests: rec.refundRequests ?? [],
  });
}

// ---------------------------------------------------------------------------------------------------------
// Ids, money, errors

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal's account ids (payer_id, merchant_id) leave out 0, 1, I and O: `^[2-9A-HJ-NP-Z]{13}$`. */
const ACCOUNT_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function alnum(length: number, alphabet = ALNUM): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}
/** 13 characters, like PayPal's payer and merchant ids (e.g. QYR5Z8XDVJNXQ). */
const newAccountId = () => alnum(13, ACCOUNT_ID_ALPHABET);
/** 17 uppercase alphanumerics, like PayPal's order and capture ids (e.g. 5O190127TN364715T). */
const newResourceId = () => alnum(17);
const newDebugId = () => randomBytes(7).toString('hex').slice(0, 13);
const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** PayPal's supported currencies; these three have no decimals. */
const CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(' '),
);
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
const decimalsOf = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/** "12.5" → 1250 (minor units). Only call on values that passed validation. */
function toMinor(value: string, currency: string): number {
  const d = decimalsOf(currency);
  const negative = value.startsWith('-');
  const [int, frac = ''] = value.replace(/^-/, '').split('.');
  const minor = Number(int || '0') * 10 ** d + Number((frac + '00').slice(0, d) || '0');
  return negative ? -minor : minor;
}
function fromMinor(minor: number, currency: string): string {
  const d = decimalsOf(currency);
  if (d === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
const money = (currency: string, minor: number): PayPalMoney => ({
  currency_code: currency,
  value: fromMinor(minor, currency),
});

/** The emulator's fee schedule: 3.49 % + 0.49 (in the capture's currency), rounded to the minor unit. */
function paypalFeeMinor(grossMinor: number, currency: string): number {
  return Math.round((grossMinor * 349) / 10_000) + (decimalsOf(currency) === 2 ? 49 : 0);
}
/**
 * The fee a refund of `refundMinor` gives back when `earlierMinor` of the capture was refunded before: like
 * PayPal, the percentage part in proportion to the amount refunded, never the fixed 0.49. Worked out on the
 * running total, so the parts of a capture refunded piece by piece add up to the percentage of the whole.
 */
function refundedFeeMinor(earlierMinor: number, refundMinor: number): number {
  const percentOf = (minor: number) => Math.round((minor * 349) / 10_000);
  return percentOf(earlierMinor + refundMinor) - percentOf(earlierMinor);
}

const MESSAGES = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  VALIDATION_ERROR: 'Invalid request - see details',
  INTERNAL_SERVER_ERROR: 'An internal server error occurred.',
} as const;

/**
 * PayPal's descriptions, word for word from the vendored documents (paypal-specs/: the create order's 400 and
 * 422 lists, the order capture's and the refund's 422 lists); spec-conformance.test.ts holds them to it.
 */
const ISSUE_TEXT: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required parameter is missing.',
  INVALID_PARAMETER_VALUE: 'A parameter value is not valid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  REFERENCE_ID_REQUIRED:
    "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: '`reference_id` must be unique if multiple `purchase_unit` are provided.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  INVALID_CURRENCY_CODE:
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
  CURRENCY_MISMATCH: 'Currency code should be same for all amounts in a purchase unit.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_NEGATIVE:
    'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  TAX_TOTAL_REQUIRED:
    'If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required.',
  TAX_TOTAL_MISMATCH: 'Should equal sum of (tax * quantity) across all items for a given purchase_unit.',
  AMOUNT_MISMATCH:
    'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  CAPTURE_NOT_PENDING: 'Emulator: only a PENDING capture can be completed.',
  // Payments v2 refund issues (PayPal's wording where PayPal publishes one).
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture',
  PENDING_CAPTURE:
    'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.',
  REFUND_NOT_ALLOWED: 'Capture cannot be refunded.',
  REFUND_NOT_PENDING: 'Emulator: only a PENDING refund can be completed.',
};

const detail = (
  issue: string,
  field?: string,
  location: PayPalErrorDetail['location'] = 'body',
  value?: string,
): PayPalErrorDetail => ({
  ...(field ? { field } : {}),
  ...(value !== undefined ? { value } : {}),
  ...(field ? { location } : {}),
  issue,
  description: ISSUE_TEXT[issue] ?? issue,
});

function sendError(
  res: Response,
  status: number,
  name: keyof typeof MESSAGES,
  details?: PayPalErrorDetail[],
  docs: 'orders' | 'payments' = 'orders',
): void {
  const debugId = String(res.getHeader('paypal-debug-id') ?? newDebugId());
  const links: PayPalLink[] =
    details && details[0]
      ? [
          {
            href: `https://developer.paypal.com/docs/api/${docs}/v2/#error-${details[0].issue}`,
            rel: 'information_link',
            method: 'GET',
          },
        ]
      : [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }];
  res.status(status).json({
    name,
    ...(details ? { details } : {}),
    message: MESSAGES[name],
    ...(name === 'AUTHENTICATION_FAILURE' ? {} : { debug_id: debugId }),
    links,
  });
}

const notFound = (res: Response, location: 'path' = 'path') =>
  sendError(res, 404, 'RESOURCE_NOT_FOUND', [detail('INVALID_RESOURCE_ID', undefined, location)]);

// ---------------------------------------------------------------------------------------------------------
// Create-order validation (PayPal checks the schema first → 400, then business rules → 422)

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const AMOUNT_PATTERN = /^-?(\d+|\d*\.\d+)$/;

interface Problems {
  syntax: PayPalErrorDetail[];
  business: PayPalErrorDetail[];
}

/** Checks a money object; returns it when usable for arithmetic. */
function checkMoney(v: unknown, field: string, p: Problems, opts: { positive?: boolean } = {}): PayPalMoney | null {
  if (v === undefined) {
    p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', field));
    return null;
  }
  if (!isObject(v)) {
    p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', field));
    return null;
  }
  let ok = true;
  const { currency_code: currency, value } = v;
  if (currency === undefined) {
    p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/currency_code`));
    ok = false;
  } else if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    p.syntax.push(detail('INVALID_PARAMETER_VALUE', `${field}/currency_code`, 'body', String(currency)));
    ok = false;
  } else if (!CURRENCIES.has(currency)) {
    p.business.push(detail('INVALID_CURRENCY_CODE', `${field}/currency_code`, 'body', currency));
    ok = false;
  }
  if (value === undefined) {
    p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/value`));
    return null;
  }
  if (typeof value !== 'string' || value.length > 32 || !AMOUNT_PATTERN.test(value)) {
    p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', `${field}/value`, 'body', String(value)));
    return null;
  }
  if (!ok) return null;
  const decimals = (value.split('.')[1] ?? '').length;
  const allowed = decimalsOf(currency as string);
  if (decimals > allowed) {
    p.business.push(
      detail(allowed === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION', `${field}/value`, 'body', value),
    );
    return null;
  }
  const minor = toMinor(value, currency as string);
  if (opts.positive ? minor <= 0 : minor < 0) {
    p.business.push(
      detail(opts.positive ? 'CANNOT_BE_ZERO_OR_NEGATIVE' : 'CANNOT_BE_NEGATIVE', `${field}/value`, 'body', value),
    );
    return null;
  }
  return { currency_code: currency as string, value };
}

function checkString(v: unknown, field: string, max: number, p: Problems, required = false): void {
  if (v === undefined) {
    if (required) p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', field));
    return;
  }
  if (typeof v !== 'string' || (required && v.length === 0)) p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', field));
  else if (v.length > max) p.syntax.push(detail('INVALID_STRING_LENGTH', field, 'body', v));
}

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
            detail('CURRENCY_MISMATCH', `${f}/unit_amount/currency_code`, 'body', unitAmount.currency_code),
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
        detail('CURRENCY_MISMATCH', `${base}/amount/breakdown/${key}/currency_code`, 'body', part.currency_code),
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

// ---------------------------------------------------------------------------------------------------------
// Refund-request validation (schema → 400 INVALID_REQUEST; the business rules are checked against the capture)

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
function validateRefundRequest(body: unknown): {
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

function shippingPreference(body: unknown): PayPalShippingPreference {
  const b = isObject(body) ? body : {};
  const ps = isObject(b.payment_source) && isObject(b.payment_source.paypal) ? b.payment_source.paypal : {};
  const ec = isObject(ps.experience_context) ? ps.experience_context : {};
  const ac = isObject(b.application_context) ? b.application_context : {};
  const pref = ec.shipping_preference ?? ac.shipping_preference;
  return pref === 'NO_SHIPPING' || pref === 'SET_PROVIDED_ADDRESS' ? pref : 'GET_FROM_FILE';
}

// ---------------------------------------------------------------------------------------------------------
// Webhook signatures

/** The emulator's stand-in for PayPal's RSA signing key (an HMAC key: this is no real PKI). */
const EMULATOR_WEBHOOK_KEY = 'paypal-emulator-webhook-signing-key';
const CERT_PATH = '/certs/emulator.pem';

/**
 * PayPal signs `${transmission_id}|${transmission_time}|${webhook_id}|${crc32(raw body) as decimal}` with
 * SHA256withRSA; the emulator signs the same string with HMAC-SHA256 and returns base64.
 */
function emulatorSignature(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: string,
): string {
  const input = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8'))}`;
  return createHmac('sha256', EMULATOR_WEBHOOK_KEY).update(input).digest('base64');
}

export interface SignedWebhook {
  headers: PayPalWebhookHeaders & { 'content-type': 'application/json' };
  /** JSON.stringify(event): send exactly these bytes. */
  rawBody: string;
}

/**
 * Signs a webhook event the way the emulator delivers it, so tests can post valid, tampered (change rawBody
 * after signing) or replayed (same transmissionId / an old transmissionTime) webhooks to the shop.
 * `webhookId` is the id of the registered webhook the shop verifies against (PAYPAL_WEBHOOK_ID /
 * EMULATOR_WEBHOOK_ID); `origin` only shapes paypal-cert-url (default http://127.0.0.1).
 */
export function signEmulatorWebhook(
  event: unknown,
  webhookId: string = EMULATOR_WEBHOOK_ID,
  options: { origin?: string; transmissionId?: string; transmissionTime?: string } = {},
): SignedWebhook {
  const rawBody = JSON.stringify(event);
  const transmissionId = options.transmissionId ?? randomUUID();
  const transmissionTime = options.transmissionTime ?? new Date().toISOString();
  const origin = (options.origin ?? 'http://127.0.0.1').replace(/\/+$/, '');
  return {
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${origin}${EMULATOR_MOUNT_PATH}${CERT_PATH}`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': emulatorSignature(transmissionId, transmissionTime, webhookId, rawBody),
    },
    rawBody,
  };
}

/** A PAYMENT.CAPTURE.COMPLETED event for a capture, as PayPal sends it (resource = the capture + order id). */
export function captureCompletedEvent(
  capture: PayPalCapture,
  orderId: string,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent {
  const id = `WH-${alnum(17)}-${alnum(17)}`;
  return {
    id,
    event_version: '1.0',
    create_time: nowIso(),
    resource_type: 'capture',
    resource_version: '2.0',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: `Payment completed for ${capture.amount.currency_code === 'USD' ? '$ ' : ''}${capture.amount.value} ${capture.amount.currency_code}`,
    resource: {
      ...structuredClone(capture),
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: orderId } },
    },
    links: [
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/**
 * A PAYMENT.CAPTURE.REFUNDED event for a COMPLETED refund, as PayPal sends it: resource_type 'refund', the
 * resource the refund as GET /v2/payments/refunds/{id} returns it (its `up` link names the capture).
 */
export function captureRefundedEvent(
  refund: PayPalRefund,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent<PayPalRefund> {
  const id = `WH-${alnum(17)}-${alnum(17)}`;
  const { currency_code: cur, value } = refund.amount;
  return {
    id,
    event_version: '1.0',
    create_time: nowIso(),
    resource_type: 'refund',
    resource_version: '2.0',
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    summary: `A ${cur === 'USD' ? '$ ' : ''}${value} ${cur} capture payment was refunded`,
    resource: structuredClone(refund),
    links: [
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/**
 * PAYMENT.CAPTURE.PENDING or PAYMENT.CAPTURE.DENIED as PayPal sends it: resource_type 'capture', the capture as
 * it stands (PENDING, or DECLINED: Payments v2 has no DENIED status) with its status_details.reason and the
 * order it belongs to in supplementary_data.
 */
export function captureChangedEvent(
  eventType: 'PAYMENT.CAPTURE.PENDING' | 'PAYMENT.CAPTURE.DENIED',
  capture: PayPalCapture,
  orderId: string,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent {
  const id = `WH-${alnum(17)}-${alnum(17)}`;
  const { currency_code: cur, value } = capture.amount;
  const sum = `${cur === 'USD' ? '$ ' : ''}${value} ${cur}`;
  return {
    id,
    event_version: '1.0',
    create_time: nowIso(),
    resource_type: 'capture',
    resource_version: '2.0',
    event_type: eventType,
    summary:
      eventType === 'PAYMENT.CAPTURE.PENDING' ? `Payment pending for ${sum}` : `A ${sum} capture payment was denied`,
    resource: { ...structuredClone(capture), supplementary_data: { related_ids: { order_id: orderId } } },
    links: [
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}

/**
 * PAYMENT.CAPTURE.REVERSED as PayPal sends it: like PAYMENT.CAPTURE.REFUNDED, resource_type 'refund' and the
 * resource a COMPLETED refund of the capture (`up` link), which PayPal made on its own and notes "Payment
 * reversed".
 */
export function captureReversedEvent(
  reversal: PayPalRefund,
  apiBase = `http://127.0.0.1${EMULATOR_MOUNT_PATH}`,
): PayPalWebhookEvent<PayPalRefund> {
  const event = captureRefundedEvent(reversal, apiBase);
  const { currency_code: cur, value } = reversal.amount;
  return {
    ...event,
    event_type: 'PAYMENT.CAPTURE.REVERSED',
    summary: `A ${cur === 'USD' ? '$ ' : ''}${value} ${cur} capture payment was reversed`,
  };
}

/** PayPal's note on a reversal's refund resource. */
export const EMULATED_REVERSAL_NOTE = 'Payment reversed';
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

// ---------------------------------------------------------------------------------------------------------
// Router

export interface PayPalEmulatorOptions {
  /**
   * The OAuth2 client secret a token is issued for (with `clientId`, default EMULATOR_CLIENT_ID). The shop's
   * server passes the random one from its data folder (services/paypal/emulator-credentials.ts); there is no
   * default, so no published secret opens the emulator.
   */
  clientSecret: string;
  clientId?: string;
  /** URL of the shop's webhook endpoint, e.g. http://127.0.0.1:3000/api/v2/payments/webhook. No webhooks when unset. */
  webhookTarget?: string;
  /** Id of the registered webhook the emulator signs with (default EMULATOR_WEBHOOK_ID). */
  webhookId?: string;
  /**
   * PayPal also sends PAYMENT.CAPTURE.COMPLETED for captures that complete at once; so does the emulator, after
   * `webhookDelayMs` (default 1000), unless this is false. A PENDING capture's webhook comes from /complete.
   */
  webhookOnCapture?: boolean;
  webhookDelayMs?: number;
  /**
   * First retry of an undelivered webhook after this long, doubling per attempt up to 5 minutes (PayPal
   * retries for three days); default 2000.
   */
  webhookRetryBaseMs?: number;
  /** Append-only journal of the orders (in the shop's data folder), so they survive a restart. */
  stateFile?: string;
  /**
   * Test-only helpers: the /__inspect routes, /complete of a PENDING capture, the refund helpers
   * (dashboard-refund, refund-mode, /complete of a PENDING refund) and the approve knobs capture_status /
   * capture_amount / webhook / capture_refusal, answered only on loopback. Off in production (a demo install
   * with PAYPAL_EMULATOR=true), where they would hand payers' details and control over captures to anyone.
   */
  testHelpers?: boolean;
}

/** PayPal gives up on a webhook after 25 attempts. */
const MAX_WEBHOOK_ATTEMPTS = 25;
const MAX_WEBHOOK_RETRY_MS = 5 * 60_000;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Sent from this machine itself, not through a proxy: the connection comes from loopback, carries no
 * forwarding header (a proxy on this machine connects from loopback on behalf of anyone) and express's
 * client address (req.ip, which follows X-Forwarded-For under TRUST_PROXY) is loopback too.
 */
function fromLoopback(req: Request): boolean {
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
const PAYEE = { email_address: 'sb-merchant@business.example.com', merchant_id: 'EMU7ATEDMERCH' };
const TOKEN_TTL_SECONDS = 32_400;

let standinSource: string | null = null;
function sdkStandin(): string {
  if (standinSource === null)
    standinSource = fs.readFileSync(path.join(repoRoot, 'cms', 'paypal-emulator', 'sdk-standin.js'), 'utf8');
  return standinSource;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Express 5 router implementing the emulator; mount it with `app.use('/__paypal', createPayPalEmulator(...))`. */
export function createPayPalEmulator(options: PayPalEmulatorOptions): Router {
  if (!options.clientSecret) throw new Error('createPayPalEmulator needs a clientSecret');
  const basicCredentials = Buffer.from(`${options.clientId ?? EMULATOR_CLIENT_ID}:${options.clientSecret}`, 'utf8');
  const state = emulatorState;
  const webhookId = options.webhookId ?? EMULATOR_WEBHOOK_ID;
  const testHelpers = options.testHelpers ?? false;
  const router = express.Router();
  if (options.stateFile) openJournal(options.stateFile);

  const origin = (req: Request) => `${req.protocol}://${req.get('host')}`;
  const apiBase = (req: Request) => `${origin(req)}${req.baseUrl}`;

  router.use((_req, res, next) => {
    res.setHeader('paypal-debug-id', newDebugId());
    next();
  });
  router.use(express.json({ limit: '100kb' }));
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));

  const requireBearer: RequestHandler = (req, res, next) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const expiresAt = m ? state.tokens.get(m[1]) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      if (m && expiresAt !== undefined) state.tokens.delete(m[1]);
      return sendError(res, 401, 'AUTHENTICATION_FAILURE');
    }
    next();
  };

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

  // --- OAuth2 -------------------------------------------------------------------------------------------
  router.post('/v1/oauth2/token', (req, res) => {
    const m = /^Basic\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const given = m ? Buffer.from(m[1], 'base64') : Buffer.alloc(0);
    if (given.length !== basicCredentials.length || !timingSafeEqual(given, basicCredentials)) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    const grant = isObject(req.body) ? req.body.grant_type : undefined;
    if (grant !== 'client_credentials') {
      res.status(400).json({
        error: 'unsupported_grant_type',
        error_description: grant ? `Grant Type ${String(grant)} is not supported` : 'Grant Type is NULL',
      });
      return;
    }
    const accessToken = `A21AA${randomBytes(60).toString('base64url')}`;
    state.tokens.set(accessToken, Date.now() + TOKEN_TTL_SECONDS * 1000);
    res.json({
      scope:
        'https://uri.paypal.com/services/payments/payment/authcapture openid https://uri.paypal.com/services/payments/realtimepayment',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_TTL_SECONDS,
      nonce: `${new Date().toISOString()}${randomBytes(16).toString('base64url')}`,
    });
  });

  // --- Orders v2 ----------------------------------------------------------------------------------------
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

  // --- Payments v2 --------------------------------------------------------------------------------------
  interface FoundCapture {
    rec: EmulatedOrderRecord;
    unit: PayPalPurchaseUnit;
    capture: PayPalCapture;
  }
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

  /** Queues PAYMENT.CAPTURE.REFUNDED for a refund that reached COMPLETED (the caller persists). */
  const queueRefundWebhook = (req: Request, rec: EmulatedOrderRecord, refund: PayPalRefund, delayMs: number) => {
    if (!options.webhookTarget) return;
    rec.pendingWebhooks.push({
      event: captureRefundedEvent(refund, apiBase(req)),
      attempts: 0,
      dueAt: Date.now() + delayMs,
    });
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

  router.get('/v2/payments/refunds/:id', requireBearer, (req, res) => {
    const found = findRefund(String(req.params.id));
    if (!found) return notFound(res);
    res.json(structuredClone(found.refund));
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
  const queueEvent = (req: Request, rec: EmulatedOrderRecord, event: EmulatedWebhookEvent, webhook: boolean) => {
    if (!options.webhookTarget || !webhook) return;
    rec.pendingWebhooks.push({ event, attempts: 0, dueAt: Date.now() });
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

  // --- Notifications v1 ---------------------------------------------------------------------------------
  /*
   * Limitation: real PayPal verifies the signature over the raw bytes it delivered; this endpoint only gets the
   * parsed webhook_event back, so it recomputes over JSON.stringify(webhook_event). The emulator delivers (and
   * signEmulatorWebhook signs) exactly JSON.stringify(event), so both agree as long as the shop passes the event
   * through JSON.parse unchanged. A shop must not rely on this: against real PayPal, key order and whitespace
   * of what it sends back matter less than the raw body it received — keep verifying through this API call.
   */
  router.post('/v1/notifications/verify-webhook-signature', requireBearer, (req, res) => {
    state.verifyCalls += 1;
    const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ] as const;
    const missing = [...fields, 'webhook_event'].filter(
      (f) => body[f] === undefined || body[f] === null || body[f] === '',
    );
    const wrongType = fields.filter((f) => body[f] !== undefined && typeof body[f] !== 'string');
    if (missing.length || wrongType.length) {
      return sendError(res, 400, 'VALIDATION_ERROR', [
        ...missing.map((f) => detail('MISSING_REQUIRED_PARAMETER', f)),
        ...wrongType.map((f) => detail('INVALID_PARAMETER_SYNTAX', f)),
      ]);
    }
    const s = body as Record<(typeof fields)[number], string>;
    let certOk = false;
    try {
      certOk = new URL(s.cert_url).pathname.endsWith(`${EMULATOR_MOUNT_PATH}${CERT_PATH}`);
    } catch {
      certOk = false;
    }
    const expected = Buffer.from(
      emulatorSignature(s.transmission_id, s.transmission_time, s.webhook_id, JSON.stringify(body.webhook_event)),
    );
    const given = Buffer.from(s.transmission_sig);
    const sigOk = expected.length === given.length && timingSafeEqual(expected, given);
    res.json({ verification_status: s.auth_algo === 'SHA256withRSA' && certOk && sigOk ? 'SUCCESS' : 'FAILURE' });
  });

  async function deliver(event: EmulatedWebhookEvent, at: string): Promise<WebhookDelivery> {
    const target = options.webhookTarget as string;
    const { headers, rawBody } = signEmulatorWebhook(event, webhookId, { origin: at });
    const delivery: WebhookDelivery = {
      event_id: event.id,
      event_type: event.event_type,
      target,
      status: 0,
      delivered_at: nowIso(),
      event,
    };
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { ...headers, 'user-agent': 'PayPal/AUHD-214.0-58844658' },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = res.status;
      await res.body?.cancel();
    } catch (err) {
      delivery.error = err instanceof Error ? err.message : String(err);
    }
    state.webhookDeliveries.push(delivery);
    return delivery;
  }

  const inFlight = new Set<PendingWebhook>();

  /** One delivery attempt; on failure the webhook stays pending with its next attempt backed off. */
  async function attemptDelivery(rec: EmulatedOrderRecord, pending: PendingWebhook, at: string) {
    inFlight.add(pending);
    try {
      const delivery = await deliver(pending.event, at);
      pending.attempts += 1;
      const accepted = delivery.status >= 200 && delivery.status < 300;
      if (accepted || pending.attempts >= MAX_WEBHOOK_ATTEMPTS) {
        rec.pendingWebhooks = rec.pendingWebhooks.filter((p) => p !== pending);
      } else {
        const backoff = (options.webhookRetryBaseMs ?? 2000) * 2 ** (pending.attempts - 1);
        pending.dueAt = Date.now() + Math.min(backoff, MAX_WEBHOOK_RETRY_MS);
      }
      persist(rec);
      return delivery;
    } finally {
      inFlight.delete(pending);
    }
  }

  let webhookTimer: NodeJS.Timeout | null = null;
  let webhookOrigin = '';

  /** Delivers whatever is due, then sleeps until the next due webhook. */
  function scheduleWebhooks(at?: string): void {
    if (at) webhookOrigin = at;
    if (!options.webhookTarget || !webhookOrigin) return;
    if (webhookTimer) clearTimeout(webhookTimer);
    let next = Infinity;
    const now = Date.now();
    for (const rec of state.orders.values()) {
      for (const pending of rec.pendingWebhooks) {
        if (inFlight.has(pending)) continue;
        if (pending.dueAt <= now) {
          void attemptDelivery(rec, pending, webhookOrigin).finally(() => scheduleWebhooks());
        } else next = Math.min(next, pending.dueAt);
      }
    }
    webhookTimer = next === Infinity ? null : setTimeout(() => scheduleWebhooks(), Math.max(10, next - now));
    webhookTimer?.unref();
  }
  // Webhooks left pending by the previous run (the shop was down) go out once the emulator is reachable.
  if (options.webhookTarget) {
    const target = new URL(options.webhookTarget);
    webhookOrigin = target.origin;
    setTimeout(() => scheduleWebhooks(), 1000).unref();
  }

  // --- Buyer-facing pages and files ---------------------------------------------------------------------
  router.get('/sdk/js', (req, res) => {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    const clientId = typeof req.query['client-id'] === 'string' ? req.query['client-id'] : '';
    if (!clientId) {
      res.status(400).send(`throw new Error("SDK Validation error: 'Expected client-id to be passed'");\n`);
      return;
    }
    if (clientId !== EMULATOR_CLIENT_ID) {
      res
        .status(400)
        .send(
          `throw new Error(${JSON.stringify(`SDK Validation error: 'Invalid query value for client-id: ${clientId}'`)});\n`,
        );
      return;
    }
    res.send(sdkStandin());
  });

  router.get('/checkoutnow', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const rec = state.orders.get(token);
    res
      .status(rec ? 200 : 404)
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>PayPal emulator</title>` +
          `<h1>PayPal emulator</h1>` +
          (rec
            ? `<p>This stands for PayPal's approval page of order <code>${escapeHtml(token)}</code>; ` +
              `approve with <code>POST ${escapeHtml(req.baseUrl)}/v2/checkout/orders/${escapeHtml(token)}/approve</code>.</p>`
            : `<p>Unknown order.</p>`),
      );
  });

  router.get(CERT_PATH, (_req, res) => {
    res
      .type('application/x-pem-file')
      .send(
        '-----BEGIN CERTIFICATE-----\n' +
          Buffer.from('PayPal emulator: webhooks are signed with HMAC-SHA256, there is no real certificate.').toString(
            'base64',
          ) +
          '\n-----END CERTIFICATE-----\n',
      );
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

  // Anything else: PayPal answers 404 (and nothing under the emulator's mount falls through to the shop's pages).
  router.use((_req, res) => notFound(res));

  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (res.headersSent) return next(err);
    if (e?.type === 'entity.parse.failed')
      return sendError(res, 400, 'INVALID_REQUEST', [detail('MALFORMED_REQUEST_JSON')]);
    if (e?.type === 'entity.too.large')
      return sendError(res, 413, 'INVALID_REQUEST', [detail('INVALID_PARAMETER_VALUE')]);
    sendError(res, 500, 'INTERNAL_SERVER_ERROR');
  });

  return router;
}
