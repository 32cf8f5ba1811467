/**
 * The payment and order services called in-process (see setup.ts), against the PayPal emulator the app
 * mounts. Expected amounts are worked out by hand from the prices each test sets; the emulator's fee is
 * 3.49 % of the gross rounded to the cent, plus 0.49.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  type ApproveBody,
  clearPendingCapture,
  type Doc as Json,
  makeProduct,
  orderById,
  ordersOf,
  paymentOf,
} from './helpers';
import { deadPort, loadServices, startInProcessShop, withEnv, type InProcessShop, type Services } from './setup';

let shop: InProcessShop;
let svc: Services;
beforeAll(async () => {
  shop = await startInProcessShop();
  svc = await loadServices();
}, 120_000);
afterAll(async () => shop?.stop());

const mailsAbout = (orderNumber: string) => shop.mails.filter((m) => m.subject.includes(orderNumber));

describe('createPayment', () => {
  it('when a cart is priced, then PayPal is asked for the database prices, discounts and the shipment fee', async () => {
    const oil = await makeProduct(shop.payload, { name: 'Olive oil', price: 12.5 });
    const pasta = await makeProduct(shop.payload, {
      name: 'Pasta',
      price: 20,
      apply_discount: true,
      discount_unit: '%',
      discount_amount: 10,
    });
    // 2 × 12.50 + 1 × 20.00 = 45.00 list; 10 % off 20.00 = 2.00; 43.00 + 7.90 shipping = 50.90.
    const reply = await svc.payments.createPayment(shop.payload, {
      products: [
        { id: oil.id, quantity: 1 },
        { id: pasta.id, quantity: 1 },
        { id: oil.id, quantity: 1 },
      ],
    });
    expect(reply.status).toBe('CREATED');
    expect(reply.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const payment = await paymentOf(shop.payload, reply.id);
    expect(payment).toMatchObject({
      status: 'CREATED',
      total: '50.90',
      currency_code: 'USD',
      shipment_amount: 7.9,
      shipment_method: 'USPS Priority Mail',
    });
    expect(payment.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(payment.lines).toEqual([
      expect.objectContaining({ id: oil.id, product: 'Olive oil', price: 12.5, quantity: 2, apply_discount: false }),
      expect.objectContaining({
        id: pasta.id,
        product: 'Pasta',
        price: 20,
        quantity: 1,
        apply_discount: true,
        discount_unit: '%',
        discount_amount: 10,
      }),
    ]);
  });
});

describe('capturePayment', () => {
  it('when an approved payment is captured, then one order holds the payer, the capture and the lines, and both mails go out', async () => {
    const oil = await makeProduct(shop.payload, { name: 'Olive oil', price: 12.5 });
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 2 }] });
    await approve(shop, created.id);

    const reply = await svc.payments.capturePayment(shop.payload, { orderId: created.id, secret: created.secret! });

    expect(reply.status).toBe('COMPLETED');
    expect(reply.httpStatus).toBe(200);
    const order = await orderById(shop.payload, reply.id);
    // 2 × 12.50 + 7.90 = 32.90; fee 3.49 % of 32.90 = 1.148 → 1.15, + 0.49 = 1.64; net 31.26.
    expect(order).toMatchObject({
      status: 'NEW',
      paypal_order_id: created.id,
      payer_full_name: 'John Doe',
      payer_email_address: 'sb-buyer@personal.example.com',
      shipment_full_name: 'John Doe',
      shipment_amount: 7.9,
      transaction_status: 'COMPLETED',
      transaction_gross_amount: '32.90',
      transaction_paypal_fee: '1.64',
      transaction_net_amount: '31.26',
      currency_code: 'USD',
      latitude: 37.3864,
      longitude: -121.88,
    });
    expect(order.products).toEqual([
      expect.objectContaining({ product_id: oil.id, product: 'Olive oil', price: 12.5, quantity: 2 }),
    ]);
    const payment = await paymentOf(shop.payload, created.id);
    expect(payment.status).toBe('COMPLETED');
    expect(payment.order).toBe(reply.id);
    const mails = await Promise.all([
      shop.waitForMail((m) => m.subject === `Your order ${order.number} — thank you!`),
      shop.waitForMail((m) => m.subject === `New order ${order.number}: $32.90`),
    ]);
    expect(mails[0].envelopeTo).toEqual(['sb-buyer@personal.example.com']);
    expect(mails[1].envelopeTo).toEqual(['shop@example.com']);
  });

  it('when the secret is not the one handed out at create, then the payment is not found and nothing is captured', async () => {
    const oil = await makeProduct(shop.payload);
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    await approve(shop, created.id);

    await expect(
      svc.payments.capturePayment(shop.payload, { orderId: created.id, secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await paymentOf(shop.payload, created.id)).status).toBe('CREATED');
    expect(await ordersOf(shop.payload, created.id)).toHaveLength(0);
  });
});

describe('orders', () => {
  it('when an order is looked up by id and by number, then the public view and the id come back', async () => {
    const oil = await makeProduct(shop.payload, { name: 'Olive oil', price: 12.5 });
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    await approve(shop, created.id);
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: created.id, secret: created.secret! });

    const order = await svc.orders.getPublicOrder(shop.payload, id);
    // 12.50 + 7.90 = 20.40.
    expect(order).toMatchObject({
      id,
      status: 'NEW',
      payer_full_name: 'John Doe',
      transaction_gross_amount: '20.40',
      currency_code: 'USD',
      coordinates: [37.3864, -121.88],
      shipment_address: {
        address_line_1: '1 Main St',
        address_line_2: null,
        admin_area_1: 'CA',
        admin_area_2: 'San Jose',
        postal_code: '95131',
        country_code: 'US',
      },
      products: [
        {
          id: oil.id,
          product: 'Olive oil',
          price: 12.5,
          quantity: 1,
          apply_discount: false,
          discount_unit: '%',
          discount_amount: 0,
        },
      ],
    });
    expect(await svc.orders.findOrderIdByNumber(shop.payload, order.number)).toEqual({ id });
    await expect(svc.orders.findOrderIdByNumber(shop.payload, 'ZZZZZZZZ')).rejects.toMatchObject({
      status: 404,
      result: 'Order not found',
    });
    await expect(svc.orders.getPublicOrder(shop.payload, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject(
      {
        status: 404,
        result: 'Order not found',
      },
    );
  });

  it('when the confirmation is resent twice within a minute, then one more mail goes out and the second is refused', async () => {
    const oil = await makeProduct(shop.payload);
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    await approve(shop, created.id);
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: created.id, secret: created.secret! });
    const { number } = await svc.orders.getPublicOrder(shop.payload, id);
    await shop.waitForMail((m) => m.subject === `Your order ${number} — thank you!`);

    expect(await svc.orders.resendConfirmation(shop.payload, id)).toEqual({ sent: true });
    await expect(svc.orders.resendConfirmation(shop.payload, id)).rejects.toMatchObject({
      status: 429,
      result: 'Confirmation already sent a moment ago',
    });

    const confirmations = () => mailsAbout(number).filter((m) => m.subject.startsWith('Your order'));
    await shop.waitForMail(() => confirmations().length === 2);
    expect(confirmations()).toHaveLength(2);
  });
});

/** A cart of one product at 12.50 with shipping, created and approved: 12.50 + 7.90 = 20.40. */
async function approvedPayment(body: ApproveBody = {}) {
  const oil = await makeProduct(shop.payload, { name: 'Olive oil', price: 12.5 });
  const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
  await approve(shop, created.id, body);
  return { ...created, secret: created.secret!, product: oil };
}

describe('createPayment refusals and the PayPal order', () => {
  it('when one product comes to 1000 over two lines, then the cart is refused naming it; 999 is accepted', async () => {
    const oil = await makeProduct(shop.payload);
    await expect(
      svc.payments.createPayment(shop.payload, {
        products: [
          { id: oil.id, quantity: 500 },
          { id: oil.id, quantity: 500 },
        ],
      }),
    ).rejects.toMatchObject({
      status: 400,
      result: { message: 'At most 999 of one product per order', products: [oil.id] },
    });
    const ok = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 999 }] });
    // 999 × 12.50 = 12487.50, + 7.90 = 12495.40.
    expect((await paymentOf(shop.payload, ok.id)).total).toBe('12495.40');
  });

  it('when products are unpublished, out of stock, scheduled for later or unknown, then the cart is refused naming them', async () => {
    const fine = await makeProduct(shop.payload);
    const hidden = await makeProduct(shop.payload, { published: false });
    const soldOut = await makeProduct(shop.payload, { inventory_stock: false });
    const later = await makeProduct(shop.payload, { publish_at: new Date(Date.now() + 86_400_000).toISOString() });
    const unknown = '00000000-0000-4000-8000-000000000001';
    await expect(
      svc.payments.createPayment(shop.payload, {
        products: [fine, hidden, soldOut, later, { id: unknown }].map((p) => ({ id: p.id, quantity: 1 })),
      }),
    ).rejects.toMatchObject({
      status: 400,
      result: {
        message: 'Some products are not available any more',
        unavailable: [hidden.id, soldOut.id, later.id, unknown],
      },
    });
  });

  it('when the cart costs nothing, then it is refused', async () => {
    // A published product always has a price (issue 25 §1.1): a 100 % discount is what makes it cost nothing.
    const free = await makeProduct(shop.payload, {
      price: 5,
      apply_discount: true,
      discount_unit: '%',
      discount_amount: 100,
      apply_shipping: false,
    });
    await expect(
      svc.payments.createPayment(shop.payload, { products: [{ id: free.id, quantity: 2 }] }),
    ).rejects.toMatchObject({ status: 400, result: 'The order total must be above zero' });
  });

  it('when a cash discount applies and nothing ships, then PayPal gets the items, the breakdown and no shipping fee', async () => {
    const cheese = await makeProduct(shop.payload, {
      name: 'P'.repeat(130),
      price: 10,
      apply_discount: true,
      discount_unit: 'CASH',
      discount_amount: 2.5,
      apply_shipping: false,
    });
    const reply = await svc.payments.createPayment(shop.payload, { products: [{ id: cheese.id, quantity: 3 }] });

    // 3 × 10.00 = 30.00 list, 3 × 2.50 = 7.50 off: 22.50, no shipping.
    const sent = svc.emulator.getEmulatedOrder(reply.id)!.request.body as Json;
    expect(sent.intent).toBe('CAPTURE');
    expect(sent.purchase_units).toEqual([
      {
        reference_id: 'default',
        description: 'Bottega di Famiglia order',
        amount: {
          currency_code: 'USD',
          value: '22.50',
          breakdown: {
            item_total: { currency_code: 'USD', value: '30.00' },
            shipping: { currency_code: 'USD', value: '0.00' },
            discount: { currency_code: 'USD', value: '7.50' },
          },
        },
        items: [
          {
            name: 'P'.repeat(127),
            sku: cheese.id,
            quantity: '3',
            unit_amount: { currency_code: 'USD', value: '10.00' },
            category: 'PHYSICAL_GOODS',
          },
        ],
      },
    ]);
    const payment = await paymentOf(shop.payload, reply.id);
    expect(payment.total).toBe('22.50');
    expect(payment.shipment_amount).toBe(0);
    expect(payment.lines).toEqual([
      {
        id: cheese.id,
        product: 'P'.repeat(130),
        price: 10,
        quantity: 3,
        apply_discount: true,
        discount_unit: 'CASH',
        discount_amount: 2.5,
        apply_shipping: false,
        category_ids: (cheese.categories as Json[]).map((c) => c.id),
        img_id: null,
      },
    ]);
  });
});

describe('capturePayment outcomes', () => {
  it('when the id and the orderId differ, then the capture is refused before anything is looked up', async () => {
    const p = await approvedPayment();
    await expect(
      svc.payments.capturePayment(shop.payload, { id: 'SOMETHINGELSE1', orderId: p.id, secret: p.secret }),
    ).rejects.toMatchObject({ status: 400, result: 'The payment id does not match the order id' });
    expect((await paymentOf(shop.payload, p.id)).status).toBe('CREATED');
    // The same id in both is what the storefront sends.
    const ok = await svc.payments.capturePayment(shop.payload, { id: p.id, orderId: p.id, secret: p.secret });
    expect(ok.status).toBe('COMPLETED');
  });

  it('when the PayPal order id is unknown to the shop, then the payment is not found', async () => {
    await expect(
      svc.payments.capturePayment(shop.payload, { orderId: 'NOSUCHORDER0001', secret: 'A'.repeat(32) }),
    ).rejects.toMatchObject({ status: 404, result: 'Payment not found' });
  });

  it('when a completed payment is captured again, then the same order comes back and no order or mail is added', async () => {
    const p = await approvedPayment();
    const first = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    const { number } = await svc.orders.getPublicOrder(shop.payload, first.id);
    await shop.waitForMail(() => mailsAbout(number).length === 2);

    const again = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    expect(again).toEqual({ status: 'COMPLETED', id: first.id, httpStatus: 200 });
    expect(await ordersOf(shop.payload, p.id)).toHaveLength(1);
    expect(mailsAbout(number)).toHaveLength(2);
  });

  it('when two captures of one payment run at once, then both answer the one order', async () => {
    const p = await approvedPayment();
    const [a, b] = await Promise.all([
      svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret }),
      svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret }),
    ]);
    expect(b.id).toBe(a.id);
    expect(await ordersOf(shop.payload, p.id)).toHaveLength(1);
    expect(svc.emulator.getEmulatedOrder(p.id)!.captureRequestIds).toEqual([`capture-${p.id}`]);
  });

  it('when the buyer has not approved yet, then the capture is refused and the payment stays CREATED', async () => {
    const oil = await makeProduct(shop.payload);
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    await expect(
      svc.payments.capturePayment(shop.payload, { orderId: created.id, secret: created.secret! }),
    ).rejects.toMatchObject({ status: 400, result: 'The payment is not approved yet' });
    expect((await paymentOf(shop.payload, created.id)).status).toBe('CREATED');
    expect(svc.emulator.getEmulatedOrder(created.id)!.captureRequestIds).toEqual([]);
  });

  it('when the parcel would go to a country the shop does not ship to, then nothing is captured', async () => {
    const p = await approvedPayment({
      shipping: { address: { address_line_1: 'Via Roma 1', postal_code: '00100', country_code: 'DE' } },
    });
    await expect(svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret })).rejects.toMatchObject({
      status: 400,
      result: { message: 'The shipping country is not accepted', country: 'DE' },
    });
    expect((await paymentOf(shop.payload, p.id)).status).toBe('CREATED');
    expect(svc.emulator.getEmulatedOrder(p.id)!.captureRequestIds).toEqual([]);
  });

  it('when PayPal declines the capture, then the shopper gets a 402 and the payment is DECLINED without an order', async () => {
    const p = await approvedPayment({ capture_status: 'DECLINED' });
    await expect(svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret })).rejects.toMatchObject({
      status: 402,
      result: 'The payment was declined',
    });
    expect((await paymentOf(shop.payload, p.id)).status).toBe('DECLINED');
    expect(await ordersOf(shop.payload, p.id)).toHaveLength(0);
  });

  it('when PayPal captures a different amount than the cart was priced at, then it is refused and no order is made', async () => {
    const p = await approvedPayment({ capture_amount: '1.00' });
    await expect(svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret })).rejects.toMatchObject({
      status: 409,
      result: 'Captured amount does not match the order',
    });
    const payment = await paymentOf(shop.payload, p.id);
    expect(payment.status).toBe('FAILED');
    expect(payment.failure).toBe('captured 1.00 USD, priced 20.40 USD');
    expect(payment.capture_id).toMatch(/^[A-Z0-9]{17}$/);
    expect(await ordersOf(shop.payload, p.id)).toHaveLength(0);
  });

  it('when the capture is pending, then 202 PENDING, and the order comes with the completion', async () => {
    const p = await approvedPayment({ capture_status: 'PENDING' });
    const reply = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    expect(reply).toEqual({ status: 'PENDING', id: p.id, httpStatus: 202 });
    const pending = await paymentOf(shop.payload, p.id);
    expect(pending.status).toBe('PENDING');
    expect(pending.capture_id).toMatch(/^[A-Z0-9]{17}$/);
    expect(await ordersOf(shop.payload, p.id)).toHaveLength(0);
    // Still pending at PayPal: the webhook path makes no order either.
    expect(await svc.payments.completeFromWebhook(shop.payload, p.id)).toEqual({ order: null });

    await clearPendingCapture(shop, pending.capture_id);
    const { order } = await svc.payments.completeFromWebhook(shop.payload, p.id);
    const orders = await ordersOf(shop.payload, p.id);
    expect(orders.map((o) => o.id)).toEqual([order]);
    expect(orders[0].transaction_gross_amount).toBe('20.40');
    expect((await paymentOf(shop.payload, p.id)).status).toBe('COMPLETED');
    // A replay of the webhook answers the same order.
    expect(await svc.payments.completeFromWebhook(shop.payload, p.id)).toEqual({ order });
  });

  it('when the payer, the parcel name and a second address line are given, then the order keeps them; an unknown ZIP has no map point', async () => {
    const p = await approvedPayment({
      payer: { name: { given_name: 'Maria', surname: 'Rossi' }, email_address: 'maria@example.com' },
      shipping: {
        name: { full_name: 'Luca Rossi' },
        address: {
          address_line_1: '5 Elm St',
          address_line_2: 'Apt 4',
          admin_area_1: 'NY',
          admin_area_2: 'Springfield',
          postal_code: 'SPRING',
          country_code: 'US',
        },
      },
    });
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    const order = await svc.orders.getPublicOrder(shop.payload, id);
    expect(order).toMatchObject({
      payer_full_name: 'Maria Rossi',
      payer_email_address: 'maria@example.com',
      shipment_full_name: 'Luca Rossi',
      shipment_address: {
        address_line_1: '5 Elm St',
        address_line_2: 'Apt 4',
        admin_area_1: 'NY',
        admin_area_2: 'Springfield',
        postal_code: 'SPRING',
        country_code: 'US',
      },
      coordinates: null,
    });
    await shop.waitForMail((m) => m.envelopeTo.includes('maria@example.com'));
  });

  it('when the shop has a payment PayPal does not know, then the capture answers 404', async () => {
    const secret = 'B'.repeat(32);
    await shop.payload.create({
      collection: 'payments',
      data: {
        paypal_order_id: 'GONEATPAYPAL0001',
        status: 'CREATED',
        secret_hash: createHash('sha256').update(secret).digest('hex'),
        currency_code: 'USD',
        total: '20.40',
        lines: [],
      },
      overrideAccess: true,
    });
    await expect(
      svc.payments.capturePayment(shop.payload, { orderId: 'GONEATPAYPAL0001', secret }),
    ).rejects.toMatchObject({ status: 404, result: 'PayPal order not found' });
  });
});

describe('orders', () => {
  it('when the mail server refuses a resend, then 503, and the next resend is not held back by the failed one', async () => {
    const p = await approvedPayment();
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    const { number } = await svc.orders.getPublicOrder(shop.payload, id);
    await shop.waitForMail(() => mailsAbout(number).length === 2);

    shop.refuseMail(true);
    try {
      await expect(svc.orders.resendConfirmation(shop.payload, id)).rejects.toMatchObject({
        status: 503,
        result: 'The confirmation could not be sent just now; please try again in a few minutes',
      });
    } finally {
      shop.refuseMail(false);
    }
    expect((await orderById(shop.payload, id)).confirmation_resent_at).toBeNull();
    expect(await svc.orders.resendConfirmation(shop.payload, id)).toEqual({ sent: true });
    await shop.waitForMail(() => mailsAbout(number).length === 3);
  });

  it('when the last resend was 61 seconds ago, then another is sent; 50 seconds ago, it is refused', async () => {
    const p = await approvedPayment();
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    const setResentAt = (msAgo: number) =>
      shop.payload.update({
        collection: 'orders',
        id,
        data: { confirmation_resent_at: new Date(Date.now() - msAgo).toISOString() },
        overrideAccess: true,
      });
    await setResentAt(50_000);
    await expect(svc.orders.resendConfirmation(shop.payload, id)).rejects.toMatchObject({ status: 429 });
    await setResentAt(61_000);
    expect(await svc.orders.resendConfirmation(shop.payload, id)).toEqual({ sent: true });
  });

  it('when the first confirmation had never gone out, then a resend marks it sent', async () => {
    const p = await approvedPayment();
    shop.refuseMail(true);
    let id: string;
    try {
      ({ id } = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret }));
    } finally {
      shop.refuseMail(false);
    }
    expect((await orderById(shop.payload, id)).confirmation_sent_at).toBeNull();
    await svc.orders.resendConfirmation(shop.payload, id);
    expect((await orderById(shop.payload, id)).confirmation_sent_at).toEqual(expect.any(String));
  });
});

describe('when PayPal is off or away', () => {
  it('when PayPal is not configured (production without credentials), then create answers 503 and records nothing', async () => {
    const oil = await makeProduct(shop.payload);
    const before = (await shop.payload.count({ collection: 'payments', overrideAccess: true })).totalDocs;
    await withEnv(svc, { NODE_ENV: 'production', PAYPAL_EMULATOR: undefined }, () =>
      expect(
        svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] }),
      ).rejects.toMatchObject({ status: 503, result: 'Payments are not available' }),
    );
    expect((await shop.payload.count({ collection: 'payments', overrideAccess: true })).totalDocs).toBe(before);
  });

  it('when PayPal does not answer, then create and capture answer 502 and the payment stays CREATED', async () => {
    const oil = await makeProduct(shop.payload);
    const p = await approvedPayment();
    const port = await deadPort();
    await withEnv(svc, { PORT: port }, async () => {
      await expect(
        svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] }),
      ).rejects.toMatchObject({ status: 502, result: 'The payment provider did not answer' });
      await expect(
        svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret }),
      ).rejects.toMatchObject({ status: 502 });
    });
    expect((await paymentOf(shop.payload, p.id)).status).toBe('CREATED');
    // Back: the same capture goes through.
    expect((await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret })).status).toBe(
      'COMPLETED',
    );
  });
});

describe('payment records made by hand', () => {
  const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

  it('when a payment record has no secret at all, then no secret opens it', async () => {
    await shop.payload.create({
      collection: 'payments',
      data: { paypal_order_id: 'NOSECRET00000001', status: 'CREATED', currency_code: 'USD', total: '5.00', lines: [] },
      overrideAccess: true,
    });
    await expect(
      svc.payments.capturePayment(shop.payload, { orderId: 'NOSECRET00000001', secret: 'C'.repeat(43) }),
    ).rejects.toMatchObject({ status: 404, result: 'Payment not found' });
  });

  it('when the browser retries a capture the shop had recorded CAPTURED, then the order is made from the record without PayPal', async () => {
    const secret = 'D'.repeat(32);
    const oil = await makeProduct(shop.payload);
    // No such order at PayPal: any call there would fail with a 404.
    await shop.payload.create({
      collection: 'payments',
      data: {
        paypal_order_id: 'RETRYRECORDED001',
        status: 'CAPTURED',
        secret_hash: hashOf(secret),
        currency_code: 'USD',
        total: '20.40',
        shipment_amount: 7.9,
        lines: [
          {
            id: oil.id,
            product: 'Olive oil',
            price: 12.5,
            quantity: 1,
            apply_discount: false,
            discount_unit: '%',
            discount_amount: 0,
            apply_shipping: true,
            category_ids: [],
            img_id: null,
          },
        ],
        captured: {
          capture_id: 'CAPTURERETRY0001',
          status: 'COMPLETED',
          currency_code: 'USD',
          gross: '20.40',
          fee: '1.20',
          net: '19.20',
          payer_full_name: 'Gino Verdi',
          payer_email_address: 'gino@example.com',
          shipment_full_name: 'Gino Verdi',
          address: {
            address_line_1: '1 Main St',
            address_line_2: '',
            admin_area_1: 'CA',
            admin_area_2: 'San Jose',
            postal_code: '95131',
            country_code: 'US',
          },
        },
      },
      overrideAccess: true,
    });
    const reply = await svc.payments.capturePayment(shop.payload, { orderId: 'RETRYRECORDED001', secret });
    const [order] = await ordersOf(shop.payload, 'RETRYRECORDED001');
    expect(reply).toEqual({ status: 'COMPLETED', id: order.id, httpStatus: 200 });
    expect(order).toMatchObject({ payer_full_name: 'Gino Verdi', transaction_id: 'CAPTURERETRY0001' });
    expect(await paymentOf(shop.payload, 'RETRYRECORDED001')).toMatchObject({ status: 'COMPLETED', order: order.id });
  });

  it('when an order lacks its currency, status and second coordinate, then the public view falls back to USD, NEW and no map point', async () => {
    const doc = (await shop.payload.create({
      collection: 'orders',
      data: { paypal_order_id: 'BAREORDER0000001', currency_code: '', latitude: 40.5 },
      overrideAccess: true,
    })) as unknown as Json;
    const order = await svc.orders.getPublicOrder(shop.payload, doc.id);
    expect(order).toMatchObject({ currency_code: 'USD', status: 'NEW', coordinates: null, products: [] });
  });
});

describe('more of what PayPal and the shop may answer', () => {
  /** A stand-in for PayPal that hands out tokens and answers every other call with `status` and `body`. */
  async function stubPayPal(status: number, body: object) {
    const server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/v1/oauth2/token')) {
        res.end(JSON.stringify({ access_token: 'stub-token', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      res.statusCode = status;
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return { port: String((server.address() as AddressInfo).port), close: () => server.close() };
  }

  it('when PayPal answers 503 itself, then the shopper gets 502 (not "payments not available"); a 422 keeps its issue', async () => {
    const oil = await makeProduct(shop.payload);
    const cart = { products: [{ id: oil.id, quantity: 1 }] };
    const busy = await stubPayPal(503, { name: 'SERVICE_UNAVAILABLE', message: 'Try later' });
    try {
      await withEnv(svc, { PORT: busy.port }, () =>
        expect(svc.payments.createPayment(shop.payload, cart)).rejects.toMatchObject({
          status: 502,
          result: 'The payment provider did not answer',
        }),
      );
    } finally {
      busy.close();
    }
    const refusing = await stubPayPal(422, {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed',
      details: [{ issue: 'ITEM_TOTAL_MISMATCH' }],
    });
    try {
      await withEnv(svc, { PORT: refusing.port }, () =>
        expect(svc.payments.createPayment(shop.payload, cart)).rejects.toMatchObject({
          status: 422,
          result: { message: 'The requested action could not be performed', issue: 'ITEM_TOTAL_MISMATCH' },
        }),
      );
    } finally {
      refusing.close();
    }
    const bare = await stubPayPal(400, { name: 'INVALID_REQUEST', message: 'Bad' });
    try {
      await withEnv(svc, { PORT: bare.port }, () =>
        expect(svc.payments.createPayment(shop.payload, cart)).rejects.toMatchObject({
          status: 422,
          result: { message: 'Bad', issue: 'INVALID_REQUEST' },
        }),
      );
    } finally {
      bare.close();
    }
  });

  it('when a finished payment is captured or reported again while PayPal is away, then the order is answered from the shop', async () => {
    const p = await approvedPayment();
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    await withEnv(svc, { PORT: await deadPort() }, async () => {
      expect(await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret })).toEqual({
        status: 'COMPLETED',
        id,
        httpStatus: 200,
      });
      expect(await svc.payments.completeFromWebhook(shop.payload, p.id)).toEqual({ order: id });
    });
  });

  it('when PayPal reports no shipping address at the capture, then the country is refused as empty', async () => {
    const p = await approvedPayment();
    delete svc.emulator.emulatorState.orders.get(p.id)!.order.purchase_units![0].shipping;
    await expect(svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret })).rejects.toMatchObject({
      status: 400,
      result: { message: 'The shipping country is not accepted', country: '' },
    });
  });

  it('when a payment was made exactly at the abandon cut-off, then it is not yet old', async () => {
    const oil = await makeProduct(shop.payload);
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    const payment = await paymentOf(shop.payload, created.id);
    const at = new Date(payment.createdAt);
    expect(await svc.payments.reconcilePayment(shop.payload, payment, { abandonBefore: at })).toBe('unchanged');
    expect(
      await svc.payments.reconcilePayment(shop.payload, payment, { abandonBefore: new Date(at.getTime() + 1) }),
    ).toBe('abandoned');
  });

  it('when an order has a longitude but no latitude, then it has no map point', async () => {
    const doc = (await shop.payload.create({
      collection: 'orders',
      data: { paypal_order_id: 'LONGITUDEONLY001', longitude: -70.5 },
      overrideAccess: true,
    })) as unknown as Json;
    expect((await svc.orders.getPublicOrder(shop.payload, doc.id)).coordinates).toBeNull();
  });

  it('when the confirmation is resent, then it is a new message and the first confirmation time stays', async () => {
    const p = await approvedPayment();
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: p.id, secret: p.secret });
    const { number } = await svc.orders.getPublicOrder(shop.payload, id);
    const first = await shop.waitForMail((m) => m.subject === `Your order ${number} — thank you!`);
    const sentAt = (await orderById(shop.payload, id)).confirmation_sent_at;
    await svc.orders.resendConfirmation(shop.payload, id);
    await shop.waitForMail(() => mailsAbout(number).filter((m) => m.subject.startsWith('Your order')).length === 2);
    const resent = mailsAbout(number).filter((m) => m.subject.startsWith('Your order'))[1];
    expect(first.headers['message-id']).toBe(`<order-${id}-confirmation@bottegadifamiglia.example>`);
    expect(resent.headers['message-id']).not.toBe(first.headers['message-id']);
    expect((await orderById(shop.payload, id)).confirmation_sent_at).toBe(sentAt);
  });
});
