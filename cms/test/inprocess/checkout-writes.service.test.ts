/**
 * What the checkout writes through the database adapter instead of Payload's Local API (issue 12, checkout
 * speed): the order the capture inserts must still get what the Orders collection's hooks gave it (a number,
 * text without control characters, the sales figures' caches cleared), the settings must be read as saved,
 * and the shopper's capture answers before its mails go out, which still go out. In-process (see setup.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, makeProduct, orderById, sleep } from './helpers';
import { loadServices, startInProcessShop, type InProcessShop, type Services } from './setup';

let shop: InProcessShop;
let svc: Services;
beforeAll(async () => {
  shop = await startInProcessShop();
  svc = await loadServices();
}, 120_000);
afterAll(async () => shop?.stop());

/** An approved checkout of `quantity` × a 12.50 product that ships (7.90 shipping while the settings are unsaved). */
async function approvedCheckout(quantity: number, body: Parameters<typeof approve>[2] = {}) {
  const oil = await makeProduct(shop.payload, { name: 'Olive oil', price: 12.5 });
  const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity }] });
  await approve(shop, created.id, body);
  return { id: created.id, secret: created.secret! };
}

/** An admin as the control centre's services receive one (only the role is looked at by the access rules). */
const ADMIN = { id: 'checkout-writes-admin', role: 'admin', collection: 'users', email: 'admin@example.com' };

describe('the order inserted by the capture', () => {
  it("when PayPal's payer, parcel name and address hold control and direction-override characters, then the order keeps the text without them", async () => {
    const c = await approvedCheckout(1, {
      payer: { name: { given_name: 'Giu\u0007lia', surname: '\u202eRossi' }, email_address: 'giulia@example.com' },
      shipping: {
        name: { full_name: 'Giulia\u0000 Rossi' },
        address: {
          address_line_1: 'Via Roma\u001b 1',
          admin_area_2: 'San Jose',
          admin_area_1: 'CA',
          postal_code: '95131',
          country_code: 'US',
        },
      },
    });

    const reply = await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret });

    const order = await orderById(shop.payload, reply.id);
    expect(order.payer_full_name).toBe('Giulia Rossi');
    expect(order.shipment_full_name).toBe('Giulia Rossi');
    expect(order.shipment_address.address_line_1).toBe('Via Roma 1');
    expect(order.number).toMatch(/^[ABCDEFGHJKMNPQRTUVWXYZ2346789]{8}$/);
    expect(order.status).toBe('NEW');
    expect(order.products).toHaveLength(1);
    expect(order.products[0].id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("when the payer's email has capitals and spaces, then the order carries the customer the Orders hook would give it", async () => {
    const c = await approvedCheckout(1, { payer: { email_address: ' Anna@X.example' } });

    const reply = await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret });

    // sha256("anna@x.example") begins c9b4a83c91fd66a395de5034e9523319 (`printf 'anna@x.example' | sha256sum`).
    expect((await orderById(shop.payload, reply.id)).customer_id).toBe('c9b4a83c91fd66a395de5034e9523319');
    // The same email written through the Local API (the Orders hook) names the same customer.
    const written = await shop.payload.create({
      collection: 'orders',
      data: { payer_full_name: 'Anna', payer_email_address: 'ANNA@x.example ', transaction_gross_amount: '1.00' },
      overrideAccess: true,
    });
    expect(written.customer_id).toBe('c9b4a83c91fd66a395de5034e9523319');
  });

  it('when the sales figures were read before a capture, then they include its order right after it', async () => {
    const { salesGraph } = await import('../../services/admin/sales');
    const thisMonth = (points: Array<{ y: number }>) => (points.length === 12 ? points[11].y : 0);
    const before = thisMonth(await salesGraph(shop.payload, ADMIN));
    // Read twice: the second answer comes from the cache the capture must clear.
    expect(thisMonth(await salesGraph(shop.payload, ADMIN))).toBe(before);

    const c = await approvedCheckout(2);
    await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret });

    // 2 × 12.50 + 7.90 shipping = 32.90
    const after = thisMonth(await salesGraph(shop.payload, ADMIN));
    expect(Math.round((after - before) * 100)).toBe(3290);
  });
});

describe('the writes of a capture', () => {
  it('when the capture inserts the order, then its mails are claimed in that insert: the only write to the order after it marks both sent', async () => {
    const c = await approvedCheckout(1);
    const client = (shop.payload.db as unknown as { client: { execute: (...args: unknown[]) => Promise<unknown> } })
      .client;
    const execute = client.execute;
    // Only this capture's statements: a webhook PayPal sends meanwhile runs in a request of its own.
    const capture = new AsyncLocalStorage<true>();
    const orderWrites: string[] = [];
    client.execute = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { sql?: unknown }).sql ?? '');
      if (capture.getStore() && /^\s*update\s+"orders"/i.test(text))
        orderWrites.push([...text.matchAll(/"(\w+)"\s*=/g)].map((m) => m[1]).join(' '));
      return execute.apply(client, args);
    };
    let reply: Awaited<ReturnType<typeof svc.payments.capturePayment>>;
    try {
      reply = await capture.run(true, () =>
        svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret }),
      );
    } finally {
      client.execute = execute;
    }

    expect(orderWrites).toEqual([
      'confirmation_sent_at confirmation_claimed_at shop_notified_at shop_notice_claimed_at',
    ]);
    const order = await orderById(shop.payload, reply.id);
    expect([typeof order.confirmation_sent_at, typeof order.shop_notified_at]).toEqual(['string', 'string']);
    expect([order.confirmation_claimed_at, order.shop_notice_claimed_at]).toEqual([null, null]);
  });
});

describe("PayPal's news of a capture still running here", () => {
  it('when the COMPLETED webhook comes while the shopper’s capture of that order is still running in this process, then it waits for it: one order insert, PayPal neither asked again nor asked to verify', async () => {
    const c = await approvedCheckout(1);
    const client = svc.paypalInstance.paypal();
    const { captureOrder, getOrder, verifyWebhookSignature } = client;
    const calls = { getOrder: 0, verify: 0 };
    let webhook: Promise<unknown> | null = null;
    client.getOrder = (...args) => {
      calls.getOrder += 1;
      return getOrder.apply(client, args);
    };
    client.verifyWebhookSignature = (...args) => {
      calls.verify += 1;
      return verifyWebhookSignature.apply(client, args);
    };
    // PayPal sends the news the moment it captured: here, before its answer reaches the capture, which has
    // written nothing of the order yet. The webhook is given 100 ms ahead of the capture's own writes.
    client.captureOrder = async (...args) => {
      const captured = await captureOrder.apply(client, args);
      const event = svc.emulator.captureCompletedEvent(captured.purchase_units![0].payments!.captures![0], c.id);
      const signed = svc.emulator.signEmulatorWebhook(event, undefined, { origin: shop.baseUrl });
      webhook = svc.webhook.handlePayPalWebhook(
        shop.payload,
        new Headers(signed.headers as unknown as Record<string, string>),
        signed.rawBody,
      );
      await sleep(100);
      return captured;
    };
    const db = (shop.payload.db as unknown as { client: { execute: (...args: unknown[]) => Promise<unknown> } }).client;
    const execute = db.execute;
    let orderInserts = 0;
    db.execute = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { sql?: unknown }).sql ?? '');
      if (/^\s*insert\s+into\s+"orders"\s/i.test(text)) orderInserts += 1;
      return execute.apply(db, args);
    };
    let reply: Awaited<ReturnType<typeof svc.payments.capturePayment>>;
    try {
      reply = await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret });
      expect(await webhook).toEqual({ received: true, order: null });
    } finally {
      Object.assign(client, { captureOrder, getOrder, verifyWebhookSignature });
      db.execute = execute;
    }

    expect(reply.status).toBe('COMPLETED');
    // The capture's own look at the order before capturing is PayPal's only read; the webhook made none.
    expect(calls).toEqual({ getOrder: 1, verify: 0 });
    expect(orderInserts).toBe(1);
  });
});

describe('mails after the reply', () => {
  it('when the shopper’s capture asks for its mails after the reply, then the order is saved before the answer and both mails follow', async () => {
    const c = await approvedCheckout(1);

    const reply = await svc.payments.capturePayment(
      shop.payload,
      { orderId: c.id, secret: c.secret },
      { mailsAfterReply: true },
    );
    const mailsAtReply = [...shop.mails];

    expect(reply).toMatchObject({ status: 'COMPLETED', httpStatus: 200 });
    const order = await orderById(shop.payload, reply.id);
    expect(order.paypal_order_id).toBe(c.id);
    expect(mailsAtReply.filter((m) => m.subject.includes(order.number))).toHaveLength(0);
    // 1 × 12.50 + 7.90 = 20.40
    await shop.waitForMail((m) => m.subject === `Your order ${order.number} — thank you!`);
    await shop.waitForMail((m) => m.subject === `New order ${order.number}: $20.40`);
    // Each is recorded sent once the mail server has taken it, a moment after it arrived there.
    let sent = await orderById(shop.payload, reply.id);
    for (let i = 0; i < 100 && !(sent.confirmation_sent_at && sent.shop_notified_at); i += 1) {
      await sleep(20);
      sent = await orderById(shop.payload, reply.id);
    }
    expect(sent.confirmation_sent_at).toEqual(expect.any(String));
    expect(sent.shop_notified_at).toEqual(expect.any(String));
    expect([sent.confirmation_claimed_at, sent.shop_notice_claimed_at]).toEqual([null, null]);
  });
});

describe('the settings a checkout reads', () => {
  it('when the settings were never saved, then the defaults apply; once saved, the saved fee applies to the next payment', async () => {
    const before = await approvedCheckout(1);
    const beforeOrder = await svc.payments.capturePayment(shop.payload, { orderId: before.id, secret: before.secret });
    expect((await orderById(shop.payload, beforeOrder.id)).shipment_amount).toBe(7.9);

    await shop.payload.updateGlobal({ slug: 'shop-settings', data: { shipment_amount: 4.25 }, overrideAccess: true });

    const after = await approvedCheckout(1);
    const afterOrder = await svc.payments.capturePayment(shop.payload, { orderId: after.id, secret: after.secret });
    const order = await orderById(shop.payload, afterOrder.id);
    expect(order.shipment_amount).toBe(4.25);
    // 12.50 + 4.25
    expect(order.transaction_gross_amount).toBe('16.75');
  });
});
