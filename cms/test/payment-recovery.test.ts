/**
 * What happens to a payment when something after PayPal goes wrong: the mail server refuses, PayPal's
 * webhook finds the shop down, PayPal captures another amount than the shop priced, a shopper never comes
 * back, someone replays a capture without the browser's secret. The reconciler runs every second here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, isEnvelope, startServer, type TestServer, uid } from './harness';
import { createProduct, type Doc } from './factories';
import {
  approve,
  captureAtEmulator,
  capturePayment,
  checkout,
  createPaymentOk,
  deliveriesFor,
  GUESSED_SECRET,
  ordersFor,
  paymentsFor,
  publicOrder,
  sleep,
  waitFor,
} from './payment-helpers';

let server: TestServer;
let admin: AdminClient;
let olio: Doc;

beforeAll(async () => {
  server = await startServer({ env: { RECONCILE_INTERVAL_SECONDS: '1', MAIL_CLAIM_LEASE_SECONDS: '5' } });
  admin = await server.loginAdmin();
  olio = await createProduct(admin, { name: `Olio ${uid()}`, price: 21.4, apply_shipping: false });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const confirmationsOf = (number: string) => server.mails.filter((m) => m.subject.startsWith(`Your order ${number}`));

describe('mails that fail', () => {
  it('when the mail server refuses the confirmation, then the order stands, confirmation_sent_at stays empty, a resend says 503, and the reconciler sends it once the mail server is back', async () => {
    const refusedBefore = server.refuseMail(true);
    const { orderId } = await checkout(server, [{ id: olio.id, quantity: 1 }]);
    const { number } = await publicOrder(server, orderId);
    await waitFor('the refused confirmation', async () => server.refuseMail(true) > refusedBefore);

    let stored = (await admin.api(`/api/orders/${orderId}`)).body;
    expect(stored.confirmation_sent_at ?? null).toBeNull();
    const resend = await server.api(`/api/v2/payments/resend/${orderId}`);
    expect(resend.status, resend.text).toBe(503);
    expect(isEnvelope(resend)).toBe(true);
    expect(confirmationsOf(number)).toHaveLength(0);

    server.refuseMail(false);
    await server.waitForMail((m) => m.subject.startsWith(`Your order ${number}`), 10_000);
    await sleep(2_500); // two more reconcile rounds: nothing twice
    expect(confirmationsOf(number)).toHaveLength(1);
    expect(server.mails.filter((m) => m.subject.startsWith(`New order ${number}`))).toHaveLength(1);
    stored = (await admin.api(`/api/orders/${orderId}`)).body;
    expect(typeof stored.confirmation_sent_at).toBe('string');
    // The failed resend did not use up the shopper's minute: they may ask again at once.
    const again = await server.api(`/api/v2/payments/resend/${orderId}`);
    expect(again.status, again.text).toBe(200);
  });
});

describe('webhooks that find the shop down', () => {
  it("when PayPal captured behind the shop's back and the shop died before the webhook, then PayPal delivers it after the restart and the order appears once", async () => {
    const paypalOrderId = await createPaymentOk(server, [{ id: olio.id, quantity: 2 }]);
    await approve(server, paypalOrderId);
    await captureAtEmulator(server, paypalOrderId); // its webhook is due a second later
    await server.crashAndRestart();

    const orders = await waitFor(
      'the order from the retried webhook',
      () => ordersFor(admin, paypalOrderId).then((o) => (o.length ? o : null)),
      20_000,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0].transaction_gross_amount).toBe('42.80');
    // Recorded by the restarted server's PayPal (the first one died with its memory): delivered after the restart.
    await waitFor('the recorded delivery', () =>
      deliveriesFor(server, paypalOrderId).then((d) => d.some((x) => x.status === 200)),
    );
    await server.waitForMail((m) => m.subject.startsWith(`Your order ${String(orders[0].number)}`));
    await sleep(1_500);
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(1);
    expect(confirmationsOf(String(orders[0].number))).toHaveLength(1);
  });
});

describe('captures the shop must not accept', () => {
  it('when PayPal captured another amount than the shop priced, then 409, no order, the payment FAILED with both amounts, and the reconciler leaves it alone', async () => {
    const paypalOrderId = await createPaymentOk(server, [{ id: olio.id, quantity: 1 }]);
    await approve(server, paypalOrderId, { capture_amount: '1.00', webhook: false });
    const res = await capturePayment(server, paypalOrderId);
    expect(res.status, res.text).toBe(409);
    expect(res.body.result).toBe('Captured amount does not match the order');
    await sleep(2_500);
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
    const [payment] = await paymentsFor(admin, paypalOrderId);
    expect(payment.status).toBe('FAILED');
    expect(payment.failure).toBe('captured 1.00 USD, priced 21.40 USD');
  });

  it("when a captured payment's id is replayed without the browser's secret, then 404 with nothing of the order; with it, the same order id", async () => {
    const { paypalOrderId, orderId } = await checkout(server, [{ id: olio.id, quantity: 1 }]);
    const order = await publicOrder(server, orderId);
    for (const secret of [GUESSED_SECRET, `${GUESSED_SECRET}B`]) {
      const replay = await capturePayment(server, paypalOrderId, { secret });
      expect(replay.status, replay.text).toBe(404);
      expect(replay.body).toEqual({ result: 'Payment not found', status: 404 });
      expect(replay.text).not.toContain(orderId);
      expect(replay.text).not.toContain(order.payer_full_name);
    }
    const mine = await capturePayment(server, paypalOrderId);
    expect(mine.status).toBe(200);
    expect(mine.body.result).toEqual({ status: 'COMPLETED', id: orderId });
  });
});

describe('checkouts nobody finished', () => {
  it("when a payment was never captured and is older than PayPal's capture window, then the reconciler marks it ABANDONED and PayPal never captured it", async () => {
    const paypalOrderId = await createPaymentOk(server, [{ id: olio.id, quantity: 1 }]);
    await approve(server, paypalOrderId);
    const [payment] = await paymentsFor(admin, paypalOrderId);
    const sevenHoursAgo = new Date(Date.now() - 7 * 60 * 60_000).toISOString();
    const aged = await admin.api(`/api/payments/${String(payment.id)}`, {
      method: 'PATCH',
      json: { createdAt: sevenHoursAgo },
    });
    expect(aged.status, aged.text).toBe(200);
    const done = await waitFor(
      'the abandoned payment',
      () => paymentsFor(admin, paypalOrderId).then(([p]) => (p.status === 'ABANDONED' ? p : null)),
      10_000,
    );
    expect(done.order ?? null).toBeNull();
    expect(await ordersFor(admin, paypalOrderId)).toHaveLength(0);
  });

  it('when a payment was created a moment ago and not approved, then the reconciler leaves it CREATED', async () => {
    const paypalOrderId = await createPaymentOk(server, [{ id: olio.id, quantity: 1 }]);
    await sleep(2_500);
    expect((await paymentsFor(admin, paypalOrderId))[0].status).toBe('CREATED');
  });
});
