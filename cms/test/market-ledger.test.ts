/**
 * Issue 32 §3: market sales in the one ledger. A sale at the stall is an order of channel `market` (COMPLETED,
 * paid cash or card there, fee 0.00, no PayPal), so the analytics (with its channel split per month and per
 * market place), the customers, the orders archive and its CSV count it; PayPal's actions on it are refused.
 *
 * The orders are written as the admin through Payload's REST with hand-picked dates and amounts (the stall's own
 * route stamps a sale with the moment it is recorded, and these figures need a month of their own): March 2025
 * holds one online order of 32.90 (PayPal's fee 1.64) and two stall sales, 20.00 in cash at Union Square and
 * 11.50 by card at Ithaca (one 12.50 bottle less a 1.00 stall discount). Worked out by hand:
 *   Gross 32.90 + 20.00 + 11.50 = 64.40; Fees 1.64 (the stall pays none); Net 64.40 − 1.64 = 62.76;
 *   online 32.90, market 31.50 (cash 20.00, card 11.50).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import type { Doc } from './factories';

let server: TestServer;
let admin: AdminClient;
let online: Doc;
let cashSale: Doc;
let cardSale: Doc;
const buyer = `ann-${uid()}@example.com`;

const MARCH_2025 = (day: number, hour: number) => new Date(2025, 2, day, hour, 0, 0).toISOString();

async function create(collection: string, json: Record<string, unknown>): Promise<Doc> {
  const res = await admin.api(`/api/${collection}`, { method: 'POST', json });
  if (res.status !== 201)
    throw new Error(`Creating ${collection} failed: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  return res.body.doc as Doc;
}

/** A stall sale as the market API books it (services/market/sales.ts): COMPLETED, no payer name, no PayPal. */
function marketSale(day: Doc, fields: Record<string, unknown>): Promise<Doc> {
  return create('orders', {
    status: 'COMPLETED',
    channel: 'market',
    market_day_id: day.id,
    payer_full_name: '',
    shipment_full_name: '',
    shipment_amount: 0,
    transaction_status: 'COMPLETED',
    transaction_paypal_fee: '0.00',
    currency_code: 'USD',
    ...fields,
  });
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  const unionSquare = await create('market-days', {
    place: 'Union Square',
    date: '2025-03-08',
    opens_at: '08:00',
    closes_at: '13:00',
    status: 'CLOSED',
  });
  const ithaca = await create('market-days', {
    place: 'Ithaca Farmers Market',
    date: '2025-03-15',
    opens_at: '09:00',
    closes_at: '14:00',
    status: 'CLOSED',
  });
  online = await create('orders', {
    status: 'COMPLETED',
    payer_full_name: 'Ann Miller',
    payer_email_address: buyer,
    shipment_full_name: 'Ann Miller',
    shipment_amount: 7.9,
    transaction_id: `TX${uid()}`,
    transaction_status: 'COMPLETED',
    transaction_gross_amount: '32.90',
    transaction_paypal_fee: '1.64',
    transaction_net_amount: '31.26',
    currency_code: 'USD',
    products: [{ product_id: 'p-oil', product: 'Olive oil', price: 12.5, quantity: 2 }],
    createdAt: MARCH_2025(2, 10),
  });
  // The receipt went to the online buyer's address: the same customer.
  cashSale = await marketSale(unionSquare, {
    payment_method: 'cash',
    payer_email_address: buyer.toUpperCase(),
    transaction_gross_amount: '20.00',
    transaction_net_amount: '20.00',
    cash_received: 50,
    change_given: 30,
    products: [{ product_id: 'p-honey', product: 'Honey', price: 10, quantity: 2 }],
    createdAt: MARCH_2025(8, 9),
  });
  cardSale = await marketSale(ithaca, {
    payment_method: 'card',
    payer_email_address: '',
    transaction_gross_amount: '11.50',
    transaction_net_amount: '11.50',
    market_discount: 1,
    market_discount_label: '$1.00',
    products: [{ product_id: 'p-oil', product: 'Olive oil', price: 12.5, quantity: 1 }],
    createdAt: MARCH_2025(15, 11),
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

async function result(path: string) {
  const res = await admin.api(path);
  expect(res.status, res.text).toBe(200);
  return res.body.result;
}

/** The CSV's rows by header, read back by csv-parse (not the server's own code); the first 3 bytes are the BOM. */
async function csvRows(path: string): Promise<Record<string, string>[]> {
  const res = await fetch(server.baseUrl + path, { headers: { cookie: admin.cookie, origin: server.baseUrl } });
  expect(res.status).toBe(200);
  return parse(
    Buffer.from(await res.arrayBuffer())
      .subarray(3)
      .toString('utf8'),
    { columns: true },
  );
}

describe('market sales in the analytics', () => {
  it('when a month has an online order and two stall sales, then its row adds them up: gross 64.40, fees 1.64, net 62.76', async () => {
    const months = await result('/api/v2/analytics/month?year=2025');
    expect(months[2]).toEqual({
      id: '3',
      gross_amount: 64.4,
      refunded_amount: 0,
      fee_amount: 1.64,
      sales_amount: 64.4,
      net_amount: 62.76,
    });
  });

  it('when the channel split is asked for, then March has online 32.90 and market 31.50 (cash 20.00, card 11.50), other months nothing', async () => {
    const rows = await result('/api/v2/analytics/channels?year=2025');
    expect(rows).toHaveLength(12);
    expect(rows[2]).toEqual({
      id: '3',
      online_amount: 32.9,
      market_amount: 31.5,
      market_cash_amount: 20,
      market_card_amount: 11.5,
    });
    expect(rows[1]).toEqual({
      id: '2',
      online_amount: 0,
      market_amount: 0,
      market_cash_amount: 0,
      market_card_amount: 0,
    });
  });

  it('when the market places are asked for, then each place has its own sales, most sold first', async () => {
    expect(await result('/api/v2/analytics/places?year=2025')).toEqual([
      { place: 'Union Square', days: 1, sales_count: 1, sales_amount: 20, cash_amount: 20, card_amount: 0 },
      {
        place: 'Ithaca Farmers Market',
        days: 1,
        sales_count: 1,
        sales_amount: 11.5,
        cash_amount: 0,
        card_amount: 11.5,
      },
    ]);
  });

  it('when the year has stall sales of products, then the bestsellers count their units with the online ones', async () => {
    const best = (await result('/api/v2/analytics/bestseller?year=2025')) as Array<{ id: string; sells: number }>;
    // Olive oil: 2 online + 1 at the stall; honey: 2 at the stall.
    expect(best.map((b) => [b.id, b.sells])).toEqual([
      ['p-oil', 3],
      ['p-honey', 2],
    ]);
  });
});

describe('market sales in the orders and the customers', () => {
  it('when the archive is filtered to the market, then it lists the two stall sales, marked with how they were paid', async () => {
    const rows = (await result('/api/v2/admin/orders/completed?channel=market')) as Doc[];
    expect(rows.map((r) => [r.number, r.channel, r.payment_method])).toEqual([
      [cardSale.number, 'market', 'card'],
      [cashSale.number, 'market', 'cash'],
    ]);
    const onlineRows = (await result('/api/v2/admin/orders/completed?channel=online')) as Doc[];
    expect(onlineRows.map((r) => [r.number, r.channel, r.payment_method])).toEqual([
      [online.number, 'online', 'paypal'],
    ]);
  });

  it('when the archive is exported, then each row names its channel and payment, and the stall discount is in Discount', async () => {
    const rows = await csvRows('/api/v2/admin/orders/export?tab=archive');
    const byNumber = new Map(rows.map((r) => [r['Order number'], r]));
    const pick = (r: Record<string, string> | undefined) =>
      r && [r.Channel, r.Payment, r.Subtotal, r.Discount, r.Total, r.Gross, r.Fees, r.Sales, r.Net];
    expect(pick(byNumber.get(String(online.number)))).toEqual([
      'Online',
      'PayPal',
      '25.00',
      '0.00',
      '32.90',
      '32.90',
      '1.64',
      '32.90',
      '31.26',
    ]);
    expect(pick(byNumber.get(String(cashSale.number)))).toEqual([
      'Market',
      'Cash',
      '20.00',
      '0.00',
      '20.00',
      '20.00',
      '0.00',
      '20.00',
      '20.00',
    ]);
    expect(pick(byNumber.get(String(cardSale.number)))).toEqual([
      'Market',
      'Card',
      '12.50',
      '1.00',
      '11.50',
      '11.50',
      '0.00',
      '11.50',
      '11.50',
    ]);
  });

  it('when a receipt went to an online buyer, then the customer has both orders: 2 orders, 52.90 spent', async () => {
    const rows = (await result(`/api/v2/admin/customers?search=${encodeURIComponent(buyer)}`)) as Doc[];
    expect(rows.map((r) => [r.email, r.name, r.orders_count, r.total_spent])).toEqual([
      [buyer, 'Ann Miller', 2, '52.90'],
    ]);
  });
});

describe("PayPal's and the post's actions on a stall sale", () => {
  it('when a refund of a stall sale is asked for, then 409 in words and nothing is stored', async () => {
    const res = await admin.api(`/api/v2/admin/orders/${cashSale.id}/refunds`, {
      method: 'POST',
      json: { reason: 'Bruised fruit' },
    });
    expect(res.status).toBe(409);
    expect(res.body.result).toMatch(/market stall.*PayPal has nothing to refund/);
    const order = await result(`/api/v2/admin/orders/${cashSale.id}`);
    expect(order.refunds).toEqual([]);
  });

  it('when a stall sale is shipped or cancelled by any door, then 409 and it stays COMPLETED', async () => {
    const put = await admin.api(`/api/v2/admin/orders/${cardSale.id}`, {
      method: 'PUT',
      json: { status: 'SHIPPED', tracking_number: '1Z999' },
    });
    expect(put.status).toBe(409);
    expect(put.body.result).toMatch(/market stall.*stays Completed/);
    const rest = await admin.api(`/api/orders/${cardSale.id}`, { method: 'PATCH', json: { status: 'CANCELLED' } });
    expect(rest.status).toBe(409);
    const order = await result(`/api/v2/admin/orders/${cardSale.id}`);
    expect(order.status).toBe('COMPLETED');
  });

  it("when a stall sale's timeline is read, then it opens with how it was paid at the stall, not with PayPal", async () => {
    const [paid] = (await result(`/api/v2/admin/orders/${cardSale.id}/events`)) as Doc[];
    expect([paid.type, paid.note, paid.by]).toEqual(['paid', 'Paid by card at the market stall', 'market stall']);
  });

  it('when the confirmation of a stall sale is asked to be sent again, then 409: there is none', async () => {
    const res = await server.api(`/api/v2/payments/resend/${cashSale.id}`);
    expect(res.status).toBe(409);
    expect(res.body.result).toMatch(/market stall/);
  });
});

// Last: this sale is made now, so it is in the archive the tests above read.
describe('market sales on the dashboard', () => {
  it("when a stall sale of 9.00 is made this month, then the month's sales count it and the orders badge does not (it is complete)", async () => {
    const day = await create('market-days', {
      place: 'Union Square',
      date: '2025-03-22',
      opens_at: '08:00',
      closes_at: '13:00',
    });
    const before = await result('/api/v2/admin/config/dashboard');
    await marketSale(day, {
      payment_method: 'cash',
      payer_email_address: '',
      transaction_gross_amount: '9.00',
      transaction_net_amount: '9.00',
      products: [{ product_id: 'p-honey', product: 'Honey', price: 9, quantity: 1 }],
    });
    const after = await result('/api/v2/admin/config/dashboard');
    expect([after.sell.current - before.sell.current, after.orders - before.orders]).toEqual([9, 0]);
  });
});
