import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import vm from 'node:vm';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPayPalClient,
  EMULATOR_CLIENT_ID,
  EMULATOR_WEBHOOK_ID,
  PayPalApiError,
  paypalBaseUrl,
  resolvePayPalSettings,
  type PayPalClient,
} from '../services/paypal/client';
import {
  captureCompletedEvent,
  captureRefundedEvent,
  createPayPalEmulator,
  emulatorState,
  expireEmulatorTokens,
  getEmulatedOrder,
  resetPayPalEmulator,
  signEmulatorWebhook,
} from './emulator';
import type {
  PayPalCapture,
  PayPalCreateOrderRequest,
  PayPalOrder,
  PayPalRefund,
  PayPalWebhookEvent,
} from '../services/paypal/types';

interface ReceivedWebhook {
  headers: Record<string, string>;
  rawBody: string;
}

let server: Server;
let hookServer: Server;
let origin: string;
let api: string;
let client: PayPalClient;
let tokenRequests = 0;
const received: ReceivedWebhook[] = [];
/** Deliveries for this PayPal order get a 503 (the shop being down or busy), this many times. */
let failHooks = { orderId: '', times: 0 };
/** When each delivery attempt arrived (ms) and for which PayPal order, failed ones included. */
const attempts: Array<{ at: number; orderId: string }> = [];

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
}
/** This emulator's client secret: random per run, as the shop's server makes its own. */
const EMULATOR_CLIENT_SECRET = randomBytes(32).toString('base64url');
const originOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  const hooks = express();
  hooks.post('/webhook', express.text({ type: '*/*' }), (req, res) => {
    const orderId = String(JSON.parse(String(req.body)).resource?.supplementary_data?.related_ids?.order_id ?? '');
    attempts.push({ at: Date.now(), orderId });
    if (orderId === failHooks.orderId && failHooks.times > 0) {
      failHooks.times -= 1;
      res.status(503).json({ busy: true });
      return;
    }
    received.push({ headers: req.headers as Record<string, string>, rawBody: req.body as string });
    res.status(200).json({ ok: true });
  });
  hookServer = await listen(hooks);

  const app = express();
  app.use(
    '/__paypal',
    createPayPalEmulator({
      clientSecret: EMULATOR_CLIENT_SECRET,
      webhookTarget: `${originOf(hookServer)}/webhook`,
      webhookDelayMs: 20,
      webhookRetryBaseMs: 100,
      testHelpers: true,
    }),
  );
  server = await listen(app);
  origin = originOf(server);
  api = `${origin}/__paypal`;
  const countingFetch: typeof fetch = (input, init) => {
    if (String(input).endsWith('/v1/oauth2/token')) tokenRequests += 1;
    return fetch(input, init);
  };
  client = createPayPalClient({
    baseUrl: api,
    clientId: EMULATOR_CLIENT_ID,
    clientSecret: EMULATOR_CLIENT_SECRET,
    fetch: countingFetch,
  });
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await new Promise((r) => hookServer.close(r));
});

beforeEach(() => {
  received.length = 0;
  attempts.length = 0;
  failHooks = { orderId: '', times: 0 };
});

const usd = (value: string) => ({ currency_code: 'USD', value });

/** 2 × 9.50 + 1 × 3.00 = 22.00 items, + 7.00 shipping − 2.00 discount = 27.00. */
function orderBody(overrides: Partial<{ value: string; itemTotal: string }> = {}): PayPalCreateOrderRequest {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        custom_id: 'cart-42',
        amount: {
          ...usd(overrides.value ?? '27.00'),
          breakdown: { item_total: usd(overrides.itemTotal ?? '22.00'), shipping: usd('7.00'), discount: usd('2.00') },
        },
        items: [
          { name: 'Olio extra vergine', sku: 'p-1', quantity: '2', unit_amount: usd('9.50') },
          { name: 'Pasta di Gragnano', sku: 'p-2', quantity: '1', unit_amount: usd('3.00') },
        ],
      },
    ],
  };
}

let seq = 0;
const rid = (prefix: string) => `${prefix}-${Date.now()}-${++seq}`;

async function approve(id: string, body?: unknown): Promise<Response> {
  return fetch(`${api}/v2/checkout/orders/${id}/approve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function approvedOrder(body?: unknown): Promise<PayPalOrder> {
  const order = await client.createOrder(orderBody(), rid('create'));
  expect((await approve(order.id, body)).status).toBe(200);
  return order;
}

async function apiError(p: Promise<unknown>): Promise<PayPalApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PayPalApiError);
  return err as PayPalApiError;
}

async function waitFor<T>(fn: () => T | undefined, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function verifyInput(hook: ReceivedWebhook, webhookEvent: unknown, webhookId = EMULATOR_WEBHOOK_ID) {
  return {
    auth_algo: hook.headers['paypal-auth-algo'],
    cert_url: hook.headers['paypal-cert-url'],
    transmission_id: hook.headers['paypal-transmission-id'],
    transmission_sig: hook.headers['paypal-transmission-sig'],
    transmission_time: hook.headers['paypal-transmission-time'],
    webhook_id: webhookId,
    webhook_event: webhookEvent,
  };
}

describe('settings', () => {
  it('when PAYPAL_ENV is production, then the live API is used, otherwise the sandbox', () => {
    expect(paypalBaseUrl('production')).toBe('https://api-m.paypal.com');
    expect(paypalBaseUrl('development')).toBe('https://api-m.sandbox.paypal.com');
    expect(paypalBaseUrl(undefined)).toBe('https://api-m.sandbox.paypal.com');
  });

  it('when PAYPAL_CLIENT_ID is set, then real PayPal is used (live or sandbox by PAYPAL_ENV)', () => {
    const env = {
      PAYPAL_CLIENT_ID: 'abc',
      PAYPAL_CLIENT_SECRET: 's3cret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      NODE_ENV: 'production',
    };
    expect(resolvePayPalSettings({ ...env, PAYPAL_ENV: 'production' }, 'http://127.0.0.1:3000')).toEqual({
      mode: 'live',
      baseUrl: 'https://api-m.paypal.com',
      clientId: 'abc',
      clientSecret: 's3cret',
      webhookId: 'WH-1',
      sdkBaseUrl: null,
    });
    const sandbox = resolvePayPalSettings({ ...env, PAYPAL_ENV: 'development' }, 'http://127.0.0.1:3000');
    expect(sandbox.mode).toBe('sandbox');
    expect(sandbox.baseUrl).toBe('https://api-m.sandbox.paypal.com');
    expect(resolvePayPalSettings({ ...env, PAYPAL_BASE_URL: 'http://mock:9/' }, '').baseUrl).toBe('http://mock:9');
  });

  it('when no PAYPAL_CLIENT_ID is set outside production, then the emulator on the same server is used', () => {
    expect(resolvePayPalSettings({ NODE_ENV: 'development' }, 'http://127.0.0.1:4321/')).toEqual({
      mode: 'emulator',
      baseUrl: 'http://127.0.0.1:4321/__paypal',
      clientId: 'emulator-client',
      clientSecret: '', // the random one from the data folder, filled in by services/paypal/instance.ts
      webhookId: EMULATOR_WEBHOOK_ID,
      sdkBaseUrl: '/__paypal/sdk/js',
    });
    expect(resolvePayPalSettings({}, 'http://127.0.0.1:1').mode).toBe('emulator');
  });

  it('when in production without credentials, then PayPal is off unless PAYPAL_EMULATOR is true', () => {
    expect(resolvePayPalSettings({ NODE_ENV: 'production' }, 'http://127.0.0.1:1')).toMatchObject({
      mode: 'off',
      baseUrl: '',
      sdkBaseUrl: null,
    });
    expect(resolvePayPalSettings({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' }, 'http://127.0.0.1:1').mode).toBe(
      'emulator',
    );
  });
});

describe('authentication', () => {
  it('when the client credentials are wrong, then the token call fails with PayPalApiError 401 invalid_client', async () => {
    const bad = createPayPalClient({ baseUrl: api, clientId: EMULATOR_CLIENT_ID, clientSecret: 'wrong' });
    const err = await apiError(bad.getOrder('X'));
    expect(err.status).toBe(401);
    expect(err.name).toBe('invalid_client');
    expect(err.message).toBe('Client Authentication failed');
  });

  it('when an API call carries no bearer token, then it is refused with AUTHENTICATION_FAILURE', async () => {
    const res = await fetch(`${api}/v2/checkout/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });

  it('when a token is issued, then it has PayPal shape and is reused for later calls', async () => {
    const res = await fetch(`${api}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${EMULATOR_CLIENT_ID}:${EMULATOR_CLIENT_SECRET}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 32400,
      access_token: expect.any(String),
      app_id: expect.any(String),
    });

    const o = await client.createOrder(orderBody(), rid('c'));
    const before = tokenRequests;
    await client.getOrder(o.id);
    await Promise.all([client.getOrder(o.id), client.getOrder(o.id)]);
    expect(tokenRequests - before).toBe(0);
  });

  it('when a fresh client makes concurrent calls, then it asks for one token only', async () => {
    let count = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).endsWith('/v1/oauth2/token')) count += 1;
      return fetch(input, init);
    };
    const fresh = createPayPalClient({
      baseUrl: api,
      clientId: EMULATOR_CLIENT_ID,
      clientSecret: EMULATOR_CLIENT_SECRET,
      fetch: counting,
    });
    const o = await client.createOrder(orderBody(), rid('c'));
    await Promise.all([fresh.getOrder(o.id), fresh.getOrder(o.id), fresh.getOrder(o.id)]);
    expect(count).toBe(1);
  });

  it('when the token is revoked, then the client gets a new one once and the call succeeds', async () => {
    const o = await client.createOrder(orderBody(), rid('c'));
    const before = tokenRequests;
    expireEmulatorTokens();
    await expect(client.getOrder(o.id)).resolves.toMatchObject({ id: o.id, status: 'CREATED' });
    expect(tokenRequests - before).toBe(1);
  });

  it('when PayPal does not answer in time, then a TIMEOUT PayPalApiError with status 0 is thrown', async () => {
    const hang = express();
    hang.use(() => undefined);
    const s = await listen(hang);
    try {
      const slow = createPayPalClient({ baseUrl: originOf(s), clientId: 'a', clientSecret: 'b', timeoutMs: 100 });
      const err = await apiError(slow.getOrder('X'));
      expect(err).toMatchObject({ status: 0, name: 'TIMEOUT' });
    } finally {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });
});

describe('create order', () => {
  it('when the breakdown adds up, then the order is CREATED with a PayPal-style id, links and the request kept', async () => {
    const requestId = rid('create');
    const order = await client.createOrder(orderBody(), requestId);
    expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(order.status).toBe('CREATED');
    expect(order.intent).toBe('CAPTURE');
    expect(order.purchase_units?.[0]).toMatchObject({
      reference_id: 'default',
      custom_id: 'cart-42',
      amount: { value: '27.00' },
    });
    expect(order.links?.map((l) => l.rel)).toEqual(['self', 'approve', 'update', 'capture']);
    expect(order.links?.find((l) => l.rel === 'approve')?.href).toBe(`${api}/checkoutnow?token=${order.id}`);

    const stored = getEmulatedOrder(order.id);
    expect(stored?.request.body).toEqual(orderBody());
    expect(stored?.request.requestId).toBe(requestId);
    expect(stored?.request.prefer).toBe('return=representation');
    const inspected = await (await fetch(`${api}/__inspect/orders/${order.id}`)).json();
    expect(inspected.request.body).toEqual(orderBody());
  });

  it('when the same PayPal-Request-Id is sent again, then the same order comes back', async () => {
    const requestId = rid('create');
    const a = await client.createOrder(orderBody(), requestId);
    const b = await client.createOrder(orderBody(), requestId);
    expect(b.id).toBe(a.id);
  });

  it('when value differs from item_total + shipping − discount, then 422 AMOUNT_MISMATCH', async () => {
    const err = await apiError(client.createOrder(orderBody({ value: '28.00' }), rid('c')));
    expect(err).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'AMOUNT_MISMATCH' });
    expect(err.debug_id).toMatch(/^[0-9a-f]{13}$/);
  });

  it('when item_total differs from Σ unit_amount × quantity, then 422 ITEM_TOTAL_MISMATCH', async () => {
    const err = await apiError(client.createOrder(orderBody({ value: '28.00', itemTotal: '23.00' }), rid('c')));
    expect(err).toMatchObject({ status: 422, issue: 'ITEM_TOTAL_MISMATCH' });
  });

  it('when the request is malformed, then 400 INVALID_REQUEST names every bad field', async () => {
    const body = {
      purchase_units: [{ amount: { currency_code: 'USD', value: 12 } }],
    } as unknown as PayPalCreateOrderRequest;
    const err = await apiError(client.createOrder(body, rid('c')));
    expect(err.status).toBe(400);
    expect(err.name).toBe('INVALID_REQUEST');
    expect(err.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER' }),
        expect.objectContaining({
          field: "/purchase_units/@reference_id=='default'/amount/value",
          issue: 'INVALID_PARAMETER_SYNTAX',
        }),
      ]),
    );
    const empty = await apiError(client.createOrder({ intent: 'CAPTURE', purchase_units: [] }, rid('c')));
    expect(empty).toMatchObject({ status: 400, issue: 'INVALID_ARRAY_MIN_ITEMS' });
  });

  it('when an amount has three decimals, then 422 DECIMAL_PRECISION', async () => {
    const body = orderBody();
    body.purchase_units[0].amount.value = '27.001';
    const err = await apiError(client.createOrder(body, rid('c')));
    expect(err).toMatchObject({ status: 422, issue: 'DECIMAL_PRECISION' });
  });

  it('when the body is not JSON, then 400 MALFORMED_REQUEST_JSON', async () => {
    const tokenRes = await fetch(`${api}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${EMULATOR_CLIENT_ID}:${EMULATOR_CLIENT_SECRET}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const res = await fetch(`${api}/v2/checkout/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: '{"intent":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] });
  });
});

describe('get, approve and capture', () => {
  it('when an unknown order is read or captured, then 404 RESOURCE_NOT_FOUND / INVALID_RESOURCE_ID', async () => {
    const err = await apiError(client.getOrder('NOSUCHORDER000000'));
    expect(err).toMatchObject({
      status: 404,
      name: 'RESOURCE_NOT_FOUND',
      message: 'The specified resource does not exist.',
      issue: 'INVALID_RESOURCE_ID',
    });
    expect(await apiError(client.captureOrder('NOSUCHORDER000000', rid('cap')))).toMatchObject({ status: 404 });
    expect((await approve('NOSUCHORDER000000')).status).toBe(404);
  });

  it('when capture comes before the buyer approved, then 422 ORDER_NOT_APPROVED', async () => {
    const order = await client.createOrder(orderBody(), rid('create'));
    const err = await apiError(client.captureOrder(order.id, rid('cap')));
    expect(err).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_NOT_APPROVED' });
    expect(err.details[0].description).toMatch(
      /^Payer has not yet approved the Order for payment. Please redirect the payer/,
    );
  });

  it('when the buyer approves with no details, then the order is APPROVED with the test payer and a US address', async () => {
    const order = await approvedOrder();
    const read = await client.getOrder(order.id);
    expect(read.status).toBe('APPROVED');
    expect(read.payer).toMatchObject({
      name: { given_name: 'John', surname: 'Doe' },
      email_address: 'sb-buyer@personal.example.com',
    });
    expect(read.payer?.payer_id).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);
    expect(read.purchase_units?.[0].shipping).toEqual({
      name: { full_name: 'John Doe' },
      address: {
        address_line_1: '1 Main St',
        admin_area_2: 'San Jose',
        admin_area_1: 'CA',
        postal_code: '95131',
        country_code: 'US',
      },
    });
  });

  it('when the buyer approves with a payer and address, then those are on the order', async () => {
    const shipping = {
      name: { full_name: 'Maria Rossi' },
      address: { address_line_1: 'Via Roma 1', admin_area_2: 'Napoli', postal_code: '80100', country_code: 'IT' },
    };
    const order = await approvedOrder({
      payer: { name: { given_name: 'Maria', surname: 'Rossi' }, email_address: 'maria@example.com' },
      shipping,
    });
    const read = await client.getOrder(order.id);
    expect(read.payer).toMatchObject({
      email_address: 'maria@example.com',
      name: { given_name: 'Maria', surname: 'Rossi' },
    });
    expect(read.purchase_units?.[0].shipping).toEqual(shipping);
  });

  it('when an approved order is captured, then it is COMPLETED with the capture and its fee breakdown', async () => {
    const order = await approvedOrder();
    const captured = await client.captureOrder(order.id, rid('cap'));
    expect(captured.status).toBe('COMPLETED');
    const capture = captured.purchase_units?.[0].payments?.captures?.[0];
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '27.00' },
      final_capture: true,
      custom_id: 'cart-42',
      // 3.49 % of 27.00 = 0.94, + 0.49
      seller_receivable_breakdown: { gross_amount: usd('27.00'), paypal_fee: usd('1.43'), net_amount: usd('25.57') },
    });
    expect(capture?.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(capture?.create_time).toEqual(expect.any(String));
    expect(captured.payer?.email_address).toBe('sb-buyer@personal.example.com');
    expect(captured.purchase_units?.[0].shipping?.address?.country_code).toBe('US');
    expect((await client.getOrder(order.id)).status).toBe('COMPLETED');
  });

  it('when a captured order is captured again with another request id, then 422 ORDER_ALREADY_CAPTURED', async () => {
    const order = await approvedOrder();
    await client.captureOrder(order.id, rid('cap'));
    const err = await apiError(client.captureOrder(order.id, rid('cap')));
    expect(err).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('when a capture is repeated with the same request id, then the same capture comes back', async () => {
    const order = await approvedOrder();
    const requestId = rid('cap');
    const first = await client.captureOrder(order.id, requestId);
    const second = await client.captureOrder(order.id, requestId);
    expect(second).toEqual(first);
    expect(getEmulatedOrder(order.id)?.captureRequestIds).toEqual([requestId, requestId]);
  });

  it('when 10 captures with different request ids race, then exactly one succeeds', async () => {
    const order = await approvedOrder();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => client.captureOrder(order.id, rid(`race${i}`))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    }
    expect(emulatorState.orders.get(order.id)?.order.purchase_units?.[0].payments?.captures).toHaveLength(1);
  });

  it('when an order is already captured, then approving it again is 422 ORDER_ALREADY_CAPTURED', async () => {
    const order = await approvedOrder();
    await client.captureOrder(order.id, rid('cap'));
    const res = await approve(order.id);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
    });
  });

  it('when the buyer approval says DECLINED, then the capture is DECLINED with no money breakdown', async () => {
    const order = await approvedOrder({ capture_status: 'DECLINED' });
    const captured = await client.captureOrder(order.id, rid('cap'));
    const capture = captured.purchase_units?.[0].payments?.captures?.[0];
    expect(capture?.status).toBe('DECLINED');
    expect(capture?.seller_receivable_breakdown).toBeUndefined();
  });
});

describe('webhooks', () => {
  it('when the shop answers a webhook with 503 twice, then PayPal tries again after 100 ms and then 200 ms, and stops once it is accepted', async () => {
    const order = await approvedOrder();
    failHooks = { orderId: order.id, times: 2 };
    await client.captureOrder(order.id, rid('cap'));
    const mine = () => attempts.filter((a) => a.orderId === order.id).map((a) => a.at);
    await waitFor(() => (mine().length === 3 ? true : undefined), 5000);
    const [first, second, third] = mine();
    expect(second - first).toBeGreaterThanOrEqual(90);
    expect(third - second).toBeGreaterThanOrEqual(190);
    await new Promise((r) => setTimeout(r, 500));
    expect(mine()).toHaveLength(3);
  });

  it('when a capture is PENDING and later completes, then a signed PAYMENT.CAPTURE.COMPLETED webhook arrives and verifies', async () => {
    const order = await approvedOrder({ capture_status: 'PENDING' });
    const captured = await client.captureOrder(order.id, rid('cap'));
    expect(captured.status).toBe('COMPLETED');
    const capture = captured.purchase_units?.[0].payments?.captures?.[0];
    expect(capture).toMatchObject({ status: 'PENDING', status_details: { reason: 'PENDING_REVIEW' } });

    const done = await fetch(`${api}/v2/payments/captures/${capture?.id}/complete`, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ capture: { status: 'COMPLETED' }, webhook: { status: 200 } });

    const hook = received.find((h) => JSON.parse(h.rawBody).resource.id === capture?.id);
    expect(hook).toBeDefined();
    const event = JSON.parse(hook!.rawBody) as PayPalWebhookEvent;
    expect(event).toMatchObject({
      id: expect.stringMatching(/^WH-/),
      event_version: '1.0',
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: capture?.id, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: order.id } } },
    });
    expect(hook!.headers).toMatchObject({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${origin}/__paypal/certs/emulator.pem`,
    });
    expect(hook!.headers['paypal-transmission-id']).toMatch(/^[0-9a-f-]{36}$/);

    expect(await client.verifyWebhookSignature(verifyInput(hook!, event))).toBe('SUCCESS');
    const tampered = { ...event, resource: { ...event.resource, amount: usd('1.00') } };
    expect(await client.verifyWebhookSignature(verifyInput(hook!, tampered))).toBe('FAILURE');
    expect(await client.verifyWebhookSignature(verifyInput(hook!, event, 'WH-SOMEONE-ELSE'))).toBe('FAILURE');
    expect(await client.verifyWebhookSignature({ ...verifyInput(hook!, event), transmission_sig: 'AAAA' })).toBe(
      'FAILURE',
    );

    const after = await client.getOrder(order.id);
    expect(after.purchase_units?.[0].payments?.captures?.[0].status).toBe('COMPLETED');
  });

  it('when a capture completes at once, then PayPal-style PAYMENT.CAPTURE.COMPLETED follows shortly', async () => {
    const order = await approvedOrder();
    await client.captureOrder(order.id, rid('cap'));
    const hook = await waitFor(() =>
      received.find((h) => JSON.parse(h.rawBody).resource.supplementary_data?.related_ids.order_id === order.id),
    );
    expect(await client.verifyWebhookSignature(verifyInput(hook, JSON.parse(hook.rawBody)))).toBe('SUCCESS');
  });

  it('when a test signs an event itself, then it verifies, and changing the body afterwards does not', async () => {
    const order = await approvedOrder({ capture_status: 'PENDING' });
    const captured = await client.captureOrder(order.id, rid('cap'));
    const event = captureCompletedEvent(captured.purchase_units![0].payments!.captures![0], order.id);
    const signed = signEmulatorWebhook(event, 'WH-TEST', {
      transmissionId: 'fixed-id',
      transmissionTime: '2020-01-01T00:00:00Z',
    });
    expect(signed.rawBody).toBe(JSON.stringify(event));
    expect(signed.headers['paypal-transmission-id']).toBe('fixed-id');
    const hook = { headers: signed.headers as unknown as Record<string, string>, rawBody: signed.rawBody };
    expect(await client.verifyWebhookSignature(verifyInput(hook, event, 'WH-TEST'))).toBe('SUCCESS');
    expect(await client.verifyWebhookSignature(verifyInput(hook, { ...event, id: 'WH-OTHER' }, 'WH-TEST'))).toBe(
      'FAILURE',
    );
  });

  it('when verify-webhook-signature lacks fields, then 400 VALIDATION_ERROR', async () => {
    const err = await apiError(client.verifyWebhookSignature({ auth_algo: 'SHA256withRSA' } as never));
    expect(err).toMatchObject({ status: 400, name: 'VALIDATION_ERROR' });
  });
});

describe('JS SDK stand-in', () => {
  it('when the SDK is requested without client-id, then 400 like PayPal; with it, the stand-in script', async () => {
    const missing = await fetch(`${api}/sdk/js?currency=USD`);
    expect(missing.status).toBe(400);
    const ok = await fetch(`${api}/sdk/js?client-id=emulator-client&currency=USD&components=buttons`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await ok.text()).toContain('5.0.0-emulator');
  });

  it('when the button is clicked, then createOrder, the approval and onApprove run in order', async () => {
    // A minimal DOM, enough for the stand-in (a real browser is exercised by the e2e tests).
    type FakeEl = {
      tagName: string;
      attrs: Record<string, string>;
      style: Record<string, string>;
      children: FakeEl[];
      listeners: Record<string, (e: { preventDefault(): void }) => void>;
      parentNode: FakeEl | null;
      textContent: string;
      [k: string]: unknown;
    };
    const el = (tagName: string): FakeEl => {
      const e: FakeEl = {
        tagName,
        attrs: {},
        style: {},
        children: [],
        listeners: {},
        parentNode: null,
        textContent: '',
        setAttribute: (k: string, v: string) => void (e.attrs[k] = v),
        getAttribute: (k: string) => e.attrs[k] ?? null,
        appendChild: (c: FakeEl) => {
          c.parentNode = e;
          e.children.push(c);
        },
        removeChild: (c: FakeEl) => void e.children.splice(e.children.indexOf(c), 1),
        addEventListener: (t: string, f: FakeEl['listeners'][string]) => void (e.listeners[t] = f),
      };
      return e;
    };
    const scriptEl = el('script');
    scriptEl.src = `${api}/sdk/js?client-id=emulator-client`;
    const windowObj: Record<string, unknown> = { location: { origin, href: `${origin}/site/cart` } };
    const context = vm.createContext({
      window: windowObj,
      document: { currentScript: scriptEl, createElement: el, querySelectorAll: () => [] },
      fetch,
      URL,
      console,
      setTimeout,
      Promise,
    });
    vm.runInContext(fs.readFileSync(new URL('./sdk-standin.js', import.meta.url), 'utf8'), context);
    const paypal = windowObj.paypal as {
      version: string;
      Buttons(o: Record<string, unknown>): {
        isEligible(): boolean;
        render(c: unknown): Promise<void>;
        close(): Promise<void>;
      };
    };
    expect(paypal.version).toBe('5.0.0-emulator');
    expect(paypal.Buttons({ fundingSource: 'venmo' }).isEligible()).toBe(false);
    expect(paypal.Buttons({ fundingSource: 'card' }).isEligible()).toBe(true);

    const steps: string[] = [];
    let approveData: Record<string, unknown> = {};
    let orderId = '';
    const container = el('div');
    const done = new Promise<void>((resolve, reject) => {
      const buttons = paypal.Buttons({
        onInit: () => void steps.push('init'),
        onClick: async () => void steps.push('click'),
        createOrder: async () => {
          steps.push('createOrder');
          orderId = (await client.createOrder(orderBody(), rid('create'))).id;
          return orderId;
        },
        onApprove: async (data: Record<string, unknown>) => {
          steps.push('onApprove');
          approveData = data;
          resolve();
        },
        onError: (err: Error) => reject(err),
      });
      expect(buttons.isEligible()).toBe(true);
      void buttons.render(container).then(() => {
        const button = container.children[0].children[0];
        expect(button.attrs).toMatchObject({
          'aria-label': 'PayPal',
          'data-testid': 'paypal-button',
          'aria-disabled': 'false',
        });
        button.listeners.click({ preventDefault() {} });
      });
    });
    await done;
    expect(steps).toEqual(['init', 'click', 'createOrder', 'onApprove']);
    expect(approveData).toMatchObject({
      orderID: orderId,
      payerID: expect.stringMatching(/^[A-Z0-9]{13}$/),
      paymentID: null,
      facilitatorAccessToken: '',
    });
    expect((await client.getOrder(orderId)).status).toBe('APPROVED');
  });
});

describe('refunds', () => {
  /** An order of 41.30, approved (with `approval`) and captured; the capture as PayPal answered it. */
  async function capturedFor(
    value = '41.30',
    approval?: unknown,
  ): Promise<{ order: PayPalOrder; capture: PayPalCapture }> {
    const order = await client.createOrder(
      { intent: 'CAPTURE', purchase_units: [{ custom_id: 'cart-77', amount: usd(value) }] },
      rid('create'),
    );
    expect((await approve(order.id, approval)).status).toBe(200);
    const captured = await client.captureOrder(order.id, rid('cap'));
    return { order, capture: captured.purchase_units![0].payments!.captures![0] };
  }

  /** POST to a test helper on loopback (or, with `forwardedFor`, as if it came through a proxy). */
  async function helper(route: string, body?: unknown, forwardedFor?: string) {
    const res = await fetch(`${api}${route}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & Partial<PayPalRefund> };
  }

  const refundHook = (refundId: string) =>
    received.find((h) => (JSON.parse(h.rawBody) as PayPalWebhookEvent<PayPalRefund>).resource.id === refundId);
  const unitPayments = async (orderId: string) => (await client.getOrder(orderId)).purchase_units?.[0].payments;

  it('when a capture of 41.30 is refunded without an amount, then all 41.30 comes back COMPLETED, the capture is REFUNDED and a signed PAYMENT.CAPTURE.REFUNDED follows', async () => {
    const { capture } = await capturedFor('41.30');
    const refund = await client.refundCapture(capture.id, {}, rid('refund'));
    expect(refund).toEqual({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      amount: usd('41.30'),
      status: 'COMPLETED',
      // 3.49 % of 41.30 = 1.44137 → 1.44 of the capture's 1.93 fee comes back; PayPal keeps the fixed 0.49.
      seller_payable_breakdown: {
        gross_amount: usd('41.30'),
        paypal_fee: usd('1.44'),
        net_amount: usd('39.86'),
        total_refunded_amount: usd('41.30'),
      },
      payer: { email_address: 'sb-merchant@business.example.com', merchant_id: 'EMU7ATEDMERCH' },
      create_time: expect.any(String),
      update_time: expect.any(String),
      links: [
        { href: `${api}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${api}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    });
    expect(await client.getRefund(refund.id)).toEqual(refund);
    const after = await client.getCapture(capture.id);
    expect(after.status).toBe('REFUNDED');
    // PayPal keeps its fee: the capture's receivable breakdown is what it was.
    expect(after.seller_receivable_breakdown).toEqual(capture.seller_receivable_breakdown);

    const hook = await waitFor(() => refundHook(refund.id));
    const event = JSON.parse(hook.rawBody) as PayPalWebhookEvent<PayPalRefund>;
    expect(event).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      summary: 'A $ 41.30 USD capture payment was refunded',
    });
    expect(event.resource).toEqual(refund);
    expect(await client.verifyWebhookSignature(verifyInput(hook, event))).toBe('SUCCESS');
  });

  it('when 41.30 is refunded as 12.50 and then 28.80, then the capture goes PARTIALLY_REFUNDED and then REFUNDED, totals 12.50 and 41.30', async () => {
    const { capture } = await capturedFor('41.30');
    const first = await client.refundCapture(
      capture.id,
      { amount: usd('12.50'), note_to_payer: 'One bottle arrived broken', invoice_id: 'R-1001-1', custom_id: 'r-1' },
      rid('refund'),
    );
    expect(first).toMatchObject({
      status: 'COMPLETED',
      amount: usd('12.50'),
      note_to_payer: 'One bottle arrived broken',
      invoice_id: 'R-1001-1',
      custom_id: 'r-1',
      // 3.49 % of 12.50 = 0.43625 → 0.44 of the fee comes back.
      seller_payable_breakdown: {
        gross_amount: usd('12.50'),
        paypal_fee: usd('0.44'),
        net_amount: usd('12.06'),
        total_refunded_amount: usd('12.50'),
      },
    });
    expect((await client.getCapture(capture.id)).status).toBe('PARTIALLY_REFUNDED');

    const second = await client.refundCapture(capture.id, { amount: usd('28.80') }, rid('refund'));
    expect(second).toMatchObject({
      status: 'COMPLETED',
      amount: usd('28.80'),
      // 1.44 on all 41.30 less the 0.44 already given back (1.01 on 28.80 alone would make 1.45 in all).
      seller_payable_breakdown: {
        gross_amount: usd('28.80'),
        paypal_fee: usd('1.00'),
        net_amount: usd('27.80'),
        total_refunded_amount: usd('41.30'),
      },
    });
    expect((await client.getCapture(capture.id)).status).toBe('REFUNDED');
    await waitFor(() => (refundHook(first.id) && refundHook(second.id) ? true : undefined));
  });

  it('when 28.81 is asked after 12.50 of 41.30 was refunded, then 422 REFUND_AMOUNT_EXCEEDED and nothing more is refunded', async () => {
    const { order, capture } = await capturedFor('41.30');
    await client.refundCapture(capture.id, { amount: usd('12.50') }, rid('refund'));
    const err = await apiError(client.refundCapture(capture.id, { amount: usd('28.81') }, rid('refund')));
    expect(err).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'REFUND_AMOUNT_EXCEEDED' });
    expect(err.details[0].description).toBe(
      'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    );
    expect(err.debug_id).toMatch(/^[0-9a-f]{13}$/);
    expect((await unitPayments(order.id))?.refunds).toHaveLength(1);
    expect((await client.getCapture(capture.id)).status).toBe('PARTIALLY_REFUNDED');
    // Exactly what is left still goes through.
    await expect(client.refundCapture(capture.id, { amount: usd('28.80') }, rid('refund'))).resolves.toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('when a fully refunded capture is refunded again, with or without an amount, then 422 CAPTURE_FULLY_REFUNDED', async () => {
    const { capture } = await capturedFor('41.30');
    await client.refundCapture(capture.id, { amount: usd('41.30') }, rid('refund'));
    const err = await apiError(client.refundCapture(capture.id, {}, rid('refund')));
    expect(err).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'CAPTURE_FULLY_REFUNDED' });
    expect(err.details[0].description).toBe('The capture has already been fully refunded');
    expect(await apiError(client.refundCapture(capture.id, { amount: usd('0.01') }, rid('refund')))).toMatchObject({
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
  });

  it('when a refund is repeated with the same PayPal-Request-Id, then the first refund comes back and only one is kept', async () => {
    const { order, capture } = await capturedFor('41.30');
    const requestId = rid('refund');
    const first = await client.refundCapture(capture.id, { amount: usd('12.50') }, requestId);
    const again = await client.refundCapture(capture.id, { amount: usd('12.50') }, requestId);
    // PayPal answers a repeated key with the first answer, whatever the body says now.
    const changed = await client.refundCapture(capture.id, { amount: usd('20.00') }, requestId);
    expect(again).toEqual(first);
    expect(changed).toEqual(first);
    const payments = await unitPayments(order.id);
    expect(payments?.refunds?.map((r) => r.id)).toEqual([first.id]);
    expect(payments?.captures?.[0].status).toBe('PARTIALLY_REFUNDED');
    // The same key on another capture is another refund.
    const other = await capturedFor('41.30');
    const elsewhere = await client.refundCapture(other.capture.id, { amount: usd('12.50') }, requestId);
    expect(elsewhere.id).not.toBe(first.id);
  });

  it('when the amount has 3 decimals or is zero or negative, then 422 DECIMAL_PRECISION / CANNOT_BE_ZERO_OR_NEGATIVE; no number or too long a note, then 400; nothing is refunded', async () => {
    const { order, capture } = await capturedFor('41.30');
    for (const [value, issue] of [
      ['1.001', 'DECIMAL_PRECISION'],
      ['12.505', 'DECIMAL_PRECISION'],
      ['0.00', 'CANNOT_BE_ZERO_OR_NEGATIVE'],
      ['0', 'CANNOT_BE_ZERO_OR_NEGATIVE'],
      ['-5.00', 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ]) {
      const err = await apiError(client.refundCapture(capture.id, { amount: usd(value) }, rid('refund')));
      expect(err).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue });
      expect(err.details[0]).toMatchObject({ field: '/amount/value', value, location: 'body' });
    }
    expect(await apiError(client.refundCapture(capture.id, { amount: usd('12,50') }, rid('refund')))).toMatchObject({
      status: 400,
      issue: 'INVALID_PARAMETER_SYNTAX',
    });
    expect(
      await apiError(client.refundCapture(capture.id, { note_to_payer: 'x'.repeat(256) }, rid('refund'))),
    ).toMatchObject({ status: 400, issue: 'INVALID_STRING_LENGTH' });
    expect(
      await apiError(
        client.refundCapture(capture.id, { amount: { currency_code: 'EUR', value: '12.50' } }, rid('refund')),
      ),
    ).toMatchObject({ status: 422, issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH' });
    const payments = await unitPayments(order.id);
    expect(payments?.refunds).toBeUndefined();
    expect(payments?.captures?.[0].status).toBe('COMPLETED');
  });

  it('when the capture is unknown, PENDING or DECLINED, then 404 INVALID_RESOURCE_ID, 422 PENDING_CAPTURE, 422 REFUND_NOT_ALLOWED', async () => {
    expect(await apiError(client.refundCapture('NOSUCHCAPTURE0000', {}, rid('refund')))).toMatchObject({
      status: 404,
      name: 'RESOURCE_NOT_FOUND',
      issue: 'INVALID_RESOURCE_ID',
    });
    expect(await apiError(client.getRefund('NOSUCHREFUND00000'))).toMatchObject({ status: 404 });
    const pending = await capturedFor('41.30', { capture_status: 'PENDING' });
    expect(await apiError(client.refundCapture(pending.capture.id, {}, rid('refund')))).toMatchObject({
      status: 422,
      issue: 'PENDING_CAPTURE',
    });
    const declined = await capturedFor('41.30', { capture_status: 'DECLINED' });
    expect(await apiError(client.refundCapture(declined.capture.id, {}, rid('refund')))).toMatchObject({
      status: 422,
      issue: 'REFUND_NOT_ALLOWED',
    });
  });

  it('when refunds are switched to PENDING, then a 12.50 refund is PENDING (ECHECK) with no webhook until it completes; then PARTIALLY_REFUNDED and the webhook', async () => {
    const { capture } = await capturedFor('41.30');
    expect((await helper(`/v2/payments/captures/${capture.id}/refund-mode`, { status: 'PENDING' })).status).toBe(200);
    const refund = await client.refundCapture(capture.id, { amount: usd('12.50') }, rid('refund'));
    expect(refund).toMatchObject({
      status: 'PENDING',
      status_details: { reason: 'ECHECK' },
      seller_payable_breakdown: { gross_amount: usd('12.50'), total_refunded_amount: usd('0.00') },
    });
    expect((await client.getCapture(capture.id)).status).toBe('COMPLETED');
    // The pending 12.50 is spoken for: 28.80 is all that is left.
    expect(await apiError(client.refundCapture(capture.id, { amount: usd('28.81') }, rid('refund')))).toMatchObject({
      issue: 'REFUND_AMOUNT_EXCEEDED',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(refundHook(refund.id)).toBeUndefined();

    const done = await helper(`/v2/payments/refunds/${refund.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: refund.id,
      status: 'COMPLETED',
      seller_payable_breakdown: { total_refunded_amount: usd('12.50') },
    });
    expect(done.body.status_details).toBeUndefined();
    expect(await client.getRefund(refund.id)).toEqual(done.body);
    expect((await client.getCapture(capture.id)).status).toBe('PARTIALLY_REFUNDED');
    const hook = await waitFor(() => refundHook(refund.id));
    expect(JSON.parse(hook.rawBody)).toMatchObject({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: done.body });
    expect((await helper(`/v2/payments/refunds/${refund.id}/complete`)).body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'REFUND_NOT_PENDING' }],
    });

    expect((await helper(`/v2/payments/captures/${capture.id}/refund-mode`, { status: 'COMPLETED' })).status).toBe(200);
    const rest = await client.refundCapture(capture.id, {}, rid('refund'));
    expect(rest).toMatchObject({ status: 'COMPLETED', amount: usd('28.80') });
    expect((await client.getCapture(capture.id)).status).toBe('REFUNDED');
  });

  it('when refunds are made in the dashboard, then one with a webhook is announced and one with webhook:false only shows in GET order', async () => {
    const { order, capture } = await capturedFor('41.30');
    const announced = await helper(`/v2/payments/captures/${capture.id}/dashboard-refund`, { amount: usd('10.00') });
    expect(announced.status).toBe(201);
    expect(announced.body).toMatchObject({ status: 'COMPLETED', amount: usd('10.00') });
    const silent = await helper(`/v2/payments/captures/${capture.id}/dashboard-refund`, {
      amount: usd('5.30'),
      webhook: false,
    });
    expect(silent.status).toBe(201);
    expect(silent.body).toMatchObject({
      status: 'COMPLETED',
      seller_payable_breakdown: { total_refunded_amount: usd('15.30') },
    });
    await waitFor(() => refundHook(String(announced.body.id)));
    await new Promise((r) => setTimeout(r, 200));
    expect(refundHook(String(silent.body.id))).toBeUndefined();
    expect(emulatorState.webhookDeliveries.some((d) => d.event.resource.id === silent.body.id)).toBe(false);

    const payments = await unitPayments(order.id);
    expect(payments?.refunds).toEqual([announced.body, silent.body]);
    expect(payments?.captures?.[0].status).toBe('PARTIALLY_REFUNDED');

    // Everything but a refund of what is left is checked as for the API.
    expect(
      (await helper(`/v2/payments/captures/${capture.id}/dashboard-refund`, { amount: usd('26.01') })).body,
    ).toMatchObject({ details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
    const pending = await helper(`/v2/payments/captures/${capture.id}/dashboard-refund`, { status: 'PENDING' });
    expect(pending.body).toMatchObject({ status: 'PENDING', amount: usd('26.00') });
  });

  it('when an order with two refunds is read, then purchase_units[0].payments lists its capture and both refunds', async () => {
    const { order, capture } = await capturedFor('41.30');
    const a = await client.refundCapture(capture.id, { amount: usd('12.50') }, rid('refund'));
    const b = await client.refundCapture(capture.id, { amount: usd('28.80') }, rid('refund'));
    const read = await client.getOrder(order.id);
    expect(read.status).toBe('COMPLETED');
    expect(read.purchase_units?.[0].payments).toEqual({
      captures: [{ ...capture, status: 'REFUNDED', update_time: expect.any(String) }],
      refunds: [await client.getRefund(a.id), await client.getRefund(b.id)],
    });
  });

  it('when a test helper is called through a proxy (X-Forwarded-For), then 404 and nothing changes', async () => {
    const { order, capture } = await capturedFor('41.30');
    const proxy = '203.0.113.9';
    expect((await helper(`/v2/payments/captures/${capture.id}/dashboard-refund`, {}, proxy)).status).toBe(404);
    expect((await helper(`/v2/payments/captures/${capture.id}/refund-mode`, { status: 'PENDING' }, proxy)).status).toBe(
      404,
    );
    const refund = await client.refundCapture(capture.id, { amount: usd('12.50') }, rid('refund'));
    expect(refund.status).toBe('COMPLETED'); // the refund-mode was not set
    expect((await helper(`/v2/payments/refunds/${refund.id}/complete`, undefined, proxy)).status).toBe(404);
    expect((await unitPayments(order.id))?.refunds).toHaveLength(1);
    // And the API itself needs the bearer token.
    const bare = await fetch(`${api}/v2/payments/captures/${capture.id}/refund`, { method: 'POST' });
    expect(bare.status).toBe(401);
  });

  it('when PayPal holds a capture, denies it, and reverses 20.00 of another, then each reads as Payments v2 shows it and comes with its signed event; through a proxy no knob answers', async () => {
    const held = await capturedFor('41.30');
    const knob = (name: string, body: unknown = {}, proxy?: string) =>
      helper(`/v2/payments/captures/${held.capture.id}/${name}`, body, proxy);
    for (const name of ['hold', 'deny', 'reverse']) expect((await knob(name, {}, '203.0.113.9')).status).toBe(404);
    expect((await client.getCapture(held.capture.id)).status).toBe('COMPLETED');
    expect((await knob('deny')).status).toBe(422); // only a PENDING capture is denied
    expect((await knob('hold', { reason: 'NOT_A_REASON' })).status).toBe(400);

    expect((await knob('hold', { reason: 'ECHECK' })).status).toBe(200);
    expect(await client.getCapture(held.capture.id)).toMatchObject({
      status: 'PENDING',
      status_details: { reason: 'ECHECK' },
    });
    expect((await knob('deny')).status).toBe(200);
    // Payments v2 has no DENIED status: a denied capture reads DECLINED, with the reason.
    expect(await client.getCapture(held.capture.id)).toMatchObject({
      status: 'DECLINED',
      status_details: { reason: 'ECHECK' },
    });
    const captureEvents = () =>
      received
        .map((h) => ({ hook: h, event: JSON.parse(h.rawBody) as PayPalWebhookEvent }))
        .filter(
          ({ event }) => event.resource.id === held.capture.id && event.event_type !== 'PAYMENT.CAPTURE.COMPLETED',
        );
    await waitFor(() => (captureEvents().length === 2 ? true : undefined));
    expect(
      captureEvents().map(({ event }) => [event.event_type, event.resource_type, event.resource.status, event.summary]),
    ).toEqual([
      ['PAYMENT.CAPTURE.PENDING', 'capture', 'PENDING', 'Payment pending for $ 41.30 USD'],
      ['PAYMENT.CAPTURE.DENIED', 'capture', 'DECLINED', 'A $ 41.30 USD capture payment was denied'],
    ]);
    for (const { hook, event } of captureEvents()) {
      expect(event.resource.supplementary_data).toEqual({ related_ids: { order_id: held.order.id } });
      expect(await client.verifyWebhookSignature(verifyInput(hook, event))).toBe('SUCCESS');
    }

    const other = await capturedFor('41.30');
    const reversed = await helper(`/v2/payments/captures/${other.capture.id}/reverse`, { amount: usd('20.00') });
    expect(reversed.status).toBe(201);
    expect(reversed.body).toMatchObject({
      status: 'COMPLETED',
      note_to_payer: 'Payment reversed',
      amount: usd('20.00'),
    });
    expect(await client.getRefund(reversed.body.id!)).toEqual(reversed.body);
    expect((await client.getCapture(other.capture.id)).status).toBe('PARTIALLY_REFUNDED');
    const hook = await waitFor(() => refundHook(reversed.body.id!));
    const event = JSON.parse(hook.rawBody) as PayPalWebhookEvent<PayPalRefund>;
    expect(event).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource_type: 'refund',
      summary: 'A $ 20.00 USD capture payment was reversed',
    });
    expect(event.resource).toEqual(reversed.body);
    expect(await client.verifyWebhookSignature(verifyInput(hook, event))).toBe('SUCCESS');
  });

  it("when a capture's refund answers are held, then the refund is made at once and its answer (and a repeat's) leaves only when the hold is lifted; every call is logged", async () => {
    const { order, capture } = await capturedFor('41.30');
    const hold = `/v2/payments/captures/${capture.id}/refund-hold`;
    expect((await helper(hold, { hold: true }, '203.0.113.9')).status).toBe(404);
    expect((await helper(hold, { hold: 'yes' })).status).toBe(400);
    expect((await helper(hold, { hold: true })).body).toEqual({ id: capture.id, refund_hold: true, released: 0 });

    const requestId = rid('refund');
    let answered = 0;
    const first = client.refundCapture(capture.id, { amount: usd('12.50') }, requestId).finally(() => (answered += 1));
    const repeat = client.refundCapture(capture.id, { amount: usd('12.50') }, requestId).finally(() => (answered += 1));
    await vi.waitFor(() => expect(getEmulatedOrder(order.id)?.refundRequests).toHaveLength(2));
    expect((await unitPayments(order.id))?.refunds?.map((r) => r.amount.value)).toEqual(['12.50']);
    expect(answered).toBe(0);
    expect(getEmulatedOrder(order.id)?.refundRequests.map((r) => [r.request_id, r.value, r.status])).toEqual([
      [requestId, '12.50', 0],
      [requestId, '12.50', 0],
    ]);

    expect((await helper(hold, { hold: false })).body).toEqual({ id: capture.id, refund_hold: false, released: 2 });
    const [a, b] = await Promise.all([first, repeat]);
    expect(b.id).toBe(a.id);
    expect(getEmulatedOrder(order.id)?.refundRequests.map((r) => r.status)).toEqual([201, 201]);
  });

  it('when a test builds a refund webhook with captureRefundedEvent, then it signs and verifies', async () => {
    const { capture } = await capturedFor('41.30');
    const refund = await client.refundCapture(capture.id, { amount: usd('12.50') }, rid('refund'));
    const event = captureRefundedEvent(refund, api);
    expect(event).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource_version: '2.0',
      summary: 'A $ 12.50 USD capture payment was refunded',
      resource: refund,
    });
    const signed = signEmulatorWebhook(event);
    const hook = { headers: signed.headers as unknown as Record<string, string>, rawBody: signed.rawBody };
    expect(await client.verifyWebhookSignature(verifyInput(hook, event))).toBe('SUCCESS');
  });
});

describe('refunds across a restart', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paypal-emulator-refunds-'));
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A new emulator module (as after a restart: nothing in memory) on the journal `stateFile`. */
  async function boot(stateFile: string) {
    vi.resetModules();
    const mod = await import('./emulator');
    const app = express();
    app.use(
      '/__paypal',
      mod.createPayPalEmulator({ clientSecret: EMULATOR_CLIENT_SECRET, stateFile, testHelpers: true }),
    );
    const s = await listen(app);
    servers.push(s);
    const base = `${originOf(s)}/__paypal`;
    const c = createPayPalClient({ baseUrl: base, clientId: EMULATOR_CLIENT_ID, clientSecret: EMULATOR_CLIENT_SECRET });
    const post = (route: string, body?: unknown) =>
      fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const capturedFor = async (value: string) => {
      const order = await c.createOrder({ intent: 'CAPTURE', purchase_units: [{ amount: usd(value) }] }, rid('create'));
      expect((await post(`/v2/checkout/orders/${order.id}/approve`)).status).toBe(200);
      const captured = await c.captureOrder(order.id, rid('cap'));
      return { order, capture: captured.purchase_units![0].payments!.captures![0] };
    };
    return { client: c, post, capturedFor, state: mod.emulatorState };
  }

  it('when the emulator restarts on its journal, then refunds, the refund mode and the PayPal-Request-Id are kept', async () => {
    const stateFile = path.join(dir, 'orders.jsonl');
    const before = await boot(stateFile);
    const { order, capture } = await before.capturedFor('41.30');
    const requestId = rid('refund');
    const first = await before.client.refundCapture(capture.id, { amount: usd('12.50') }, requestId);
    expect((await before.post(`/v2/payments/captures/${capture.id}/refund-mode`, { status: 'PENDING' })).status).toBe(
      200,
    );
    const pending = await before.client.refundCapture(capture.id, { amount: usd('20.00') }, rid('refund'));
    expect(pending.status).toBe('PENDING');

    const after = await boot(stateFile);
    expect(after.state).not.toBe(before.state);
    expect(await after.client.getRefund(first.id)).toEqual(first);
    expect(await after.client.getRefund(pending.id)).toEqual(pending);
    expect((await after.client.getCapture(capture.id)).status).toBe('PARTIALLY_REFUNDED');
    // The key is remembered: the first refund again, not a second one.
    expect(await after.client.refundCapture(capture.id, { amount: usd('12.50') }, requestId)).toEqual(first);
    // The mode is remembered: 41.30 − 12.50 − 20.00 = 8.80 left, refunded PENDING.
    const third = await after.client.refundCapture(capture.id, {}, rid('refund'));
    expect(third).toMatchObject({ status: 'PENDING', amount: usd('8.80') });
    expect((await after.client.getOrder(order.id)).purchase_units?.[0].payments?.refunds?.map((r) => r.id)).toEqual([
      first.id,
      pending.id,
      third.id,
    ]);
    expect((await after.post(`/v2/payments/refunds/${pending.id}/complete`)).status).toBe(200);
    expect((await after.post(`/v2/payments/refunds/${third.id}/complete`)).status).toBe(200);
    expect(await after.client.getCapture(capture.id)).toMatchObject({ status: 'REFUNDED' });
    expect((await after.client.getRefund(third.id)).seller_payable_breakdown?.total_refunded_amount).toEqual(
      usd('41.30'),
    );
  });

  it('when the journal holds a line written before refunds existed, then that order loads and can be refunded', async () => {
    const first = path.join(dir, 'new.jsonl');
    const before = await boot(first);
    const { capture } = await before.capturedFor('41.30');
    const lines = fs.readFileSync(first, 'utf8').trim().split('\n');
    const old = JSON.parse(lines[lines.length - 1]) as Record<string, unknown>;
    delete old.refundResponses;
    delete old.refundModes;
    const oldFile = path.join(dir, 'old.jsonl');
    fs.writeFileSync(oldFile, `${JSON.stringify(old)}\n`);

    const after = await boot(oldFile);
    expect((await after.client.getCapture(capture.id)).status).toBe('COMPLETED');
    const refund = await after.client.refundCapture(capture.id, { amount: usd('12.50') }, rid('refund'));
    expect(refund).toMatchObject({ status: 'COMPLETED', amount: usd('12.50') });
    expect((await after.client.getCapture(capture.id)).status).toBe('PARTIALLY_REFUNDED');
  });
});

describe('reset', () => {
  it('when the emulator is reset, then its orders are gone', async () => {
    const order = await client.createOrder(orderBody(), rid('create'));
    resetPayPalEmulator();
    expect(getEmulatedOrder(order.id)).toBeUndefined();
    // The cached token was dropped too; the client recovers by itself.
    expect(await apiError(client.getOrder(order.id))).toMatchObject({ status: 404 });
  });
});
