/**
 * Discount codes (issue 24 §3): the family makes codes in the control centre; a cart pays with one, priced on
 * the server with the shared rules and carried to PayPal as the breakdown's discount; refused codes change
 * nothing; the last use of a limited code goes to one shopper only, counted once per captured payment.
 */
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, isEnvelope, type Json, startServer, type TestServer, uid } from './harness';
import { countDocs, createEditor, createProduct, signInAs, updateSettings } from './factories';
import {
  approve,
  capturePayment,
  completePendingCapture,
  createPayment,
  emulatedCapture,
  inspectOrder,
  ordersFor,
  paymentsFor,
  publicOrder,
  waitFor,
} from './payment-helpers';

let server: TestServer;
let admin: AdminClient;
let editor: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  editor = await signInAs(server, await createEditor(admin), 'panel');
  await updateSettings(admin, { shipment_amount: 7.9 });
});

afterAll(async () => {
  await server?.stop();
});

/** A fresh code name (letters and digits), in the case the test wants. */
const codeName = (prefix = 'Code') => `${prefix}${uid().replace(/-/g, '')}`;

async function makeCoupon(over: Record<string, unknown> = {}) {
  const res = await admin.api('/api/v2/admin/coupons', {
    method: 'POST',
    json: { code: codeName(), kind: 'percent', amount: 10, active: true, ...over },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.result as { id: string; code: string; uses_count: number };
}

async function couponNow(id: string) {
  const res = await admin.api(`/api/v2/admin/coupons/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.result as { uses_count: number; max_uses: number | null; code: string };
}

/** A published product at 12.50 with shipping, not counted. */
const product = () => createProduct(admin, { name: `Pecorino ${uid()}`, price: 12.5 });

async function payWith(code: string | null, products: { id: string; quantity: number }[]) {
  return createPayment(server, { products, coupon_code: code });
}

describe('admin/coupons', () => {
  it('when an admin creates a code in lower case, then it is stored in capitals with its terms and 0 uses', async () => {
    const name = codeName('summer');
    const res = await admin.api('/api/v2/admin/coupons', {
      method: 'POST',
      json: {
        code: name,
        kind: 'cash',
        amount: 5,
        min_subtotal: 30,
        starts_at: '2026-01-01T00:00:00.000Z',
        ends_at: '2030-01-01T00:00:00.000Z',
        max_uses: 20,
        active: true,
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.result).toMatchObject({
      code: name.toUpperCase(),
      kind: 'cash',
      amount: 5,
      min_subtotal: 30,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2030-01-01T00:00:00.000Z',
      max_uses: 20,
      uses_count: 0,
      active: true,
    });
  });

  it('when an admin lists with a search, then only matching codes come, with the count', async () => {
    const tag = uid().replace(/-/g, '').toUpperCase();
    await makeCoupon({ code: `LIST${tag}A` });
    await makeCoupon({ code: `LIST${tag}B` });
    await makeCoupon();
    const res = await admin.api(`/api/v2/admin/coupons?search=list${tag.toLowerCase()}&sort[0]=code&sort[1]=ASC`);
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect((res.body.result as { code: string }[]).map((c) => c.code)).toEqual([`LIST${tag}A`, `LIST${tag}B`]);
    expect(res.body.pagination.count).toBe(2);
  });

  it('when an admin changes a code and then deletes it, then each is on the audit log and the code is gone', async () => {
    const coupon = await makeCoupon();
    const put = await admin.api(`/api/v2/admin/coupons/${coupon.id}`, {
      method: 'PUT',
      json: { code: coupon.code, kind: 'percent', amount: 15, active: false },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.result).toMatchObject({ amount: 15, active: false });
    const del = await admin.api(`/api/v2/admin/coupons/${coupon.id}`, { method: 'DELETE' });
    expect(del.status, del.text).toBe(200);
    expect((await admin.api(`/api/v2/admin/coupons/${coupon.id}`)).status).toBe(404);
    const log = await admin.api(
      `/api/audit-log?where[collection][equals]=coupons&where[record_id][equals]=${coupon.id}&sort=at&limit=10`,
    );
    expect(log.status, log.text).toBe(200);
    expect((log.body.docs as { operation: string }[]).map((e) => e.operation)).toEqual(['create', 'update', 'delete']);
  });

  it('when a code differs from another only in case, then it is refused with 400 on /api/v2 and /api/coupons', async () => {
    const coupon = await makeCoupon();
    const v2 = await admin.api('/api/v2/admin/coupons', {
      method: 'POST',
      json: { code: coupon.code.toLowerCase(), kind: 'percent', amount: 5, active: true },
    });
    expect(v2.status, v2.text).toBe(400);
    expect(v2.text).toContain('A discount code with this name already exists');
    const rest = await admin.api('/api/coupons', {
      method: 'POST',
      json: { code: ` ${coupon.code.toLowerCase()} `, kind: 'cash', amount: 1 },
    });
    expect(rest.status, rest.text).toBe(400);
  });

  it('when a percent above 100, an amount of 0 or an end before the start is sent, then every door refuses it', async () => {
    const bodies = [
      { code: codeName(), kind: 'percent', amount: 150, active: true },
      { code: codeName(), kind: 'cash', amount: 0, active: true },
      {
        code: codeName(),
        kind: 'percent',
        amount: 10,
        active: true,
        starts_at: '2027-02-01T00:00:00.000Z',
        ends_at: '2027-01-01T00:00:00.000Z',
      },
    ];
    const before = await countDocs(admin, 'coupons');
    for (const json of bodies) {
      expect((await admin.api('/api/v2/admin/coupons', { method: 'POST', json })).status).toBe(400);
      expect((await admin.api('/api/coupons', { method: 'POST', json })).status).toBe(400);
    }
    expect(await countDocs(admin, 'coupons')).toBe(before);
    const coupon = await makeCoupon();
    const patch = await admin.api(`/api/coupons/${coupon.id}`, { method: 'PATCH', json: { amount: 101 } });
    expect(patch.status, patch.text).toBe(400);
  });

  it('when anyone writes uses_count through /api/coupons or /api/v2, then the count stays the shop’s own', async () => {
    const made = await admin.api('/api/coupons', {
      method: 'POST',
      json: { code: codeName(), kind: 'percent', amount: 10, uses_count: 7, use_holds: { X: 1 } },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.doc.id as string;
    expect((await couponNow(id)).uses_count).toBe(0);
    await admin.api(`/api/coupons/${id}`, { method: 'PATCH', json: { uses_count: 3 } });
    expect((await couponNow(id)).uses_count).toBe(0);
    const v2 = await admin.api(`/api/v2/admin/coupons/${id}`, {
      method: 'PUT',
      json: { code: made.body.doc.code, kind: 'percent', amount: 10, active: true, uses_count: 3 },
    });
    expect(v2.status).toBe(400);
    expect((await couponNow(id)).uses_count).toBe(0);
  });

  it('when an editor or a shopper asks for codes on any door, then 403 or 401 and nothing is listed', async () => {
    const coupon = await makeCoupon();
    expect((await editor.api('/api/v2/admin/coupons')).status).toBe(403);
    expect((await editor.api(`/api/v2/admin/coupons/${coupon.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await editor.api('/api/coupons')).status).toBe(403);
    expect(
      (await editor.api('/api/coupons', { method: 'POST', json: { code: codeName(), kind: 'cash', amount: 1 } }))
        .status,
    ).toBe(403);
    expect((await server.api('/api/v2/admin/coupons')).status).toBe(401);
    expect((await server.api('/api/coupons')).status).toBe(403);
    expect((await couponNow(coupon.id)).code).toBe(coupon.code);
  });
});

describe('GET coupons/{code} (the cart’s check)', () => {
  it('when a shopper checks a valid code in lower case, then only its terms come back', async () => {
    const coupon = await makeCoupon({ kind: 'percent', amount: 10, min_subtotal: 20, max_uses: 5 });
    const res = await server.api(`/api/v2/coupons/${coupon.code.toLowerCase()}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toEqual({ code: coupon.code, kind: 'percent', amount: 10, min_subtotal: 20 });
  });

  it('when a shopper checks an unknown or inactive code, then 400 says why', async () => {
    const unknown = await server.api('/api/v2/coupons/nosuchcode1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.message).toBe('The discount code NOSUCHCODE1 does not exist');
    const off = await makeCoupon({ active: false });
    const inactive = await server.api(`/api/v2/coupons/${off.code}`);
    expect(inactive.status).toBe(400);
    expect(inactive.body.result.message).toBe(`The discount code ${off.code} is not active`);
  });
});

describe('payments/create with a code', () => {
  it('when 2 × 12.50 goods with 7.90 shipping get 10 percent off, then PayPal is asked for 30.40 with a 2.50 discount', async () => {
    const coupon = await makeCoupon({ kind: 'percent', amount: 10 });
    const p = await product();
    const res = await payWith(coupon.code.toLowerCase(), [{ id: p.id, quantity: 2 }]);
    expect(res.status, res.text).toBe(201);
    const amount = ((await inspectOrder(server, res.body.result.id)).request.body as Json).purchase_units[0].amount;
    expect(amount).toEqual({
      currency_code: 'USD',
      value: '30.40',
      breakdown: {
        item_total: { currency_code: 'USD', value: '25.00' },
        shipping: { currency_code: 'USD', value: '7.90' },
        discount: { currency_code: 'USD', value: '2.50' },
      },
    });
    const [payment] = await paymentsFor(admin, res.body.result.id);
    expect(payment).toMatchObject({ total: '30.40', coupon_code: coupon.code, coupon_discount: 2.5 });
    // Created is not used: only a captured payment counts.
    expect((await couponNow(coupon.id)).uses_count).toBe(0);
  });

  it('when a product is 20 percent off and a 5.00 cash code is used, then 3.75 of own discount and 5.00 make 8.75 off', async () => {
    // 3 × 6.25 = 18.75 items, 20 % → 15.00 goods, 5.00 cash → 10.00, + 7.90 shipping = 17.90.
    const coupon = await makeCoupon({ kind: 'cash', amount: 5 });
    const p = await createProduct(admin, {
      price: 6.25,
      apply_discount: true,
      discount_unit: '%',
      discount_amount: 20,
    });
    const res = await payWith(coupon.code, [{ id: p.id, quantity: 3 }]);
    expect(res.status, res.text).toBe(201);
    const amount = ((await inspectOrder(server, res.body.result.id)).request.body as Json).purchase_units[0].amount;
    expect(amount.value).toBe('17.90');
    expect(amount.breakdown.item_total.value).toBe('18.75');
    expect(amount.breakdown.discount.value).toBe('8.75');
  });

  it('when a 40.00 cash code meets 25.00 of goods, then it takes 25.00 and the shopper pays the 7.90 shipping', async () => {
    const coupon = await makeCoupon({ kind: 'cash', amount: 40 });
    const p = await product();
    const res = await payWith(coupon.code, [{ id: p.id, quantity: 2 }]);
    expect(res.status, res.text).toBe(201);
    const amount = ((await inspectOrder(server, res.body.result.id)).request.body as Json).purchase_units[0].amount;
    expect(amount.value).toBe('7.90');
    expect(amount.breakdown.discount.value).toBe('25.00');
  });

  it('when the code is unknown, inactive, expired, not yet valid, under its minimum or used up, then 400 names why and nothing is created', async () => {
    const p = await product();
    const inactive = await makeCoupon({ active: false });
    const expired = await makeCoupon({ ends_at: '2024-03-31T12:00:00.000Z' });
    const future = await makeCoupon({ starts_at: '2099-05-01T12:00:00.000Z' });
    const minimum = await makeCoupon({ min_subtotal: 30 });
    const usedUp = await makeCoupon({ max_uses: 1 });
    // Used up: its one use goes to a captured payment first.
    const first = await payWith(usedUp.code, [{ id: p.id, quantity: 1 }]);
    await approve(server, first.body.result.id);
    expect((await capturePayment(server, first.body.result.id)).status).toBe(200);

    const cases: Array<[string, string]> = [
      ['nosuchcode9', 'The discount code NOSUCHCODE9 does not exist'],
      [inactive.code, `The discount code ${inactive.code} is not active`],
      [expired.code, `The discount code ${expired.code} expired on March 31st, 2024`],
      [future.code, `The discount code ${future.code} is valid from May 1st, 2099`],
      [minimum.code, `The discount code ${minimum.code} needs goods worth at least $30.00`],
      [usedUp.code, `The discount code ${usedUp.code} has been used up`],
    ];
    const before = await countDocs(admin, 'payments');
    for (const [code, message] of cases) {
      // 2 × 12.50 = 25.00 of goods: under the 30.00 minimum.
      const res = await payWith(code, [{ id: p.id, quantity: 2 }]);
      expect(res.status, res.text).toBe(400);
      expect(res.body.result.message).toBe(message);
    }
    expect(await countDocs(admin, 'payments')).toBe(before);
    expect((await couponNow(usedUp.id)).uses_count).toBe(1);
    expect((await couponNow(minimum.id)).uses_count).toBe(0);
  });
});

describe('payments/capture with a code', () => {
  it('when a shopper pays with a 10 percent code, then the order and its page show the code, 2.50 off and 30.40 paid, and one use is counted', async () => {
    const coupon = await makeCoupon({ kind: 'percent', amount: 10, max_uses: 3 });
    const p = await product();
    const res = await payWith(coupon.code, [{ id: p.id, quantity: 2 }]);
    const paypalId = res.body.result.id as string;
    await approve(server, paypalId);
    const capture = await capturePayment(server, paypalId);
    expect(capture.status, capture.text).toBe(200);
    const [order] = await ordersFor(admin, paypalId);
    expect(order).toMatchObject({ coupon_code: coupon.code, coupon_discount: 2.5, transaction_gross_amount: '30.40' });
    expect(await publicOrder(server, capture.body.result.id)).toMatchObject({
      coupon_code: coupon.code,
      coupon_discount: 2.5,
      transaction_gross_amount: '30.40',
    });
    expect((await couponNow(coupon.id)).uses_count).toBe(1);
    const [payment] = await paymentsFor(admin, paypalId);
    expect(payment.coupon_state).toBe('KEPT');
    // Captured again: still one order and one use.
    expect((await capturePayment(server, paypalId)).status).toBe(200);
    expect((await couponNow(coupon.id)).uses_count).toBe(1);
  });

  it('when the payment is declined, then the use taken before the capture is given back', async () => {
    const coupon = await makeCoupon({ max_uses: 1 });
    const p = await product();
    const res = await payWith(coupon.code, [{ id: p.id, quantity: 1 }]);
    const paypalId = res.body.result.id as string;
    await approve(server, paypalId, { capture_status: 'DECLINED' });
    expect((await capturePayment(server, paypalId)).status).toBe(402);
    expect((await couponNow(coupon.id)).uses_count).toBe(0);
    const [payment] = await paymentsFor(admin, paypalId);
    expect(payment.coupon_state).toBe('RETURNED');
    // The use is free again: another shopper gets it.
    const again = await payWith(coupon.code, [{ id: p.id, quantity: 1 }]);
    expect(again.status, again.text).toBe(201);
  });

  it('when PayPal holds the capture for review, then the use stays held (counted) until the webhook makes the order, and is kept', async () => {
    const coupon = await makeCoupon({ max_uses: 1 });
    const p = await product();
    const res = await payWith(coupon.code, [{ id: p.id, quantity: 1 }]);
    const paypalId = res.body.result.id as string;
    await approve(server, paypalId, { capture_status: 'PENDING' });
    expect((await capturePayment(server, paypalId)).status).toBe(202);
    expect((await couponNow(coupon.id)).uses_count).toBe(1);
    expect((await paymentsFor(admin, paypalId))[0].coupon_state).toBe('TAKING');
    // Held for this shopper: nobody else gets the last use meanwhile.
    const other = await payWith(coupon.code, [{ id: p.id, quantity: 1 }]);
    expect(other.status).toBe(400);
    expect(other.body.result.message).toBe(`The discount code ${coupon.code} has been used up`);

    await completePendingCapture(server, (await emulatedCapture(server, paypalId)).id);
    await waitFor('the order with the code', async () => (await ordersFor(admin, paypalId)).length === 1);
    await waitFor('the use kept', async () => (await paymentsFor(admin, paypalId))[0].coupon_state === 'KEPT');
    expect((await couponNow(coupon.id)).uses_count).toBe(1);
  });

  it('when 5 shoppers race for the one use of a code, then exactly 1 order has the discount and the others are refused before capture, not charged', async () => {
    const coupon = await makeCoupon({ kind: 'percent', amount: 10, max_uses: 1 });
    const p = await product();
    const shoppers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await payWith(coupon.code, [{ id: p.id, quantity: 2 }]);
        expect(res.status, res.text).toBe(201);
        const id = res.body.result.id as string;
        await approve(server, id);
        return id;
      }),
    );
    const answers = await Promise.all(shoppers.map((id) => capturePayment(server, id)));
    const paid = shoppers.filter((_, i) => answers[i].status === 200);
    const refused = shoppers.filter((_, i) => answers[i].status === 409);
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.result.message).toBe(`The discount code ${coupon.code} has been used up`);
    }
    const [order] = await ordersFor(admin, paid[0]);
    expect(order).toMatchObject({ coupon_code: coupon.code, coupon_discount: 2.5, transaction_gross_amount: '30.40' });
    for (const id of refused) {
      expect(await ordersFor(admin, id)).toHaveLength(0);
      // PayPal was never asked to capture: no money moved.
      const snap = await inspectOrder(server, id);
      expect(snap.order.status).toBe('APPROVED');
      expect(snap.order.purchase_units?.[0]?.payments?.captures ?? []).toHaveLength(0);
    }
    expect((await couponNow(coupon.id)).uses_count).toBe(1);
  });
});

describe('payments/capture when the code changed after the payment was made (issue 29 §5)', () => {
  /** A published product at 12.50 with shipping, counting `units` units. */
  const countedProduct = (units: number) =>
    createProduct(admin, { name: `Caciotta ${uid()}`, price: 12.5, stock_quantity: units });
  const unitsLeft = async (id: string) =>
    (await admin.api(`/api/products/${id}?depth=0`)).body.stock_quantity as number | null;

  /** The control centre's PUT of the whole code, with `over` changed. */
  async function changeCoupon(id: string, over: Record<string, unknown>) {
    const stored = (await admin.api(`/api/v2/admin/coupons/${id}`)).body.result as Json;
    const { code, kind, amount, min_subtotal, starts_at, ends_at, max_uses, active } = stored;
    const res = await admin.api(`/api/v2/admin/coupons/${id}`, {
      method: 'PUT',
      json: { code, kind, amount, min_subtotal, starts_at, ends_at, max_uses, active, ...over },
    });
    expect(res.status, res.text).toBe(200);
  }

  it.each([
    ['switched off', { active: false }, (code: string) => `The discount code ${code} is not active`],
    [
      'ended in the past',
      // Noon UTC: the same day in whatever time zone the server formats it.
      { ends_at: '2025-01-15T12:00:00.000Z' },
      (code: string) => `The discount code ${code} expired on January 15th, 2025`,
    ],
    [
      'given a 1000.00 minimum',
      { min_subtotal: 1000 },
      (code: string) => `The discount code ${code} needs goods worth at least $1000.00`,
    ],
  ])(
    'when, between approval and capture, the code is %s, then 409 says why, PayPal is never asked, no order, 6 units and 0 uses stay, and the cart pays 32.90 without it',
    async (_what, change, reason) => {
      const coupon = await makeCoupon({ kind: 'percent', amount: 10, max_uses: 5 });
      const p = await countedProduct(6);
      const res = await payWith(coupon.code, [{ id: p.id, quantity: 2 }]);
      expect(res.status, res.text).toBe(201);
      const paypalId = res.body.result.id as string;
      // Priced with the code: 25.00 − 2.50 + 7.90.
      expect((await inspectOrder(server, paypalId)).order.purchase_units?.[0]?.amount.value).toBe('30.40');
      await approve(server, paypalId);
      await changeCoupon(coupon.id, change);

      const capture = await capturePayment(server, paypalId);
      expect(capture.status, capture.text).toBe(409);
      expect(isEnvelope(capture)).toBe(true);
      expect(capture.body.result).toEqual({ message: reason(coupon.code), coupon: coupon.code });
      const snap = await inspectOrder(server, paypalId);
      expect(snap.captureRequestIds).toEqual([]);
      expect(snap.order.status).toBe('APPROVED');
      expect(await ordersFor(admin, paypalId)).toHaveLength(0);
      expect(await unitsLeft(p.id)).toBe(6);
      expect((await couponNow(coupon.id)).uses_count).toBe(0);
      // The cart forgets the code (web: couponRefused) and pays the full total: 25.00 + 7.90.
      const again = await payWith(null, [{ id: p.id, quantity: 2 }]);
      expect(again.status, again.text).toBe(201);
      expect((await inspectOrder(server, again.body.result.id)).order.purchase_units?.[0]?.amount.value).toBe('32.90');
    },
  );

  it('when PayPal refuses the capture with a 4xx (INSTRUMENT_DECLINED), then nothing is charged and the 3 units and the code use come back: 7 left, 0 uses', async () => {
    const coupon = await makeCoupon({ kind: 'percent', amount: 10, max_uses: 2 });
    const p = await countedProduct(7);
    const res = await payWith(coupon.code, [{ id: p.id, quantity: 3 }]);
    expect(res.status, res.text).toBe(201);
    const paypalId = res.body.result.id as string;
    await approve(server, paypalId, { capture_refusal: 'INSTRUMENT_DECLINED' });

    const capture = await capturePayment(server, paypalId);
    expect(capture.status, capture.text).toBe(422);
    expect(capture.body.result.issue).toBe('INSTRUMENT_DECLINED');
    // PayPal was asked once (the units and the use were held then) and moved no money.
    const snap = await inspectOrder(server, paypalId);
    expect(snap.captureRequestIds).toHaveLength(1);
    expect(snap.order.status).toBe('APPROVED');
    expect(snap.order.purchase_units?.[0]?.payments?.captures ?? []).toHaveLength(0);
    expect(await ordersFor(admin, paypalId)).toHaveLength(0);
    expect(await unitsLeft(p.id)).toBe(7);
    expect((await couponNow(coupon.id)).uses_count).toBe(0);
    const [payment] = await paymentsFor(admin, paypalId);
    expect(payment.coupon_state).toBe('RETURNED');
    expect(payment.stock_state).toBe('RETURNED');
  });
});

describe('the paperwork of an order paid with a code', () => {
  async function download(pathname: string): Promise<Buffer> {
    const res = await fetch(server.baseUrl + pathname, { headers: { cookie: admin.cookie, origin: server.baseUrl } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it('when an order of 2 × 12.50 was paid with 10 percent off, then the mail, the invoice and the CSV show the code, 2.50 off and 30.40', async () => {
    const coupon = await makeCoupon({ kind: 'percent', amount: 10 });
    const p = await product();
    const res = await payWith(coupon.code, [{ id: p.id, quantity: 2 }]);
    const paypalId = res.body.result.id as string;
    await approve(server, paypalId);
    const capture = await capturePayment(server, paypalId);
    expect(capture.status, capture.text).toBe(200);
    const orderId = capture.body.result.id as string;
    const [order] = await ordersFor(admin, paypalId);
    const number = String(order.number);

    const mail = await server.waitForMail((m) => m.subject.includes(number) && !m.subject.startsWith('New order'));
    // Issue 31 §2: read top to bottom, 25.00 − 2.50 + 7.90 = 30.40.
    expect(mail.body.replace(/\r\n/g, '\n')).toContain(
      ['Items: $25.00', `Discount code ${coupon.code}: −$2.50`, 'Shipping: $7.90', 'Total paid: $30.40'].join('\n'),
    );

    const parser = new PDFParse({
      data: new Uint8Array(await download(`/api/v2/admin/orders/${orderId}/invoice.pdf`)),
    });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`Discount code ${coupon.code}`);
    expect(text).toContain('-$2.50');
    expect(text).toContain('$30.40');

    const csv = await download(`/api/v2/admin/orders/export?number=${number}`);
    const rows = parse(csv.subarray(3).toString('utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Subtotal, r['Discount code'], r['Code discount'], r.Shipping, r.Total])).toEqual([
      ['25.00', coupon.code, '2.50', '7.90', '30.40'],
    ]);
  });
});

describe('analytics by discount code', () => {
  /** Pays with the code; the shop's order id. */
  async function paid(code: string, productId: string, quantity: number): Promise<string> {
    const res = await payWith(code, [{ id: productId, quantity }]);
    expect(res.status, res.text).toBe(201);
    await approve(server, res.body.result.id);
    const capture = await capturePayment(server, res.body.result.id);
    expect(capture.status).toBe(200);
    return capture.body.result.id as string;
  }

  it('when code A is paid with twice and code B twice, one of them refunded in full, then A shows 2 paid uses, 5.00 off, 60.80; B 1 paid use, 1 refunded, 5.00 off, 55.80 gross, 27.90 refunded, 27.90 sales', async () => {
    // A: 10 % of 2 × 12.50 = 2.50 off, 22.50 + 7.90 = 30.40 each. B: 5.00 cash off 25.00, 20.00 + 7.90 = 27.90.
    const a = await makeCoupon({ kind: 'percent', amount: 10 });
    const b = await makeCoupon({ kind: 'cash', amount: 5 });
    const p = await product();
    await paid(a.code, p.id, 2);
    await paid(a.code, p.id, 2);
    await paid(b.code, p.id, 2);
    const refundedInFull = await paid(b.code, p.id, 2);
    const refund = await admin.api(`/api/v2/admin/orders/${refundedInFull}/refunds`, {
      method: 'POST',
      json: { reason: 'Changed their mind' },
    });
    expect(refund.status, refund.text).toBe(201);
    const year = new Date().getFullYear();
    const res = await admin.api(`/api/v2/analytics/coupons?year=${year}`);
    expect(res.status, res.text).toBe(200);
    const mine = (res.body.result as { code: string }[]).filter((r) => [a.code, b.code].includes(r.code));
    expect(mine).toEqual([
      {
        code: a.code,
        orders: 2,
        refunded_orders: 0,
        discount_amount: 5,
        gross_amount: 60.8,
        refunded_amount: 0,
        sales_amount: 60.8,
      },
      // The refunded order is not a paid use and what the code took off it is not counted.
      {
        code: b.code,
        orders: 1,
        refunded_orders: 1,
        discount_amount: 5,
        gross_amount: 55.8,
        refunded_amount: 27.9,
        sales_amount: 27.9,
      },
    ]);
    expect((await editor.api(`/api/v2/analytics/coupons?year=${year}`)).status).toBe(403);
  });
});
