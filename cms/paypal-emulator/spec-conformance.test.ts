/**
 * The emulator against PayPal's own published documents (paypal-specs/, vendored from
 * paypal/paypal-rest-api-specifications): every answer of a PayPal operation the emulator implements, and every
 * webhook it sends, is checked by ajv (draft-07, which OpenAPI 3.0's schemas are written in) against the
 * response schema the document gives for that operation and status. A status the operation does not list fails;
 * `default` (PayPal's catch-all error body) covers only error statuses, so an unlisted 2xx fails too.
 * The emulator-only routes (the buyer's approval, the test helpers) and the OAuth token (in no vendored
 * document) are driven but not checked.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Server } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_CLIENT_ID, EMULATOR_WEBHOOK_ID } from '../services/paypal/client';
import { createPayPalEmulator } from './emulator';

type JsonObject = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;

const specDir = path.join(import.meta.dirname, 'paypal-specs');
const DOCUMENTS = {
  orders: 'checkout_orders_v2.json',
  payments: 'payments_payment_v2.json',
  webhooks: 'notifications_webhooks_v1.json',
} as const;
type DocumentName = keyof typeof DOCUMENTS;

/** The PayPal operations the emulator implements: its path → the document's path template. */
const OPERATIONS: Array<{ doc: DocumentName; method: string; template: string; pattern: RegExp }> = [
  { doc: 'orders', method: 'post', template: '/v2/checkout/orders', pattern: /^\/v2\/checkout\/orders$/ },
  { doc: 'orders', method: 'get', template: '/v2/checkout/orders/{id}', pattern: /^\/v2\/checkout\/orders\/[^/]+$/ },
  {
    doc: 'orders',
    method: 'post',
    template: '/v2/checkout/orders/{id}/capture',
    pattern: /^\/v2\/checkout\/orders\/[^/]+\/capture$/,
  },
  {
    doc: 'payments',
    method: 'get',
    template: '/v2/payments/captures/{capture_id}',
    pattern: /^\/v2\/payments\/captures\/[^/]+$/,
  },
  {
    doc: 'payments',
    method: 'post',
    template: '/v2/payments/captures/{capture_id}/refund',
    pattern: /^\/v2\/payments\/captures\/[^/]+\/refund$/,
  },
  {
    doc: 'payments',
    method: 'get',
    template: '/v2/payments/refunds/{refund_id}',
    pattern: /^\/v2\/payments\/refunds\/[^/]+$/,
  },
  {
    doc: 'webhooks',
    method: 'post',
    template: '/v1/notifications/verify-webhook-signature',
    pattern: /^\/v1\/notifications\/verify-webhook-signature$/,
  },
];

const pointerPart = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** ajv over the three documents; `problem` says what about an answer a document does not describe. */
class PayPalDocuments {
  // unicodeRegExp off: PayPal's email pattern is a valid ECMAScript regex only without the u flag.
  private readonly ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  private readonly docs = {} as Record<DocumentName, JsonObject>;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    // PayPal's own format names; the pattern and lengths written beside each carry the constraint.
    for (const format of [
      'ppaas_common_currency_code_v2',
      'ppaas_date_time_v3',
      'ppaas_date_notime_v2',
      'ppaas_payer_id_v3',
      'ppaas_common_country_code_v2',
      'ppaas_common_language_v3',
      'ppaas_common_email_address_v2',
      'ppaas_ip_address_v1',
      'merchant_common_email_address_v2',
      'payer_v1',
    ]) {
      this.ajv.addFormat(format, true);
    }
    for (const [name, file] of Object.entries(DOCUMENTS) as Array<[DocumentName, string]>) {
      this.docs[name] = JSON.parse(fs.readFileSync(path.join(specDir, file), 'utf8')) as JsonObject;
      this.ajv.addSchema(this.docs[name], name);
    }
  }

  private validator(doc: DocumentName, pointer: string): ValidateFunction {
    const key = `${doc}${pointer}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: key });
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** ajv's complaints (each once: an anyOf of PayPal's issue list repeats them) and the body that drew them. */
  private errorsOf(validate: ValidateFunction, body: unknown): string | null {
    if (validate(body)) return null;
    const complaints = new Set((validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`));
    return `${[...complaints].join('; ')} in ${JSON.stringify(body)}`;
  }

  /** What is wrong with this answer of a PayPal operation, or null when its document describes it. */
  answerProblem(method: string, pathname: string, status: number, contentType: string, body: unknown): string | null {
    const op = OPERATIONS.find((o) => o.method === method.toLowerCase() && o.pattern.test(pathname));
    if (!op) return `${method} ${pathname} is no operation of the vendored documents`;
    const where = `${method.toUpperCase()} ${op.template} ${status}`;
    const paths = this.docs[op.doc].paths as Record<string, Record<string, { responses: JsonObject }>>;
    const responses = paths[op.template][op.method].responses;
    const key = String(status) in responses ? String(status) : status >= 400 && 'default' in responses ? 'default' : '';
    if (!key) return `${where}: ${op.doc} lists ${Object.keys(responses).join(', ')}`;
    let pointer = `#/paths/${pointerPart(op.template)}/${op.method}/responses/${key}`;
    let response = responses[key] as JsonObject;
    if (typeof response.$ref === 'string') {
      pointer = response.$ref;
      response = pointer
        .slice(2)
        .split('/')
        .reduce<JsonObject>(
          (node, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')] as JsonObject,
          this.docs[op.doc],
        );
    }
    const content = response.content as JsonObject | undefined;
    if (!content) return body === undefined ? null : `${where}: the document gives no body, the emulator sent one`;
    if (!contentType.startsWith('application/json')) return `${where} came as ${contentType || 'no content type'}`;
    if (!('application/json' in content)) return `${where}: the document names ${Object.keys(content).join(', ')}`;
    const errors = this.errorsOf(this.validator(op.doc, `${pointer}/content/application~1json/schema`), body);
    return errors && `${where}: ${errors}`;
  }

  /** What is wrong with a webhook PayPal would send: the event envelope and its capture or refund resource. */
  webhookProblem(event: JsonObject): string | null {
    const envelope = this.errorsOf(this.validator('webhooks', '#/components/schemas/event'), event);
    if (envelope) return `${String(event.event_type)}: ${envelope}`;
    const schema = { capture: 'capture-2', refund: 'refund' }[String(event.resource_type)];
    if (!schema)
      return `${String(event.event_type)}: resource_type ${String(event.resource_type)} is no Payments v2 resource`;
    const resource = this.errorsOf(this.validator('payments', `#/components/schemas/${schema}`), event.resource);
    return resource && `${String(event.event_type)} resource: ${resource}`;
  }
}

let server: Server;
let hookServer: Server;
let api: string;
let token = '';
const documents = new PayPalDocuments();
const webhooks: JsonObject[] = [];
/** Every checked answer: operation and status, for the coverage check. */
const checked: string[] = [];
const problems: string[] = [];

const EMULATOR_CLIENT_SECRET = randomBytes(32).toString('base64url');
const originOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
const listen = (app: express.Express) =>
  new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });

/** A call to the emulator; answers of PayPal operations are checked against the documents. */
async function call(
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
  { bearer = true, check = true }: { bearer?: boolean; check?: boolean } = {},
): Promise<{ status: number; body: JsonObject }> {
  const res = await fetch(`${api}${route}`, {
    method,
    headers: {
      ...(bearer ? { Authorization: `Bearer ${token}` } : {}),
      'Content-Type': 'application/json',
      'PayPal-Request-Id': randomBytes(8).toString('hex'),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : undefined) as JsonObject;
  if (check) {
    const problem = documents.answerProblem(method, route, res.status, res.headers.get('content-type') ?? '', parsed);
    if (problem) problems.push(problem);
    checked.push(`${method} ${OPERATIONS.find((o) => o.pattern.test(route))?.template} ${res.status}`);
  }
  return { status: res.status, body: parsed };
}

const usd = (value: string) => ({ currency_code: 'USD', value });
const orderBody = (value = '41.30') => ({
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: 'default',
      invoice_id: `INV-${randomBytes(4).toString('hex')}`,
      amount: { ...usd(value), breakdown: { item_total: usd(value) } },
      items: [{ name: 'Olive oil', quantity: '1', unit_amount: usd(value), category: 'PHYSICAL_GOODS' }],
    },
  ],
});

/** An order approved with the given knobs and captured: its capture's id. */
async function captured(approval: JsonObject = {}, value = '41.30'): Promise<string> {
  const order = await call('POST', '/v2/checkout/orders', orderBody(value));
  const id = String(order.body.id);
  await call('POST', `/v2/checkout/orders/${id}/approve`, approval, { bearer: false, check: false });
  const capture = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
  const units = capture.body.purchase_units as Array<{ payments: { captures: Array<{ id: string }> } }>;
  return units[0].payments.captures[0].id;
}

const helper = (route: string, body: JsonObject = {}) => call('POST', route, body, { bearer: false, check: false });

beforeAll(async () => {
  const hooks = express();
  hooks.post('/webhook', express.text({ type: '*/*' }), (req, res) => {
    webhooks.push(JSON.parse(String(req.body)) as JsonObject);
    res.status(200).json({ ok: true });
  });
  hookServer = await listen(hooks);
  const app = express();
  app.use(
    '/__paypal',
    createPayPalEmulator({
      clientSecret: EMULATOR_CLIENT_SECRET,
      webhookTarget: `${originOf(hookServer)}/webhook`,
      webhookDelayMs: 0,
      testHelpers: true,
    }),
  );
  server = await listen(app);
  api = `${originOf(server)}/__paypal`;
  const res = await fetch(`${api}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${EMULATOR_CLIENT_ID}:${EMULATOR_CLIENT_SECRET}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  token = String(((await res.json()) as JsonObject).access_token);
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => hookServer.close(r));
});

describe("the PayPal emulator against PayPal's published documents", () => {
  it('when orders are created, read, captured, refunded and refused, then every answer is one the documents describe', async () => {
    // Orders v2: create, read, capture, and their refusals.
    const order = await call('POST', '/v2/checkout/orders', orderBody());
    expect(order.status).toBe(201);
    expect((await call('GET', `/v2/checkout/orders/${String(order.body.id)}`)).status).toBe(200);
    expect((await call('POST', `/v2/checkout/orders/${String(order.body.id)}/capture`, {})).status).toBe(422);
    expect((await call('POST', '/v2/checkout/orders', { intent: 'CAPTURE' })).status).toBe(400);
    const mismatch = orderBody();
    mismatch.purchase_units[0].amount.value = '41.31';
    expect((await call('POST', '/v2/checkout/orders', mismatch)).status).toBe(422);
    const twoCurrencies = orderBody();
    twoCurrencies.purchase_units[0].amount.breakdown.item_total.currency_code = 'EUR';
    const multiCurrency = await call('POST', '/v2/checkout/orders', twoCurrencies);
    expect(multiCurrency.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'MULTI_CURRENCY_ORDER' }],
    });
    expect((await call('GET', '/v2/checkout/orders/5O190127TN364715T')).status).toBe(404);
    expect(
      (await call('GET', `/v2/checkout/orders/${String(order.body.id)}`, undefined, { bearer: false })).status,
    ).toBe(401);

    // Payments v2: a capture refunded in two parts, then refused in every way the shop can meet.
    const captureId = await captured();
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).status).toBe(200);
    const refund = `/v2/payments/captures/${captureId}/refund`;
    const first = await call('POST', refund, { amount: usd('12.50'), note_to_payer: 'Broken bottle' });
    expect(first.status).toBe(201);
    expect((await call('GET', `/v2/payments/refunds/${String(first.body.id)}`)).status).toBe(200);
    for (const value of ['1.001', '0', '-5.00', '28.81']) {
      expect((await call('POST', refund, { amount: usd(value) })).status).toBe(422);
    }
    expect((await call('POST', refund, { amount: { currency_code: 'EUR', value: '1.00' } })).status).toBe(422);
    expect((await call('POST', refund, { amount: usd('12,50') })).status).toBe(400);
    expect((await call('POST', refund, { amount: { currency_code: 'usd', value: '1.00' } })).status).toBe(400);
    expect((await call('POST', refund, { note_to_payer: 'x'.repeat(256) })).status).toBe(400);
    expect((await call('POST', refund, {})).status).toBe(201);
    expect((await call('POST', refund, {})).status).toBe(422);
    expect((await call('POST', '/v2/payments/captures/5O190127TN364715T/refund', {})).status).toBe(404);
    expect((await call('GET', '/v2/payments/captures/5O190127TN364715T')).status).toBe(404);
    expect((await call('GET', '/v2/payments/refunds/5O190127TN364715T')).status).toBe(404);

    // A PENDING capture cannot be refunded; a DECLINED capture's order still reads.
    const pending = await captured({ capture_status: 'PENDING' });
    expect((await call('POST', `/v2/payments/captures/${pending}/refund`, {})).status).toBe(422);
    const declined = await captured({ capture_status: 'DECLINED' });
    expect((await call('GET', `/v2/payments/captures/${declined}`)).status).toBe(200);

    expect(problems).toEqual([]);
    expect(new Set(checked)).toEqual(
      new Set([
        'POST /v2/checkout/orders 201',
        'POST /v2/checkout/orders 400',
        'POST /v2/checkout/orders 422',
        'GET /v2/checkout/orders/{id} 200',
        'GET /v2/checkout/orders/{id} 401',
        'GET /v2/checkout/orders/{id} 404',
        'POST /v2/checkout/orders/{id}/capture 201',
        'POST /v2/checkout/orders/{id}/capture 422',
        'GET /v2/payments/captures/{capture_id} 200',
        'GET /v2/payments/captures/{capture_id} 404',
        'POST /v2/payments/captures/{capture_id}/refund 201',
        'POST /v2/payments/captures/{capture_id}/refund 400',
        'POST /v2/payments/captures/{capture_id}/refund 404',
        'POST /v2/payments/captures/{capture_id}/refund 422',
        'GET /v2/payments/refunds/{refund_id} 200',
        'GET /v2/payments/refunds/{refund_id} 404',
      ]),
    );
  });

  it('when captures complete, are held, denied, refunded and reversed, then every webhook and its verification are as the documents describe', async () => {
    webhooks.length = 0;
    checked.length = 0;
    problems.length = 0;
    const refunded = await captured();
    await call('POST', `/v2/payments/captures/${refunded}/refund`, { amount: usd('10.00') });
    const held = await captured();
    await helper(`/v2/payments/captures/${held}/hold`);
    await helper(`/v2/payments/captures/${held}/deny`);
    const pending = await captured({ capture_status: 'PENDING' });
    await helper(`/v2/payments/captures/${pending}/complete`);
    await helper(`/v2/payments/captures/${pending}/reverse`, { amount: usd('5.00') });
    const kinds = [
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.REFUNDED',
      'PAYMENT.CAPTURE.PENDING',
      'PAYMENT.CAPTURE.DENIED',
      'PAYMENT.CAPTURE.REVERSED',
    ];
    await expect
      .poll(() => kinds.filter((k) => !webhooks.some((w) => w.event_type === k)), { timeout: 5000, interval: 20 })
      .toEqual([]);
    expect(webhooks.map((w) => documents.webhookProblem(w)).filter(Boolean)).toEqual([]);

    const verify = (event: JsonObject | undefined) =>
      call('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: 'SHA256withRSA',
        cert_url: `${api}/certs/emulator.pem`,
        transmission_id: randomBytes(8).toString('hex'),
        transmission_sig: 'bm90IGEgc2lnbmF0dXJl',
        transmission_time: new Date().toISOString(),
        webhook_id: EMULATOR_WEBHOOK_ID,
        webhook_event: event,
      });
    expect((await verify(webhooks[0])).body).toEqual({ verification_status: 'FAILURE' });
    expect((await verify(undefined)).status).toBe(400);
    expect(problems).toEqual([]);
    expect(new Set(checked)).toEqual(
      new Set([
        'POST /v2/checkout/orders 201',
        'POST /v2/checkout/orders/{id}/capture 201',
        'POST /v2/payments/captures/{capture_id}/refund 201',
        'POST /v1/notifications/verify-webhook-signature 200',
        'POST /v1/notifications/verify-webhook-signature 400',
      ]),
    );
  });
});
