/**
 * Market days and stall sales (issue 32 §1–3), against the real server: a day planned, opened with its float,
 * sales booked as orders, closed with the counted cash, its Z-report. Every answer is also held to the API
 * description (contract.ts).
 *
 * Figures worked out by hand. Olio 18.00 (10 counted), Miele 12.50 with its own 20 % off = 10.00 (not counted).
 *   A: 2 Olio + 1 Miele = 46.00, 10 % off = 4.60 → 41.40 cash, 50.00 received, change 8.60
 *   B: 1 Olio = 18.00, 3.00 off → 15.00 card
 *   C: 1 Olio = 18.00, 2.25 % off = 0.405 → 0.41 (half up) → 17.59 cash, 20.00 received, change 2.41
 *   D (sent after the close, recorded while open): 1 Miele = 10.00 card
 *   cash 41.40 + 17.59 = 58.99; card 15.00 + 10.00 = 25.00; total 83.99; discounts 4.60 + 3.00 + 0.41 = 8.01
 *   expected cash 50.00 + 58.99 = 108.99; counted 108.50 → difference −0.49
 *   units Olio 4 (72.00), Miele 2 (20.00); Olio's count 10 − 4 = 6.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrashingServer } from './crash-helpers';
import { createEditor, createProduct, type Doc, signInAs } from './factories';
import { type AdminClient, type Json, startServer, type TestServer, uid } from './harness';

let server: TestServer;
let admin: AdminClient;
let olio: Doc;
let miele: Doc;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  olio = await createProduct(admin, { name: `Olio ${uid()}`, price: 18, stock_quantity: 10 });
  miele = await createProduct(admin, {
    name: `Miele ${uid()}`,
    price: 12.5,
    apply_discount: true,
    discount_unit: '%',
    discount_amount: 20,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dayCount = 0;
async function plannedDay(place = `Piazza ${uid()}`): Promise<Json> {
  dayCount += 1;
  const res = await admin.api('/api/v2/admin/market/days', {
    method: 'POST',
    json: {
      place,
      date: `2026-12-${String(dayCount).padStart(2, '0')}`,
      opens_at: '08:00',
      closes_at: '13:00',
      pickup: false,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.result;
}

async function openDay(opening_cash = 0): Promise<Json> {
  const day = await plannedDay();
  const res = await admin.api(`/api/v2/admin/market/days/${day.id}/open`, { method: 'POST', json: { opening_cash } });
  expect(res.status, res.text).toBe(200);
  return res.body.result;
}

const sell = (dayId: string, sale: Record<string, unknown>) =>
  admin.api(`/api/v2/admin/market/days/${dayId}/sales`, {
    method: 'POST',
    json: { client_id: randomUUID(), recorded_at: new Date().toISOString(), ...sale },
  });

async function countOf(id: string): Promise<number | null> {
  const res = await admin.api(`/api/products/${id}?depth=0`);
  expect(res.status, res.text).toBe(200);
  return res.body.stock_quantity;
}

async function ordersOfClient(clientId: string): Promise<Doc[]> {
  const res = await admin.api(`/api/orders?where[client_id][equals]=${clientId}&depth=0&limit=10`);
  expect(res.status, res.text).toBe(200);
  return res.body.docs;
}

async function dayDetail(id: string): Promise<Json> {
  const res = await admin.api(`/api/v2/admin/market/days/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.result;
}

describe('a market day from planning to its Z-report', () => {
  it('when a day is opened with 50.00, sells four sales (one sent after closing) and closes with 108.50, then every total is right to the cent and the sales are completed orders', async () => {
    const day = await plannedDay('Piazza del Campo');
    expect(day).toMatchObject({ place: 'Piazza del Campo', status: 'PLANNED', opening_cash: null, pickup: false });
    // A planned day sells nothing yet.
    const early = await sell(day.id, { lines: [{ product_id: olio.id, quantity: 1 }], payment: 'card' });
    expect(early.status, early.text).toBe(409);

    const opened = await admin.api(`/api/v2/admin/market/days/${day.id}/open`, {
      method: 'POST',
      json: { opening_cash: 50 },
    });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.result).toMatchObject({ status: 'OPEN', opening_cash: 50, opened_at: expect.any(String) });
    const again = await admin.api(`/api/v2/admin/market/days/${day.id}/open`, {
      method: 'POST',
      json: { opening_cash: 1 },
    });
    expect(again.status, again.text).toBe(409);

    const email = `buyer-${uid()}@test.example`;
    const a = await sell(day.id, {
      lines: [
        { product_id: olio.id, quantity: 2 },
        { product_id: miele.id, quantity: 1 },
      ],
      discount: { unit: '%', amount: 10 },
      payment: 'cash',
      cash_received: 50,
      receipt_email: email,
    });
    expect(a.status, a.text).toBe(201);
    expect(a.body.result).toMatchObject({
      subtotal: 46,
      discount: 4.6,
      discount_label: '10%',
      total: 41.4,
      payment: 'cash',
      cash_received: 50,
      change_given: 8.6,
      receipt_email: email,
      shortfalls: [],
    });
    expect(a.body.result.lines).toEqual([
      { product_id: olio.id, product: olio.name, price: 18, quantity: 2, line_total: 36 },
      { product_id: miele.id, product: miele.name, price: 10, quantity: 1, line_total: 10 },
    ]);
    const b = await sell(day.id, {
      lines: [{ product_id: olio.id, quantity: 1 }],
      discount: { unit: '$', amount: 3 },
      payment: 'card',
    });
    expect(b.status, b.text).toBe(201);
    expect(b.body.result).toMatchObject({
      subtotal: 18,
      discount: 3,
      total: 15,
      cash_received: null,
      change_given: null,
    });
    const c = await sell(day.id, {
      lines: [{ product_id: olio.id, quantity: 1 }],
      discount: { unit: '%', amount: 2.25 },
      payment: 'cash',
      cash_received: 20,
    });
    expect(c.status, c.text).toBe(201);
    expect(c.body.result).toMatchObject({ discount: 0.41, total: 17.59, change_given: 2.41 });
    const whileOpen = new Date().toISOString();

    // The receipt, once, to the buyer who asked for it.
    const receipt = await server.waitForMail((m) => m.to.includes(email));
    expect(receipt.subject).toContain('$41.40');
    expect(receipt.body).toContain('Change: $8.60');

    // Booked as an order the ledger reads like any other.
    const [order] = await ordersOfClient(a.body.result.client_id);
    expect(order).toMatchObject({
      id: a.body.result.id,
      channel: 'market',
      status: 'COMPLETED',
      payment_method: 'cash',
      market_day_id: day.id,
      transaction_status: 'COMPLETED',
      transaction_gross_amount: '41.40',
      transaction_paypal_fee: '0.00',
      transaction_net_amount: '41.40',
      payer_email_address: email,
      shipment_amount: 0,
      cash_received: 50,
      change_given: 8.6,
      market_discount: 4.6,
    });
    expect(order.status_history).toEqual([expect.objectContaining({ from: 'NEW', to: 'COMPLETED' })]);
    expect(order.products[0]).toMatchObject({
      product_id: olio.id,
      price: 18,
      quantity: 2,
      category_ids: olio.categories.map((c: Json) => c.id ?? c),
    });

    const closed = await admin.api(`/api/v2/admin/market/days/${day.id}/close`, {
      method: 'POST',
      json: { counted_cash: 108.5 },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.result.totals).toMatchObject({ sales_count: 3, expected_cash: 108.99, difference: -0.49 });
    const closeAgain = await admin.api(`/api/v2/admin/market/days/${day.id}/close`, {
      method: 'POST',
      json: { counted_cash: 1 },
    });
    expect(closeAgain.status, closeAgain.text).toBe(409);

    // A phone that was offline syncs after the close: its sale made while open counts, one made after does not.
    const d = await sell(day.id, {
      recorded_at: whileOpen,
      lines: [{ product_id: miele.id, quantity: 1 }],
      payment: 'card',
    });
    expect(d.status, d.text).toBe(201);
    const late = await sell(day.id, { lines: [{ product_id: olio.id, quantity: 1 }], payment: 'card' });
    expect(late.status, late.text).toBe(409);
    expect(late.body.result).toBe('The market day was closed before this sale was recorded');

    const detail = await dayDetail(day.id);
    expect(detail.status).toBe('CLOSED');
    expect(detail.sales.map((s: Json) => s.total)).toEqual([41.4, 15, 17.59, 10]);
    expect(detail.totals).toEqual({
      sales_count: 4,
      total: 83.99,
      cash_total: 58.99,
      card_total: 25,
      discount_total: 8.01,
      expected_cash: 108.99,
      counted_cash: 108.5,
      difference: -0.49,
      units: [
        { product_id: olio.id, product: olio.name, quantity: 4, amount: 72 },
        { product_id: miele.id, product: miele.name, quantity: 2, amount: 20 },
      ],
    });
    expect(detail.pickups).toEqual([]);
    expect(await countOf(olio.id)).toBe(6);

    const pdf = await fetch(`${server.baseUrl}/api/v2/admin/market/days/${day.id}/z-report.pdf`, {
      headers: { cookie: admin.cookie, origin: server.baseUrl },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    const paper = (await parser.getText()).text;
    await parser.destroy();
    expect(paper).toContain('Expected cash (float + cash sales) $108.99');
    expect(paper).toContain('Counted cash $108.50');
    expect(paper).toContain('Difference (counted - expected) -$0.49');
    expect(paper).toContain(`${olio.name} 4 $72.00`);

    const catalogue = await admin.api('/api/v2/admin/market/catalogue');
    expect(catalogue.status, catalogue.text).toBe(200);
    expect(catalogue.body.result.find((p: Json) => p.id === olio.id)).toEqual({
      id: olio.id,
      name: olio.name,
      price: 18,
      stock_left: 6,
      img_url: null,
    });
    expect(catalogue.body.result.find((p: Json) => p.id === miele.id)).toMatchObject({ price: 10, stock_left: null });
  });
});

describe('a sale recorded once, at the price of its time', () => {
  it('when a sale is sent again, twice at once, or after a price change or a deletion, then each is one order at the price when it was recorded and the units go once', async () => {
    const day = await openDay();
    const before = (await countOf(olio.id)) as number;

    const first = { client_id: randomUUID(), lines: [{ product_id: olio.id, quantity: 2 }], payment: 'card' };
    const sent = await sell(day.id, first);
    expect(sent.status, sent.text).toBe(201);
    const resent = await sell(day.id, { ...first, lines: [{ product_id: olio.id, quantity: 5 }] });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.result).toEqual(sent.body.result);
    expect(await ordersOfClient(first.client_id)).toHaveLength(1);
    expect(await countOf(olio.id)).toBe(before - 2);

    // Phones (or retries racing their original) sending one sale at the same moment.
    const twin = { client_id: randomUUID(), lines: [{ product_id: olio.id, quantity: 1 }], payment: 'cash' };
    const copies = await Promise.all(Array.from({ length: 6 }, () => sell(day.id, twin)));
    expect(copies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(copies.map((r) => r.body.result.id)).size).toBe(1);
    expect(await ordersOfClient(twin.client_id)).toHaveLength(1);
    expect(await countOf(olio.id)).toBe(before - 3);

    // Made offline before the price went from 18.00 to 20.00 (and the 20 % off Miele went), sent after.
    const offlineAt = new Date().toISOString();
    await sleep(20);
    const repriced = await admin.api(`/api/products/${olio.id}`, { method: 'PATCH', json: { price: 20 } });
    expect(repriced.status, repriced.text).toBe(200);
    const undiscounted = await admin.api(`/api/products/${miele.id}`, {
      method: 'PATCH',
      json: { apply_discount: false },
    });
    expect(undiscounted.status, undiscounted.text).toBe(200);
    const old = await sell(day.id, {
      recorded_at: offlineAt,
      lines: [
        { product_id: olio.id, quantity: 1 },
        { product_id: miele.id, quantity: 1 },
      ],
      payment: 'card',
    });
    expect(old.status, old.text).toBe(201);
    expect(old.body.result.lines.map((l: Json) => l.price)).toEqual([18, 10]);
    expect(old.body.result.total).toBe(28);
    const now = await sell(day.id, {
      lines: [
        { product_id: olio.id, quantity: 1 },
        { product_id: miele.id, quantity: 1 },
      ],
      payment: 'card',
    });
    expect(now.body.result.lines.map((l: Json) => l.price)).toEqual([20, 12.5]);
    expect(now.body.result.total).toBe(32.5);

    // Sold at the stall, then deleted before the phone had signal: recorded by what it was.
    const pane = await createProduct(admin, { name: `Pane ${uid()}`, price: 4.2 });
    const soldAt = new Date().toISOString();
    await sleep(20);
    expect((await admin.api(`/api/products/${pane.id}`, { method: 'DELETE' })).status).toBe(200);
    const gone = await sell(day.id, {
      recorded_at: soldAt,
      lines: [{ product_id: pane.id, quantity: 2 }],
      payment: 'card',
    });
    expect(gone.status, gone.text).toBe(201);
    expect(gone.body.result.lines).toEqual([
      { product_id: pane.id, product: pane.name, price: 4.2, quantity: 2, line_total: 8.4 },
    ]);

    const detail = await dayDetail(day.id);
    // 36.00 + 18.00 + 28.00 + 32.50 + 8.40
    expect(detail.totals).toMatchObject({ sales_count: 5, total: 122.9 });
  });
});

/** The live alerts stream, open (its first bytes read, so the server listens), and its next `type` event. */
async function openAlerts(cookie: string): Promise<{ next(type: string): Promise<Json>; close(): void }> {
  const abort = new AbortController();
  const res = await fetch(`${server.baseUrl}/api/v2/admin/events`, {
    headers: { accept: 'text/event-stream', origin: server.baseUrl, cookie },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = (await reader.read()).value ?? '';
  return {
    close: () => abort.abort(),
    async next(type) {
      const timer = setTimeout(() => abort.abort(), 10_000);
      try {
        for (;;) {
          const match = new RegExp(`event: ${type.replace('.', '\\.')}\\n(?:id: .*\\n)?data: (.*)\\n`).exec(text);
          if (match) return JSON.parse(match[1]);
          const { value, done } = await reader.read();
          if (done) throw new Error(`no ${type} event; read: ${text}`);
          text += value;
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

describe('the last unit sold by two phones', () => {
  it('when two phones each sell the last jar at once, then both sales are recorded, the count is 0, one shortfall is answered, logged and announced, and the shop shows it not available', async () => {
    const day = await openDay();
    const pesto = await createProduct(admin, { name: `Pesto ${uid()}`, price: 7.9, stock_quantity: 1 });
    const alerts = await openAlerts(admin.cookie);
    const sales = await Promise.all([
      sell(day.id, { lines: [{ product_id: pesto.id, quantity: 1 }], payment: 'cash' }),
      sell(day.id, { lines: [{ product_id: pesto.id, quantity: 1 }], payment: 'card' }),
    ]);
    expect(sales.map((s) => s.status)).toEqual([201, 201]);
    const shortfalls = sales.flatMap((s) => s.body.result.shortfalls);
    expect(shortfalls).toEqual([{ product_id: pesto.id, product: pesto.name, missing: 1 }]);
    expect(await countOf(pesto.id)).toBe(0);
    expect(await alerts.next('stock.shortfall')).toMatchObject({
      id: pesto.id,
      missing: 1,
      text: expect.stringContaining('the count was off'),
    });

    const log = await admin.api(`/api/v2/admin/audit-log?collection=products&record_id=${pesto.id}`);
    expect(log.status, log.text).toBe(200);
    const takes = log.body.result.filter((e: Json) => e.changes?.market_sale);
    expect(takes.map((e: Json) => e.changes.stock_quantity.before).sort()).toEqual([0, 1]);
    expect(takes.map((e: Json) => e.changes.stock_quantity.after)).toEqual([0, 0]);
    expect(takes.filter((e: Json) => e.changes.shortfall).map((e: Json) => e.changes.shortfall.after)).toEqual([1]);

    // The day's list answers the shortfall with its sale; the storefront says "Not available".
    const detail = await dayDetail(day.id);
    expect(detail.sales.flatMap((s: Json) => s.shortfalls)).toEqual([
      { product_id: pesto.id, product: pesto.name, missing: 1 },
    ]);
    const shop = await server.api(`/api/v2/products/${pesto.id}`);
    expect(shop.status, shop.text).toBe(200);
    expect(shop.body.result.inventory_stock).toBe(false);
    alerts.close();
  });
});

describe('refused requests', () => {
  it('when a sale is bad, the day is unknown or the caller is not an admin, then a clear 4xx and nothing changes', async () => {
    const day = await openDay();
    const vino = await createProduct(admin, { name: `Vino ${uid()}`, price: 18, stock_quantity: 5 });
    const clientIds: string[] = [];
    const hostile = async (body: unknown, status: number, says?: string) => {
      if (body && typeof body === 'object' && 'client_id' in body) clientIds.push(String(body.client_id));
      const res = await admin.api(`/api/v2/admin/market/days/${day.id}/sales`, { method: 'POST', json: body });
      expect(res.status, res.text).toBe(status);
      if (says) expect(JSON.stringify(res.body.result)).toContain(says);
    };
    const base = () => ({
      client_id: randomUUID(),
      recorded_at: new Date().toISOString(),
      lines: [{ product_id: vino.id, quantity: 1 }],
      payment: 'cash',
    });
    await hostile({ ...base(), cash_received: 17.99 }, 400, 'Cash received is less than the total');
    await hostile({ ...base(), discount: { unit: '$', amount: 18.01 } }, 400, 'more than the goods');
    await hostile({ ...base(), discount: { unit: '%', amount: 101 } }, 400, 'at most 100');
    await hostile({ ...base(), lines: [{ product_id: randomUUID(), quantity: 1 }] }, 400, 'Unknown product');
    await hostile({ ...base(), lines: [{ product_id: vino.id, quantity: 0 }] }, 400);
    await hostile({ ...base(), lines: [] }, 400);
    await hostile({ ...base(), client_id: 'not-a-uuid' }, 400, 'client_id is a UUID');
    await hostile({ ...base(), payment: 'card', cash_received: 20 }, 400);
    await hostile({ ...base(), price: 0.01 }, 400);
    await hostile({ ...base(), recorded_at: 'yesterday' }, 400);
    const notJson = await admin.api(`/api/v2/admin/market/days/${day.id}/sales`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"client_id":',
    });
    expect(notJson.status, notJson.text).toBe(400);
    expect(
      (
        await admin.api('/api/v2/admin/market/days', {
          method: 'POST',
          json: { place: 'X', date: '2026-02-30', opens_at: '08:00', closes_at: '07:00' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await admin.api(`/api/v2/admin/market/days/${day.id}/open`, { method: 'POST', json: { opening_cash: -1 } }))
        .status,
    ).toBe(400);

    expect(await countOf(vino.id)).toBe(5);
    for (const id of clientIds) expect(await ordersOfClient(id)).toEqual([]);
    expect((await dayDetail(day.id)).sales).toEqual([]);

    const unknown = await sell(randomUUID(), base());
    expect(unknown.status, unknown.text).toBe(404);

    const signedOut = await server.api(`/api/v2/admin/market/days/${day.id}`);
    expect(signedOut.status).toBe(401);
    const editorAccount = await createEditor(admin);
    const editor = await signInAs(server, editorAccount, 'panel');
    for (const [method, path] of [
      ['GET', '/api/v2/admin/market/days'],
      ['GET', '/api/v2/admin/market/catalogue'],
      ['POST', `/api/v2/admin/market/days/${day.id}/sales`],
      ['GET', `/api/v2/admin/market/days/${day.id}/z-report.pdf`],
    ]) {
      const res = await editor.api(path, { method, ...(method === 'POST' ? { json: base() } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await countOf(vino.id)).toBe(5);
  });
});

describe('stall sales under SIGKILL', () => {
  it('when the server is killed while phones send 9 sales and they then send them all again, then 9 orders, each once, and the units went once', async () => {
    const day = await openDay(20);
    // 9 sales of 2 × 9.00 = 18.00, 5 cash (90.00) and 4 card (72.00): 162.00 in all, 18 of the 30 units.
    const salame = await createProduct(admin, { name: `Salame ${uid()}`, price: 9, stock_quantity: 30 });
    const path = `/api/v2/admin/market/days/${day.id}/sales`;
    const sales = Array.from({ length: 9 }, (_, n) => ({
      client_id: randomUUID(),
      recorded_at: new Date().toISOString(),
      lines: [{ product_id: salame.id, quantity: 2 }],
      payment: n % 2 === 0 ? 'cash' : 'card',
    }));
    const crashing = new CrashingServer(server);
    let inFlight = 0;
    const inFlightAtKill: number[] = [];
    const killAfterSending = new Set([4]);
    const send = async (n: number) => {
      await crashing.up();
      inFlight += 1;
      if (killAfterSending.has(n)) {
        setTimeout(
          () => {
            inFlightAtKill.push(inFlight);
            void crashing.crash();
          },
          Math.floor(Math.random() * 10),
        );
      }
      try {
        await admin.api(path, { method: 'POST', json: sales[n] });
      } catch {
        // The connection died with the server: the phone keeps the sale queued.
      } finally {
        inFlight -= 1;
      }
    };
    // Three at a time, as two phones and a retry might.
    for (let n = 0; n < sales.length; n += 3) await Promise.all([n, n + 1, n + 2].map(send));
    await crashing.up();
    expect(crashing.kills).toBe(1);
    // The window was hit: a kill landed while a sale was on its way.
    expect(Math.max(...inFlightAtKill)).toBeGreaterThan(0);

    // The phone does not know which got through: it sends every one again.
    for (const sale of sales) {
      const res = await crashing.call(path, {
        method: 'POST',
        json: sale,
        headers: { cookie: admin.cookie, origin: server.baseUrl },
      });
      expect([200, 201], res.text).toContain(res.status);
    }
    const detail = await dayDetail(day.id);
    expect(detail.sales.map((s: Json) => s.client_id).sort()).toEqual(sales.map((s) => s.client_id).sort());
    expect(detail.totals).toMatchObject({
      sales_count: 9,
      total: 162,
      cash_total: 90,
      card_total: 72,
      expected_cash: 110,
      units: [{ product_id: salame.id, product: salame.name, quantity: 18, amount: 162 }],
    });
    for (const sale of sales) expect(await ordersOfClient(sale.client_id)).toHaveLength(1);
    const product = await admin.api(`/api/products/${salame.id}?depth=0`);
    expect(product.body.stock_quantity).toBe(12);
    expect(Object.keys(product.body.stock_holds ?? {})).toEqual([]);
  });

  it('when a kill left a sale taken and noted without its order, or its order with the notes still on, then the resend records it once, takes nothing more and logs the shortfall', async () => {
    const day = await openDay();
    const burrata = await createProduct(admin, { name: `Burrata ${uid()}`, price: 6, stock_quantity: 5 });
    const ricotta = await createProduct(admin, { name: `Ricotta ${uid()}`, price: 4, stock_quantity: 1 });
    const sale = {
      client_id: randomUUID(),
      recorded_at: new Date().toISOString(),
      lines: [
        { product_id: burrata.id, quantity: 3 },
        { product_id: ricotta.id, quantity: 3 },
      ],
      payment: 'card',
    };
    // What a kill right after the takes leaves: 3 burrata taken (5 → 2), the 1 ricotta there was (1 → 0),
    // each noted under the sale, and neither the audit entries nor the order written.
    const db = createClient({ url: `file:${path.join(server.dataDir, 'shop.db')}` });
    const note = `$."m_${sale.client_id}"`;
    try {
      await db.execute({
        sql: "UPDATE products SET stock_quantity = ?, stock_holds = json_set(coalesce(stock_holds, '{}'), ?, ?) WHERE id = ?",
        args: [2, note, 3, burrata.id],
      });
      await db.execute({
        sql: "UPDATE products SET stock_quantity = ?, inventory_stock = 0, stock_holds = json_set(coalesce(stock_holds, '{}'), ?, ?) WHERE id = ?",
        args: [0, note, 1, ricotta.id],
      });
      const resent = await sell(day.id, sale);
      expect(resent.status, resent.text).toBe(201);
      // 3 × 6.00 + 3 × 4.00
      expect(resent.body.result.total).toBe(30);
      expect(resent.body.result.shortfalls).toEqual([{ product_id: ricotta.id, product: ricotta.name, missing: 2 }]);
      expect(await countOf(burrata.id)).toBe(2);
      expect(await countOf(ricotta.id)).toBe(0);
      const log = await admin.api(`/api/v2/admin/audit-log?collection=products&record_id=${ricotta.id}`);
      const entries = log.body.result.filter((e: Json) => e.changes?.market_sale?.after === sale.client_id);
      expect(entries.map((e: Json) => e.changes.shortfall?.after)).toEqual([2]);

      // What a kill right after the order leaves: the notes still on the products.
      await db.execute({
        sql: "UPDATE products SET stock_holds = json_set(coalesce(stock_holds, '{}'), ?, ?) WHERE id = ?",
        args: [note, 3, burrata.id],
      });
      const again = await sell(day.id, sale);
      expect(again.status, again.text).toBe(200);
      expect(again.body.result).toEqual(resent.body.result);
      expect(await countOf(burrata.id)).toBe(2);
      const product = await admin.api(`/api/products/${burrata.id}?depth=0`);
      expect(Object.keys(product.body.stock_holds ?? {})).toEqual([]);
      expect(await ordersOfClient(sale.client_id)).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});
