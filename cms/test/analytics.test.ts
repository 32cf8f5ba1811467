/**
 * The control centre's analytics (SPEC §2 Analytics, §3, §7 GET analytics/{type}?year=): yearly and monthly
 * sales, units per category, best-sellers and order locations, from orders created through Payload's REST
 * API as the admin with hand-picked amounts, dates, lines and coordinates. The server and this process share
 * one time zone, so local dates here are the server's calendar.
 *
 * The database is shared by the tests of this file, so each test owns the years it writes orders into:
 * 2022 and 2023 the yearly sums, 2024 the monthly sums, 2025 categories and best-sellers, 2026 the map.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, isEnvelope, startServer, type TestServer } from './harness';
import { createCategory, type Doc, uploadImage } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

interface OrderLine {
  product_id: string;
  product: string;
  quantity: number;
  category_ids?: string[];
  img_id?: string;
}

interface OrderSeed {
  createdAt: Date;
  status?: string;
  gross?: string;
  net?: string;
  products?: OrderLine[];
  latitude?: number;
  longitude?: number;
}

/** An order without lines or coordinates unless the test gives them, so it only adds what the test says. */
async function createOrder(seed: OrderSeed): Promise<Doc> {
  const { createdAt, status = 'COMPLETED', gross = '10.00', net = '9.16', products = [], ...rest } = seed;
  const res = await admin.api('/api/orders', {
    method: 'POST',
    json: {
      status,
      payer_full_name: 'Test Payer',
      payer_email_address: 'payer@example.com',
      shipment_full_name: 'Test Payer',
      shipment_amount: 7.9,
      transaction_status: 'COMPLETED',
      transaction_gross_amount: gross,
      transaction_paypal_fee: '0.84',
      transaction_net_amount: net,
      currency_code: 'USD',
      products: products.map((line) => ({ price: 5, ...line })),
      ...rest,
      createdAt: createdAt.toISOString(),
    },
  });
  if (res.status !== 201) throw new Error(`Creating an order failed: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  return res.body.doc as Doc;
}

const get = (type: string, year: number | string) => admin.api(`/api/v2/analytics/${type}?year=${year}`);

async function result(type: string, year: number) {
  const res = await get(type, year);
  expect(res.status, res.text).toBe(200);
  expect(isEnvelope(res)).toBe(true);
  return res.body.result;
}

describe('GET /api/v2/analytics/year', () => {
  it('when orders fall in 2022 and 2023 (one cancelled), then one row per year from 2022 with the sums to the cent', async () => {
    await createOrder({ createdAt: new Date(2022, 0, 1, 0, 0, 0), gross: '10.00', net: '9.16' });
    await createOrder({
      createdAt: new Date(2022, 11, 31, 23, 59, 0),
      gross: '20.50',
      net: '19.30',
      status: 'DELIVERED',
    });
    await createOrder({ createdAt: new Date(2023, 0, 1, 0, 0, 0), gross: '5.55', net: '4.87' });
    await createOrder({ createdAt: new Date(2023, 5, 15, 12), gross: '0.10', net: '0.05', status: 'NEW' });
    await createOrder({ createdAt: new Date(2023, 6, 1, 12), gross: '100.00', net: '96.00', status: 'CANCELLED' });

    // Every order pays a fee of 0.84 (createOrder); net is the ledger's gross − refunded − fee, not the stored net.
    const y2022 = {
      id: '2022',
      gross_amount: 30.5,
      refunded_amount: 0,
      fee_amount: 1.68,
      sales_amount: 30.5,
      net_amount: 28.82,
    };
    expect(await result('year', 2023)).toEqual([
      y2022,
      { id: '2023', gross_amount: 5.65, refunded_amount: 0, fee_amount: 1.68, sales_amount: 5.65, net_amount: 3.97 },
    ]);
    expect(await result('year', 2022)).toEqual([y2022]);
  });

  it('when the 2022 orders have no lines and no coordinates, then categories, best-sellers and map are empty', async () => {
    await createOrder({ createdAt: new Date(2022, 3, 2, 12), gross: '0.00', net: '0.00' });
    expect(await result('categories', 2022)).toEqual([]);
    expect(await result('bestseller', 2022)).toEqual([]);
    expect(await result('map', 2022)).toEqual([]);
  });
});

describe('GET /api/v2/analytics/month', () => {
  it('when 2024 has orders in January, March and on New Year’s Eve, then twelve rows with those sums and 0 elsewhere', async () => {
    await createOrder({ createdAt: new Date(2024, 0, 15, 12), gross: '12.34', net: '11.50' });
    await createOrder({ createdAt: new Date(2024, 0, 31, 23, 30), gross: '0.66', net: '0.50', status: 'SHIPPED' });
    await createOrder({ createdAt: new Date(2024, 2, 1, 0, 5), gross: '99.99', net: '96.00' });
    await createOrder({ createdAt: new Date(2024, 2, 20, 12), gross: '50.00', net: '48.00', status: 'CANCELLED' });
    await createOrder({ createdAt: new Date(2024, 11, 31, 22), gross: '1.01', net: '0.90' });

    const row = (id: string, gross: number, fee: number, net: number) => ({
      id,
      gross_amount: gross,
      refunded_amount: 0,
      fee_amount: fee,
      sales_amount: gross,
      net_amount: net,
    });
    const zero = (id: string) => row(id, 0, 0, 0);
    expect(await result('month', 2024)).toEqual([
      row('1', 13, 1.68, 11.32),
      zero('2'),
      row('3', 99.99, 0.84, 99.15),
      zero('4'),
      zero('5'),
      zero('6'),
      zero('7'),
      zero('8'),
      zero('9'),
      zero('10'),
      zero('11'),
      row('12', 1.01, 0.84, 0.17),
    ]);

    // The yearly rows read the same cached amounts: 2024's row is the twelve months' total.
    const years = (await result('year', 2024)) as Array<{ id: string }>;
    expect(years.map((r) => r.id)).toEqual(['2022', '2023', '2024']);
    expect(years[2]).toEqual(row('2024', 114, 3.36, 110.64));

    // A new order clears the cached figures at once.
    await createOrder({ createdAt: new Date(2024, 1, 10, 12), gross: '2.00', net: '1.50' });
    const months = (await result('month', 2024)) as Array<{ id: string }>;
    expect(months[1]).toEqual(row('2', 2, 0.84, 1.16));
  });
});

describe('GET /api/v2/analytics/categories and bestseller', () => {
  it('when 2025 orders sell products in one, two and a removed category, then units per category and the top ten products', async () => {
    const pasta = await createCategory(admin, { name: 'Pasta' });
    const sauces = await createCategory(admin, { name: 'Sauces' });
    const gone = await createCategory(admin, { name: 'Gone soon' });
    expect((await admin.api(`/api/categories/${gone.id}`, { method: 'DELETE' })).status).toBe(200);
    const ragoutImage = await uploadImage(admin, { width: 40, height: 30 });

    await createOrder({
      createdAt: new Date(2025, 1, 10, 12),
      products: [
        { product_id: 'p-spaghetti', product: 'Spaghetti', quantity: 3, category_ids: [pasta.id] },
        { product_id: 'p-pesto', product: 'Pesto', quantity: 2, category_ids: [pasta.id, sauces.id] },
      ],
    });
    await createOrder({
      createdAt: new Date(2025, 5, 1, 12),
      status: 'PROCESSING',
      products: [
        // Renamed since the first order: the list shows the latest name; its image no longer exists.
        {
          product_id: 'p-pesto',
          product: 'Pesto alla genovese',
          quantity: 1,
          category_ids: [pasta.id, sauces.id],
          img_id: 'no-such-asset',
        },
        { product_id: 'p-ragout', product: 'Ragù', quantity: 4, category_ids: [gone.id], img_id: ragoutImage.id },
      ],
    });
    await createOrder({
      createdAt: new Date(2025, 6, 1, 12),
      status: 'CANCELLED',
      products: [{ product_id: 'p-spaghetti', product: 'Spaghetti', quantity: 50, category_ids: [pasta.id] }],
    });
    // Nine products sold once each, without a category: with the three above, two too many for the top ten.
    await createOrder({
      createdAt: new Date(2025, 8, 1, 12),
      products: [9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => ({
        product_id: `p-extra-${n}`,
        product: `Extra 0${n}`,
        quantity: 1,
        category_ids: [],
      })),
    });

    // Every line is priced 5.00 without a discount (createOrder): sales are 5.00 a unit.
    expect(await result('categories', 2025)).toEqual([
      { id: pasta.id, name: 'Pasta', value: 6, sales_amount: 30 },
      { id: gone.id, name: 'Removed category', value: 4, sales_amount: 20 },
      { id: sauces.id, name: 'Sauces', value: 3, sales_amount: 15 },
    ]);

    const extra = (n: number) => ({ id: `p-extra-${n}`, name: `Extra 0${n}`, img: null, sells: 1, sales_amount: 5 });
    expect(await result('bestseller', 2025)).toEqual([
      { id: 'p-ragout', name: 'Ragù', img: { id: ragoutImage.id }, sells: 4, sales_amount: 20 },
      { id: 'p-pesto', name: 'Pesto alla genovese', img: null, sells: 3, sales_amount: 15 },
      { id: 'p-spaghetti', name: 'Spaghetti', img: null, sells: 3, sales_amount: 15 },
      extra(1),
      extra(2),
      extra(3),
      extra(4),
      extra(5),
      extra(6),
      extra(7),
    ]);
  });
});

describe('GET /api/v2/analytics/map', () => {
  it('when 2026 orders come from two places (one twice), one has no coordinates and one is cancelled, then one point per place', async () => {
    const newYork = await createOrder({ createdAt: new Date(2026, 0, 5, 12), latitude: 40.75, longitude: -73.99 });
    await createOrder({ createdAt: new Date(2026, 0, 9, 12), latitude: 40.75, longitude: -73.99 });
    const losAngeles = await createOrder({ createdAt: new Date(2026, 1, 2, 12), latitude: 34.05, longitude: -118.24 });
    await createOrder({ createdAt: new Date(2026, 1, 3, 12) });
    await createOrder({
      createdAt: new Date(2026, 1, 4, 12),
      status: 'CANCELLED',
      latitude: 41.88,
      longitude: -87.63,
    });

    expect(await result('map', 2026)).toEqual([
      { id: newYork.id, coordinates: [40.75, -73.99] },
      { id: losAngeles.id, coordinates: [34.05, -118.24] },
    ]);
  });
});

describe('GET /api/v2/analytics: who and what is refused', () => {
  it('when nobody is signed in, then 401 in the envelope', async () => {
    const res = await server.api('/api/v2/analytics/year?year=2024');
    expect(res.status).toBe(401);
    expect(isEnvelope(res)).toBe(true);
  });

  it.each([
    ['a year before 2022', 'year=2021'],
    ['a year after the current one', `year=${new Date().getFullYear() + 1}`],
    ['no year', ''],
    ['a word', 'year=last'],
    ['five digits', 'year=20240'],
    ['a fraction', 'year=2024.5'],
    ['two years', 'year=2023&year=2024'],
    ['a bracketed year', 'year[0]=2024'],
    ['an unknown parameter', 'year=2024&limit=5'],
  ])('when the query has %s, then 400 in the envelope', async (_case, search) => {
    const res = await admin.api(`/api/v2/analytics/month?${search}`);
    expect(res.status, res.text).toBe(400);
    expect(isEnvelope(res)).toBe(true);
  });

  it.each([['weekly'], ['YEAR']])('when the type is %s, then 404 in the envelope', async (type) => {
    const res = await get(type, 2024);
    expect(res.status, res.text).toBe(404);
    expect(isEnvelope(res)).toBe(true);
  });

  // A path segment naming a prototype is refused before any route reads it (lib/prototype-keys.ts).
  it.each([['__proto__'], ['constructor']])('when the type is %s, then 400 in the envelope', async (type) => {
    const res = await get(type, 2024);
    expect(res.status, res.text).toBe(400);
    expect(isEnvelope(res)).toBe(true);
  });
});
