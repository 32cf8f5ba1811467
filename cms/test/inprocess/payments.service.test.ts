/**
 * The payment and order services called in-process (see setup.ts), against the PayPal emulator the app
 * mounts. Expected amounts are worked out by hand from the prices each test sets; the emulator's fee is
 * 3.49 % of the gross rounded to the cent, plus 0.49.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, makeProduct, orderById, ordersOf, paymentOf } from './helpers';
import { loadServices, startInProcessShop, type InProcessShop, type Services } from './setup';

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
    await expect(svc.orders.findOrderIdByNumber(shop.payload, 'ZZZZZZZZ')).rejects.toMatchObject({ status: 404 });
    await expect(svc.orders.getPublicOrder(shop.payload, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('when the confirmation is resent twice within a minute, then one more mail goes out and the second is refused', async () => {
    const oil = await makeProduct(shop.payload);
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    await approve(shop, created.id);
    const { id } = await svc.payments.capturePayment(shop.payload, { orderId: created.id, secret: created.secret! });
    const { number } = await svc.orders.getPublicOrder(shop.payload, id);
    await shop.waitForMail((m) => m.subject === `Your order ${number} — thank you!`);

    expect(await svc.orders.resendConfirmation(shop.payload, id)).toEqual({ sent: true });
    await expect(svc.orders.resendConfirmation(shop.payload, id)).rejects.toMatchObject({ status: 429 });

    const confirmations = () => mailsAbout(number).filter((m) => m.subject.startsWith('Your order'));
    await shop.waitForMail(() => confirmations().length === 2);
    expect(confirmations()).toHaveLength(2);
  });
});
