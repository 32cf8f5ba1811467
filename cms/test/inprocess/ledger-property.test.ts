/**
 * Issue 30 §3: one ledger behind every money figure. Seeded random orders over this year and the last, each with
 * a PayPal fee, maybe a discount code, maybe a partial or a full refund, maybe a reversal (a card issuer taking
 * money back), a few cancelled; then for every month the dashboard (this month and the last), the analytics
 * month and year rows and the orders CSV must all equal what this test adds up from the events it made, to the
 * cent. The expected sums are the test's own, from the integers it drew, never read back from the shop.
 *
 * Orders are written straight through the database adapter, as insertOrder (services/payments.ts) and the
 * refund and reversal bookkeeping leave them (transaction_refunded_amount, transaction_reversed_amount): a
 * checkout through the PayPal emulator per order would take minutes. In-process (setup.ts), so one shop serves
 * both this file's tests.
 *
 * The second test is hand-worked (literal values): 2023's rows carry gross, refunded, fee, sales and net with
 * gross − refunded − fee = net; best-sellers and categories lose what came back; a discount code's fully
 * reversed order is a refunded order, not a paid use; the customer's total spent is their Sales.
 */
import { createHash, randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../seed/prng';
import { sha256hex, uid } from '../harness';
import { type InProcessShop, startInProcessShop } from './setup';

let shop: InProcessShop;
let payload: Payload;
let cookie: string;
let invalidateSalesFigures: () => void;

beforeAll(async () => {
  shop = await startInProcessShop();
  payload = shop.payload;
  ({ invalidateSalesFigures } = await import('../../services/admin/sales-figures'));
  const email = `ledger-${uid()}@test.example`;
  const password = sha256hex('Olive#Ledger2026');
  await payload.create({
    collection: 'users',
    data: { email, password, role: 'admin', firstname: 'Chiara', lastname: 'Conti', active: true } as never,
    overrideAccess: true,
  });
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
afterAll(async () => shop?.stop());

async function api<T>(pathname: string): Promise<T> {
  const res = await fetch(shop.baseUrl + pathname, { headers: { cookie, origin: shop.baseUrl } });
  const text = await res.text();
  expect(res.status, `${pathname}: ${text.slice(0, 300)}`).toBe(200);
  return (JSON.parse(text) as { result: T }).result;
}

async function csvRows(pathname: string): Promise<Record<string, string>[]> {
  const res = await fetch(shop.baseUrl + pathname, { headers: { cookie, origin: shop.baseUrl } });
  expect(res.status).toBe(200);
  // The file starts with a UTF-8 byte order mark for spreadsheets.
  return parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
}

interface SalesRow {
  id: string;
  gross_amount: number;
  refunded_amount: number;
  fee_amount: number;
  sales_amount: number;
  net_amount: number;
}

/** The test's own figures of a period, in cents. */
interface Cents {
  gross: number;
  refunds: number;
  fees: number;
  sales: number;
  net: number;
}

const NONE: Cents = { gross: 0, refunds: 0, fees: 0, sales: 0, net: 0 };
const amount = (cents: number) => (cents / 100).toFixed(2);
const fromRow = (r: SalesRow): Cents => ({
  gross: Math.round(r.gross_amount * 100),
  refunds: Math.round(r.refunded_amount * 100),
  fees: Math.round(r.fee_amount * 100),
  sales: Math.round(r.sales_amount * 100),
  net: Math.round(r.net_amount * 100),
});

let orderCount = 0;

/** An order row as insertOrder writes it, with the refund and reversal bookkeeping given. */
async function insertOrder(fields: {
  createdAt: Date;
  status?: string;
  gross: string;
  fee: string;
  refunded?: string;
  reversed?: string;
  email?: string;
  coupon?: { code: string; discount: number };
  products?: Array<{ product_id: string; product: string; price: number; quantity: number; category_ids?: string[] }>;
}): Promise<string> {
  orderCount += 1;
  const at = fields.createdAt.toISOString();
  const email = fields.email ?? `payer-${orderCount}@test.example`;
  const data = {
    number: `LEDG${String(orderCount).padStart(4, '0')}`,
    status: fields.status ?? 'PROCESSING',
    payer_full_name: `Payer ${orderCount}`,
    payer_email_address: email,
    customer_id: createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32),
    shipment_full_name: `Payer ${orderCount}`,
    shipment_amount: 7.9,
    shipment_method: 'USPS Priority Mail',
    shipment_address: { address_line_1: '1 Main St', admin_area_2: 'New York', admin_area_1: 'NY', country_code: 'US' },
    transaction_id: `TXLEDGER${orderCount}`,
    transaction_status: 'COMPLETED',
    transaction_gross_amount: fields.gross,
    transaction_paypal_fee: fields.fee,
    transaction_refunded_amount: fields.refunded ?? '0.00',
    transaction_reversed_amount: fields.reversed ?? null,
    currency_code: 'USD',
    coupon_code: fields.coupon?.code ?? null,
    coupon_discount: fields.coupon?.discount ?? null,
    // Array rows get their ids from the caller below the Local API, as insertOrder gives them.
    products: (fields.products ?? []).map((line) => ({
      id: randomBytes(12).toString('hex'),
      apply_discount: false,
      discount_unit: '%',
      discount_amount: 0,
      ...line,
    })),
    createdAt: at,
    updatedAt: at,
  };
  const created = await payload.db.create({ collection: 'orders', data, select: { id: true } });
  return String(created.id);
}

describe('one ledger: dashboard = analytics = Σ orders = CSV', () => {
  it('when 240 seeded random orders over this year and the last have fees, codes, partial and full refunds and reversals, then every month agrees to the cent everywhere', async () => {
    const rng = createRng(30_03);
    const now = new Date();
    const thisYear = now.getFullYear();
    const years = [thisYear - 1, thisYear];
    const expected = new Map<string, Cents>();
    const key = (year: number, month: number) => `${year}-${month}`;
    const codes = new Map<
      string,
      { orders: number; refunded: number; discount: number; gross: number; back: number }
    >();
    const add = (k: string, c: Cents) => {
      const sum = expected.get(k) ?? { ...NONE };
      expected.set(k, {
        gross: sum.gross + c.gross,
        refunds: sum.refunds + c.refunds,
        fees: sum.fees + c.fees,
        sales: sum.sales + c.sales,
        net: sum.net + c.net,
      });
    };

    let partlyRefunded = 0;
    let fullyRefunded = 0;
    let reversed = 0;
    for (let i = 0; i < 240; i += 1) {
      const year = rng.pick(years);
      const lastMonth = year === thisYear ? now.getMonth() : 11;
      const month = rng.int(0, lastMonth);
      const start = new Date(year, month, 1).getTime();
      const end = Math.min(new Date(year, month + 1, 1).getTime(), now.getTime()) - 60_000;
      // Whole minutes: the CSV writes the time to the minute.
      const createdAt = new Date(Math.floor((start + rng.next() * (end - start)) / 60_000) * 60_000);
      const gross = rng.int(500, 25_000);
      const fee = Math.round(gross * 0.0349) + 49;
      let refund = 0;
      let reversal = 0;
      const fate = rng.next();
      if (fate < 0.15) refund = gross;
      else if (fate < 0.35) refund = rng.int(1, gross - 1);
      if (rng.chance(0.12)) reversal = rng.int(1, gross - refund || 1);
      if (refund + reversal > gross) reversal = gross - refund;
      const cancelled = rng.chance(0.08);
      const coupon = rng.chance(0.3)
        ? { code: rng.pick(['SPRING', 'OLIVE10', 'FAMIGLIA']), discountCents: rng.int(100, 500) }
        : null;
      await insertOrder({
        createdAt,
        status: cancelled ? 'CANCELLED' : rng.pick(['NEW', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED']),
        gross: amount(gross),
        fee: amount(fee),
        refunded: amount(refund),
        // An order PayPal never reversed has no amount at all, as before §2's field existed.
        reversed: reversal > 0 ? amount(reversal) : undefined,
        coupon: coupon ? { code: coupon.code, discount: coupon.discountCents / 100 } : undefined,
      });
      if (cancelled) continue;
      const back = refund + reversal;
      if (back >= gross) fullyRefunded += 1;
      else if (back > 0) partlyRefunded += 1;
      if (reversal > 0) reversed += 1;
      const sales = gross - back;
      add(key(year, month), { gross, refunds: back, fees: fee, sales, net: sales - fee });
      if (coupon && year === thisYear) {
        const c = codes.get(coupon.code) ?? { orders: 0, refunded: 0, discount: 0, gross: 0, back: 0 };
        if (back >= gross) c.refunded += 1;
        else {
          c.orders += 1;
          c.discount += coupon.discountCents;
        }
        c.gross += gross;
        c.back += back;
        codes.set(coupon.code, c);
      }
    }
    // The draw covers what the property is about.
    expect(partlyRefunded).toBeGreaterThan(10);
    expect(fullyRefunded).toBeGreaterThan(10);
    expect(reversed).toBeGreaterThan(10);
    // The rows were written below the Orders hooks, which clear the cached sums.
    invalidateSalesFigures();

    // The orders CSV, open and archive: each row's figures, summed by the month of its date.
    const fromCsv = new Map<string, Cents>();
    for (const tab of ['open', 'archive']) {
      for (const row of await csvRows(`/api/v2/admin/orders/export?tab=${tab}`)) {
        if (row.Status === 'CANCELLED') continue;
        const created = new Date(`${row['Date (UTC)'].replace(' ', 'T')}:00Z`);
        const k = key(created.getFullYear(), created.getMonth());
        const sum = fromCsv.get(k) ?? { ...NONE };
        const cents = (header: string) => Math.round(Number(row[header]) * 100);
        fromCsv.set(k, {
          gross: sum.gross + cents('Gross'),
          refunds: sum.refunds + cents('Refunds'),
          fees: sum.fees + cents('Fees'),
          sales: sum.sales + cents('Sales'),
          net: sum.net + cents('Net'),
        });
      }
    }

    for (const year of years) {
      const months = await api<SalesRow[]>(`/api/v2/analytics/month?year=${year}`);
      const monthsBegun = year === thisYear ? now.getMonth() + 1 : 12;
      expect(months.map((r) => r.id)).toEqual(Array.from({ length: monthsBegun }, (_, m) => String(m + 1)));
      let yearSum = { ...NONE };
      for (let month = 0; month < monthsBegun; month += 1) {
        const want = expected.get(key(year, month)) ?? NONE;
        expect(fromRow(months[month]), `analytics ${year}-${month + 1}`).toEqual(want);
        expect(fromCsv.get(key(year, month)) ?? NONE, `CSV ${year}-${month + 1}`).toEqual(want);
        yearSum = {
          gross: yearSum.gross + want.gross,
          refunds: yearSum.refunds + want.refunds,
          fees: yearSum.fees + want.fees,
          sales: yearSum.sales + want.sales,
          net: yearSum.net + want.net,
        };
      }
      const yearRow = (await api<SalesRow[]>(`/api/v2/analytics/year?year=${year}`)).find(
        (r) => r.id === String(year),
      )!;
      expect(fromRow(yearRow), `analytics year ${year}`).toEqual(yearSum);
    }

    const dashboard = await api<{ sell: { current: number; previous: number } }>('/api/v2/admin/config/dashboard');
    const previousMonth = new Date(thisYear, now.getMonth() - 1, 1);
    expect(Math.round(dashboard.sell.current * 100)).toBe(expected.get(key(thisYear, now.getMonth()))?.sales ?? 0);
    expect(Math.round(dashboard.sell.previous * 100)).toBe(
      expected.get(key(previousMonth.getFullYear(), previousMonth.getMonth()))?.sales ?? 0,
    );

    const coupons = await api<
      Array<{
        code: string;
        orders: number;
        refunded_orders: number;
        discount_amount: number;
        gross_amount: number;
        refunded_amount: number;
        sales_amount: number;
      }>
    >(`/api/v2/analytics/coupons?year=${thisYear}`);
    expect(
      Object.fromEntries(
        coupons.map((c) => [
          c.code,
          [c.orders, c.refunded_orders, c.discount_amount, c.gross_amount, c.refunded_amount, c.sales_amount].map(
            (n, i) => (i < 2 ? n : Math.round(n * 100)),
          ),
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...codes].map(([code, c]) => [code, [c.orders, c.refunded, c.discount, c.gross, c.back, c.gross - c.back]]),
      ),
    );
  }, 60_000);
});

describe('analytics rows carry the ledger’s four amounts (hand-worked, 2023)', () => {
  it('when March 2023 has a 40.00 order refunded 10.00, a 20.00 order reversed in full and a cancelled one, and July one of 12.34, then the rows, best-sellers, categories, the code and the customer read as worked out by hand', async () => {
    const email = `anna-${uid()}@test.example`;
    const category = await payload.create({
      collection: 'categories',
      data: { name: `Olio ${uid()}` } as never,
      overrideAccess: true,
    });
    const product = await payload.create({
      collection: 'products',
      data: {
        name: `Olio Nuovo ${uid()}`,
        price: 10,
        inventory_stock: true,
        published: true,
        apply_discount: false,
        discount_unit: '%',
        discount_amount: 0,
        apply_shipping: true,
        categories: [String(category.id)],
      } as never,
      overrideAccess: true,
    });
    const olio = String(product.id);
    const line = (quantity: number) => ({
      product_id: olio,
      product: 'Olio Nuovo',
      price: 10,
      quantity,
      category_ids: ['c-ledger'],
    });
    // 3 × 10.00 + 10.00 shipping; 10.00 refunded and 1 bottle put back on the shelf.
    const refundedPart = await insertOrder({
      createdAt: new Date(2023, 2, 10, 12),
      gross: '40.00',
      fee: '1.46',
      refunded: '10.00',
      email,
      coupon: { code: 'SPRING', discount: 3 },
      products: [line(3)],
    });
    // The card issuer took all 20.00 back.
    await insertOrder({
      createdAt: new Date(2023, 2, 20, 12),
      gross: '20.00',
      fee: '0.88',
      reversed: '20.00',
      email,
      coupon: { code: 'SPRING', discount: 2 },
      products: [line(2)],
    });
    await insertOrder({
      createdAt: new Date(2023, 2, 25, 12),
      status: 'CANCELLED',
      gross: '15.00',
      fee: '0.73',
      email,
      products: [line(1)],
    });
    await insertOrder({ createdAt: new Date(2023, 6, 4, 12), gross: '12.34', fee: '0.66', email, products: [line(1)] });
    // What services/admin/restock.ts notes on the product when a unit goes back to stock.
    await payload.db.updateOne({
      collection: 'products',
      id: String(product.id),
      data: { stock_returns: { [refundedPart]: 1 } },
    });
    invalidateSalesFigures();

    const zero = (id: string) => ({
      id,
      gross_amount: 0,
      refunded_amount: 0,
      fee_amount: 0,
      sales_amount: 0,
      net_amount: 0,
    });
    // March: gross 40.00 + 20.00 = 60.00, refunded 10.00 + 20.00 = 30.00, fees 1.46 + 0.88 = 2.34,
    // sales 30.00, net 27.66. July: 12.34 − 0 − 0.66 = 11.68. The cancelled order counts nowhere.
    const march = {
      id: '3',
      gross_amount: 60,
      refunded_amount: 30,
      fee_amount: 2.34,
      sales_amount: 30,
      net_amount: 27.66,
    };
    const july = {
      id: '7',
      gross_amount: 12.34,
      refunded_amount: 0,
      fee_amount: 0.66,
      sales_amount: 12.34,
      net_amount: 11.68,
    };
    expect(await api(`/api/v2/analytics/month?year=2023`)).toEqual([
      zero('1'),
      zero('2'),
      march,
      zero('4'),
      zero('5'),
      zero('6'),
      july,
      zero('8'),
      zero('9'),
      zero('10'),
      zero('11'),
      zero('12'),
    ]);
    expect(await api(`/api/v2/analytics/year?year=2023`)).toEqual([
      zero('2022'),
      { id: '2023', gross_amount: 72.34, refunded_amount: 30, fee_amount: 3, sales_amount: 42.34, net_amount: 39.34 },
    ]);

    // Units: 3 − 1 put back, 0 of the reversed order, 1 in July = 3. Sales: the partly refunded order keeps
    // 30/40 of its 30.00 line = 22.50, plus July's 10.00 = 32.50.
    expect(await api(`/api/v2/analytics/bestseller?year=2023`)).toEqual([
      { id: olio, name: 'Olio Nuovo', img: null, sells: 3, sales_amount: 32.5 },
    ]);
    expect(await api(`/api/v2/analytics/categories?year=2023`)).toEqual([
      { id: 'c-ledger', name: 'Removed category', value: 3, sales_amount: 32.5 },
    ]);
    // The reversed order is a refunded use: its 2.00 off is not counted; its money is in gross and refunded.
    expect(await api(`/api/v2/analytics/coupons?year=2023`)).toEqual([
      {
        code: 'SPRING',
        orders: 1,
        refunded_orders: 1,
        discount_amount: 3,
        gross_amount: 60,
        refunded_amount: 30,
        sales_amount: 30,
      },
    ]);
    // Total spent is Sales over every order, a cancelled unrefunded one too: 30.00 + 0 + 15.00 + 12.34.
    const customers = await api<Array<{ email: string; total_spent: string; orders_count: number }>>(
      `/api/v2/admin/customers?search=${encodeURIComponent(email)}`,
    );
    expect(customers.map((c) => [c.email, c.orders_count, c.total_spent])).toEqual([[email, 4, '57.34']]);
  });
});
