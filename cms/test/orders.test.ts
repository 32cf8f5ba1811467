/**
 * The shopper's view of a paid order (SPEC §7 Public: orders/{id}, orders/exist/{id}, payments/resend/{id}) and
 * the mails a capture sends. Orders are made through the real checkout (payments/create → emulator approve →
 * payments/capture); the order-lookup rate limit runs on a second server started with ORDER_LOOKUP_RATE_LIMIT=3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { type AdminClient, type CapturedMail, isEnvelope, startServer, type TestServer, uid } from './harness';
import { createProduct, type Doc } from './factories';
import {
  checkout,
  type CheckoutResult,
  DEFAULT_ADDRESS,
  DEFAULT_PAYER_EMAIL,
  ORDER_NUMBER_RE,
  publicOrder,
  sleep,
  ZIP_95131,
} from './payment-helpers';

let server: TestServer;
let admin: AdminClient;

const tok = uid();
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const payerEmail = `giulia.${tok}@example.com`;

/** The order made in beforeAll: 2 × Olio (20.00 −10 %) + 1 × Aceto (12.00 − 1.10 cash), shipping 7.90 = 54.80. */
let olio: Doc;
let aceto: Doc;
let first: CheckoutResult;
let second: CheckoutResult;
let firstNumber = '';
let secondNumber = '';

beforeAll(async () => {
  // A high lookup limit: this file looks orders up many times; the limit itself is tested on its own server.
  server = await startServer({ env: { ORDER_LOOKUP_RATE_LIMIT: '1000' } });
  admin = await server.loginAdmin();
  olio = await createProduct(admin, {
    name: `Olio Nuovo ${tok}`,
    price: 20,
    apply_discount: true,
    discount_unit: '%',
    discount_amount: 10,
    apply_shipping: true,
  });
  aceto = await createProduct(admin, {
    name: `Aceto Balsamico ${tok}`,
    price: 12,
    apply_discount: true,
    discount_unit: 'CASH',
    discount_amount: 1.1,
    apply_shipping: false,
  });
  first = await checkout(
    server,
    [
      { id: olio.id, quantity: 2 },
      { id: aceto.id, quantity: 1 },
    ],
    { payer: { name: { given_name: 'Giulia', surname: 'Bianchi' }, email_address: payerEmail } },
  );
  second = await checkout(server, [{ id: aceto.id, quantity: 1 }]);
  firstNumber = (await publicOrder(server, first.orderId)).number;
  secondNumber = (await publicOrder(server, second.orderId)).number;
});

afterAll(async () => {
  await server?.stop();
});

describe('GET orders/{id}', () => {
  it('when the order exists, then it shows number, status NEW, server prices, address, coordinates and the gross amount, without the PayPal fee', async () => {
    const res = await server.api(`/api/v2/orders/${first.orderId}`);
    expect(res.status).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    const order = res.body.result;
    expect(order.id).toBe(first.orderId);
    expect(order.number).toMatch(ORDER_NUMBER_RE);
    expect(order.status).toBe('NEW');
    expect(order.payer_full_name).toBe('Giulia Bianchi');
    expect(order.payer_email_address).toBe(payerEmail);
    expect(order.currency_code).toBe('USD');
    expect(order.shipment_amount).toBe(7.9);
    expect(order.products).toEqual([
      {
        id: olio.id,
        product: olio.name,
        price: 20,
        quantity: 2,
        apply_discount: true,
        discount_unit: '%',
        discount_amount: 10,
      },
      {
        id: aceto.id,
        product: aceto.name,
        price: 12,
        quantity: 1,
        apply_discount: true,
        discount_unit: 'CASH',
        discount_amount: 1.1,
      },
    ]);
    expect(order.shipment_full_name).toBe('Giulia Bianchi');
    expect(order.shipment_address).toEqual({ ...DEFAULT_ADDRESS, address_line_2: null });
    expect(order.coordinates).toEqual([...ZIP_95131]);
    expect(order.coordinates[0]).toBeGreaterThan(0); // latitude first
    expect(order.coordinates[1]).toBeLessThan(0);
    expect(order.transaction_gross_amount).toBe('54.80');
    expect(order.transaction_status).toBe('COMPLETED');
    expect(order.transaction_id).toMatch(/^[A-Z0-9]{17}$/);
    expect(order).not.toHaveProperty('transaction_paypal_fee');
    expect(order).not.toHaveProperty('transaction_net_amount');
    expect(order).not.toHaveProperty('paypal_order_id');
    expect(order).not.toHaveProperty('confirmation_sent_at');
  });

  it('when two orders are placed, then each has its own 8-character number from the order alphabet', () => {
    expect(firstNumber).toMatch(ORDER_NUMBER_RE);
    expect(secondNumber).toMatch(ORDER_NUMBER_RE);
    expect(firstNumber).not.toBe(secondNumber);
    expect(first.orderId).not.toBe(second.orderId);
  });

  it('when the product price changes after the order, then the order keeps the price that was paid', async () => {
    const upd = await admin.api(`/api/products/${aceto.id}`, { method: 'PATCH', json: { price: 99 } });
    expect(upd.status, upd.text).toBe(200);
    const order = await publicOrder(server, first.orderId);
    expect(order.products.find((p: Doc) => p.id === aceto.id).price).toBe(12);
    expect(order.transaction_gross_amount).toBe('54.80');
    await admin.api(`/api/products/${aceto.id}`, { method: 'PATCH', json: { price: 12 } });
  });

  it('when the id is an unknown uuid, then 404 in the envelope', async () => {
    const res = await server.api(`/api/v2/orders/${UNKNOWN_UUID}`);
    expect(res.status).toBe(404);
    expect(isEnvelope(res)).toBe(true);
  });

  it('when the id is malformed, then 400 in the envelope', async () => {
    for (const bad of ['not_an_id', 'abc%24def', `${'a'.repeat(65)}`, '%27%20OR%201%3D1']) {
      const res = await server.api(`/api/v2/orders/${bad}`);
      expect(res.status, `${bad}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
  });
});

describe('GET orders/exist/{number}', () => {
  it('when the number exists, then {id} of that order and nothing else', async () => {
    const res = await server.api(`/api/v2/orders/exist/${firstNumber}`);
    expect(res.status).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual({ id: first.orderId });
    const other = await server.api(`/api/v2/orders/exist/${secondNumber}`);
    expect(other.body.result).toEqual({ id: second.orderId });
  });

  it('when the number is typed in lower case, with a dash or with spaces, then the order is still found', async () => {
    const variants = [
      firstNumber.toLowerCase(),
      `${firstNumber.slice(0, 4)}-${firstNumber.slice(4)}`,
      `${firstNumber.slice(0, 4).toLowerCase()}-${firstNumber.slice(4)}`,
      encodeURIComponent(`${firstNumber.slice(0, 4)} ${firstNumber.slice(4)}`),
    ];
    for (const v of variants) {
      const res = await server.api(`/api/v2/orders/exist/${v}`);
      expect(res.status, `${v}: ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.body.result).toEqual({ id: first.orderId });
    }
  });

  it('when the number is unknown, then 404 in the envelope', async () => {
    // Same alphabet, but not one of the two numbers of this server.
    const unknown = ['ZZZZ2222', 'AAAA3333'].find((n) => n !== firstNumber && n !== secondNumber)!;
    const res = await server.api(`/api/v2/orders/exist/${unknown}`);
    expect(res.status).toBe(404);
    expect(isEnvelope(res)).toBe(true);
  });

  it('when the number has symbols or is too short or long, then 400 in the envelope', async () => {
    for (const bad of ['AB%24%23CD12', 'ABC', 'A'.repeat(21), '%27%20OR%201%3D1', 'ABCD_EFGH']) {
      const res = await server.api(`/api/v2/orders/exist/${bad}`);
      expect(res.status, `${bad}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
  });
});

describe('order mails', () => {
  const isConfirmation = (number: string) => (m: CapturedMail) =>
    m.subject.includes(number) && !m.subject.startsWith('New order');

  it("when an order is captured, then the payer's address gets a confirmation with the order number and the total", async () => {
    const mail = await server.waitForMail(isConfirmation(firstNumber));
    expect(mail.envelopeTo).toEqual([payerEmail]);
    expect(mail.to).toContain(payerEmail);
    expect(mail.subject).toContain(firstNumber);
    expect(mail.body).toContain(firstNumber);
    expect(mail.body).toContain('$54.80');
    expect(mail.body).toContain(`/site/orders/${first.orderId}`);
    expect(mail.body).toContain(olio.name);
    expect(mail.body).toContain('Giulia');
    // Exactly one, even though the emulator's webhook also reported the capture.
    await sleep(1_500);
    expect(server.mails.filter(isConfirmation(firstNumber))).toHaveLength(1);
  });

  it('when the order has discounts, then the totals block of the confirmation adds up as printed, top to bottom', async () => {
    const mail = await server.waitForMail(isConfirmation(firstNumber));
    const text = mail.body.split('<!doctype html>')[0].replace(/\r\n/g, '\n');
    // Items at full price 2 × 20.00 + 12.00 = 52.00; sale savings 2 × 2.00 + 1.10 = 5.10 (issue 31 §2):
    // 52.00 − 5.10 + 7.90 = 54.80, each saving with its minus, nothing else in between.
    expect(text).toContain(
      ['Items at full price: $52.00', 'Sale savings: −$5.10', 'Shipping: $7.90', 'Total paid: $54.80'].join('\n'),
    );
    expect(text).not.toContain('You saved');
  });

  it("when the payer's or shipping name holds HTML, then the confirmation's HTML part shows it escaped", async () => {
    const p = await createProduct(admin, { name: `Escape ${tok}`, price: 3 });
    const evil = `<img src=x onerror=alert(1)>`;
    const email = `escape.${tok}@example.com`;
    const { orderId } = await checkout(server, [{ id: p.id, quantity: 1 }], {
      payer: { name: { given_name: evil, surname: 'Rossi' }, email_address: email },
      shipping: { name: { full_name: `${evil} Rossi` }, address: { ...DEFAULT_ADDRESS } },
    });
    const number = (await publicOrder(server, orderId)).number;
    const mail = await server.waitForMail(isConfirmation(number));
    expect(mail.envelopeTo).toEqual([email]);
    const html = mail.body.slice(mail.body.indexOf('<!doctype html>'));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it("when the approval names no payer, then the emulator's default buyer gets the confirmation", async () => {
    const mail = await server.waitForMail(isConfirmation(secondNumber));
    expect(mail.envelopeTo).toEqual([DEFAULT_PAYER_EMAIL]);
    expect(mail.body).toContain('$10.90'); // 12.00 − 1.10, and Aceto applies no shipping
  });

  it("when an order is captured, then the shop's admin_email gets a new-order notice", async () => {
    const settings = await admin.api('/api/globals/shop-settings');
    const adminEmail = settings.body.admin_email;
    expect(adminEmail).toBeTruthy();
    const notice = await server.waitForMail((m) => m.subject.startsWith(`New order ${firstNumber}`));
    expect(notice.envelopeTo).toEqual([adminEmail]);
    expect(notice.subject).toContain('$54.80');
    expect(notice.body).toContain(payerEmail);
    expect(server.mails.filter((m) => m.subject.startsWith(`New order ${firstNumber}`))).toHaveLength(1);
  });
});

describe('GET payments/resend/{id}', () => {
  it('when the order was just paid, then the first resend is sent at once, and two more within the minute are 429 with no extra mail', async () => {
    // The confirmation the capture sent is not a resend: a shopper who did not get it may ask right away.
    const before = server.mails.length;
    const res = await server.api(`/api/v2/payments/resend/${second.orderId}`);
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    await server.waitForMail((m) => server.mails.indexOf(m) >= before && m.subject.includes(secondNumber));
    for (let i = 0; i < 2; i++) {
      const again = await server.api(`/api/v2/payments/resend/${second.orderId}`);
      expect(again.status, again.text).toBe(429);
      expect(isEnvelope(again)).toBe(true);
    }
    await sleep(300);
    // This order's mails only: the capture answers before its mails go out, so another checkout's may still arrive.
    expect(server.mails.slice(before).filter((m) => m.subject.includes(secondNumber))).toHaveLength(1);
  });

  it('when the last resend is more than a minute old, then the resend sends it once more to the payer only, and the next one is 429', async () => {
    const first_ = await server.api(`/api/v2/payments/resend/${first.orderId}`);
    expect([200, 429]).toContain(first_.status);
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    const upd = await admin.api(`/api/orders/${first.orderId}`, {
      method: 'PATCH',
      json: { confirmation_resent_at: old },
    });
    expect(upd.status, upd.text).toBe(200);
    await sleep(300);
    const before = server.mails.length;

    const res = await server.api(`/api/v2/payments/resend/${first.orderId}`);
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    const fresh = await server.waitForMail((m) => server.mails.indexOf(m) >= before && m.subject.includes(firstNumber));
    expect(fresh.envelopeTo).toEqual([payerEmail]);
    expect(fresh.body).toContain('$54.80');
    await sleep(300);
    // No second new-order notice to the shop (another checkout's mails may still arrive: count this order's).
    expect(server.mails.slice(before).filter((m) => m.subject.includes(firstNumber))).toHaveLength(1);

    const again = await server.api(`/api/v2/payments/resend/${first.orderId}`);
    expect(again.status).toBe(429);
  });

  it('when eight resends of a fresh order arrive at once, then one is sent and seven are 429', async () => {
    const fresh = await checkout(server, [{ id: aceto.id, quantity: 2 }]);
    const number = (await publicOrder(server, fresh.orderId)).number;
    await server.waitForMail((m) => m.subject.includes(number) && m.subject.startsWith('Your order'));
    await sleep(300);
    const before = server.mails.length;

    const replies = await Promise.all(
      Array.from({ length: 8 }, () => server.api(`/api/v2/payments/resend/${fresh.orderId}`)),
    );
    const statuses = replies.map((r) => r.status).sort();
    await sleep(500);
    const sent = server.mails.slice(before).filter((m) => m.subject.includes(number));
    expect(
      statuses.filter((s) => s === 200),
      `statuses ${statuses.join(',')}`,
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(sent).toHaveLength(1);
  });

  it('when the order id is unknown, then 404; when malformed, then 400', async () => {
    const unknown = await server.api(`/api/v2/payments/resend/${UNKNOWN_UUID}`);
    expect(unknown.status).toBe(404);
    expect(isEnvelope(unknown)).toBe(true);
    const bad = await server.api('/api/v2/payments/resend/not_an_id');
    expect(bad.status).toBe(400);
    expect(isEnvelope(bad)).toBe(true);
  });
});

describe('order lookup rate limit (ORDER_LOOKUP_RATE_LIMIT=3)', () => {
  let limited: TestServer;
  let number = '';
  let orderId = '';

  beforeAll(async () => {
    limited = await startServer({ env: { ORDER_LOOKUP_RATE_LIMIT: '3' } });
    const a = await limited.loginAdmin();
    const p = await createProduct(a, { name: `Limited ${uid()}`, price: 5 });
    orderId = (await checkout(limited, [{ id: p.id, quantity: 1 }])).orderId;
    number = (await publicOrder(limited, orderId)).number;
  });

  afterAll(async () => {
    await limited?.stop();
  });

  it('when a fourth lookup comes within the minute, then 429 "Request already sent!" in the envelope', async () => {
    expect((await limited.api(`/api/v2/orders/exist/${number}`)).status).toBe(200);
    expect((await limited.api('/api/v2/orders/exist/ZZZZ2222')).status).toBe(404);
    expect((await limited.api(`/api/v2/orders/exist/${number.toLowerCase()}`)).status).toBe(200);
    const res = await limited.api(`/api/v2/orders/exist/${number}`);
    expect(res.status).toBe(429);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual({
      title: MESSAGES.rateLimited.title,
      description: MESSAGES.rateLimited.description,
    });
  });

  it('when the limit is reached, then other spellings of the lookup path do not find the order either', async () => {
    const paths = [
      `/api/v2/orders/exist/${number}/`,
      `/api/v2/Orders/exist/${number}`,
      `/api/v2/orders/EXIST/${number}`,
      `/api/v2/orders/exist/${number}?x=1`,
      `/api/v2/orders/exist/%${number.charCodeAt(0).toString(16)}${number.slice(1)}`,
      `/api/v2//orders/exist/${number}`,
      `/api/v2/orders//exist/${number}`,
      `/api//v2/orders/exist/${number}`,
      `/api/v2/orders/exist//${number}`,
      `/api/v2/orders/./exist/${number}`,
      `/api/v2/x/../orders/exist/${number}`,
    ];
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      const res = await limited.raw({ path });
      statuses[path] = res.status;
    }
    for (const [path, status] of Object.entries(statuses)) {
      expect(status, `${path} answered ${status}`).not.toBe(200);
    }
  });

  it('when the limit is reached, then reading an order by its id still works', async () => {
    const res = await limited.api(`/api/v2/orders/exist/${number}`);
    expect(res.status).toBe(429);
    const order = await limited.api(`/api/v2/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.result.number).toBe(number);
  });
});
