/**
 * Refunds (issue 22 §1), against the real server and its PayPal emulator: full and partial refunds from the
 * control centre, refusals that send nothing to PayPal, refunds made in PayPal's own dashboard (by webhook,
 * and by the reconciler when the webhook is lost), a pending refund, the automatic refund of a capture that
 * did not match, and a SIGKILL in the middle of 20 refunds.
 *
 * Amounts worked out by hand: a product at 12.50 twice plus the 7.90 shipping is 32.90; the emulator's fee is
 * 3.49 % + 0.49 → round(3290 × 0.0349) = 115 cents + 49 = 1.64, so the net is 31.26.
 */
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureChangedEvent, captureReversedEvent, type EmulatedRefundRequest } from '../paypal-emulator/emulator';
import type { PayPalRefund } from '../services/paypal/types';
import { createEditor, createProduct, type Doc, signInAs } from './factories';
import { type AdminClient, type Json, startServer, type TestServer } from './harness';
import {
  approve,
  capturePayment,
  checkout,
  createPaymentOk,
  emulatedCapture,
  inspectOrder,
  postWebhook,
  signWebhook,
  waitFor,
} from './payment-helpers';

let server: TestServer;
let admin: AdminClient;
let product: Doc;

beforeAll(async () => {
  // The reconciler every 2 s: a lost webhook or a crash is repaired while the test waits.
  server = await startServer({
    env: { RECONCILE_INTERVAL_SECONDS: '2', MAIL_CLAIM_LEASE_SECONDS: '2', REFUND_RESEND_AFTER_SECONDS: '2' },
  });
  admin = await server.loginAdmin();
  product = await createProduct(admin, { price: 12.5, apply_shipping: true });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A paid order of 32.90 (2 × 12.50 + 7.90 shipping). */
const paidOrder = () => checkout(server, [{ id: product.id, quantity: 2 }]);

const adminOrder = async (id: string): Promise<Json> => {
  const res = await admin.api(`/api/v2/admin/orders/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.result;
};

/** The order's row in the orders list (Open tab), found by its number. */
const listRow = async (id: string): Promise<Json> => {
  const { number } = await adminOrder(id);
  const res = await admin.api(`/api/v2/admin/orders?number=${number}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.result as Json[]).find((row) => row.id === id);
};

const refund = (id: string, json: Record<string, unknown>, client: AdminClient = admin) =>
  client.api(`/api/v2/admin/orders/${id}/refunds`, { method: 'POST', json });

/** The refunds PayPal (the emulator) holds for an order. */
async function refundsAtPayPal(paypalOrderId: string): Promise<PayPalRefund[]> {
  const snap = await inspectOrder(server, paypalOrderId);
  return (snap.order.purchase_units?.[0]?.payments?.refunds ?? []) as PayPalRefund[];
}

/** A file the control centre downloads, with the admin's session. */
async function download(pathname: string): Promise<Buffer> {
  const res = await fetch(server.baseUrl + pathname, { headers: { cookie: admin.cookie, origin: server.baseUrl } });
  expect(res.status, pathname).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** This month's sales on the dashboard tile, in cents. */
const salesThisMonth = async () =>
  Math.round((await admin.api('/api/v2/admin/config/dashboard')).body.result.sell.current * 100);

const mailsTo = (address: string, subject: RegExp) =>
  server.mails.filter((m) => m.envelopeTo.includes(address) && subject.test(m.subject));

describe('refunds from the control centre', () => {
  it('when 12.50 of a 32.90 order is refunded and then the rest, then PayPal holds two refunds, the order goes PARTIALLY_REFUNDED with net 18.76 then REFUNDED with net -1.64, and each is on the timeline and mailed', async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const before = await adminOrder(orderId);
    expect(before).toMatchObject({
      transaction_gross_amount: '32.90',
      transaction_paypal_fee: '1.64',
      transaction_net_amount: '31.26',
      refundable_amount: '32.90',
    });

    const salesBefore = await salesThisMonth();
    const first = await refund(orderId, { amount: '12.50', reason: 'One bottle arrived broken' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.result).toMatchObject({ amount: '12.50', status: 'COMPLETED', source: 'shop' });
    expect(await adminOrder(orderId)).toMatchObject({
      transaction_status: 'PARTIALLY_REFUNDED',
      transaction_refunded_amount: '12.50',
      transaction_net_amount: '18.76',
      refundable_amount: '20.40',
    });

    // The dashboard's sales are what the shop keeps.
    expect(salesBefore - (await salesThisMonth())).toBe(1250);
    // The invoice has a Refunded line under the total and what the payer paid in the end.
    const invoice = await pdfText(await download(`/api/v2/admin/orders/${orderId}/invoice.pdf`));
    expect(invoice).toMatch(/Total\s+\$32\.90/);
    expect(invoice).toMatch(/Refunded\s+-\$12\.50/);
    expect(invoice).toMatch(/Paid after refunds\s+\$20\.40/);
    // The payment status as words (issue 30 §1), not PARTIALLY_REFUNDED.
    expect(invoice).toMatch(/Payment status Partially refunded/);

    const rest = await refund(orderId, { reason: 'Customer returned the rest' });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.result.amount).toBe('20.40');
    const after = await adminOrder(orderId);
    expect(after).toMatchObject({
      transaction_status: 'REFUNDED',
      transaction_refunded_amount: '32.90',
      transaction_net_amount: '-1.64',
      refundable_amount: '0.00',
    });
    expect(after.refunds.map((r: Json) => [r.amount, r.status, r.reason])).toEqual([
      ['12.50', 'COMPLETED', 'One bottle arrived broken'],
      ['20.40', 'COMPLETED', 'Customer returned the rest'],
    ]);
    expect(after.refunds.map((r: Json) => r.paypal_refund_id)).toEqual(
      (await refundsAtPayPal(paypalOrderId)).map((r) => r.id),
    );
    expect((await emulatedCapture(server, paypalOrderId)).status).toBe('REFUNDED');

    const events = (await admin.api(`/api/v2/admin/orders/${orderId}/events`)).body.result as Json[];
    expect(events.filter((e) => e.type === 'refund').map((e) => [e.amount, e.note])).toEqual([
      ['12.50', 'One bottle arrived broken'],
      ['20.40', 'Customer returned the rest'],
    ]);
    const shopper = after.payer_email_address as string;
    await waitFor('two refund mails', async () => mailsTo(shopper, /^Refund of/).length === 2 || null);
    expect(mailsTo(shopper, /^Refund of/).map((m) => m.subject)).toEqual([
      `Refund of $12.50 for your order ${after.number}`,
      `Refund of $20.40 for your order ${after.number}`,
    ]);
    // The orders export has the ledger's figures: nothing kept, and the fee PayPal kept is a loss.
    const csv = await download(`/api/v2/admin/orders/export?number=${after.number}`);
    const rows = parse(csv.subarray(3).toString('utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['Order number'], r.Gross, r.Refunds, r.Fees, r.Sales, r.Net])).toEqual([
      [after.number, '32.90', '32.90', '1.64', '0.00', '-1.64'],
    ]);
    // The refunded total follows the refunds on every door: Payload's REST (the /cms panel's) cannot set it, nor
    // any other of the order's money (issue 29 §4: refused with a 400 naming the fields).
    const forged = await admin.api(`/api/orders/${orderId}`, {
      method: 'PATCH',
      json: { transaction_refunded_amount: '0.00', transaction_status: 'REFUNDED' },
    });
    expect(forged.status, forged.text).toBe(400);
    expect((await adminOrder(orderId)).transaction_refunded_amount).toBe('32.90');
    // The shopper's order page says so too.
    const page = (await server.api(`/api/v2/orders/${orderId}`)).body.result;
    expect(page).toMatchObject({ transaction_status: 'REFUNDED', transaction_refunded_amount: '32.90' });
    // The audit log has the order's change, signed by the admin.
    const audit = (await admin.api(`/api/v2/admin/audit-log?record_id=${orderId}&limit=20`)).body.result as Json[];
    expect(audit.some((e) => e.changes.transaction_status?.after === 'REFUNDED' && e.by.includes(admin.email))).toBe(
      true,
    );
  });

  it('when 32.89 of a 32.90 order is refunded, then it is PARTIALLY_REFUNDED with 0.01 left, and the last cent makes it REFUNDED', async () => {
    const { orderId } = await paidOrder();
    const allButACent = await refund(orderId, { amount: '32.89', reason: 'All but a cent' });
    expect(allButACent.status, allButACent.text).toBe(201);
    expect(await adminOrder(orderId)).toMatchObject({
      transaction_status: 'PARTIALLY_REFUNDED',
      transaction_refunded_amount: '32.89',
      refundable_amount: '0.01',
      refund_state: 'PARTLY',
    });
    expect(await listRow(orderId)).toMatchObject({ refund_state: 'PARTLY' });

    const lastCent = await refund(orderId, { reason: 'The last cent' });
    expect(lastCent.status, lastCent.text).toBe(201);
    expect(lastCent.body.result.amount).toBe('0.01');
    expect(await adminOrder(orderId)).toMatchObject({
      transaction_status: 'REFUNDED',
      transaction_refunded_amount: '32.90',
      transaction_net_amount: '-1.64',
      refundable_amount: '0.00',
      refund_state: 'FULLY',
    });
    expect(await listRow(orderId)).toMatchObject({ refund_state: 'FULLY' });
    expect((await server.api(`/api/v2/orders/${orderId}`)).body.result.refund_state).toBe('FULLY');
  });

  it("when a refund comes with an internal note, then the family reads it on the refund and the timeline, and neither the shopper's mail nor the shopper's order (API or page) holds it", async () => {
    const { orderId } = await paidOrder();
    const note = 'Courier claim 77-Q filed; do not tell the shopper yet';
    const res = await refund(orderId, {
      amount: '5.00',
      reason: 'Bottle of Taggiasca arrived broken',
      internal_note: note,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.result).toMatchObject({ amount: '5.00', internal_note: note });
    const order = await adminOrder(orderId);
    expect(order.refunds.map((r: Json) => [r.reason, r.internal_note])).toEqual([
      ['Bottle of Taggiasca arrived broken', note],
    ]);
    const events = (await admin.api(`/api/v2/admin/orders/${orderId}/events`)).body.result as Json[];
    expect(events.filter((e) => e.type === 'note').map((e) => e.note)).toEqual([`Refund note: ${note}`]);

    const shopper = order.payer_email_address as string;
    // Every order of this file has the emulator's one buyer: the mail is this order's by its number.
    const mail = await server.waitForMail(
      (m) => m.envelopeTo.includes(shopper) && /^Refund of/.test(m.subject) && m.subject.includes(order.number),
    );
    expect(mail.body).toContain('Reason: Bottle of Taggiasca arrived broken');
    expect(server.mails.filter((m) => m.raw.includes('Courier claim'))).toEqual([]);
    const publicOrder = await server.api(`/api/v2/orders/${orderId}`);
    expect(publicOrder.status).toBe(200);
    expect(publicOrder.text).not.toContain('Courier claim');
    const page = await fetch(`${server.baseUrl}/site/orders/${orderId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('Courier claim');
    // A note with a control character is refused like a reason with one, and nothing is refunded.
    const bad = await refund(orderId, { amount: '1.00', reason: 'Late', internal_note: 'a\u0007b' });
    expect(bad.status).toBe(400);
    expect((await adminOrder(orderId)).refunds).toHaveLength(1);
  });

  it('when an unshipped order refunded in full is set to SHIPPED, then every door answers 409 and writes nothing unless the request says ship_despite_refund', async () => {
    const { orderId } = await paidOrder();
    expect((await refund(orderId, { reason: 'Out of stock' })).status).toBe(201);
    const refusal =
      'This order was refunded in full, so it is not shipped unless the request says ship_despite_refund: true; nothing was changed';
    const put = (json: Json) => admin.api(`/api/v2/admin/orders/${orderId}`, { method: 'PUT', json });
    const rest = (json: Json) => admin.api(`/api/orders/${orderId}`, { method: 'PATCH', json });
    const bulk = (json: Json) => admin.api('/api/v2/admin/orders/bulk', { method: 'POST', json });
    const backToProcessing = async () => expect((await put({ status: 'PROCESSING' })).status).toBe(200);
    const statusNow = async () => (await adminOrder(orderId)).status;
    expect(await statusNow()).toBe('NEW');

    const byPut = await put({ status: 'SHIPPED', tracking_number: '9400111899223100012345' });
    expect([byPut.status, byPut.body.result]).toEqual([409, refusal]);
    const byRest = await rest({ status: 'SHIPPED' });
    expect(byRest.status, byRest.text).toBe(409);
    expect(byRest.body.errors[0].message).toBe(refusal);
    // By `where` too: Payload's bulk REST update of the same order.
    const byWhere = await admin.api(`/api/orders?where[id][equals]=${orderId}`, {
      method: 'PATCH',
      json: { status: 'SHIPPED' },
    });
    expect(byWhere.status, byWhere.text).toBe(409);
    const byBulk = await bulk({ ids: [orderId], action: 'ship' });
    expect(byBulk.status, byBulk.text).toBe(200);
    expect(byBulk.body.result).toMatchObject([{ id: orderId, ok: false, from: 'NEW', to: 'SHIPPED', error: refusal }]);
    // A flag that is not yes/no, or sent with another status, is a 400.
    expect((await put({ status: 'SHIPPED', ship_despite_refund: 'yes' })).status).toBe(400);
    expect((await put({ status: 'COMPLETED', ship_despite_refund: true })).status).toBe(400);
    expect((await rest({ status: 'SHIPPED', ship_despite_refund: 'yes' })).status).toBe(400);
    expect(await statusNow()).toBe('NEW');
    const events = (await admin.api(`/api/v2/admin/orders/${orderId}/events`)).body.result as Json[];
    expect(events.filter((e) => e.type === 'status')).toEqual([]);

    // Meant: each door ships it (and the order is put back between doors to try the next).
    const meantPut = await put({ status: 'SHIPPED', ship_despite_refund: true });
    expect(meantPut.status, meantPut.text).toBe(200);
    expect(meantPut.body.result.status).toBe('SHIPPED');
    await backToProcessing();
    const meantRest = await rest({ status: 'SHIPPED', ship_despite_refund: true });
    expect(meantRest.status, meantRest.text).toBe(200);
    expect(await statusNow()).toBe('SHIPPED');
    await backToProcessing();
    const meantBulk = await bulk({ ids: [orderId], action: 'ship', ship_despite_refund: true });
    expect(meantBulk.body.result).toMatchObject([{ id: orderId, ok: true, from: 'PROCESSING', to: 'SHIPPED' }]);
    expect(await statusNow()).toBe('SHIPPED');
    // Cancelling it after the full refund asks PayPal for nothing more.
    expect((await put({ status: 'CANCELLED' })).status).toBe(200);
    expect((await adminOrder(orderId)).refunds).toHaveLength(1);
  });

  it('when a partly refunded order is shipped, then no door asks for the flag', async () => {
    const { orderId } = await paidOrder();
    expect((await refund(orderId, { amount: '7.90', reason: 'Shipping waived' })).status).toBe(201);
    const shipped = await admin.api(`/api/v2/admin/orders/${orderId}`, { method: 'PUT', json: { status: 'SHIPPED' } });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.body.result).toMatchObject({ status: 'SHIPPED', refund_state: 'PARTLY' });
  });

  it('when the amount is over what is left, zero, negative, has three decimals, or a reason is missing, then 400 and nothing reaches PayPal', async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const bodies = [
      { amount: '32.91', reason: 'Too much' },
      { amount: '0', reason: 'Nothing' },
      { amount: '0.00', reason: 'Nothing' },
      { amount: '-5.00', reason: 'Negative' },
      { amount: '1.005', reason: 'Three decimals' },
      { amount: '12.50' },
      { amount: '12.50', reason: '' },
      { amount: 12.5, reason: 'A number, not a string' },
      { amount: '12.50', reason: 'Extra', capture_id: 'X' },
    ];
    for (const body of bodies) {
      const res = await refund(orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const over = await refund(orderId, { amount: '32.91', reason: 'Too much' });
    expect(over.body.result).toEqual([{ path: 'amount', message: 'At most 32.90 is left to refund' }]);
    expect(await refundsAtPayPal(paypalOrderId)).toEqual([]);
    expect((await adminOrder(orderId)).refunds).toEqual([]);
  });

  it('when the order has nothing captured, the order is unknown, or an editor or nobody asks, then 409, 404, 403 or 401 and no refund', async () => {
    const unpaid = (
      await admin.api('/api/orders', {
        method: 'POST',
        json: { status: 'NEW', transaction_status: 'PENDING', products: [], payer_email_address: 'x@example.com' },
      })
    ).body.doc as Doc;
    const nothing = await refund(unpaid.id, { reason: 'No money here' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.result).toBe('Nothing was captured for this order, so nothing can be refunded');
    expect((await refund('00000000-0000-4000-8000-000000000000', { reason: 'Who?' })).status).toBe(404);

    const { orderId, paypalOrderId } = await paidOrder();
    const editor = await signInAs(server, await createEditor(admin), 'panel');
    expect((await refund(orderId, { reason: 'Editor' }, editor)).status).toBe(403);
    expect(
      (await server.api(`/api/v2/admin/orders/${orderId}/refunds`, { method: 'POST', json: { reason: 'x' } })).status,
    ).toBe(401);
    expect(await refundsAtPayPal(paypalOrderId)).toEqual([]);
  });
});

describe('refunds PayPal tells the shop about', () => {
  it("when 5.00 is refunded in PayPal's dashboard, then its webhook adds it to the order once, even delivered twice", async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);

    const made = await server.api(`/__paypal/v2/payments/captures/${capture.id}/dashboard-refund`, {
      method: 'POST',
      json: { amount: { currency_code: 'USD', value: '5.00' } },
    });
    expect(made.status, made.text).toBe(201);

    const order = await waitFor('the webhook', async () => {
      const o = await adminOrder(orderId);
      return o.transaction_status === 'PARTIALLY_REFUNDED' ? o : null;
    });
    expect(order.refunds.map((r: Json) => [r.amount, r.source, r.paypal_refund_id])).toEqual([
      ['5.00', 'paypal', made.body.id],
    ]);
    expect(order).toMatchObject({ transaction_refunded_amount: '5.00', transaction_net_amount: '26.26' });

    // PayPal delivers again (it retries what it thinks was lost): nothing doubles.
    const delivered = await waitFor('the refund webhook', async () => {
      const deliveries = (await server.api('/__paypal/__inspect/webhooks')).body as Json[];
      return deliveries.find(
        (d) => d.event_type === 'PAYMENT.CAPTURE.REFUNDED' && d.event.resource.id === made.body.id,
      );
    });
    expect(delivered.status).toBe(200);
    const again = await postWebhook(server, signWebhook(server, delivered.event));
    expect(again.status).toBe(200);
    expect((await adminOrder(orderId)).refunds).toHaveLength(1);
  });

  it("when a dashboard refund's webhook is lost, then the reconciler reads it from PayPal and adds it once", async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);

    const made = await server.api(`/__paypal/v2/payments/captures/${capture.id}/dashboard-refund`, {
      method: 'POST',
      json: { amount: { currency_code: 'USD', value: '7.90' }, webhook: false },
    });
    expect(made.status, made.text).toBe(201);

    const order = await waitFor(
      'the reconciler',
      async () => {
        const o = await adminOrder(orderId);
        return o.refunds.length > 0 ? o : null;
      },
      30_000,
    );
    expect(order.refunds.map((r: Json) => [r.amount, r.source, r.status])).toEqual([['7.90', 'paypal', 'COMPLETED']]);
    expect(order).toMatchObject({ transaction_status: 'PARTIALLY_REFUNDED', transaction_refunded_amount: '7.90' });
  });

  it('when PayPal answers a refund PENDING, then the order is unchanged until PayPal completes it', async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);
    await server.api(`/__paypal/v2/payments/captures/${capture.id}/refund-mode`, {
      method: 'POST',
      json: { status: 'PENDING' },
    });

    const res = await refund(orderId, { amount: '10.00', reason: 'Slow bank' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.result.status).toBe('PENDING');
    expect(await adminOrder(orderId)).toMatchObject({
      transaction_status: 'COMPLETED',
      transaction_refunded_amount: '0.00',
      // The pending 10.00 is spoken for.
      refundable_amount: '22.90',
    });

    const done = await server.api(`/__paypal/v2/payments/refunds/${res.body.result.paypal_refund_id}/complete`, {
      method: 'POST',
    });
    expect(done.status, done.text).toBe(200);
    const order = await waitFor('the completed refund', async () => {
      const o = await adminOrder(orderId);
      return o.transaction_status === 'PARTIALLY_REFUNDED' ? o : null;
    });
    expect(order.refunds.map((r: Json) => [r.amount, r.status])).toEqual([['10.00', 'COMPLETED']]);
    expect(order.transaction_net_amount).toBe('21.26');
  });

  it('when PayPal captured another amount than the shop priced, then the money goes back in full at once and the family gets a message', async () => {
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 2 }]);
    await approve(server, paypalOrderId, { capture_amount: '99.99', webhook: false });

    const res = await capturePayment(server, paypalOrderId);
    expect(res.status).toBe(409);

    const refunds = await waitFor('the automatic refund', async () => {
      const r = await refundsAtPayPal(paypalOrderId);
      return r.length > 0 ? r : null;
    });
    expect(refunds.map((r) => [r.amount.value, r.status])).toEqual([['99.99', 'COMPLETED']]);
    const notices = (await admin.api('/api/v2/notifications?search=PayPal&limit=50')).body.result as Json[];
    expect(notices.map((n) => n.title)).toContain('Payment of 99.99 USD returned automatically');
  });
});

describe('a crash in the middle of refunds', () => {
  it('when the server is killed while PayPal has made three refunds whose answers are on their way, then after the restart each is resent with its stored request id and PayPal holds exactly one refund per order', async () => {
    const orders = [];
    for (let i = 0; i < 3; i += 1) {
      const order = await paidOrder();
      const capture = await emulatedCapture(server, order.paypalOrderId);
      const held = await server.api(`/__paypal/v2/payments/captures/${capture.id}/refund-hold`, {
        method: 'POST',
        json: { hold: true },
      });
      expect(held.status, held.text).toBe(200);
      orders.push(order);
    }
    const requestsAt = async (paypalOrderId: string) =>
      ((await inspectOrder(server, paypalOrderId)).refundRequests ?? []) as EmulatedRefundRequest[];

    const asked = orders.map(({ orderId }) =>
      refund(orderId, { amount: '3.00', reason: 'Crash test' }).catch(() => null),
    );
    // In flight, for each order: PayPal has made the refund and no answer has left (the webhook and the
    // reconciler may have asked again meanwhile, with the same request id); the shop's row waits.
    const requestIds: string[] = [];
    for (const { orderId, paypalOrderId } of orders) {
      const requests = await waitFor(
        `PayPal holding the refund of ${orderId}`,
        async () => {
          const r = await requestsAt(paypalOrderId);
          return (await refundsAtPayPal(paypalOrderId)).length === 1 && r.length > 0 ? r : null;
        },
        10_000,
        50,
      );
      expect(requests[0]).toMatchObject({ value: '3.00' });
      expect(requests.map((r) => [r.request_id, r.status])).toEqual(requests.map(() => [requests[0].request_id, 0]));
      requestIds.push(requests[0].request_id);
      expect((await adminOrder(orderId)).refunds.map((r: Json) => [r.amount, r.status])).toEqual([
        ['3.00', 'REQUESTED'],
      ]);
    }
    await server.kill();
    await Promise.all(asked);
    await server.restart();
    admin = await server.loginAdmin();

    for (const [i, { orderId, paypalOrderId }] of orders.entries()) {
      const order = await waitFor(
        `order ${orderId} settled`,
        async () => {
          const o = await adminOrder(orderId);
          // Settled: nothing left to send, and the totals and timeline follow the completed refunds.
          if (o.refunds.some((r: Json) => r.status === 'REQUESTED' || r.status === 'PENDING')) return null;
          const completed = o.refunds.filter((r: Json) => r.status === 'COMPLETED');
          const cents = completed.reduce((sum: number, r: Json) => sum + Math.round(Number(r.amount) * 100), 0);
          if (completed.length === 0 || Math.round(Number(o.transaction_refunded_amount) * 100) !== cents) return null;
          const events = (await admin.api(`/api/v2/admin/orders/${orderId}/events`)).body.result as Json[];
          return events.filter((e) => e.type === 'refund').length === completed.length ? o : null;
        },
        60_000,
        500,
      );
      const atPayPal = await refundsAtPayPal(paypalOrderId);
      // Exactly one: the resend carried the stored request id, so PayPal answered with the refund it had made.
      expect(atPayPal.map((r) => [r.amount.value, r.status])).toEqual([['3.00', 'COMPLETED']]);
      expect(order.refunds.map((r: Json) => [r.amount, r.status, r.paypal_refund_id])).toEqual([
        ['3.00', 'COMPLETED', atPayPal[0].id],
      ]);
      expect(order).toMatchObject({ transaction_status: 'PARTIALLY_REFUNDED', transaction_net_amount: '28.26' });
      const requests = await requestsAt(paypalOrderId);
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect(new Set(requests.map((r) => r.request_id))).toEqual(new Set([requestIds[i]]));
    }
  }, 180_000);
});

describe('money PayPal holds or takes back (issue 30 §2)', () => {
  /** What PayPal does to a capture on its own (the emulator's knobs), e.g. reverse / hold / deny / complete. */
  const atPayPal = async (captureId: string, knob: string, json: Record<string, unknown> = {}) => {
    const res = await server.api(`/__paypal/v2/payments/captures/${captureId}/${knob}`, { method: 'POST', json });
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };
  const paymentEvents = async (orderId: string): Promise<Json[]> => {
    const res = await admin.api(`/api/v2/admin/orders/${orderId}/events`);
    expect(res.status, res.text).toBe(200);
    return (res.body.result as Json[])
      .filter((e) => e.type === 'payment')
      .map((e) => ({ by: e.by, note: e.note, amount: e.amount }));
  };
  const shopAddress = async (): Promise<string> =>
    (await admin.api('/api/v2/admin/config')).body.result.shop.admin_email;
  /** The mails to the shop about order `number` whose subject starts with `subject`. */
  const shopMails = (number: string, subject: string) =>
    server.mails.filter((m) => m.subject === `${subject} ${number}` || m.subject.startsWith(`${subject} ${number}:`));
  /** PayPal's delivery of `eventType` about `resourceId`, once it was made. */
  const delivered = (eventType: string, resourceId: string) =>
    waitFor(`the ${eventType} webhook`, async () => {
      const deliveries = (await server.api('/__paypal/__inspect/webhooks')).body as Json[];
      return deliveries.find(
        (d) => d.event_type === eventType && d.event.resource.id === resourceId && d.status === 200,
      );
    });
  /** PayPal delivers the same event twice more (it retries what it thinks was lost): three in all. */
  const redeliverTwice = async (event: Json, orderId: string) => {
    for (const _ of [1, 2]) {
      const res = await postWebhook(server, signWebhook(server, event));
      expect(res.status, res.text).toBe(200);
      // The webhook itself reached the order (not only the reconciler beside it).
      expect(res.body.result.order).toBe(orderId);
    }
  };
  const marked = (orderId: string, alert: string | null, what = 'the mark') =>
    waitFor(
      what,
      async () => {
        const o = await adminOrder(orderId);
        return o.payment_alert === alert ? o : null;
      },
      30_000,
    );

  it('when PayPal reverses 20.00 of a 32.90 order (a chargeback) and delivers PAYMENT.CAPTURE.REVERSED three times, then the order says so once: marked REVERSED with 20.00 gone, one timeline entry, one mail to the shop, and no refund', async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);
    const reversal = await atPayPal(capture.id, 'reverse', { amount: { currency_code: 'USD', value: '20.00' } });
    expect(reversal).toMatchObject({
      status: 'COMPLETED',
      note_to_payer: 'Payment reversed',
      amount: { value: '20.00' },
    });

    const hook = await delivered('PAYMENT.CAPTURE.REVERSED', reversal.id);
    expect(hook.event).toMatchObject({
      resource_type: 'refund',
      summary: 'A $ 20.00 USD capture payment was reversed',
    });
    await redeliverTwice(hook.event, orderId);
    const order = await marked(orderId, 'REVERSED');
    expect(order).toMatchObject({
      transaction_reversed_amount: '20.00',
      transaction_refunded_amount: '0.00',
      refundable_amount: '12.90',
      refunds: [],
    });
    expect(await paymentEvents(orderId)).toEqual([
      { by: 'PayPal', note: 'PayPal reversed $20.00 of this payment (a dispute): the money is gone.', amount: '20.00' },
    ]);
    const number = order.number as string;
    await waitFor(
      'the mail to the shop',
      async () => shopMails(number, 'PayPal reversed the payment of order').length > 0,
    );
    const mails = shopMails(number, 'PayPal reversed the payment of order');
    expect(mails).toHaveLength(1);
    expect(mails[0].envelopeTo).toEqual([await shopAddress()]);
    expect(mails[0].body).toContain('PayPal reversed $20.00 of this payment (a dispute): the money is gone.');
    expect(await paymentEvents(orderId)).toHaveLength(1);
  });

  it("when a reversal's webhook is lost, then the reconciler reads it from PayPal: 32.90 gone, once", async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);
    await atPayPal(capture.id, 'reverse', { webhook: false });
    const order = await marked(orderId, 'REVERSED', 'the reconciler');
    expect(order).toMatchObject({ transaction_reversed_amount: '32.90', refundable_amount: '0.00', refunds: [] });
    expect(await paymentEvents(orderId)).toEqual([
      { by: 'PayPal', note: 'PayPal reversed $32.90 of this payment (a dispute): the money is gone.', amount: '32.90' },
    ]);
    await waitFor(
      'the mail to the shop',
      async () => shopMails(order.number, 'PayPal reversed the payment of order').length > 0,
    );
    // The webhook PayPal sends late after all: the reconciler's record holds, nothing doubles.
    const [reversal] = (await refundsAtPayPal(paypalOrderId)).filter((r) => r.note_to_payer === 'Payment reversed');
    expect((await postWebhook(server, signWebhook(server, captureReversedEvent(reversal)))).status).toBe(200);
    expect(await adminOrder(orderId)).toMatchObject({ transaction_reversed_amount: '32.90' });
    expect(await paymentEvents(orderId)).toHaveLength(1);
    expect(shopMails(order.number, 'PayPal reversed the payment of order')).toHaveLength(1);
  });

  it('when PayPal holds a paid capture (a dispute) and tells it three times, then the order says wait, once; when PayPal releases it, the mark goes and the timeline says so', async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);
    const held = await atPayPal(capture.id, 'hold', { reason: 'BUYER_COMPLAINT' });
    expect(held).toMatchObject({ status: 'PENDING', status_details: { reason: 'BUYER_COMPLAINT' } });

    const hook = await delivered('PAYMENT.CAPTURE.PENDING', capture.id);
    expect(hook.event).toMatchObject({ resource_type: 'capture', summary: 'Payment pending for $ 32.90 USD' });
    await redeliverTwice(hook.event, orderId);
    const order = await marked(orderId, 'PENDING');
    expect(order.payment_alert_reason).toBe('BUYER_COMPLAINT');
    const pendingNote =
      'PayPal holds this payment as pending (the buyer opened a dispute with PayPal): wait before shipping.';
    expect(await paymentEvents(orderId)).toEqual([{ by: 'PayPal', note: pendingNote, amount: null }]);
    await waitFor(
      'the mail to the shop',
      async () => shopMails(order.number, 'PayPal holds the payment of order').length > 0,
    );

    await atPayPal(capture.id, 'complete');
    expect(await marked(orderId, null, 'the release')).toMatchObject({ payment_alert_reason: null });
    expect(await paymentEvents(orderId)).toEqual([
      { by: 'PayPal', note: pendingNote, amount: null },
      {
        by: 'PayPal',
        note: 'PayPal released the payment it held: the money is in, the order may be shipped.',
        amount: null,
      },
    ]);
    await waitFor(
      'the release mail',
      async () => shopMails(order.number, 'PayPal released the payment of order').length > 0,
    );
    expect(shopMails(order.number, 'PayPal holds the payment of order')).toHaveLength(1);
    expect(shopMails(order.number, 'PayPal released the payment of order')).toHaveLength(1);
    expect(await paymentEvents(orderId)).toHaveLength(2);
  });

  it('when a hold reaches the shop by the reconciler and the denial by a webhook delivered three times, then the order says do not ship, once, and SHIPPED is refused with 409', async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);
    await atPayPal(capture.id, 'hold', { reason: 'ECHECK', webhook: false });
    await marked(orderId, 'PENDING', 'the reconciler');
    await atPayPal(capture.id, 'deny');
    const hook = await delivered('PAYMENT.CAPTURE.DENIED', capture.id);
    expect(hook.event).toMatchObject({
      resource_type: 'capture',
      resource: { status: 'DECLINED', status_details: { reason: 'ECHECK' } },
    });
    await redeliverTwice(hook.event, orderId);
    const order = await marked(orderId, 'DENIED');
    expect(await paymentEvents(orderId)).toEqual([
      {
        by: 'PayPal',
        note: 'PayPal holds this payment as pending (an eCheck that has not cleared): wait before shipping.',
        amount: null,
      },
      { by: 'PayPal', note: 'PayPal denied this payment (an eCheck that has not cleared): do not ship.', amount: null },
    ]);
    await waitFor(
      'the mail to the shop',
      async () => shopMails(order.number, 'PayPal denied the payment of order').length > 0,
    );

    const ship = await admin.api(`/api/v2/admin/orders/${orderId}`, { method: 'PUT', json: { status: 'SHIPPED' } });
    expect(ship.status, ship.text).toBe(409);
    expect(ship.body.result).toBe('PayPal denied the payment of this order, so it is not shipped; nothing was changed');
    expect((await adminOrder(orderId)).status).toBe(order.status);
    expect(shopMails(order.number, 'PayPal denied the payment of order')).toHaveLength(1);
    expect(await paymentEvents(orderId)).toHaveLength(2);
  });

  it("when a denial's webhook is lost, then the reconciler reads the DECLINED capture from PayPal and marks the order DENIED, once", async () => {
    const { orderId, paypalOrderId } = await paidOrder();
    const capture = await emulatedCapture(server, paypalOrderId);
    await atPayPal(capture.id, 'hold', { reason: 'PENDING_REVIEW', webhook: false });
    await atPayPal(capture.id, 'deny', { webhook: false });
    const order = await marked(orderId, 'DENIED', 'the reconciler');
    expect(order.payment_alert_reason).toBe('PENDING_REVIEW');
    expect(await paymentEvents(orderId)).toEqual([
      { by: 'PayPal', note: 'PayPal denied this payment (PayPal is reviewing it): do not ship.', amount: null },
    ]);
    await waitFor(
      'the mail to the shop',
      async () => shopMails(order.number, 'PayPal denied the payment of order').length > 0,
    );
    // The webhook PayPal sends late after all: once still.
    const late = captureChangedEvent(
      'PAYMENT.CAPTURE.DENIED',
      await emulatedCapture(server, paypalOrderId),
      paypalOrderId,
    );
    expect((await postWebhook(server, signWebhook(server, late))).status).toBe(200);
    expect(await paymentEvents(orderId)).toHaveLength(1);
    expect(shopMails(order.number, 'PayPal denied the payment of order')).toHaveLength(1);
  });
});
