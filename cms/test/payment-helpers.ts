/**
 * Checkout helpers for the payment, order and webhook integration tests: the shop's payment calls, the local
 * PayPal emulator's buyer / back-office / inspection routes (mounted at /__paypal on the server under test),
 * signed webhooks, and counting what the server stored through Payload's REST API as the admin.
 */
import { expect } from 'vitest';
import type { PayPalCapture, PayPalOrder } from '../services/paypal/types';
import {
  captureCompletedEvent,
  signEmulatorWebhook,
  type EmulatedOrderSnapshot,
  type WebhookDelivery,
} from '../paypal-emulator/emulator';
import { readEmulatorCredentials } from '../services/paypal/emulator-credentials';
import type { AdminClient, ApiResponse, Json, TestServer } from './harness';

export { captureCompletedEvent };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The emulator's default buyer and address (what an approve without a body gives). */
export const DEFAULT_PAYER_EMAIL = 'sb-buyer@personal.example.com';
export const DEFAULT_ADDRESS = {
  address_line_1: '1 Main St',
  admin_area_2: 'San Jose',
  admin_area_1: 'CA',
  postal_code: '95131',
  country_code: 'US',
};
/** ZIP 95131 in the offline table the server uses. */
export const ZIP_95131 = [37.3864, -121.88] as const;

/** The alphabet and length of order numbers (cms/lib/order-number.ts). */
export const ORDER_NUMBER_RE = /^[ABCDEFGHJKMNPQRTUVWXYZ2346789]{8}$/;

export interface CartItem {
  id: string;
  quantity: number;
}

// ---------------------------------------------------------------------------------------------------------
// The shop's payment calls

/** The secret payments/create handed out per PayPal order id, as the browser keeps it for the capture. */
const secrets = new Map<string, string>();
export const secretOf = (paypalOrderId: string) => secrets.get(paypalOrderId);
export const GUESSED_SECRET = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export async function createPayment(server: TestServer, body: unknown): Promise<ApiResponse> {
  const res = await server.api('/api/v2/payments/create', { method: 'POST', json: body });
  const result = res.body?.result;
  if (typeof result?.id === 'string' && typeof result?.secret === 'string') secrets.set(result.id, result.secret);
  return res;
}

/** POST payments/create for a cart; fails loudly unless the server answers 201 {status: CREATED, id}. */
export async function createPaymentOk(server: TestServer, products: CartItem[]): Promise<string> {
  const res = await createPayment(server, { products, coupon_code: null });
  if (res.status !== 201 || res.body?.result?.status !== 'CREATED' || typeof res.body?.result?.id !== 'string') {
    throw new Error(`payments/create failed: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  }
  return res.body.result.id as string;
}

/** POST payments/capture with what the SPA sends: the stored created-payment data plus orderId. */
export function capturePayment(server: TestServer, orderId: string, extra: Record<string, unknown> = {}) {
  return server.api('/api/v2/payments/capture', {
    method: 'POST',
    // For an order this test did not create through the shop, a well-formed secret it cannot know.
    json: { id: orderId, status: 'CREATED', orderId, secret: secrets.get(orderId) ?? GUESSED_SECRET, ...extra },
  });
}

// ---------------------------------------------------------------------------------------------------------
// The emulator

export interface ApproveBody {
  payer?: { name?: { given_name?: string; surname?: string }; email_address?: string };
  shipping?: {
    name?: { full_name: string };
    address?: Partial<typeof DEFAULT_ADDRESS> & { country_code: string; address_line_2?: string };
  };
  capture_status?: 'COMPLETED' | 'PENDING' | 'DECLINED';
  /** Emulator test knob: capture this amount instead of the order's (PayPal capturing what it was not asked). */
  capture_amount?: string;
  /** Emulator test knob: no automatic PAYMENT.CAPTURE.COMPLETED after this order's capture. */
  webhook?: false;
  /** Emulator test knob: the capture call is refused with a 422 naming this issue (no money moves). */
  capture_refusal?: string;
}

/** The buyer approves on "PayPal's pages". */
export async function approve(server: TestServer, paypalOrderId: string, body: ApproveBody = {}): Promise<PayPalOrder> {
  const res = await server.api(`/__paypal/v2/checkout/orders/${paypalOrderId}/approve`, { method: 'POST', json: body });
  if (res.status !== 200) throw new Error(`approve failed: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  return res.body as PayPalOrder;
}

/** What the emulator holds for an order: the order now, and the create request exactly as the server sent it. */
export async function inspectOrder(server: TestServer, paypalOrderId: string): Promise<EmulatedOrderSnapshot> {
  const res = await server.api(`/__paypal/__inspect/orders/${paypalOrderId}`);
  if (res.status !== 200) throw new Error(`inspect failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.body as EmulatedOrderSnapshot;
}

/** The first capture of the emulated order (after a capture), e.g. to find a PENDING capture's id. */
export async function emulatedCapture(server: TestServer, paypalOrderId: string): Promise<PayPalCapture> {
  const snap = await inspectOrder(server, paypalOrderId);
  const capture = snap.order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) throw new Error(`Emulated order ${paypalOrderId} has no capture: ${JSON.stringify(snap.order)}`);
  return capture;
}

/** PayPal's back office clears a PENDING capture; the emulator then delivers PAYMENT.CAPTURE.COMPLETED. */
export async function completePendingCapture(
  server: TestServer,
  captureId: string,
): Promise<{ capture: PayPalCapture; webhook: WebhookDelivery | null }> {
  const res = await server.api(`/__paypal/v2/payments/captures/${captureId}/complete`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`complete failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

export async function webhookDeliveries(server: TestServer): Promise<WebhookDelivery[]> {
  const res = await server.api('/__paypal/__inspect/webhooks');
  if (res.status !== 200) throw new Error(`inspect webhooks failed: HTTP ${res.status}`);
  return res.body as WebhookDelivery[];
}

/** Deliveries the emulator made for one PayPal order. */
export async function deliveriesFor(server: TestServer, paypalOrderId: string): Promise<WebhookDelivery[]> {
  return (await webhookDeliveries(server)).filter(
    (d) => d.event?.resource?.supplementary_data?.related_ids?.order_id === paypalOrderId,
  );
}

/**
 * A bearer token straight from the emulator (as the shop's own server gets one), not through the shop: with
 * the random credentials the server keeps in its data folder, which a test on this machine can read.
 */
export async function emulatorToken(server: Pick<TestServer, 'api' | 'dataDir'>): Promise<string> {
  const credentials = readEmulatorCredentials(server.dataDir);
  if (!credentials) throw new Error(`The server made no emulator credentials in ${server.dataDir}`);
  const { clientId, clientSecret } = credentials;
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  const res = await server.api('/__paypal/v1/oauth2/token', {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (res.status !== 200 || typeof res.body?.access_token !== 'string') {
    throw new Error(`emulator token failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res.body.access_token as string;
}

/** A PayPal order created directly at the emulator (a "foreign" order the shop never priced). */
export async function createForeignOrder(server: TestServer, value = '1.00'): Promise<string> {
  const token = await emulatorToken(server);
  const res = await server.api('/__paypal/v2/checkout/orders', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    json: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value } }] },
  });
  if (res.status !== 201 || typeof res.body?.id !== 'string') {
    throw new Error(`foreign create failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res.body.id as string;
}

/** Captures directly at the emulator (PayPal captured, but the shopper's browser never called the shop). */
export async function captureAtEmulator(server: TestServer, paypalOrderId: string): Promise<PayPalOrder> {
  const token = await emulatorToken(server);
  const res = await server.api(`/__paypal/v2/checkout/orders/${paypalOrderId}/capture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    json: {},
  });
  if (res.status !== 201) throw new Error(`emulator capture failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.body as PayPalOrder;
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks

/** A webhook as posted: its headers and the exact bytes of its body. */
export interface WebhookPost {
  headers: Record<string, string>;
  rawBody: string;
}

export function postWebhook(server: TestServer, post: WebhookPost) {
  return server.api('/api/v2/payments/webhook', { method: 'POST', headers: post.headers, body: post.rawBody });
}

/** Any event, signed like the emulator signs its deliveries (for `webhookId`, default the emulator's). */
export function signWebhook(server: TestServer, event: unknown, webhookId?: string): WebhookPost {
  const signed = signEmulatorWebhook(event, webhookId, { origin: server.baseUrl });
  return { headers: { ...signed.headers }, rawBody: signed.rawBody };
}

/** A PAYMENT.CAPTURE.COMPLETED event for the capture, signed like the emulator signs its deliveries. */
export function signedCaptureCompleted(server: TestServer, capture: PayPalCapture, paypalOrderId: string): WebhookPost {
  return signWebhook(server, captureCompletedEvent(capture, paypalOrderId));
}

// ---------------------------------------------------------------------------------------------------------
// What the server stored (admin REST)

async function listWhere(admin: AdminClient, collection: string, field: string, value: string): Promise<Json[]> {
  const q = `where[${field}][equals]=${encodeURIComponent(value)}&limit=100&depth=0`;
  const res = await admin.api(`/api/${collection}?${q}`);
  if (res.status !== 200 || !Array.isArray(res.body?.docs)) {
    throw new Error(`Listing ${collection} failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res.body.docs as Json[];
}

/** Shop orders created for one PayPal order. */
export const ordersFor = (admin: AdminClient, paypalOrderId: string) =>
  listWhere(admin, 'orders', 'paypal_order_id', paypalOrderId);

/** Payment records (what payments/create stored) for one PayPal order. */
export const paymentsFor = (admin: AdminClient, paypalOrderId: string) =>
  listWhere(admin, 'payments', 'paypal_order_id', paypalOrderId);

/** Polls `fn` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------------------
// A whole checkout

export interface CheckoutResult {
  paypalOrderId: string;
  /** The shop order's id from payments/capture. */
  orderId: string;
  capture: ApiResponse;
}

/** create → approve (COMPLETED) → capture; expects 200 {status: COMPLETED, id}. */
export async function checkout(
  server: TestServer,
  products: CartItem[],
  approveBody: ApproveBody = {},
): Promise<CheckoutResult> {
  const paypalOrderId = await createPaymentOk(server, products);
  await approve(server, paypalOrderId, approveBody);
  const capture = await capturePayment(server, paypalOrderId);
  expect(capture.status, capture.text).toBe(200);
  expect(capture.body.result).toEqual({ status: 'COMPLETED', id: expect.any(String) });
  return { paypalOrderId, orderId: capture.body.result.id as string, capture };
}

/** GET /api/v2/orders/{id}'s result, asserting 200. */
export async function publicOrder(server: TestServer, orderId: string): Promise<Json> {
  const res = await server.api(`/api/v2/orders/${orderId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.result;
}
