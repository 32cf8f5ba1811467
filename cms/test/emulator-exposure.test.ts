/**
 * The PayPal emulator is a test double, not a door. In a production demo install (PAYPAL_EMULATOR=true) its
 * inspection routes do not exist and its test knobs are refused, while a demo checkout still works; in
 * development the inspection routes answer only on loopback and never hand out a payer's details.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { createProduct } from './factories';
import { approve, checkout, createPaymentOk, capturePayment, inspectOrder } from './payment-helpers';

describe('production demo with the emulator', () => {
  let server: TestServer;
  let admin: AdminClient;

  beforeAll(async () => {
    server = await startServer({
      env: {
        NODE_ENV: 'production',
        PAYPAL_EMULATOR: 'true',
        PAYLOAD_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: undefined,
      },
    });
    admin = await server.loginAdmin();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('when anyone asks the inspection routes, then 404 even from loopback', async () => {
    const product = await createProduct(admin, { name: `Demo ${uid()}`, price: 11 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 1 }]);
    for (const path of [
      `/__paypal/__inspect/orders/${paypalOrderId}`,
      '/__paypal/__inspect/webhooks',
      '/__paypal/__inspect/stats',
    ]) {
      const res = await server.api(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain(paypalOrderId);
    }
  });

  it('when an approval carries a test knob (capture status, amount, no webhook), then 400 and the order stays unapproved', async () => {
    const product = await createProduct(admin, { name: `Knob ${uid()}`, price: 11 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 1 }]);
    for (const body of [{ capture_status: 'DECLINED' }, { capture_amount: '0.01' }, { webhook: false }]) {
      const res = await server.api(`/__paypal/v2/checkout/orders/${paypalOrderId}/approve`, {
        method: 'POST',
        json: body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const capture = await capturePayment(server, paypalOrderId);
    expect(capture.status).toBe(400); // not approved yet
  });

  it('when a demo shopper pays, then the emulator still approves and the shop captures', async () => {
    const product = await createProduct(admin, { name: `Demo pay ${uid()}`, price: 11 });
    const { orderId } = await checkout(server, [{ id: product.id, quantity: 1 }]);
    expect(orderId).toEqual(expect.any(String));
  });

  it('when an approved order is approved again with another address, then 422 and the parcel is not re-routed', async () => {
    const product = await createProduct(admin, { name: `Twice ${uid()}`, price: 11 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 1 }]);
    await approve(server, paypalOrderId);
    const again = await server.api(`/__paypal/v2/checkout/orders/${paypalOrderId}/approve`, {
      method: 'POST',
      json: {
        shipping: {
          address: {
            address_line_1: '1 Thief Lane',
            admin_area_2: 'Elsewhere',
            postal_code: '10001',
            country_code: 'US',
          },
        },
      },
    });
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('ORDER_ALREADY_APPROVED');
    const capture = await capturePayment(server, paypalOrderId);
    expect(capture.status).toBe(200);
    const order = (await admin.api(`/api/orders/${String(capture.body.result.id)}`)).body;
    expect(order.shipment_address.address_line_1).toBe('1 Main St');
  });
});

describe('development inspection', () => {
  let server: TestServer;
  let admin: AdminClient;

  beforeAll(async () => {
    server = await startServer();
    admin = await server.loginAdmin();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("when a test inspects an order, then it gets amounts and captures but not the payer's name, email or address", async () => {
    const product = await createProduct(admin, { name: `Inspect ${uid()}`, price: 13 });
    const { paypalOrderId } = await checkout(server, [{ id: product.id, quantity: 1 }], {
      payer: { name: { given_name: 'Maria', surname: 'Rossi' }, email_address: 'maria.rossi@example.com' },
      shipping: {
        name: { full_name: 'Maria Rossi' },
        address: {
          address_line_1: '7 Via Roma',
          admin_area_2: 'Boston',
          admin_area_1: 'MA',
          postal_code: '02108',
          country_code: 'US',
        },
      },
    });
    const res = await server.api(`/__paypal/__inspect/orders/${paypalOrderId}`);
    expect(res.status).toBe(200);
    for (const secret of ['Maria', 'Rossi', 'maria.rossi@example.com', '7 Via Roma', 'Boston', '02108']) {
      expect(res.text).not.toContain(secret);
    }
    const snap = await inspectOrder(server, paypalOrderId);
    expect(snap.order.purchase_units?.[0].amount.value).toBe('20.90'); // 13.00 + 7.90 shipping
    expect(snap.order.purchase_units?.[0].payments?.captures?.[0].status).toBe('COMPLETED');
    expect(snap.order.purchase_units?.[0].shipping?.address?.country_code).toBe('US');
  });

  it('when the inspection routes are asked from another address than loopback, then 404', async (ctx) => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) {
      ctx.skip(); // a machine with loopback only cannot be asked from elsewhere
      return;
    }
    const port = new URL(server.baseUrl).port;
    const res = await fetch(`http://${external.address}:${port}/__paypal/__inspect/webhooks`);
    expect(res.status).toBe(404);
    const fromLoopback = await server.api('/__paypal/__inspect/webhooks');
    expect(fromLoopback.status).toBe(200);
  });
});
