/**
 * Issue 33 §2: the analytics keep one summary per calendar month, and an order write marks only its own month
 * stale, in the database, so that a second app instance on the same file sees the change on its next read.
 *
 * Two Payload instances on one SQLite file in this process stand for two app instances: each keeps its own
 * parsed months (analytics.ts holds them per instance), so the second one's copies go stale exactly as another
 * process's would. The first is asked through the API, the second through the service.
 *
 * The figures are worked out by hand from the orders below (local dates: the server's calendar is this
 * process's). Which months were read from their orders again is counted per instance.
 */
import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256hex, uid } from '../harness';
import { type InProcessShop, startInProcessShop } from './setup';

let shop: InProcessShop;
let payload: Payload;
let second: Payload;
let cookie: string;
let adminUser: Record<string, unknown>;
let service: typeof import('../../services/admin/analytics');

beforeAll(async () => {
  shop = await startInProcessShop();
  payload = shop.payload;
  service = await import('../../services/admin/analytics');
  const { getPayload } = await import('payload');
  const config = await (await import('../../lib/load-config')).loadPayloadConfig();
  second = await getPayload({ config, key: 'second app instance' });
  const email = `months-${uid()}@test.example`;
  const password = sha256hex('Olive#Months2026');
  const user = await payload.create({
    collection: 'users',
    data: { email, password, role: 'admin', firstname: 'Chiara', lastname: 'Conti', active: true } as never,
    overrideAccess: true,
  });
  adminUser = { ...user, collection: 'users' };
  const res = await fetch(`${shop.baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))!
    .split(';')[0];
}, 120_000);

afterAll(async () => {
  await second?.db.destroy?.();
  await shop?.stop();
});

/** The first instance, through GET /api/v2/analytics/{type}. */
async function first<T>(type: string, year: number): Promise<T> {
  const res = await fetch(`${shop.baseUrl}/api/v2/analytics/${type}?year=${year}`, {
    headers: { cookie, origin: shop.baseUrl },
  });
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return (JSON.parse(text) as { result: T }).result;
}

/** The second instance, through the service the endpoint calls. */
const secondSays = <T>(type: 'month' | 'year' | 'bestseller' | 'categories', year: number) =>
  service.analytics(second, adminUser as never, type, year) as Promise<T>;

interface Line {
  product_id: string;
  product: string;
  price: number;
  quantity: number;
  category_ids: string[];
}

async function createOrder(createdAt: Date, gross: string, fee: string, products: Line[]): Promise<string> {
  const doc = await payload.create({
    collection: 'orders',
    data: {
      status: 'COMPLETED',
      payer_full_name: 'Test Payer',
      payer_email_address: 'payer@example.com',
      shipment_full_name: 'Test Payer',
      shipment_amount: 0,
      transaction_status: 'COMPLETED',
      transaction_gross_amount: gross,
      transaction_paypal_fee: fee,
      currency_code: 'USD',
      products,
      createdAt: createdAt.toISOString(),
    } as never,
    overrideAccess: true,
  });
  return String(doc.id);
}

/** A month's or a year's row, as the API gives it. */
const row = (id: string, gross: number, refunded: number, fee: number, sales: number, net: number) => ({
  id,
  gross_amount: gross,
  refunded_amount: refunded,
  fee_amount: fee,
  sales_amount: sales,
  net_amount: net,
});
const emptyMonths = (...filled: Array<ReturnType<typeof row>>) =>
  Array.from({ length: 12 }, (_, i) => filled.find((r) => r.id === String(i + 1)) ?? row(String(i + 1), 0, 0, 0, 0, 0));

/** How many months each instance has read from its orders so far, by "year-month" (0 = January). */
const reads = (p: Payload) => Object.fromEntries(service.analyticsMonthsComputed(p));

/** The days each instance has read from its orders since `before` (a dayReads of earlier), and how often. */
const dayReads = (p: Payload) => Object.fromEntries(service.analyticsDaysComputed(p));
const dayReadsSince = (p: Payload, before: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(dayReads(p))
      .filter(([day, n]) => n !== (before[day] ?? 0))
      .map(([day, n]) => [day, n - (before[day] ?? 0)]),
  );

describe('analytics kept per month', () => {
  it('when a new order, a refund and a cancellation each touch one month, then only that month is read again and both instances show the new figures at once', async () => {
    const oil = (await payload.db.create({
      collection: 'categories',
      data: { name: 'Oil', description: '', published: true },
    })) as { id: string };
    const honey = (await payload.db.create({
      collection: 'categories',
      data: { name: 'Honey', description: '', published: true },
    })) as { id: string };
    const oilLine = (quantity: number): Line => ({
      product_id: 'p-oil',
      product: 'Olio Nuovo',
      price: 10,
      quantity,
      category_ids: [oil.id],
    });
    const honeyLine = (quantity: number): Line => ({
      product_id: 'p-honey',
      product: 'Miele',
      price: 10,
      quantity,
      category_ids: [honey.id],
    });
    // Either side of New Year: the first belongs to December 2023, the second to January 2024.
    await createOrder(new Date(2023, 11, 31, 23, 45), '5.00', '0.45', []);
    const january = await createOrder(new Date(2024, 0, 1, 0, 15), '20.00', '0.98', [oilLine(2)]);
    const march = await createOrder(new Date(2024, 2, 10, 12), '30.00', '1.17', [honeyLine(3)]);

    expect(await first('year', 2024)).toEqual([
      row('2022', 0, 0, 0, 0, 0),
      row('2023', 5, 0, 0.45, 5, 4.55),
      row('2024', 50, 0, 2.15, 50, 47.85),
    ]);
    const monthsBefore = emptyMonths(row('1', 20, 0, 0.98, 20, 19.02), row('3', 30, 0, 1.17, 30, 28.83));
    expect(await first('month', 2024)).toEqual(monthsBefore);
    expect(await first('bestseller', 2024)).toEqual([
      { id: 'p-honey', name: 'Miele', img: null, sells: 3, sales_amount: 30 },
      { id: 'p-oil', name: 'Olio Nuovo', img: null, sells: 2, sales_amount: 20 },
    ]);
    // The second instance takes the months the first one stored: it reads no order.
    expect(await secondSays('month', 2024)).toEqual(monthsBefore);
    expect(await secondSays('bestseller', 2024)).toHaveLength(2);
    expect(reads(second)).toEqual({});
    // Three years of twelve months, each read once.
    const firstReads = reads(payload);
    expect(Object.keys(firstReads)).toHaveLength(36);
    expect(Object.values(firstReads).every((n) => n === 1)).toBe(true);

    // A new order in March: March alone is read again.
    await createOrder(new Date(2024, 2, 20, 9), '10.00', '0.59', [honeyLine(1)]);
    const monthsAfterOrder = emptyMonths(row('1', 20, 0, 0.98, 20, 19.02), row('3', 40, 0, 1.76, 40, 38.24));
    expect(await first('month', 2024)).toEqual(monthsAfterOrder);
    expect(await first('year', 2024)).toEqual([
      row('2022', 0, 0, 0, 0, 0),
      row('2023', 5, 0, 0.45, 5, 4.55),
      row('2024', 60, 0, 2.74, 60, 57.26),
    ]);
    expect(await first('categories', 2024)).toEqual([
      { id: honey.id, name: 'Honey', value: 4, sales_amount: 40 },
      { id: oil.id, name: 'Oil', value: 2, sales_amount: 20 },
    ]);
    expect(reads(payload)).toEqual({ ...firstReads, '2024-2': 2 });
    expect(await secondSays('month', 2024)).toEqual(monthsAfterOrder);
    expect(reads(second)).toEqual({});

    // Half of the first March order refunded: its line keeps half its value, and its three units (none went
    // back to stock).
    await payload.update({
      collection: 'orders',
      id: march,
      data: { transaction_refunded_amount: '15.00' } as never,
      overrideAccess: true,
    });
    const monthsAfterRefund = emptyMonths(row('1', 20, 0, 0.98, 20, 19.02), row('3', 40, 15, 1.76, 25, 23.24));
    expect(await first('month', 2024)).toEqual(monthsAfterRefund);
    expect(await first('bestseller', 2024)).toEqual([
      { id: 'p-honey', name: 'Miele', img: null, sells: 4, sales_amount: 25 },
      { id: 'p-oil', name: 'Olio Nuovo', img: null, sells: 2, sales_amount: 20 },
    ]);
    expect(reads(payload)).toEqual({ ...firstReads, '2024-2': 3 });
    expect(await secondSays('month', 2024)).toEqual(monthsAfterRefund);
    expect(reads(second)).toEqual({});

    // The January order cancelled: this time the second instance asks first and reads January itself; the
    // first takes what it stored. December 2023, the night before, is not touched.
    await payload.update({ collection: 'orders', id: january, data: { status: 'CANCELLED' }, overrideAccess: true });
    const monthsAfterCancel = emptyMonths(row('3', 40, 15, 1.76, 25, 23.24));
    expect(await secondSays('month', 2024)).toEqual(monthsAfterCancel);
    expect(await secondSays('year', 2024)).toEqual([
      row('2022', 0, 0, 0, 0, 0),
      row('2023', 5, 0, 0.45, 5, 4.55),
      row('2024', 40, 15, 1.76, 25, 23.24),
    ]);
    expect(reads(second)).toEqual({ '2024-0': 1 });
    expect(await first('month', 2024)).toEqual(monthsAfterCancel);
    expect(await first('bestseller', 2024)).toEqual([
      { id: 'p-honey', name: 'Miele', img: null, sells: 4, sales_amount: 25 },
    ]);
    expect(await first('categories', 2024)).toEqual([{ id: honey.id, name: 'Honey', value: 4, sales_amount: 25 }]);
    expect(reads(payload)).toEqual({ ...firstReads, '2024-2': 3 });
  });

  it('when an order of one day is created and then refunded, then only that day is read again and the cold answers of both instances show it', async () => {
    const line = (product_id: string, product: string, quantity: number): Line => ({
      product_id,
      product,
      price: 10,
      quantity,
      category_ids: [],
    });
    // May 2022, which no other test touches. Its days are stored before the orders come, as at a shop
    // with a year of orders behind it.
    expect(await first('month', 2022)).toEqual(emptyMonths());
    const third = await createOrder(new Date(2022, 4, 3, 10), '10.00', '0.59', [line('p-fig', 'Fichi', 1)]);
    await createOrder(new Date(2022, 4, 17, 16), '20.00', '0.88', [line('p-jam', 'Marmellata', 2)]);
    let before = dayReads(payload);
    const secondBefore = dayReads(second);
    expect(await first('month', 2022)).toEqual(emptyMonths(row('5', 30, 0, 1.47, 30, 28.53)));
    expect(dayReadsSince(payload, before)).toEqual({ '2022-4-3': 1, '2022-4-17': 1 });

    // The 3 May order refunded in full: 3 May alone is read again; the fig sold nothing.
    await payload.update({
      collection: 'orders',
      id: third,
      data: { transaction_refunded_amount: '10.00' } as never,
      overrideAccess: true,
    });
    before = dayReads(payload);
    const afterRefund = emptyMonths(row('5', 30, 10, 1.47, 20, 18.53));
    expect(await first('month', 2022)).toEqual(afterRefund);
    expect(await first('bestseller', 2022)).toEqual([
      { id: 'p-jam', name: 'Marmellata', img: null, sells: 2, sales_amount: 20 },
    ]);
    expect(dayReadsSince(payload, before)).toEqual({ '2022-4-3': 1 });
    // The second instance adds up the days the first stored: it reads no order.
    expect(await secondSays('month', 2022)).toEqual(afterRefund);
    expect(await secondSays('bestseller', 2022)).toEqual([
      { id: 'p-jam', name: 'Marmellata', img: null, sells: 2, sales_amount: 20 },
    ]);
    expect(dayReadsSince(second, secondBefore)).toEqual({});
  });
});
