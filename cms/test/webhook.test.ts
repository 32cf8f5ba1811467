/**
 * PayPal webhooks (DESIGN "Payments": a signature-verified PAYMENT.CAPTURE.COMPLETED completes orders whose
 * browser never came back or whose capture was pending). Webhooks are signed in the test with the emulator's
 * own signEmulatorWebhook / captureCompletedEvent and posted to /api/v2/payments/webhook; the server verifies
 * them through the emulator's verify-webhook-signature, as it would through PayPal's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayPalCapture } from '../services/paypal/types';
import { type AdminClient, isEnvelope, startServer, type TestServer, uid } from './harness';
import { countDocs, createProduct } from './factories';
import {
  approve,
  captureAtEmulator,
  captureCompletedEvent,
  capturePayment,
  completePendingCapture,
  createForeignOrder,
  createPaymentOk,
  deliveriesFor,
  emulatedCapture,
  ordersFor,
  paymentsFor,
  postWebhook,
  signedCaptureCompleted,
  signWebhook,
  type WebhookPost,
  sleep,
  waitFor,
  type ApproveBody,
} from './payment-helpers';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

/** A shop-created PayPal order, approved, captured through the shop with the capture left PENDING (202). */
async function pendingPayment(label: string, price = 10): Promise<{ paypalOrderId: string; capture: PayPalCapture }> {
  const p = await createProduct(admin, { name: `${label} ${uid()}`, price });
  const paypalOrderId = await createPaymentOk(server, [{ id: p.id, quantity: 1 }]);
  await approve(server, paypalOrderId, { capture_status: 'PENDING' });
  const res = await capturePayment(server, paypalOrderId);
  expect(res.status, res.text).toBe(202);
  return { paypalOrderId, capture: await emulatedCapture(server, paypalOrderId) };
}

/** A shop-created PayPal order that PayPal captured (COMPLETED) without the shop being told: no shop order yet. */
async function capturedBehindTheShopsBack(
  label: string,
  approveBody: ApproveBody = {},
): Promise<{ paypalOrderId: string; capture: PayPalCapture }> {
  const p = await createProduct(admin, { name: `${label} ${uid()}`, price: 14 });
  const paypalOrderId = await createPaymentOk(server, [{ id: p.id, quantity: 1 }]);
  await approve(server, paypalOrderId, approveBody);
  const captured = await captureAtEmulator(server, paypalOrderId);
  const capture = captured.purchase_units![0].payments!.captures![0];
  expect(capture.status).toBe('COMPLETED');
  return { paypalOrderId, capture };
}

/** Each way of breaking a valid signed webhook. */
function tamperings(signed: WebhookPost) {
  const h = signed.headers;
  const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
  const body = JSON.parse(signed.rawBody);
  return [
    [
      'signature changed',
      { headers: { ...h, 'paypal-transmission-sig': flip(h['paypal-transmission-sig']) }, rawBody: signed.rawBody },
    ],
    [
      'transmission id changed',
      { headers: { ...h, 'paypal-transmission-id': `${h['paypal-transmission-id']}x` }, rawBody: signed.rawBody },
    ],
    [
      'transmission time changed',
      {
        headers: { ...h, 'paypal-transmission-time': new Date(Date.now() - 3_600_000).toISOString() },
        rawBody: signed.rawBody,
      },
    ],
    ['auth algo changed', { headers: { ...h, 'paypal-auth-algo': 'HS256' }, rawBody: signed.rawBody }],
    [
      'cert url elsewhere',
      { headers: { ...h, 'paypal-cert-url': 'https://evil.example/cert.pem' }, rawBody: signed.rawBody },
    ],
    [
      'body: amount changed',
      {
        headers: h,
        rawBody: JSON.stringify({
          ...body,
          resource: { ...body.resource, amount: { currency_code: 'USD', value: '0.01' } },
        }),
      },
    ],
    ['body: event id changed', { headers: h, rawBody: JSON.stringify({ ...body, id: `${body.id}X` }) }],
    [
      'body: order id changed',
      {
        headers: h,
        rawBody: JSON.stringify({
          ...body,
          resource: { ...body.resource, supplementary_data: { related_ids: { order_id: 'ORDERNEVERMADE002' } } },
        }),
      },
    ],
  ] as Array<[string, WebhookPost]>;
}

describe('webhook signature', () => {
  it('when a header or the body of a signed webhook is tampered with, then it is refused and the order is not completed', async () => {
    // No automatic webhook from the emulator for this order: only the forged ones below can reach the shop.
    const { paypalOrderId, capture } = await capturedBehindTheShopsBack('Tamper', { webhook: false });
    const signed = signedCaptureCompleted(server, capture, paypalOrderId);
    for (const [label, forged] of tamperings(signed)) {
      const res = await postWebhook(server, forged);
      if (label === 'body: order id changed') {
        // About an order nothing waits for: acknowledged without asking PayPal, and nothing is done or told.
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(200);
        expect(res.body.result, label).toEqual({ received: true, order: null });
      } else {
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(400);
      }
      expect(isEnvelope(res), label).toBe(true);
    }
    expect(await deliveriesFor(server, paypalOrderId)).toHaveLength(0);
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
    expect((await paymentsFor(admin, paypalOrderId))[0].status).toBe('CREATED');
    // The untampered webhook is accepted.
    const ok = await postWebhook(server, signed);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.order).toEqual(expect.any(String));
  });

  it('when a webhook is signed for another webhook id, then 400', async () => {
    const { paypalOrderId, capture } = await pendingPayment('OtherHook');
    const signed = signWebhook(server, captureCompletedEvent(capture, paypalOrderId), 'WH-SOMEONE-ELSES-HOOK');
    const res = await postWebhook(server, signed);
    expect(res.status, res.text).toBe(400);
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
  });

  it('when a signed webhook has its headers stripped (all or any one), then 400 and nothing changes', async () => {
    const { paypalOrderId, capture } = await pendingPayment('Headless');
    const signed = signedCaptureCompleted(server, capture, paypalOrderId);
    const none = await postWebhook(server, {
      headers: { 'content-type': 'application/json' },
      rawBody: signed.rawBody,
    });
    expect(none.status, none.text).toBe(400);
    expect(isEnvelope(none)).toBe(true);
    for (const name of [
      'paypal-auth-algo',
      'paypal-cert-url',
      'paypal-transmission-id',
      'paypal-transmission-sig',
      'paypal-transmission-time',
    ]) {
      const headers: Record<string, string> = { ...signed.headers };
      delete headers[name];
      const res = await postWebhook(server, { headers, rawBody: signed.rawBody });
      expect(res.status, `without ${name}: ${res.text.slice(0, 200)}`).toBe(400);
      const empty = await postWebhook(server, { headers: { ...signed.headers, [name]: '' }, rawBody: signed.rawBody });
      expect(empty.status, `empty ${name}`).toBe(400);
    }
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
    expect((await paymentsFor(admin, paypalOrderId))[0].status).toBe('PENDING');
  });

  it('when the body is not JSON or not an event, then 400', async () => {
    const { headers } = signWebhook(server, {});
    for (const rawBody of ['', 'not json', '[]', '{"id":"WH-1"}', JSON.stringify({ id: 'WH-1', event_type: 'X' })]) {
      const res = await postWebhook(server, { headers, rawBody });
      expect(res.status, `${JSON.stringify(rawBody)}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
  });
});

describe('webhook completion', () => {
  it('when PayPal captured but the browser never came back, then a signed webhook creates the order, and the late capture call gets the same one', async () => {
    const before = await countDocs(admin, 'orders');
    const { paypalOrderId, capture } = await capturedBehindTheShopsBack('Lost browser');
    const res = await postWebhook(server, signedCaptureCompleted(server, capture, paypalOrderId));
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual({ received: true, order: expect.any(String) });
    const orderId = res.body.result.order as string;

    const orders = await ordersFor(admin, paypalOrderId);
    expect(orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(orders[0]).toMatchObject({ status: 'NEW', transaction_id: capture.id, transaction_gross_amount: '21.90' });
    expect(await countDocs(admin, 'orders')).toBe(before + 1);

    const late = await capturePayment(server, paypalOrderId);
    expect(late.status, late.text).toBe(200);
    expect(late.body.result).toEqual({ status: 'COMPLETED', id: orderId });

    // The emulator's own delivery (≈1 s after its capture) is one more copy of the news: no second order.
    const [delivery] = await waitFor(
      'the automatic webhook',
      () => deliveriesFor(server, paypalOrderId).then((d) => (d.length ? d : null)),
      5_000,
    );
    expect(delivery.status).toBe(200);
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(1);
  });

  it('when a pending capture clears, then the webhook is processed; the same webhook posted again (replay) answers 200 with the same order and creates none', async () => {
    const { paypalOrderId, capture } = await pendingPayment('Replay', 16);
    // A validly signed COMPLETED event while PayPal still says PENDING: the shop asks PayPal and creates nothing.
    const early = await postWebhook(server, signedCaptureCompleted(server, capture, paypalOrderId));
    expect(early.status, early.text).toBe(200);
    expect(early.body.result.order).toBeNull();
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
    expect((await paymentsFor(admin, paypalOrderId))[0].status).toBe('PENDING');

    const done = await completePendingCapture(server, capture.id);
    expect(done.webhook?.status).toBe(200);
    const orders = await waitFor('the order', () => ordersFor(admin, paypalOrderId).then((o) => (o.length ? o : null)));
    const orderId = orders[0].id as string;

    const signed = signedCaptureCompleted(server, done.capture, paypalOrderId);
    const mailsBefore = server.mails.length;
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(server, signed);
      expect(res.status, res.text).toBe(200);
      // The order's id is never told to a sender of webhooks once the order exists: a replay learns nothing.
      expect(res.body.result).toEqual({ received: true, order: null });
    }
    expect(orderId).toEqual(expect.any(String));
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(1);
    expect(server.mails.length, 'a replay sends no mail').toBe(mailsBefore);
    const number = orders[0].number as string;
    expect(server.mails.filter((m) => m.subject.includes(number) && !m.subject.startsWith('New order'))).toHaveLength(
      1,
    );
  });

  it('when webhooks and captures for one order arrive at the same moment, then exactly one order and one confirmation', async () => {
    const { paypalOrderId, capture } = await capturedBehindTheShopsBack('Race');
    const hooks = Array.from({ length: 5 }, () =>
      postWebhook(server, signedCaptureCompleted(server, capture, paypalOrderId)),
    );
    const captures = Array.from({ length: 5 }, () => capturePayment(server, paypalOrderId));
    const hookReplies = await Promise.all(hooks);
    const captureReplies = await Promise.all(captures);

    const orders = await ordersFor(admin, paypalOrderId);
    expect(orders).toHaveLength(1);
    const orderId = orders[0].id;
    for (const r of hookReplies) {
      expect(r.status, r.text).toBe(200);
      // A webhook that lands after a capture already finished the payment finds nothing waiting and, by
      // design, answers without verifying and without naming the order (see handlePayPalWebhook); one that
      // took part names it. Which of the two each gets depends on the interleaving.
      expect([orderId, null]).toContain(r.body.result.order);
    }
    for (const r of captureReplies) {
      expect(r.status, r.text).toBe(200);
      expect(r.body.result).toEqual({ status: 'COMPLETED', id: orderId });
    }
    await sleep(1_500); // and the emulator's own delivery
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(1);
    const number = orders[0].number as string;
    expect(server.mails.filter((m) => m.subject.includes(number) && !m.subject.startsWith('New order'))).toHaveLength(
      1,
    );
    expect(server.mails.filter((m) => m.subject.startsWith(`New order ${number}`))).toHaveLength(1);
  });

  it('when a valid webhook names a PayPal order the shop never created, then 200 with order null and nothing is created', async () => {
    const ordersBefore = await countDocs(admin, 'orders');
    const paymentsBefore = await countDocs(admin, 'payments');
    const fake: PayPalCapture = {
      id: 'CAPTUREUNKNOWN001',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '99.00' },
      create_time: new Date().toISOString(),
    };
    const res = await postWebhook(server, signedCaptureCompleted(server, fake, 'ORDERNEVERMADE001'));
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual({ received: true, order: null });

    // A real PayPal order, paid at PayPal, but created by someone else than the shop.
    const foreign = await createForeignOrder(server, '5.00');
    await approve(server, foreign);
    const captured = await captureAtEmulator(server, foreign);
    const foreignCapture = captured.purchase_units![0].payments!.captures![0];
    const hook = await postWebhook(server, signedCaptureCompleted(server, foreignCapture, foreign));
    expect(hook.status, hook.text).toBe(200);
    expect(hook.body.result).toEqual({ received: true, order: null });
    const [delivery] = await waitFor(
      'the automatic webhook',
      () => deliveriesFor(server, foreign).then((d) => (d.length ? d : null)),
      5_000,
    );
    expect(delivery.status).toBe(200);

    expect(await ordersFor(admin, foreign)).toHaveLength(0);
    expect(await countDocs(admin, 'orders')).toBe(ordersBefore);
    expect(await countDocs(admin, 'payments')).toBe(paymentsBefore);
  });

  it('when a valid webhook of another event type names a capturable order, then 200 and nothing changes', async () => {
    const { paypalOrderId, capture } = await pendingPayment('OtherEvent');
    const event = { ...captureCompletedEvent(capture, paypalOrderId), event_type: 'PAYMENT.CAPTURE.DENIED' };
    const res = await postWebhook(server, signWebhook(server, event));
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.order).toBeNull();
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
    expect((await paymentsFor(admin, paypalOrderId))[0].status).toBe('PENDING');
  });

  it('when a valid COMPLETED webhook names an order whose capture PayPal declined, then no order is created', async () => {
    const p = await createProduct(admin, { name: `Declined hook ${uid()}` });
    const paypalOrderId = await createPaymentOk(server, [{ id: p.id, quantity: 1 }]);
    await approve(server, paypalOrderId, { capture_status: 'DECLINED' });
    const refused = await capturePayment(server, paypalOrderId);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const capture = await emulatedCapture(server, paypalOrderId);
    expect(capture.status).toBe('DECLINED');
    const res = await postWebhook(server, signedCaptureCompleted(server, capture, paypalOrderId));
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.order).toBeNull();
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
  });
});

describe('webhook floods', () => {
  const verifyCalls = async () => (await server.api('/__paypal/__inspect/stats')).body.verifyCalls as number;

  it("when 120 forged webhooks name unknown or finished orders, carry a foreign certificate or a stale time, then PayPal's verify API is called 0 times and nothing changes", async () => {
    const { paypalOrderId: finished, capture } = await pendingPayment('Flood');
    await completePendingCapture(server, capture.id);
    await waitFor('the order', () => ordersFor(admin, finished).then((o) => (o.length ? o : null)));
    const ordersBefore = await countDocs(admin, 'orders');
    const before = await verifyCalls();

    const forged: WebhookPost[] = [];
    for (let i = 0; i < 30; i++) {
      forged.push(signedCaptureCompleted(server, capture, `UNKNOWN${String(i).padStart(10, '0')}`));
      forged.push(signedCaptureCompleted(server, capture, finished));
      const live = signedCaptureCompleted(server, capture, finished);
      forged.push({
        headers: { ...live.headers, 'paypal-cert-url': 'https://evil.example/cert.pem' },
        rawBody: live.rawBody,
      });
      const old = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
      forged.push({ headers: { ...live.headers, 'paypal-transmission-time': old }, rawBody: live.rawBody });
    }
    const replies = await Promise.all(forged.map((post) => postWebhook(server, post)));
    expect(replies.filter((r) => r.status >= 500)).toHaveLength(0);
    // Unknown and finished orders: acknowledged and ignored (PayPal would stop retrying); the rest refused.
    expect(replies.filter((r) => r.status === 200)).toHaveLength(60);
    expect(replies.filter((r) => r.status === 400)).toHaveLength(60);
    expect(replies.every((r) => r.body?.result?.order == null)).toBe(true);
    expect(await verifyCalls()).toBe(before);
    expect(await countDocs(admin, 'orders')).toBe(ordersBefore);
  });

  it('when one forged webhook for an order still waiting is posted 10 times, then PayPal is asked once and the order is not completed', async () => {
    const { paypalOrderId, capture } = await pendingPayment('Replayed forgery');
    const signed = signedCaptureCompleted(server, capture, paypalOrderId);
    const forged = {
      headers: { ...signed.headers, 'paypal-transmission-sig': 'x'.repeat(64) },
      rawBody: signed.rawBody,
    };
    const before = await verifyCalls();
    for (let i = 0; i < 10; i++) {
      const res = await postWebhook(server, forged);
      expect(res.status).toBe(400);
    }
    expect((await verifyCalls()) - before).toBe(1);
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
    expect((await paymentsFor(admin, paypalOrderId))[0].status).toBe('PENDING');
  });
});
