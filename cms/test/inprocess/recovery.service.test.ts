/**
 * What finishes a checkout when the shopper's browser does not: the reconciler's rounds, the claimed order
 * mails, PayPal's webhook; and the conditional update they rely on. In-process (see setup.ts), against the
 * PayPal emulator the app mounts. Each test starts from a drained shop (every earlier checkout finished or
 * abandoned), so a round's report counts only what the test made.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PayPalCapture, PayPalOrder } from '../../services/paypal/types';
import {
  approve,
  type ApproveBody,
  captureAtPayPal,
  clearPendingCapture,
  type Doc,
  makeProduct,
  orderById,
  ordersOf,
  paymentOf,
  sleep,
} from './helpers';
import { deadPort, loadServices, startInProcessShop, withEnv, type InProcessShop, type Services } from './setup';

let shop: InProcessShop;
let svc: Services;
beforeAll(async () => {
  shop = await startInProcessShop();
  svc = await loadServices();
}, 120_000);
afterAll(async () => shop?.stop());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOTHING = {
  completed: 0,
  pending: 0,
  abandoned: 0,
  failed: 0,
  mailsSent: 0,
  errors: 0,
  refundsResent: 0,
  refundsSettled: 0,
  refundsLearned: 0,
  refundMails: 0,
  paymentNews: 0,
  paymentNewsMails: 0,
  pickupReminders: 0,
};

/** Finishes or abandons whatever earlier tests left, so the next round sees only this test's data. */
async function drain() {
  await svc.reconciler.reconcileOnce(shop.payload, new Date(Date.now() + 7 * HOUR));
}
beforeEach(drain);

const round = (at = new Date()) => svc.reconciler.reconcileOnce(shop.payload, at);

const setPayment = (payment: Doc, data: Record<string, unknown>) =>
  shop.payload.update({ collection: 'payments', id: payment.id, data, overrideAccess: true });

/** A checkout of one 12.50 product with shipping (20.40), approved by the buyer; not captured by the shop. */
async function approvedCheckout(body: ApproveBody = {}) {
  const oil = await makeProduct(shop.payload, { name: 'Olive oil', price: 12.5 });
  const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
  await approve(shop, created.id, body);
  return { id: created.id, secret: created.secret!, payment: await paymentOf(shop.payload, created.id), oil };
}

/** A payment record as the shop keeps it once PayPal said "captured", made by hand: no PayPal order behind it. */
async function capturedRecord(paypalOrderId: string, productId: string) {
  return (await shop.payload.create({
    collection: 'payments',
    data: {
      paypal_order_id: paypalOrderId,
      status: 'CAPTURED',
      currency_code: 'USD',
      total: '32.90',
      shipment_amount: 7.9,
      shipment_method: 'USPS Priority Mail',
      capture_id: 'CAPTUREBYHAND0001',
      lines: [
        {
          id: productId,
          product: 'Olive oil',
          price: 12.5,
          quantity: 2,
          apply_discount: false,
          discount_unit: '%',
          discount_amount: 0,
          apply_shipping: true,
          category_ids: [],
          img_id: null,
        },
      ],
      captured: {
        capture_id: 'CAPTUREBYHAND0001',
        status: 'COMPLETED',
        currency_code: 'USD',
        gross: '32.90',
        fee: '1.64',
        net: '31.26',
        payer_full_name: 'Anna Bianchi',
        payer_email_address: 'anna@example.com',
        shipment_full_name: 'Anna Bianchi',
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
  })) as unknown as Doc;
}

const headersOf = (signed: { headers: object }) => new Headers(signed.headers as Record<string, string>);
const sign = (event: unknown, options: { transmissionTime?: string } = {}) =>
  svc.emulator.signEmulatorWebhook(event, undefined, { origin: shop.baseUrl, ...options });

/** Captured at PayPal while the shop was away; the shop's record still says CAPTURING. */
async function capturedElsewhere() {
  const c = await approvedCheckout();
  await setPayment(c.payment, { status: 'CAPTURING' });
  const captured = await captureAtPayPal(shop, c.id);
  const capture = captured.purchase_units![0].payments!.captures![0] as PayPalCapture;
  return { ...c, event: svc.emulator.captureCompletedEvent(capture, c.id) };
}

const mailsTo = (address: string) => shop.mails.filter((m) => m.envelopeTo.includes(address));

describe('reconcileOnce', () => {
  it('when a checkout was left CREATED for over 6 hours, then a round abandons it; a younger one is not touched', async () => {
    const oil = await makeProduct(shop.payload);
    const young = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    expect(await round(new Date(Date.now() + 6 * HOUR - 60_000))).toEqual(NOTHING);
    expect((await paymentOf(shop.payload, young.id)).status).toBe('CREATED');

    expect(await round(new Date(Date.now() + 6 * HOUR + 60_000))).toEqual({ ...NOTHING, abandoned: 1 });
    const abandoned = await paymentOf(shop.payload, young.id);
    expect(abandoned.status).toBe('ABANDONED');
    expect(abandoned.failure).toBeNull();
  });

  it('when the shop said CAPTURING and died before PayPal heard it, then a round captures and makes the order', async () => {
    const c = await approvedCheckout();
    await setPayment(c.payment, { status: 'CAPTURING' });

    expect(await round()).toEqual({ ...NOTHING, completed: 1 });
    const [order] = await ordersOf(shop.payload, c.id);
    expect(order.transaction_gross_amount).toBe('20.40');
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual([`capture-${c.id}`]);
    expect(await paymentOf(shop.payload, c.id)).toMatchObject({ status: 'COMPLETED', order: order.id });
    // A second round finds nothing left to do.
    expect(await round()).toEqual(NOTHING);
  });

  it('when PayPal captured but the shop never heard the answer, then a round makes the order without a second capture', async () => {
    const c = await approvedCheckout();
    await setPayment(c.payment, { status: 'CAPTURING' });
    await captureAtPayPal(shop, c.id);

    expect(await round()).toEqual({ ...NOTHING, completed: 1 });
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(1);
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual(['']);
  });

  it('when PayPal captured another amount or declined, then a round counts the payment as failed and makes no order', async () => {
    const wrongAmount = await approvedCheckout({ capture_amount: '1.00' });
    const declined = await approvedCheckout({ capture_status: 'DECLINED' });
    for (const c of [wrongAmount, declined]) {
      await setPayment(c.payment, { status: 'CAPTURING' });
      await captureAtPayPal(shop, c.id);
    }

    expect(await round()).toEqual({ ...NOTHING, failed: 2 });
    expect((await paymentOf(shop.payload, wrongAmount.id)).status).toBe('FAILED');
    expect((await paymentOf(shop.payload, declined.id)).status).toBe('DECLINED');
    expect(await ordersOf(shop.payload, wrongAmount.id)).toHaveLength(0);
    expect(await ordersOf(shop.payload, declined.id)).toHaveLength(0);
  });

  it('when an approved checkout whose capture never started is 6 hours old, then it is abandoned, not captured', async () => {
    const c = await approvedCheckout();
    expect(await round(new Date(Date.now() + 6 * HOUR + 60_000))).toEqual({ ...NOTHING, abandoned: 1 });
    expect((await paymentOf(shop.payload, c.id)).status).toBe('ABANDONED');
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual([]);
  });

  it('when the capture is still pending at PayPal, then a round counts it pending and waits', async () => {
    const c = await approvedCheckout({ capture_status: 'PENDING' });
    expect((await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret })).status).toBe(
      'PENDING',
    );
    expect(await round()).toEqual({ ...NOTHING, pending: 1 });
    const pending = await paymentOf(shop.payload, c.id);
    expect(pending.status).toBe('PENDING');
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(0);

    // Cleared at PayPal (its webhook reaches the shop too): the next round leaves nothing pending.
    await clearPendingCapture(shop, pending.capture_id);
    await round();
    expect((await paymentOf(shop.payload, c.id)).status).toBe('COMPLETED');
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(1);
  });

  it('when PayPal does not know a payment the shop was capturing, then it is abandoned with the reason', async () => {
    const payment = (await shop.payload.create({
      collection: 'payments',
      data: {
        paypal_order_id: 'UNKNOWNATPAYPAL01',
        status: 'CAPTURING',
        currency_code: 'USD',
        total: '5.00',
        lines: [],
      },
      overrideAccess: true,
    })) as unknown as Doc;
    expect(await round()).toEqual({ ...NOTHING, abandoned: 1 });
    expect(await paymentOf(shop.payload, payment.paypal_order_id)).toMatchObject({
      status: 'ABANDONED',
      failure: 'PayPal does not know the order',
    });
  });

  it('when a payment was recorded CAPTURED before a crash, then a round makes the order from the record alone', async () => {
    const oil = await makeProduct(shop.payload);
    await capturedRecord('RECORDONLY000001', oil.id);

    expect(await round()).toEqual({ ...NOTHING, completed: 1 });
    const [order] = await ordersOf(shop.payload, 'RECORDONLY000001');
    expect(order).toMatchObject({
      status: 'NEW',
      payer_full_name: 'Anna Bianchi',
      payer_email_address: 'anna@example.com',
      shipment_full_name: 'Anna Bianchi',
      shipment_amount: 7.9,
      shipment_method: 'USPS Priority Mail',
      transaction_id: 'CAPTUREBYHAND0001',
      transaction_status: 'COMPLETED',
      transaction_gross_amount: '32.90',
      transaction_paypal_fee: '1.64',
      transaction_net_amount: '31.26',
      currency_code: 'USD',
      latitude: 37.3864,
      longitude: -121.88,
    });
    expect(order.products).toEqual([
      expect.objectContaining({
        product_id: oil.id,
        product: 'Olive oil',
        price: 12.5,
        quantity: 2,
        apply_discount: false,
        discount_unit: '%',
        discount_amount: 0,
        apply_shipping: true,
        category_ids: [],
        img_id: null,
      }),
    ]);
    expect(await paymentOf(shop.payload, 'RECORDONLY000001')).toMatchObject({ status: 'COMPLETED', order: order.id });
    await shop.waitForMail((m) => m.subject === `Your order ${order.number} — thank you!`);
  });

  it('when an order was saved without its lines (a kill between the writes), then the next finisher refills them', async () => {
    const oil = await makeProduct(shop.payload);
    const record = await capturedRecord('LINESLOST0000001', oil.id);
    const bare = (await shop.payload.create({
      collection: 'orders',
      data: { paypal_order_id: 'LINESLOST0000001', payer_email_address: 'anna@example.com', products: [] },
      overrideAccess: true,
    })) as unknown as Doc;

    expect(await svc.payments.completeFromWebhook(shop.payload, 'LINESLOST0000001')).toEqual({ order: bare.id });
    const orders = await ordersOf(shop.payload, 'LINESLOST0000001');
    expect(orders).toHaveLength(1);
    expect(orders[0].products.map((l: Doc) => [l.product_id, l.quantity])).toEqual([[oil.id, 2]]);
    expect((await paymentOf(shop.payload, record.paypal_order_id)).status).toBe('COMPLETED');
  });

  it('when the mail server was down at the capture, then a round sends both mails; orders over 3 days old are left', async () => {
    const c = await approvedCheckout({ payer: { email_address: 'late-mail@example.com' } });
    shop.refuseMail(true);
    let orderId: string;
    try {
      ({ id: orderId } = await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret }));
    } finally {
      shop.refuseMail(false);
    }
    const unsent = await orderById(shop.payload, orderId);
    expect([unsent.confirmation_sent_at, unsent.confirmation_claimed_at, unsent.shop_notified_at]).toEqual([
      null,
      null,
      null,
    ]);

    expect(await round(new Date(Date.now() + 3 * DAY + HOUR))).toEqual(NOTHING);
    expect(mailsTo('late-mail@example.com')).toHaveLength(0);

    expect(await round()).toEqual({ ...NOTHING, mailsSent: 2 });
    expect(mailsTo('late-mail@example.com')).toHaveLength(1);
    const sent = await orderById(shop.payload, orderId);
    expect(sent.confirmation_sent_at).toEqual(expect.any(String));
    expect(sent.shop_notified_at).toEqual(expect.any(String));
    expect(await round()).toEqual(NOTHING);
  });

  it('when only the shop notice is still unsent, then a round sends and counts just that one', async () => {
    const c = await approvedCheckout({ payer: { email_address: 'half-mailed@example.com' } });
    shop.refuseMail(true);
    let orderId: string;
    try {
      ({ id: orderId } = await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret }));
    } finally {
      shop.refuseMail(false);
    }
    await shop.payload.update({
      collection: 'orders',
      id: orderId,
      data: { confirmation_sent_at: new Date().toISOString() },
      overrideAccess: true,
    });
    expect(await round()).toEqual({ ...NOTHING, mailsSent: 1 });
    expect(mailsTo('half-mailed@example.com')).toHaveLength(0);
  });

  it('when more than a page (100) of checkouts are stale, then one round abandons every one of them', async () => {
    for (let i = 0; i < 101; i++) {
      await shop.payload.create({
        collection: 'payments',
        data: {
          paypal_order_id: `STALEPAGE${String(i).padStart(8, '0')}`,
          status: 'CREATED',
          currency_code: 'USD',
          total: '5.00',
          lines: [],
        },
        overrideAccess: true,
      });
    }
    expect(await round(new Date(Date.now() + 7 * HOUR))).toEqual({ ...NOTHING, abandoned: 101 });
  }, 60_000);
});

describe('what PayPal reports, as the shop reads it', () => {
  /** Captured at PayPal behind the shop's back, then PayPal's stored answer reshaped by `edit`. */
  async function capturedThenEdited(body: ApproveBody, edit: (order: PayPalOrder) => void) {
    const c = await approvedCheckout(body);
    await setPayment(c.payment, { status: 'CAPTURING' });
    await captureAtPayPal(shop, c.id);
    edit(svc.emulator.emulatorState.orders.get(c.id)!.order);
    return c;
  }
  const captureOf = (order: PayPalOrder) => order.purchase_units![0].payments!.captures![0];

  it('when PayPal gives no fee breakdown, payer name, parcel name, address or email, then the order falls back field by field', async () => {
    const noBreakdown = await capturedThenEdited({ shipping: { name: { full_name: 'Parcel Name' } } }, (order) => {
      captureOf(order).seller_receivable_breakdown = {} as never;
      delete order.payer;
    });
    const noShipping = await capturedThenEdited({}, (order) => {
      order.purchase_units![0].shipping = {};
      delete order.payer!.email_address;
    });
    const nobody = await capturedThenEdited({}, (order) => {
      order.purchase_units![0].shipping = {};
      delete order.payer;
    });

    expect(await round()).toEqual({ ...NOTHING, completed: 3 });
    expect((await ordersOf(shop.payload, noBreakdown.id))[0]).toMatchObject({
      transaction_gross_amount: '20.40',
      transaction_paypal_fee: '0.00',
      transaction_net_amount: '20.40',
      payer_full_name: 'Parcel Name',
      shipment_full_name: 'Parcel Name',
    });
    const [bare] = await ordersOf(shop.payload, noShipping.id);
    expect(bare).toMatchObject({
      payer_full_name: 'John Doe',
      shipment_full_name: 'John Doe',
      payer_email_address: '',
      shipment_address: {
        address_line_1: '',
        address_line_2: '',
        admin_area_1: '',
        admin_area_2: '',
        postal_code: '',
        country_code: '',
      },
      latitude: null,
      longitude: null,
    });
    // Nobody to confirm to: only the shop's notice goes out.
    expect(shop.mails.filter((m) => m.subject.includes(bare.number)).map((m) => m.envelopeTo)).toEqual([
      ['shop@example.com'],
    ]);
    expect((await ordersOf(shop.payload, nobody.id))[0]).toMatchObject({ payer_full_name: '', shipment_full_name: '' });
  });

  it('when PayPal captured in another currency or reports the capture FAILED, then no order and the payment is FAILED', async () => {
    const euro = await capturedThenEdited({}, (order) => {
      captureOf(order).amount.currency_code = 'EUR';
    });
    const failed = await capturedThenEdited({}, (order) => {
      captureOf(order).status = 'FAILED' as never;
    });
    expect(await round()).toEqual({ ...NOTHING, failed: 2 });
    expect(await paymentOf(shop.payload, euro.id)).toMatchObject({
      status: 'FAILED',
      failure: 'captured 20.40 EUR, priced 20.40 USD',
    });
    expect((await paymentOf(shop.payload, failed.id)).status).toBe('FAILED');
    expect(await ordersOf(shop.payload, euro.id)).toHaveLength(0);
    expect(await ordersOf(shop.payload, failed.id)).toHaveLength(0);
  });

  it('when PayPal calls an order COMPLETED but its capture is missing at any depth or has no amount, then it fails cleanly', async () => {
    const shapes: Array<(order: PayPalOrder) => void> = [
      (order) => delete order.purchase_units,
      (order) => (order.purchase_units = []),
      (order) => delete order.purchase_units![0].payments,
      (order) => (order.purchase_units![0].payments = {}),
      (order) => delete (captureOf(order) as Partial<PayPalCapture>).amount,
    ];
    const checkouts = [];
    for (const edit of shapes) checkouts.push(await capturedThenEdited({}, edit));
    expect(await round()).toEqual({ ...NOTHING, failed: 5 });
    for (const c of checkouts) {
      expect((await paymentOf(shop.payload, c.id)).status).toBe('FAILED');
      expect(await ordersOf(shop.payload, c.id)).toHaveLength(0);
    }
    expect((await paymentOf(shop.payload, checkouts[4].id)).failure).toBe(
      'captured undefined undefined, priced 20.40 USD',
    );
  });

  it('when the capture a round finishes is to a country the shop does not ship to, then it counts as failed, not captured', async () => {
    const c = await approvedCheckout({
      shipping: { address: { address_line_1: 'Rue 1', postal_code: '75001', country_code: 'FR' } },
    });
    await setPayment(c.payment, { status: 'CAPTURING' });
    expect(await round()).toEqual({ ...NOTHING, failed: 1 });
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual([]);
    // Refused for good: the record says so, and the next round has nothing left to do.
    const payment = await paymentOf(shop.payload, c.id);
    expect(payment.status).toBe('FAILED');
    expect(payment.failure).toBe('not captured: {"message":"The shipping country is not accepted","country":"FR"}');
    expect(await round()).toEqual(NOTHING);
  });

  it('when the browser retries a capture PayPal already completed, then the order is made without a second capture', async () => {
    const c = await approvedCheckout();
    await setPayment(c.payment, { status: 'CAPTURING' });
    await captureAtPayPal(shop, c.id);
    const reply = await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret });
    const [order] = await ordersOf(shop.payload, c.id);
    expect(reply).toEqual({ status: 'COMPLETED', id: order.id, httpStatus: 200 });
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual(['']);
  });

  it('when PayPal reports an approved order without units, shipping or address, then the capture refuses the empty country', async () => {
    const shapes: Array<(order: PayPalOrder) => void> = [
      (order) => delete order.purchase_units,
      (order) => (order.purchase_units = []),
      (order) => (order.purchase_units![0].shipping = {}),
    ];
    for (const edit of shapes) {
      const c = await approvedCheckout();
      edit(svc.emulator.emulatorState.orders.get(c.id)!.order);
      await expect(
        svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret }),
      ).rejects.toMatchObject({
        status: 400,
        result: { message: 'The shipping country is not accepted', country: '' },
      });
    }
  });

  it('when a webhook names a PayPal order the shop never made, then nothing is done', async () => {
    expect(await svc.payments.completeFromWebhook(shop.payload, 'NEVERMADEHERE001')).toEqual({ order: null });
  });

  it('when the shop started capturing but the buyer never approved, then a round leaves it alone while it is young', async () => {
    const oil = await makeProduct(shop.payload);
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 1 }] });
    await setPayment(await paymentOf(shop.payload, created.id), { status: 'CAPTURING' });
    expect(await round()).toEqual(NOTHING);
    expect((await paymentOf(shop.payload, created.id)).status).toBe('CAPTURING');
  });

  it('when PayPal does not answer, then a round counts an error and changes nothing; a webhook gets 502 to be retried', async () => {
    const c = await capturedElsewhere();
    const signed = sign(c.event);
    await withEnv(svc, { PORT: await deadPort() }, async () => {
      expect(await round()).toEqual({ ...NOTHING, errors: 1 });
      await expect(
        svc.webhook.handlePayPalWebhook(shop.payload, headersOf(signed), signed.rawBody),
      ).rejects.toMatchObject({ status: 502, result: 'The payment provider did not answer' });
    });
    expect((await paymentOf(shop.payload, c.id)).status).toBe('CAPTURING');
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(0);
    // PayPal's retry, once it answers again, is verified afresh and acted on.
    expect((await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(signed), signed.rawBody)).order).toEqual(
      expect.any(String),
    );
  });
});

describe('startPaymentReconciler', () => {
  it('when started, then a first round runs at once and finishes a recorded capture; stopping ends the rounds', async () => {
    const oil = await makeProduct(shop.payload);
    await capturedRecord('STARTROUND000001', oil.id);
    const stop = svc.reconciler.startPaymentReconciler(shop.payload, 3_600_000);
    try {
      const until = Date.now() + 10_000;
      while ((await paymentOf(shop.payload, 'STARTROUND000001')).status !== 'COMPLETED') {
        if (Date.now() > until) throw new Error('the first round did not finish the payment within 10 s');
        await sleep(50);
      }
    } finally {
      stop();
    }
    expect(await ordersOf(shop.payload, 'STARTROUND000001')).toHaveLength(1);
  });

  it('when stopped before its first round, then no round runs', async () => {
    const oil = await makeProduct(shop.payload);
    await capturedRecord('STOPPEDEARLY0001', oil.id);
    svc.reconciler.startPaymentReconciler(shop.payload, 3_600_000)();
    await sleep(300);
    expect((await paymentOf(shop.payload, 'STOPPEDEARLY0001')).status).toBe('CAPTURED');
  });
});

describe('sendNewOrderNotices', () => {
  /** An order whose two mails were refused at the capture: both unsent and unclaimed. */
  async function unmailedOrder(): Promise<Doc> {
    const c = await approvedCheckout();
    shop.refuseMail(true);
    try {
      const { id } = await svc.payments.capturePayment(shop.payload, { orderId: c.id, secret: c.secret });
      return await orderById(shop.payload, id);
    } finally {
      shop.refuseMail(false);
    }
  }
  const claimedAgo = (order: Doc, msAgo: number) =>
    shop.payload.update({
      collection: 'orders',
      id: order.id,
      data: {
        confirmation_claimed_at: new Date(Date.now() - msAgo).toISOString(),
        shop_notice_claimed_at: new Date(Date.now() - msAgo).toISOString(),
      },
      overrideAccess: true,
    });

  it('when another sender claimed the mails a minute ago, then they are skipped; after the 2-minute lease they are sent', async () => {
    const order = await unmailedOrder();
    const view = svc.orders.toPublicOrder(order);
    await claimedAgo(order, 60_000);
    expect(await svc.notices.sendNewOrderNotices(shop.payload, view)).toEqual({
      confirmation: 'skipped',
      shopNotice: 'skipped',
    });
    await claimedAgo(order, 130_000);
    expect(await svc.notices.sendNewOrderNotices(shop.payload, view)).toEqual({
      confirmation: 'sent',
      shopNotice: 'sent',
    });
    const after = await orderById(shop.payload, order.id);
    expect([after.confirmation_claimed_at, after.shop_notice_claimed_at]).toEqual([null, null]);
    expect(await svc.notices.sendNewOrderNotices(shop.payload, view)).toEqual({
      confirmation: 'skipped',
      shopNotice: 'skipped',
    });
  });

  it('when the mail server refuses, then both fail and release their claims for the next try', async () => {
    const order = await unmailedOrder();
    shop.refuseMail(true);
    try {
      expect(await svc.notices.sendNewOrderNotices(shop.payload, svc.orders.toPublicOrder(order))).toEqual({
        confirmation: 'failed',
        shopNotice: 'failed',
      });
    } finally {
      shop.refuseMail(false);
    }
    const after = await orderById(shop.payload, order.id);
    expect([after.confirmation_claimed_at, after.shop_notice_claimed_at]).toEqual([null, null]);
    expect([after.confirmation_sent_at, after.shop_notified_at]).toEqual([null, null]);
  });
});

describe('handlePayPalWebhook', () => {
  it('when PayPal signs PAYMENT.CAPTURE.COMPLETED for a waiting payment, then the order is made once, also on a replay', async () => {
    const c = await capturedElsewhere();
    const signed = sign(c.event);
    const first = await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(signed), signed.rawBody);
    const [order] = await ordersOf(shop.payload, c.id);
    expect(first).toEqual({ received: true, order: order.id });
    // Finished: a replay is acknowledged without asking PayPal again.
    const calls = svc.emulator.emulatorState.verifyCalls;
    expect(await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(signed), signed.rawBody)).toEqual({
      received: true,
      order: null,
    });
    expect(svc.emulator.emulatorState.verifyCalls).toBe(calls);
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(1);
  });

  it('when PayPal reports the capture of a payment the shop holds as CREATED, PENDING or CAPTURED, then the order is made', async () => {
    const created = await capturedElsewhere();
    await setPayment(created.payment, { status: 'CREATED' });
    const pending = await capturedElsewhere();
    await setPayment(pending.payment, { status: 'PENDING' });
    const oil = await makeProduct(shop.payload);
    await capturedRecord('WEBHOOKCAPTURED1', oil.id);
    const recorded = {
      id: 'WEBHOOKCAPTURED1',
      event: {
        ...created.event,
        resource: { ...created.event.resource, supplementary_data: { related_ids: { order_id: 'WEBHOOKCAPTURED1' } } },
      },
    };
    for (const c of [created, pending, recorded]) {
      const signed = sign(c.event);
      const reply = await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(signed), signed.rawBody);
      const orders = await ordersOf(shop.payload, c.id);
      expect(orders).toHaveLength(1);
      expect(reply).toEqual({ received: true, order: orders[0].id });
    }
  });

  it('when a signature header is exactly 2000 characters, then it is not refused as oversized but checked by PayPal', async () => {
    const c = await capturedElsewhere();
    const signed = sign(c.event);
    const headers = headersOf(signed);
    headers.set('paypal-transmission-sig', 'x'.repeat(2000));
    const calls = svc.emulator.emulatorState.verifyCalls;
    await expect(svc.webhook.handlePayPalWebhook(shop.payload, headers, signed.rawBody)).rejects.toMatchObject({
      status: 400,
      result: 'Invalid webhook signature',
    });
    expect(svc.emulator.emulatorState.verifyCalls).toBe(calls + 1);
  });

  it('when the body is altered after signing, then 400, no order, and a repeat costs no second verify call', async () => {
    const c = await capturedElsewhere();
    const signed = sign(c.event);
    const forged = signed.rawBody.replace(c.event.id, 'WH-FORGED-0000000000000000');
    const calls = svc.emulator.emulatorState.verifyCalls;
    for (let i = 0; i < 2; i++) {
      await expect(svc.webhook.handlePayPalWebhook(shop.payload, headersOf(signed), forged)).rejects.toMatchObject({
        status: 400,
        result: 'Invalid webhook signature',
      });
    }
    expect(svc.emulator.emulatorState.verifyCalls).toBe(calls + 1);
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(0);
  });

  it('when the signature headers are missing, oversized, point elsewhere, or the time is stale or ahead, then 400 without asking PayPal', async () => {
    const c = await capturedElsewhere();
    const calls = svc.emulator.emulatorState.verifyCalls;
    const signed = sign(c.event);
    const refuse = async (headers: Headers, body: string, message: string) =>
      expect(svc.webhook.handlePayPalWebhook(shop.payload, headers, body)).rejects.toMatchObject({
        status: 400,
        result: message,
      });

    await refuse(
      new Headers({ 'content-type': 'application/json' }),
      signed.rawBody,
      'Missing PayPal signature headers',
    );
    const without = headersOf(signed);
    without.delete('paypal-transmission-sig');
    await refuse(without, signed.rawBody, 'Missing PayPal signature headers');
    const huge = headersOf(signed);
    huge.set('paypal-transmission-sig', 'x'.repeat(2001));
    await refuse(huge, signed.rawBody, 'Invalid PayPal signature headers');
    const elsewhere = headersOf(signed);
    elsewhere.set('paypal-cert-url', 'https://attacker.example/certs/emulator.pem');
    await refuse(elsewhere, signed.rawBody, 'Invalid webhook signature');
    const notUrl = headersOf(signed);
    notUrl.set('paypal-cert-url', 'not a url');
    await refuse(notUrl, signed.rawBody, 'Invalid webhook signature');
    const stale = sign(c.event, { transmissionTime: new Date(Date.now() - 5 * DAY).toISOString() });
    await refuse(headersOf(stale), stale.rawBody, 'Invalid webhook signature');
    const ahead = sign(c.event, { transmissionTime: new Date(Date.now() + 11 * 60_000).toISOString() });
    await refuse(headersOf(ahead), ahead.rawBody, 'Invalid webhook signature');
    const garbled = headersOf(signed);
    garbled.set('paypal-transmission-time', 'yesterday');
    await refuse(garbled, signed.rawBody, 'Invalid webhook signature');
    await refuse(headersOf(signed), '{not json', 'Body must be valid JSON');

    expect(svc.emulator.emulatorState.verifyCalls).toBe(calls);
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(0);
  });

  it('when the transmission is 3 days old or 5 minutes ahead, then it is still checked and acted on', async () => {
    const c = await capturedElsewhere();
    const old = sign(c.event, { transmissionTime: new Date(Date.now() - 3 * DAY).toISOString() });
    const reply = await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(old), old.rawBody);
    expect(reply.order).toEqual(expect.any(String));

    const d = await capturedElsewhere();
    const ahead = sign(d.event, { transmissionTime: new Date(Date.now() + 5 * 60_000).toISOString() });
    expect((await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(ahead), ahead.rawBody)).order).toEqual(
      expect.any(String),
    );
  });

  it('when the event is not a completed capture, names no order, or an order nobody waits for, then nothing is verified', async () => {
    const c = await capturedElsewhere();
    const calls = svc.emulator.emulatorState.verifyCalls;
    const other = sign({ ...c.event, event_type: 'CHECKOUT.ORDER.APPROVED' });
    expect(await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(other), other.rawBody)).toEqual({
      received: true,
      order: null,
    });
    const noOrder = sign({ ...c.event, resource: { ...c.event.resource, supplementary_data: undefined } });
    await expect(
      svc.webhook.handlePayPalWebhook(shop.payload, headersOf(noOrder), noOrder.rawBody),
    ).rejects.toMatchObject({ status: 400, result: 'The capture names no order' });
    const stranger = sign({
      ...c.event,
      resource: { ...c.event.resource, supplementary_data: { related_ids: { order_id: 'NOTOURORDER00001' } } },
    });
    expect(await svc.webhook.handlePayPalWebhook(shop.payload, headersOf(stranger), stranger.rawBody)).toEqual({
      received: true,
      order: null,
    });
    expect(svc.emulator.emulatorState.verifyCalls).toBe(calls);
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(0);
  });
});

describe('handlePayPalWebhook against real PayPal (no emulator)', () => {
  const sandbox = { PAYPAL_CLIENT_ID: 'sandbox-client', PAYPAL_CLIENT_SECRET: 'sandbox-secret' };
  const withCert = (certUrl: string) => {
    const signed = sign({ id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'ORDER1' } });
    const headers = headersOf(signed);
    headers.set('paypal-cert-url', certUrl);
    return (): Promise<unknown> => svc.webhook.handlePayPalWebhook(shop.payload, headers, signed.rawBody);
  };

  it('when the certificate is not on https at paypal.com, then 400; at PayPal without a webhook id, then 400 naming the variable', async () => {
    await withEnv(svc, { ...sandbox, PAYPAL_WEBHOOK_ID: undefined }, async () => {
      for (const certUrl of [
        'http://api.paypal.com/v1/notifications/certs/CERT-1',
        'https://evilpaypal.com/v1/notifications/certs/CERT-1',
        'https://paypal.com.attacker.example/certs/CERT-1',
        `${shop.baseUrl}/__paypal/certs/emulator.pem`,
      ]) {
        await expect(withCert(certUrl)()).rejects.toMatchObject({ status: 400, result: 'Invalid webhook signature' });
      }
      for (const certUrl of ['https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1', 'https://paypal.com/c']) {
        await expect(withCert(certUrl)()).rejects.toMatchObject({
          status: 400,
          result: 'Webhooks are not configured (PAYPAL_WEBHOOK_ID)',
        });
      }
    });
  });

  it('when the webhook id is set and the event is one the shop ignores, then it is acknowledged without asking PayPal', async () => {
    await withEnv(svc, { ...sandbox, PAYPAL_WEBHOOK_ID: 'WH-SANDBOX-1' }, async () => {
      expect(await withCert('https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1')()).toEqual({
        received: true,
        order: null,
      });
    });
  });
});

describe('setDatesIf', () => {
  it('when the database is MongoDB, then one updateOne with every group as an $or inside $and tells whether it changed', async () => {
    const calls: Array<{ filter: unknown; update: unknown }> = [];
    let modifiedCount = 1;
    const payload = {
      db: {
        name: 'mongoose',
        collections: {
          orders: {
            updateOne: async (filter: unknown, update: unknown) => {
              calls.push({ filter, update });
              return { modifiedCount };
            },
          },
        },
      },
    } as never;
    const now = new Date('2026-03-01T10:00:00.000Z');
    const before = new Date('2026-03-01T09:58:00.000Z');
    const changed = await svc.conditionalUpdate.setDatesIf(payload, 'orders', 'o1', { claimed: now }, [
      [{ field: 'sent', isNull: true }],
      [
        { field: 'claimed', isNull: true },
        { field: 'claimed', before },
        { field: 'claimed', equals: now },
      ],
    ]);
    expect(changed).toBe(true);
    modifiedCount = 0;
    expect(await svc.conditionalUpdate.setDatesIf(payload, 'orders', 'o2', { sent: null }, [])).toBe(false);
    expect(calls).toEqual([
      {
        filter: {
          _id: 'o1',
          $and: [
            { $or: [{ sent: null }] },
            { $or: [{ claimed: null }, { claimed: { $lt: before } }, { claimed: now }] },
          ],
        },
        update: { $set: { claimed: now } },
      },
      { filter: { _id: 'o2' }, update: { $set: { sent: null } } },
    ]);
    await expect(svc.conditionalUpdate.setDatesIf(payload, 'payments', 'p1', { x: now }, [])).rejects.toThrow(
      'No MongoDB model for payments',
    );
    const postgres = { db: { name: 'postgres' } } as never;
    await expect(svc.conditionalUpdate.setDatesIf(postgres, 'orders', 'o1', { x: now }, [])).rejects.toThrow(
      'Conditional updates are not supported on the postgres adapter',
    );
  });

  it('when SQLite holds the row, then the update applies only while every group holds, and says so', async () => {
    const order = (await shop.payload.create({
      collection: 'orders',
      data: { paypal_order_id: `DATES${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 10)}` },
      overrideAccess: true,
    })) as unknown as Doc;
    const t1 = new Date('2026-03-01T10:00:00.000Z');
    const t2 = new Date('2026-03-01T10:05:00.000Z');
    const set = (
      values: Record<string, Date | null>,
      conditions: Parameters<Services['conditionalUpdate']['setDatesIf']>[4],
    ) => svc.conditionalUpdate.setDatesIf(shop.payload, 'orders', order.id, values, conditions);
    const read = async () => (await orderById(shop.payload, order.id)).confirmation_claimed_at;

    expect(await set({ confirmation_claimed_at: t1 }, [[{ field: 'confirmation_claimed_at', isNull: true }]])).toBe(
      true,
    );
    expect(await read()).toBe('2026-03-01T10:00:00.000Z');
    expect(await set({ confirmation_claimed_at: t2 }, [[{ field: 'confirmation_claimed_at', isNull: true }]])).toBe(
      false,
    );
    // before: strictly earlier; t1 is not before t1.
    expect(await set({ confirmation_claimed_at: t2 }, [[{ field: 'confirmation_claimed_at', before: t1 }]])).toBe(
      false,
    );
    expect(await set({ confirmation_claimed_at: t2 }, [[{ field: 'confirmation_claimed_at', equals: t2 }]])).toBe(
      false,
    );
    expect(
      await set({ confirmation_claimed_at: t2 }, [
        [{ field: 'confirmation_claimed_at', isNull: true }],
        [{ field: 'confirmation_claimed_at', equals: t1 }],
      ]),
    ).toBe(false);
    expect(
      await set({ confirmation_claimed_at: t2, shop_notice_claimed_at: t1 }, [
        [
          { field: 'confirmation_claimed_at', isNull: true },
          { field: 'confirmation_claimed_at', before: t2 },
        ],
      ]),
    ).toBe(true);
    const after = await orderById(shop.payload, order.id);
    expect([after.confirmation_claimed_at, after.shop_notice_claimed_at]).toEqual([
      '2026-03-01T10:05:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
    expect(await set({ confirmation_claimed_at: null }, [[{ field: 'confirmation_claimed_at', equals: t2 }]])).toBe(
      true,
    );
    expect(await read()).toBeNull();
    // Another row's id changes nothing.
    expect(
      await svc.conditionalUpdate.setDatesIf(
        shop.payload,
        'orders',
        'no-such-order',
        { confirmation_claimed_at: t1 },
        [],
      ),
    ).toBe(false);
  });
});

describe('the shipped and delivered mails (issue 22 §2): claimed on the change, swept by the reconciler', () => {
  const LEASE_MS = 120_000;
  const shippingNotices = () => import('../../services/shipping-notices');
  const uid = () => Math.random().toString(36).slice(2, 10);

  /** A paid order (never mailed about its parcel) and its change to SHIPPED, recorded as the control centre does. */
  async function shippedOrder(extra: Record<string, unknown> = {}): Promise<{ order: Doc; eventId: string }> {
    const order = (await shop.payload.create({
      collection: 'orders',
      data: {
        number: `SHIP${uid().toUpperCase()}`,
        status: 'SHIPPED',
        payer_full_name: 'Anna Verdi',
        payer_email_address: `anna.${uid()}@example.com`,
        shipment_full_name: 'Anna Verdi',
        shipment_address: {
          address_line_1: '1 Main St',
          admin_area_1: 'NY',
          admin_area_2: 'New York',
          postal_code: '10001',
          country_code: 'US',
        },
        transaction_gross_amount: '20.40',
        products: [{ product_id: 'p-1', product: 'Olive oil', price: 12.5, quantity: 1 }],
        // Its confirmation and the shop's notice went out at the capture.
        confirmation_sent_at: new Date().toISOString(),
        shop_notified_at: new Date().toISOString(),
        ...extra,
      },
      overrideAccess: true,
    })) as unknown as Doc;
    const { recordOrderEvent } = await import('../../services/admin/order-events');
    await recordOrderEvent(
      { payload: shop.payload },
      {
        order: order.id,
        type: 'status',
        by: 'system',
        from: 'PROCESSING',
        to: 'SHIPPED',
        tracking_number: '9400111899223033005282',
      },
    );
    const found = await shop.payload.find({
      collection: 'order-events',
      where: { and: [{ order: { equals: order.id } }, { type: { equals: 'status' } }] },
      depth: 0,
      overrideAccess: true,
    });
    return { order, eventId: String(found.docs[0].id) };
  }

  const eventOf = async (id: string) =>
    (await shop.payload.findByID({ collection: 'order-events', id, depth: 0, overrideAccess: true })) as unknown as Doc;
  const mailsTo = (order: Doc) => shop.mails.filter((m) => m.envelopeTo.includes(order.payer_email_address));
  const mailSentEvents = async (order: Doc) =>
    (
      await shop.payload.find({
        collection: 'order-events',
        where: { and: [{ order: { equals: order.id } }, { type: { equals: 'mail_sent' } }] },
        depth: 0,
        overrideAccess: true,
      })
    ).docs.map((d) => (d as unknown as Doc).note);

  it('when a sender claimed the mail and died, then the reconciler leaves it during the lease and sends it once after', async () => {
    const { claimStatusMail } = await shippingNotices();
    const { order, eventId } = await shippedOrder();
    // A live claim (taken a minute ago): nobody else sends.
    expect(await claimStatusMail(shop.payload, eventId, new Date(Date.now() - 60_000))).not.toBeNull();
    expect(await claimStatusMail(shop.payload, eventId)).toBeNull();
    expect(await round()).toEqual(NOTHING);
    expect(mailsTo(order)).toHaveLength(0);

    // The sender's claim is now older than the lease: the reconciler takes it over and sends.
    const stale = new Date(Date.now() - LEASE_MS - 10_000);
    await svc.conditionalUpdate.setDatesIf(shop.payload, 'order-events', eventId, { mail_claimed_at: stale }, []);
    expect(await round()).toEqual({ ...NOTHING, mailsSent: 1 });
    const [mail] = mailsTo(order);
    expect(mail.subject).toBe(`Your order ${order.number} is on its way`);
    expect(mail.body).toContain('Tracking number: 9400111899223033005282');
    const event = await eventOf(eventId);
    expect(event.mail_claimed_at).toBeNull();
    expect(typeof event.mail_sent_at).toBe('string');
    expect(await mailSentEvents(order)).toEqual(['Shipping mail sent to the shopper']);

    // Sent: no later round, and no claim, sends it again.
    expect(await round()).toEqual(NOTHING);
    expect(await claimStatusMail(shop.payload, eventId, new Date(Date.now() + DAY))).toBeNull();
    expect(mailsTo(order)).toHaveLength(1);
  });

  it('when the mail server refuses the mail, then the claim is released and the next round sends it', async () => {
    const { sendStatusMailOnce } = await shippingNotices();
    const { order, eventId } = await shippedOrder();
    shop.refuseMail(true);
    try {
      expect(await sendStatusMailOnce(shop.payload, eventId)).toBe('failed');
    } finally {
      shop.refuseMail(false);
    }
    expect((await eventOf(eventId)).mail_claimed_at).toBeNull();
    expect(await round()).toEqual({ ...NOTHING, mailsSent: 1 });
    expect(mailsTo(order).map((m) => m.subject)).toEqual([`Your order ${order.number} is on its way`]);
  });

  it('when the change is a demo order, or older than 3 days, then no round mails it', async () => {
    const demo = await shippedOrder({ demo: true });
    const old = await shippedOrder();
    expect(await round(new Date(Date.now() + 3 * DAY + HOUR))).toEqual(NOTHING);
    expect(await round()).toEqual({ ...NOTHING, mailsSent: 1 });
    expect(mailsTo(demo.order)).toHaveLength(0);
    expect((await eventOf(demo.eventId)).mail_sent_at).toBeNull();
    expect(mailsTo(old.order)).toHaveLength(1);
  });
});
