/**
 * The reconciler's stale holds (issue 24 §1 and §3, issue 29 §8): units of counted products and a discount
 * code's use, taken for a checkout right before the shop asks PayPal to capture, and left noted as TAKING by a
 * crash. A checkout that stopped between taking and saying CAPTURING is finished once STOCK_HOLD_LEASE_SECONDS
 * (120 s here) have passed since the taking, as a CAPTURING one is; a payment whose fate is known settles its
 * holds (kept with an order, given back without one); one whose fate is not known keeps them, however late.
 * In-process (see setup.ts), against the PayPal emulator the app mounts. Each test starts from a drained shop.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  approve,
  type ApproveBody,
  captureAtPayPal,
  clearPendingCapture,
  type Doc,
  makeProduct,
  ordersOf,
  paymentOf,
  uid,
} from './helpers';
import { loadServices, startInProcessShop, type InProcessShop, type Services } from './setup';

let shop: InProcessShop;
let svc: Services;
let stock: typeof import('../../services/stock');
let couponUses: typeof import('../../services/coupon-uses');
beforeAll(async () => {
  shop = await startInProcessShop();
  svc = await loadServices();
  stock = await import('../../services/stock');
  couponUses = await import('../../services/coupon-uses');
}, 120_000);
afterAll(async () => shop?.stop());

const HOUR = 3_600_000;
/** STOCK_HOLD_LEASE_SECONDS' default, which the in-process shop keeps (and the code holds use it too). */
const LEASE_MS = 120_000;
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

beforeEach(async () => {
  await svc.reconciler.reconcileOnce(shop.payload, new Date(Date.now() + 7 * HOUR));
});

const round = (at: number) => svc.reconciler.reconcileOnce(shop.payload, new Date(at));

const setPayment = (payment: Doc, data: Record<string, unknown>) =>
  shop.payload.update({ collection: 'payments', id: payment.id, data, overrideAccess: true });

/** A product whose units are counted: 10 of them. */
async function countedProduct(): Promise<Doc> {
  const oil = await makeProduct(shop.payload, { name: `Olio ${uid()}`, price: 12.5 });
  return (await shop.payload.update({
    collection: 'products',
    id: oil.id,
    data: { stock_quantity: 10 },
    overrideAccess: true,
  })) as unknown as Doc;
}

const productRow = async (id: string) =>
  (await shop.payload.findByID({ collection: 'products', id, depth: 0, overrideAccess: true })) as unknown as Doc;
const countOf = async (id: string) => (await productRow(id)).stock_quantity as number;
/** The checkouts holding units of a product, by PayPal order id. */
const holdsOn = async (id: string) => Object.keys(((await productRow(id)).stock_holds ?? {}) as object);

const couponRow = async (id: string) =>
  (await shop.payload.findByID({ collection: 'coupons', id, depth: 0, overrideAccess: true })) as unknown as Doc;
const couponHolds = async (id: string) => Object.keys(((await couponRow(id)).use_holds ?? {}) as object);

/**
 * Two units of a counted product (10 → 8) in an approved checkout, taken as the capture takes them, and
 * nothing after: the shop died before it said CAPTURING.
 */
async function heldCheckout(approveBody: ApproveBody = {}) {
  const oil = await countedProduct();
  const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 2 }] });
  await approve(shop, created.id, approveBody);
  const payment = await stock.takeStock(shop.payload, await paymentOf(shop.payload, created.id));
  expect(payment).toMatchObject({ status: 'CREATED', stock_state: 'TAKING' });
  expect(await countOf(oil.id)).toBe(8);
  return { id: created.id, oil, takenAt: Date.parse(String(payment.stock_taken_at)) };
}

/** A payment record made by hand (no PayPal order behind it) for 2 units of `productId`, its units taken. */
async function heldRecord(productId: string, paypalOrderId = `HELD${uid().toUpperCase()}`): Promise<Doc> {
  const payment = (await shop.payload.create({
    collection: 'payments',
    data: {
      paypal_order_id: paypalOrderId,
      status: 'CREATED',
      currency_code: 'USD',
      total: '32.90',
      lines: [{ id: productId, product: 'Olio', price: 12.5, quantity: 2 }],
    },
    overrideAccess: true,
  })) as unknown as Doc;
  return (await stock.takeStock(shop.payload, payment)) as Doc;
}

describe('a checkout that took its units and stopped before CAPTURING', () => {
  it('when exactly 120 s have passed, then a round leaves it; at 121 s it captures once: completed 1, 8 left, the hold kept', async () => {
    const c = await heldCheckout();

    expect(await round(c.takenAt + LEASE_MS)).toEqual(NOTHING);
    expect(await paymentOf(shop.payload, c.id)).toMatchObject({ status: 'CREATED', stock_state: 'TAKING' });
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual([]);

    expect(await round(c.takenAt + LEASE_MS + 1000)).toEqual({ ...NOTHING, completed: 1 });
    const [order] = await ordersOf(shop.payload, c.id);
    // 2 × 12.50 + 7.90 shipping.
    expect(order.transaction_gross_amount).toBe('32.90');
    expect(await paymentOf(shop.payload, c.id)).toMatchObject({
      status: 'COMPLETED',
      order: order.id,
      stock_state: 'KEPT',
    });
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual([`capture-${c.id}`]);
    expect(await countOf(c.oil.id)).toBe(8);
    expect(await holdsOn(c.oil.id)).toEqual([]);
    expect(await round(c.takenAt + LEASE_MS + 2000)).toEqual(NOTHING);
  });

  it('when the capture reached PayPal but the shop never heard the answer, then a round makes the order without a second capture', async () => {
    const c = await heldCheckout();
    await captureAtPayPal(shop, c.id);

    expect(await round(c.takenAt + LEASE_MS + 1000)).toEqual({ ...NOTHING, completed: 1 });
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(1);
    expect(svc.emulator.getEmulatedOrder(c.id)!.captureRequestIds).toEqual(['']);
    expect((await paymentOf(shop.payload, c.id)).stock_state).toBe('KEPT');
    expect(await countOf(c.oil.id)).toBe(8);
    expect(await holdsOn(c.oil.id)).toEqual([]);
  });

  it('when PayPal declined the capture that reached it, then a round counts it failed and the 2 units go back: 10', async () => {
    const c = await heldCheckout({ capture_status: 'DECLINED' });
    await captureAtPayPal(shop, c.id);

    expect(await round(c.takenAt + LEASE_MS + 1000)).toEqual({ ...NOTHING, failed: 1 });
    expect(await paymentOf(shop.payload, c.id)).toMatchObject({ status: 'DECLINED', stock_state: 'RETURNED' });
    expect(await ordersOf(shop.payload, c.id)).toHaveLength(0);
    expect(await countOf(c.oil.id)).toBe(10);
    expect(await holdsOn(c.oil.id)).toEqual([]);
  });

  it('when PayPal does not know the checkout, then a round abandons it and the 2 units go back: 10', async () => {
    const oil = await countedProduct();
    const payment = await heldRecord(oil.id);
    const takenAt = Date.parse(String(payment.stock_taken_at));
    expect(await countOf(oil.id)).toBe(8);

    expect(await round(takenAt + LEASE_MS - 1000)).toEqual(NOTHING);
    expect(await countOf(oil.id)).toBe(8);
    expect(await round(takenAt + LEASE_MS + 1000)).toEqual({ ...NOTHING, abandoned: 1 });
    expect(await paymentOf(shop.payload, payment.paypal_order_id)).toMatchObject({
      status: 'ABANDONED',
      failure: 'PayPal does not know the order',
      stock_state: 'RETURNED',
    });
    expect(await countOf(oil.id)).toBe(10);
  });
});

describe('holds of payments whose fate is known', () => {
  it('when payments ended FAILED, DECLINED and ABANDONED with their units still TAKING, then one round gives back 2 units each: 10, 10, 10', async () => {
    const oils = [await countedProduct(), await countedProduct(), await countedProduct()];
    const ended = ['FAILED', 'DECLINED', 'ABANDONED'];
    const payments: Doc[] = [];
    for (const [i, status] of ended.entries()) {
      const held = await heldRecord(oils[i].id);
      // The status written, then the crash before the units went back.
      await setPayment(held, { status });
      payments.push(held);
    }
    expect(await Promise.all(oils.map((o) => countOf(o.id)))).toEqual([8, 8, 8]);

    // Not a payment the first pass finishes: only the holds change, which the report does not count.
    expect(await round(Date.now())).toEqual(NOTHING);
    expect(await Promise.all(oils.map((o) => countOf(o.id)))).toEqual([10, 10, 10]);
    for (const [i, p] of payments.entries()) {
      expect(await paymentOf(shop.payload, p.paypal_order_id)).toMatchObject({
        status: ended[i],
        stock_state: 'RETURNED',
      });
    }
    for (const o of oils) expect(await holdsOn(o.id)).toEqual([]);
  });

  it('when a COMPLETED payment still notes its units as TAKING, then a round keeps them sold: 8, KEPT, no hold', async () => {
    const oil = await countedProduct();
    const held = await heldRecord(oil.id);
    await setPayment(held, { status: 'COMPLETED' });

    expect(await round(Date.now())).toEqual(NOTHING);
    expect((await paymentOf(shop.payload, held.paypal_order_id)).stock_state).toBe('KEPT');
    expect(await countOf(oil.id)).toBe(8);
    expect(await holdsOn(oil.id)).toEqual([]);
  });

  it('when the capture is still pending at PayPal, then its units stay held, even 7 hours later; once cleared, they stay sold', async () => {
    const oil = await countedProduct();
    const created = await svc.payments.createPayment(shop.payload, { products: [{ id: oil.id, quantity: 2 }] });
    await approve(shop, created.id, { capture_status: 'PENDING' });
    expect(
      (await svc.payments.capturePayment(shop.payload, { orderId: created.id, secret: created.secret! })).status,
    ).toBe('PENDING');

    expect(await round(Date.now() + 7 * HOUR)).toEqual({ ...NOTHING, pending: 1 });
    expect(await paymentOf(shop.payload, created.id)).toMatchObject({ status: 'PENDING', stock_state: 'TAKING' });
    expect(await countOf(oil.id)).toBe(8);
    expect(await holdsOn(oil.id)).toEqual([created.id]);

    // Cleared at PayPal (its webhook reaches the shop too, so the round may find it done): the order is made
    // and the units stay sold.
    await clearPendingCapture(shop, String((await paymentOf(shop.payload, created.id)).capture_id));
    await round(Date.now());
    expect(await ordersOf(shop.payload, created.id)).toHaveLength(1);
    expect(await paymentOf(shop.payload, created.id)).toMatchObject({ status: 'COMPLETED', stock_state: 'KEPT' });
    expect(await countOf(oil.id)).toBe(8);
    expect(await holdsOn(oil.id)).toEqual([]);
  });

  it('when settling one payment’s units or code use throws, then the round counts 2 errors and still settles the next payment', async () => {
    const oil = await countedProduct();
    const coupon = await shop.payload.create({
      collection: 'coupons',
      data: { code: `BROKEN${uid()}`, kind: 'percent', amount: 10 },
      overrideAccess: true,
    });
    // A key the conditional statements refuse to put in a JSON path: both settles of this payment throw.
    const broken = (await shop.payload.create({
      collection: 'payments',
      data: {
        paypal_order_id: 'BROKEN.KEY',
        status: 'FAILED',
        currency_code: 'USD',
        total: '32.90',
        lines: [{ id: oil.id, product: 'Olio', price: 12.5, quantity: 2 }],
        stock_state: 'TAKING',
        coupon_id: String(coupon.id),
        coupon_code: String(coupon.code),
        coupon_state: 'TAKING',
      },
      overrideAccess: true,
    })) as unknown as Doc;
    const after = await heldRecord(oil.id);
    await setPayment(after, { status: 'FAILED' });

    expect(await round(Date.now())).toEqual({ ...NOTHING, errors: 2 });
    expect(await paymentOf(shop.payload, broken.paypal_order_id)).toMatchObject({
      stock_state: 'TAKING',
      coupon_state: 'TAKING',
    });
    expect((await paymentOf(shop.payload, after.paypal_order_id)).stock_state).toBe('RETURNED');
    expect(await countOf(oil.id)).toBe(10);
    // Left TAKING, it would fail every later round: gone, so the next tests' rounds count only their own.
    await shop.payload.delete({ collection: 'payments', id: broken.id, overrideAccess: true });
  });
});

describe('a discount code use taken before the capture', () => {
  /** A percent code with one use, and an approved checkout of an uncounted product using it, its use taken. */
  async function heldUse() {
    const coupon = (await shop.payload.create({
      collection: 'coupons',
      data: { code: `ONCE${uid()}`, kind: 'percent', amount: 10, max_uses: 1 },
      overrideAccess: true,
    })) as unknown as Doc;
    const oil = await makeProduct(shop.payload, { price: 20 });
    const created = await svc.payments.createPayment(shop.payload, {
      products: [{ id: oil.id, quantity: 1 }],
      coupon_code: String(coupon.code),
    });
    await approve(shop, created.id);
    const payment = await couponUses.takeCouponUse(shop.payload, await paymentOf(shop.payload, created.id));
    expect(payment).toMatchObject({ status: 'CREATED', coupon_state: 'TAKING' });
    expect((await couponRow(coupon.id)).uses_count).toBe(1);
    return { id: created.id, coupon, takenAt: Date.parse(String(payment.coupon_taken_at)) };
  }

  it('when a checkout took the code’s only use and stopped before CAPTURING, then at 120 s a round leaves it; after, it captures and the use stays counted: 1 of 1', async () => {
    const c = await heldUse();

    expect(await round(c.takenAt + LEASE_MS)).toEqual(NOTHING);
    expect((await paymentOf(shop.payload, c.id)).status).toBe('CREATED');

    expect(await round(c.takenAt + LEASE_MS + 1000)).toEqual({ ...NOTHING, completed: 1 });
    const [order] = await ordersOf(shop.payload, c.id);
    // 20.00 less 10 % (2.00) plus 7.90 shipping.
    expect(order.transaction_gross_amount).toBe('25.90');
    expect(await paymentOf(shop.payload, c.id)).toMatchObject({ status: 'COMPLETED', coupon_state: 'KEPT' });
    expect((await couponRow(c.coupon.id)).uses_count).toBe(1);
    expect(await couponHolds(c.coupon.id)).toEqual([]);
  });

  it('when the payment ended DECLINED before its use went back, then a round gives the use back: 0 of 1, RETURNED', async () => {
    const c = await heldUse();
    const payment = await paymentOf(shop.payload, c.id);
    await setPayment(payment, { status: 'DECLINED' });

    expect(await round(Date.now())).toEqual(NOTHING);
    expect((await paymentOf(shop.payload, c.id)).coupon_state).toBe('RETURNED');
    expect((await couponRow(c.coupon.id)).uses_count).toBe(0);
    expect(await couponHolds(c.coupon.id)).toEqual([]);
  });

  it('when a payment that made its order still notes its use as TAKING, then a round keeps the use: 1 of 1, KEPT', async () => {
    const c = await heldUse();
    const payment = await paymentOf(shop.payload, c.id);
    await setPayment(payment, { status: 'COMPLETED' });

    expect(await round(Date.now())).toEqual(NOTHING);
    expect((await paymentOf(shop.payload, c.id)).coupon_state).toBe('KEPT');
    expect((await couponRow(c.coupon.id)).uses_count).toBe(1);
    expect(await couponHolds(c.coupon.id)).toEqual([]);
  });
});
