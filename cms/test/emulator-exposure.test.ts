/**
 * The PayPal emulator is a test double, not a door. In a production demo install (PAYPAL_EMULATOR=true) its
 * inspection routes do not exist and its test knobs are refused, its token comes only for the random secret
 * the server keeps in its data folder (not for the published emulator-client:emulator-secret), so an order id
 * alone reads and captures nothing, while a demo checkout still works, across restarts too; in development
 * the inspection routes and the knobs answer only on loopback and never hand out a payer's details.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { createProduct } from './factories';
import {
  approve,
  checkout,
  createPaymentOk,
  capturePayment,
  emulatedCapture,
  emulatorToken,
  inspectOrder,
} from './payment-helpers';

/** The published pair every copy of the code knew before the emulator's secret became random. */
const PUBLISHED_PAIR = `Basic ${Buffer.from('emulator-client:emulator-secret').toString('base64')}`;

/** Where the server keeps the emulator's credentials. */
const credentialsFile = (server: TestServer) => path.join(server.dataDir, 'paypal-emulator', 'credentials.json');

/** POST /__paypal/v1/oauth2/token with this Authorization header. */
const tokenWith = (server: TestServer, authorization: string) =>
  server.api('/__paypal/v1/oauth2/token', {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });

/** A payer with recognisable details, to look for in what the emulator answers. */
const MARIA = {
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
};
const MARIA_DETAILS = ['Maria', 'Rossi', 'maria.rossi@example.com', '7 Via Roma', 'Boston', '02108'];

/** This machine's first non-loopback IPv4 address, if it has one. */
const externalAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

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
    for (const body of [
      { capture_status: 'DECLINED' },
      { capture_amount: '0.01' },
      { webhook: false },
      { capture_refusal: 'INSTRUMENT_DECLINED' },
    ]) {
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

  it('when anyone asks for a token with the published emulator-client:emulator-secret, then 401; only the random secret kept 0600 in the data folder gets one', async () => {
    const published = await tokenWith(server, PUBLISHED_PAIR);
    expect(published.status).toBe(401);
    expect(published.body).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });

    const stat = fs.statSync(credentialsFile(server));
    expect(stat.mode & 0o777).toBe(0o600);
    const kept = JSON.parse(fs.readFileSync(credentialsFile(server), 'utf8'));
    expect(kept.client_id).toBe('emulator-client');
    expect(kept.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const own = await tokenWith(
      server,
      `Basic ${Buffer.from(`emulator-client:${String(kept.client_secret)}`).toString('base64')}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.token_type).toBe('Bearer');
  });

  it("when a stranger holds only a PayPal order id, then reading and capturing it answer 401 and approving it shows no payer's details", async () => {
    const product = await createProduct(admin, { name: `Stranger ${uid()}`, price: 11 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 1 }]);
    const approved = await server.api(`/__paypal/v2/checkout/orders/${paypalOrderId}/approve`, {
      method: 'POST',
      json: MARIA,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ id: paypalOrderId, status: 'APPROVED', payer: { payer_id: expect.any(String) } });
    for (const detail of MARIA_DETAILS) expect(approved.text).not.toContain(detail);

    // What a stranger can send: no token, a made-up one, or whatever the published pair gets.
    const published = await tokenWith(server, PUBLISHED_PAIR);
    const bearers = ['', 'Bearer A21AAmadeup', `Bearer ${String(published.body?.access_token ?? '')}`];
    for (const authorization of bearers) {
      const headers = authorization ? { authorization } : undefined;
      const read = await server.api(`/__paypal/v2/checkout/orders/${paypalOrderId}`, { headers });
      expect(read.status, `GET with "${authorization}"`).toBe(401);
      expect(read.body.name).toBe('AUTHENTICATION_FAILURE');
      const capture = await server.api(`/__paypal/v2/checkout/orders/${paypalOrderId}/capture`, {
        method: 'POST',
        headers,
        json: {},
      });
      expect(capture.status, `capture with "${authorization}"`).toBe(401);
      for (const detail of MARIA_DETAILS) expect(read.text + capture.text).not.toContain(detail);
    }

    // The order is still the shopper's to pay: the shop captures it, once.
    const paid = await capturePayment(server, paypalOrderId);
    expect(paid.status, paid.text).toBe(200);
    const order = (await admin.api(`/api/orders/${String(paid.body.result.id)}`)).body;
    expect(order.shipment_address.address_line_1).toBe('7 Via Roma');
  });

  // Last in this block: it restarts the server.
  it('when the server restarts on the same data folder, then the emulator keeps its secret and the shop captures an order approved before', async () => {
    const product = await createProduct(admin, { name: `Restart ${uid()}`, price: 11 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 1 }]);
    await approve(server, paypalOrderId);
    const before = fs.readFileSync(credentialsFile(server), 'utf8');

    await server.crashAndRestart();

    expect(fs.readFileSync(credentialsFile(server), 'utf8')).toBe(before);
    const secret = String(JSON.parse(before).client_secret);
    const token = await tokenWith(server, `Basic ${Buffer.from(`emulator-client:${secret}`).toString('base64')}`);
    expect(token.status).toBe(200);
    const paid = await capturePayment(server, paypalOrderId);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.result).toEqual({ status: 'COMPLETED', id: expect.any(String) });
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
    const external = externalAddress();
    if (!external) {
      ctx.skip(); // a machine with loopback only cannot be asked from elsewhere
      return;
    }
    const port = new URL(server.baseUrl).port;
    const res = await fetch(`http://${external}:${port}/__paypal/__inspect/webhooks`);
    expect(res.status).toBe(404);
    const fromLoopback = await server.api('/__paypal/__inspect/webhooks');
    expect(fromLoopback.status).toBe(200);
  });

  it('when the approval knobs or the clearing of a PENDING capture come through a proxy or from another address than loopback, then they are refused; from loopback they work', async () => {
    const product = await createProduct(admin, { name: `Knob dev ${uid()}`, price: 9 });
    const paypalOrderId = await createPaymentOk(server, [{ id: product.id, quantity: 1 }]);
    const approvePath = `/__paypal/v2/checkout/orders/${paypalOrderId}/approve`;
    for (const knob of [
      { capture_status: 'PENDING' },
      { capture_amount: '0.01' },
      { webhook: false },
      { capture_refusal: 'INSTRUMENT_DECLINED' },
    ]) {
      const proxied = await server.api(approvePath, {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        json: knob,
      });
      expect(proxied.status, JSON.stringify(knob)).toBe(400);
      expect(proxied.body.details[0].field).toBe(`/${Object.keys(knob)[0]}`);
    }
    const external = externalAddress();
    if (external) {
      const port = new URL(server.baseUrl).port;
      const fromElsewhere = await fetch(`http://${external}:${port}${approvePath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ capture_status: 'PENDING' }),
      });
      expect(fromElsewhere.status).toBe(400);
    }
    expect((await inspectOrder(server, paypalOrderId)).order.status).toBe('CREATED');

    // From loopback, as a test on this machine sends it, the knob is honoured: the capture stays PENDING.
    await approve(server, paypalOrderId, { capture_status: 'PENDING' });
    const pending = await capturePayment(server, paypalOrderId);
    expect(pending.status, pending.text).toBe(202);
    const capture = await emulatedCapture(server, paypalOrderId);
    const completePath = `/__paypal/v2/payments/captures/${capture.id}/complete`;
    const proxiedClear = await server.api(completePath, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxiedClear.status).toBe(404);
    expect((await emulatedCapture(server, paypalOrderId)).status).toBe('PENDING');
    const cleared = await server.api(completePath, { method: 'POST' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.capture.status).toBe('COMPLETED');
  });

  it('when a test on this machine asks the emulator for a token, then it reads the secret from the data folder', async () => {
    expect(await emulatorToken(server)).toMatch(/^A21AA/);
    expect((await tokenWith(server, PUBLISHED_PAIR)).status).toBe(401);
  });
});
