import { richTextFromText } from '@shop/shared';
/**
 * The control centre's orders (SPEC §2 Orders list and detail, §4 admin order rules, §7 Admin): the sales
 * graph, the dashboard counts, the Open and Archive lists with their filters, one order's detail and its
 * status changes with their history. Orders are created through Payload's REST API as the admin, with
 * hand-picked amounts and dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, isEnvelope, startServer, type TestServer, uid } from './harness';
import { createOrder, type Doc, validContact } from './factories';

let server: TestServer;
let admin: AdminClient;
let adminId: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  adminId = (await admin.api('/api/users/me')).body.user.id;
});

afterAll(async () => {
  await server?.stop();
});

/** Noon on a day of the month `offset` months from this one, in the server's (and this process's) zone. */
const dayOfMonth = (offset: number, day = 15) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + offset, day, 12);
};
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const cents = (n: number) => Math.round(n * 100);
const ids = (res: { body: Json }) => (res.body.result as Array<{ id: string }>).map((o) => o.id);

describe('GET /api/v2/admin/orders/create/graph', () => {
  it('when no counted order falls in the last 12 months (only an old one and a cancelled one), then []', async () => {
    await createOrder(admin, { createdAt: dayOfMonth(-13), transaction_gross_amount: '40.00', status: 'COMPLETED' });
    await createOrder(admin, { createdAt: minutesAgo(5), transaction_gross_amount: '25.00', status: 'CANCELLED' });
    const res = await admin.api('/api/v2/admin/orders/create/graph');
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual([]);
  });

  it('when orders exist this month and two months ago, then 12 monthly points oldest first with those sums', async () => {
    await createOrder(admin, { createdAt: minutesAgo(4), transaction_gross_amount: '12.34' });
    await createOrder(admin, { createdAt: minutesAgo(3), transaction_gross_amount: '0.66', status: 'DELIVERED' });
    await createOrder(admin, { createdAt: dayOfMonth(-2), transaction_gross_amount: '99.99', status: 'COMPLETED' });
    await createOrder(admin, { createdAt: dayOfMonth(-2, 3), transaction_gross_amount: '0.01', status: 'COMPLETED' });

    const res = await admin.api('/api/v2/admin/orders/create/graph');
    expect(res.status, res.text).toBe(200);
    const points = res.body.result as Array<{ x: string; y: number }>;
    expect(points).toHaveLength(12);
    // The cancelled 25.00 of this month and the 40.00 of 13 months ago stay out.
    expect(points[11].y).toBe(13);
    expect(points[10].y).toBe(0);
    expect(points[9].y).toBe(100);
    expect(points.slice(0, 9).map((p) => p.y)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const label = (d: Date) => `${d.toLocaleString('en-US', { month: 'short' })} ${d.getFullYear()}`;
    expect(points[11].x).toBe(label(dayOfMonth(0)));
    expect(points[9].x).toBe(label(dayOfMonth(-2)));
    expect(points[0].x).toBe(label(dayOfMonth(-11)));
  });
});

describe('GET /api/v2/admin/config/dashboard', () => {
  it('when orders, contact messages and changelogs are added, then the counts move by exactly those amounts', async () => {
    const before = (await admin.api('/api/v2/admin/config/dashboard')).body.result;

    await createOrder(admin, { createdAt: minutesAgo(2), transaction_gross_amount: '20.00' });
    await createOrder(admin, { createdAt: minutesAgo(2), transaction_gross_amount: '7.66', status: 'SHIPPED' });
    await createOrder(admin, { createdAt: minutesAgo(2), transaction_gross_amount: '100.00', status: 'CANCELLED' });
    await createOrder(admin, { createdAt: dayOfMonth(-1), transaction_gross_amount: '15.50', status: 'COMPLETED' });
    await createOrder(admin, { createdAt: dayOfMonth(-3), transaction_gross_amount: '80.00', status: 'NEW' });
    for (let i = 0; i < 2; i++) {
      expect((await server.api('/api/v2/contacts', { method: 'POST', json: validContact() })).status).toBe(201);
    }

    const res = await admin.api('/api/v2/admin/config/dashboard');
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    const after = res.body.result;
    // This month: 20.00 + 7.66 (the cancelled 100.00 left out); last month: 15.50; three months ago is neither.
    expect(cents(after.sell.current - before.sell.current)).toBe(2766);
    expect(cents(after.sell.previous - before.sell.previous)).toBe(1550);
    expect(cents(after.sell.delta - before.sell.delta)).toBe(1216);
    // Two new NEW orders (this month's 20.00 and the old 80.00).
    expect(after.orders - before.orders).toBe(2);
    expect(after.notifications - before.notifications).toBe(2);
    expect(after.contacts).toBe(0);
  });

  it("when an order of this month is cancelled, then the month's sales and the graph drop by its amount at once", async () => {
    const order = await createOrder(admin, {
      createdAt: minutesAgo(1),
      transaction_gross_amount: '33.30',
      status: 'SHIPPED',
    });
    const before = (await admin.api('/api/v2/admin/config/dashboard')).body.result.sell.current;
    const graphBefore = (await admin.api('/api/v2/admin/orders/create/graph')).body.result[11].y;
    const put = await admin.api(`/api/v2/admin/orders/${order.id}`, { method: 'PUT', json: { status: 'CANCELLED' } });
    expect(put.status, put.text).toBe(200);
    const after = (await admin.api('/api/v2/admin/config/dashboard')).body.result.sell.current;
    const graphAfter = (await admin.api('/api/v2/admin/orders/create/graph')).body.result[11].y;
    expect(cents(before - after)).toBe(3330);
    expect(cents(graphBefore - graphAfter)).toBe(3330);
  });

  it('when there are 11 changelog entries, then the newest 10 come back newest first with their fields', async () => {
    for (let i = 1; i <= 11; i++) {
      const res = await admin.api('/api/changelogs', {
        method: 'POST',
        json: {
          version: `1.${i}.0`,
          title: `Release ${i}`,
          body: richTextFromText(`Notes ${i}`),
          date: new Date(Date.UTC(2026, 0, i)).toISOString(),
          _status: 'published',
          createdAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
        },
      });
      expect(res.status, res.text).toBe(201);
    }
    const res = await admin.api('/api/v2/admin/config/dashboard');
    const changelogs = res.body.result.changelogs as Array<Record<string, string>>;
    expect(changelogs.map((c) => c.version)).toEqual([
      '1.11.0',
      '1.10.0',
      '1.9.0',
      '1.8.0',
      '1.7.0',
      '1.6.0',
      '1.5.0',
      '1.4.0',
      '1.3.0',
      '1.2.0',
    ]);
    expect(changelogs[0]).toMatchObject({
      title: 'Release 11',
      description: 'Notes 11',
      created_at: '2026-01-11T00:00:00.000Z',
    });
  });
});

describe('GET /api/v2/admin/orders and /admin/orders/completed', () => {
  // One payer tag per test run: the search box isolates this describe's orders from the rest of the file.
  const tag = `zq${uid()}`;
  const o = {} as Record<'newA' | 'processing' | 'shipped' | 'delivered' | 'completed' | 'cancelled', Doc>;

  beforeAll(async () => {
    o.newA = await createOrder(admin, {
      number: 'AB2CD3EF',
      status: 'NEW',
      payer_full_name: `Carla Bianchi`,
      payer_email_address: `carla@${tag}.example`,
      createdAt: minutesAgo(60),
    });
    o.processing = await createOrder(admin, {
      status: 'PROCESSING',
      payer_full_name: `Aldo Verdi`,
      payer_email_address: `aldo@${tag}.example`,
      createdAt: minutesAgo(50),
    });
    o.shipped = await createOrder(admin, {
      status: 'SHIPPED',
      payer_full_name: `Bruno Neri`,
      payer_email_address: `bruno@${tag}.example`,
      createdAt: minutesAgo(40),
    });
    o.delivered = await createOrder(admin, {
      status: 'DELIVERED',
      payer_full_name: `Dora Gialli`,
      payer_email_address: `dora@${tag}.example`,
      createdAt: minutesAgo(30),
    });
    o.completed = await createOrder(admin, {
      status: 'COMPLETED',
      payer_full_name: `Elsa Rossi`,
      payer_email_address: `elsa@${tag}.example`,
      createdAt: minutesAgo(20),
    });
    o.cancelled = await createOrder(admin, {
      status: 'CANCELLED',
      payer_full_name: `Fabio Blu`,
      payer_email_address: `fabio@${tag}.example`,
      createdAt: minutesAgo(10),
    });
  });

  it('when the Open tab is listed, then only NEW/PROCESSING/SHIPPED/DELIVERED, newest first, with the list fields', async () => {
    const res = await admin.api(`/api/v2/admin/orders?search=${tag}`);
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(ids(res)).toEqual([o.delivered.id, o.shipped.id, o.processing.id, o.newA.id]);
    expect(res.body.pagination).toEqual({ count: 4, page: 1, limit: 10 });
    expect(res.body.result[3]).toEqual({
      id: o.newA.id,
      number: 'AB2CD3EF',
      created_at: o.newA.createdAt,
      status: 'NEW',
      payer_full_name: 'Carla Bianchi',
      payer_email_address: `carla@${tag}.example`,
      transaction_gross_amount: '10.00',
      transaction_status: 'COMPLETED',
      currency_code: 'USD',
      refund_state: 'NONE',
      // Issue 32: where it was sold and how it was paid (the Archive marks a stall sale "Market · cash").
      channel: 'online',
      payment_method: 'paypal',
    });
  });

  it('when the Archive tab is listed, then only COMPLETED and CANCELLED', async () => {
    const res = await admin.api(`/api/v2/admin/orders/completed?search=${tag}`);
    expect(res.status, res.text).toBe(200);
    expect(ids(res)).toEqual([o.cancelled.id, o.completed.id]);
    expect(res.body.pagination.count).toBe(2);
  });

  it('when filtered by status[0]=NEW&status[1]=SHIPPED, then those two', async () => {
    const res = await admin.api(`/api/v2/admin/orders?search=${tag}&status[0]=NEW&status[1]=SHIPPED`);
    expect(res.status, res.text).toBe(200);
    expect(ids(res)).toEqual([o.shipped.id, o.newA.id]);
  });

  it('when filtered by a single status=CANCELLED on the Archive tab, then that one', async () => {
    const res = await admin.api(`/api/v2/admin/orders/completed?search=${tag}&status=CANCELLED`);
    expect(ids(res)).toEqual([o.cancelled.id]);
  });

  it('when sorted by payer ascending and descending, then by name', async () => {
    const asc = await admin.api(`/api/v2/admin/orders?search=${tag}&sort[0]=payer_full_name&sort[1]=ASC`);
    expect(asc.status, asc.text).toBe(200);
    expect(asc.body.result.map((r: Json) => r.payer_full_name)).toEqual([
      'Aldo Verdi',
      'Bruno Neri',
      'Carla Bianchi',
      'Dora Gialli',
    ]);
    const desc = await admin.api(`/api/v2/admin/orders?search=${tag}&sort[0]=payer_full_name&sort[1]=DESC`);
    expect(desc.body.result.map((r: Json) => r.payer_full_name)).toEqual([
      'Dora Gialli',
      'Carla Bianchi',
      'Bruno Neri',
      'Aldo Verdi',
    ]);
  });

  it('when paged with limit=3, then page 2 holds the fourth order and the count stays 4', async () => {
    const res = await admin.api(`/api/v2/admin/orders?search=${tag}&limit=3&page=2`);
    expect(res.status, res.text).toBe(200);
    expect(ids(res)).toEqual([o.newA.id]);
    expect(res.body.pagination).toEqual({ count: 4, page: 2, limit: 3 });
  });

  it('when searched by a payer name in another case, or by the email, then that payer only', async () => {
    const byName = await admin.api(`/api/v2/admin/orders?search=${encodeURIComponent(`BRUNO ${tag}`)}`);
    expect(ids(byName)).toEqual([o.shipped.id]);
    const byEmail = await admin.api(`/api/v2/admin/orders?search=${encodeURIComponent(`dora@${tag}`)}`);
    expect(ids(byEmail)).toEqual([o.delivered.id]);
    const nobody = await admin.api(`/api/v2/admin/orders?search=${encodeURIComponent(`zelda ${tag}`)}`);
    expect(nobody.body.result).toEqual([]);
    expect(nobody.body.pagination.count).toBe(0);
  });

  it('when searched by part of the order number in lower case with a dash, then that order', async () => {
    const res = await admin.api(`/api/v2/admin/orders?number=${encodeURIComponent('2cd-3e')}`);
    expect(res.status, res.text).toBe(200);
    expect(ids(res)).toEqual([o.newA.id]);
    const wildcard = await admin.api(`/api/v2/admin/orders?number=${encodeURIComponent('%')}`);
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.result).toEqual([]);
  });

  it('when the search holds quotes, backslashes, LIKE wildcards or emoji, or the page is far past the end, then 200', async () => {
    for (const search of [`'"\\`, '%_%', "x' OR '1'='1", '🍝 olio', '\u0000']) {
      const res = await admin.api(`/api/v2/admin/orders?search=${encodeURIComponent(search)}`);
      expect(res.status, `${search}: ${res.text}`).toBe(200);
      expect(isEnvelope(res)).toBe(true);
    }
    const far = await admin.api(`/api/v2/admin/orders?search=${tag}&page=99999`);
    expect(far.status, far.text).toBe(200);
    expect(far.body.result).toEqual([]);
    expect(far.body.pagination).toEqual({ count: 4, page: 99999, limit: 10 });
  });

  it.each([
    ['a status of the other tab', '/api/v2/admin/orders?status=COMPLETED'],
    ['an Open status on the Archive tab', '/api/v2/admin/orders/completed?status[0]=NEW'],
    ['an unknown status', '/api/v2/admin/orders?status=LOST'],
    ['page 0', '/api/v2/admin/orders?page=0'],
    ['limit 101', '/api/v2/admin/orders?limit=101'],
    ['a negative limit', '/api/v2/admin/orders?limit=-1'],
    ['a sort on another column', '/api/v2/admin/orders?sort[0]=number&sort[1]=ASC'],
    ['a sort direction that is not ASC/DESC', '/api/v2/admin/orders?sort[0]=payer_full_name&sort[1]=UP'],
    ['an unknown key', '/api/v2/admin/orders?where[status][equals]=NEW'],
    ['an operator object as search', '/api/v2/admin/orders?search[$ne]=x'],
    ['a search given twice', '/api/v2/admin/orders?search=a&search=b'],
    ['a search of 101 characters', `/api/v2/admin/orders?search=${'x'.repeat(101)}`],
  ])('when the list is asked with %s, then 400 in the envelope', async (_label, path) => {
    const res = await admin.api(path);
    expect(res.status, res.text).toBe(400);
    expect(isEnvelope(res)).toBe(true);
  });
});

describe('GET /api/v2/admin/orders/{id}', () => {
  it('when the order exists, then the full order with fee, net, coordinates and an empty history', async () => {
    const order = await createOrder(admin, {
      transaction_gross_amount: '54.80',
      transaction_paypal_fee: '0.84',
      transaction_net_amount: '9.16',
      latitude: 40.75,
      longitude: -73.99,
      payer_full_name: 'Gina Lupo',
      products: [{ product_id: 'p-1', product: 'Olive oil', price: 2.1, quantity: 1 }],
    });
    const res = await admin.api(`/api/v2/admin/orders/${order.id}`);
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toMatchObject({
      id: order.id,
      number: order.number,
      status: 'NEW',
      payer_full_name: 'Gina Lupo',
      transaction_gross_amount: '54.80',
      transaction_paypal_fee: '0.84',
      transaction_net_amount: '9.16',
      coordinates: [40.75, -73.99],
      shipment_address: { postal_code: '10001', country_code: 'US' },
      products: [{ id: 'p-1', product: 'Olive oil', price: 2.1, quantity: 1 }],
      history: [],
    });
  });

  it('when the id is well formed but unknown, then 404; when malformed, then 400', async () => {
    const missing = await admin.api('/api/v2/admin/orders/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(isEnvelope(missing)).toBe(true);
    for (const bad of [encodeURIComponent("1' OR '1'='1"), 'a'.repeat(65), encodeURIComponent('a b')]) {
      const res = await admin.api(`/api/v2/admin/orders/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
  });
});

describe('PUT /api/v2/admin/orders/{id}', () => {
  const put = (id: string, json: unknown) => admin.api(`/api/v2/admin/orders/${id}`, { method: 'PUT', json });
  const by = () => `Shop Owner <${server.admin!.email}>`;

  it('when an order goes NEW → PROCESSING → SHIPPED → COMPLETED, then each change is in its history with who and when', async () => {
    const order = await createOrder(admin);
    const started = Date.now();
    for (const status of ['PROCESSING', 'SHIPPED', 'COMPLETED']) {
      const res = await put(order.id, { status });
      expect(res.status, res.text).toBe(200);
      expect(isEnvelope(res)).toBe(true);
      expect(res.body.result.status).toBe(status);
    }
    const res = await admin.api(`/api/v2/admin/orders/${order.id}`);
    const history = res.body.result.history as Json[];
    expect(history.map((h) => [h.from, h.to])).toEqual([
      ['NEW', 'PROCESSING'],
      ['PROCESSING', 'SHIPPED'],
      ['SHIPPED', 'COMPLETED'],
    ]);
    for (const h of history) {
      expect(h.by).toBe(by());
      expect(h.by_id).toBe(adminId);
      expect(Date.parse(h.at)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(h.at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // Now in the Archive tab, no longer in the Open one.
    const open = await admin.api(`/api/v2/admin/orders?number=${order.number}`);
    expect(open.body.result).toEqual([]);
    const archive = await admin.api(`/api/v2/admin/orders/completed?number=${order.number}`);
    expect(ids(archive)).toEqual([order.id]);
  });

  it("when the status is changed through Payload's own REST API (the /cms panel's way), then the history records it too", async () => {
    const order = await createOrder(admin, { status: 'SHIPPED' });
    const res = await admin.api(`/api/orders/${order.id}`, { method: 'PATCH', json: { status: 'DELIVERED' } });
    expect(res.status, res.text).toBe(200);
    const history = (await admin.api(`/api/v2/admin/orders/${order.id}`)).body.result.history;
    expect(history).toEqual([{ from: 'SHIPPED', to: 'DELIVERED', at: expect.any(String), by_id: adminId, by: by() }]);
  });

  it('when the status set is the one the order has, then 200 and no history entry', async () => {
    const order = await createOrder(admin, { status: 'SHIPPED' });
    const res = await put(order.id, { status: 'SHIPPED' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.status).toBe('SHIPPED');
    expect(res.body.result.history).toEqual([]);
  });

  it('when a completed order is set back to PROCESSING, then it is accepted (no transition rules) and recorded', async () => {
    const order = await createOrder(admin, { status: 'COMPLETED' });
    const res = await put(order.id, { status: 'PROCESSING' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.history.map((h: Json) => [h.from, h.to])).toEqual([['COMPLETED', 'PROCESSING']]);
  });

  it('when a change meant for NEW finds the order NEW, then it is made and recorded', async () => {
    const order = await createOrder(admin);
    const res = await put(order.id, { status: 'PROCESSING', from: 'NEW' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.history.map((h: Json) => [h.from, h.to])).toEqual([['NEW', 'PROCESSING']]);
  });

  it('when a change meant for NEW lands after the order was cancelled, then 409 and it stays cancelled, with no event', async () => {
    const order = await createOrder(admin);
    expect((await put(order.id, { status: 'CANCELLED' })).status).toBe(200);
    const late = await put(order.id, { status: 'PROCESSING', from: 'NEW' });
    expect(late.status, late.text).toBe(409);
    expect(isEnvelope(late)).toBe(true);
    expect(late.body.result).toBe('The order\'s status is now "Order Cancelled"; nothing was changed');
    const after = (await admin.api(`/api/v2/admin/orders/${order.id}`)).body.result;
    expect(after.status).toBe('CANCELLED');
    expect(after.history.map((h: Json) => [h.from, h.to])).toEqual([['NEW', 'CANCELLED']]);
    const events = (await admin.api(`/api/v2/admin/orders/${order.id}/events`)).body.result as Json[];
    expect(events.filter((e) => e.type === 'status').map((e) => [e.from, e.to])).toEqual([['NEW', 'CANCELLED']]);
  });

  it('when a change is meant for the status the order already left for the same one, then 409 all the same', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    const res = await put(order.id, { status: 'PROCESSING', from: 'NEW' });
    expect(res.status, res.text).toBe(409);
    expect((await admin.api(`/api/v2/admin/orders/${order.id}`)).body.result.history).toEqual([]);
  });

  it.each([
    ['status NEW', { status: 'NEW' }],
    ['an unknown "from"', { status: 'PROCESSING', from: 'LOST' }],
    ['a "from" of the wrong type', { status: 'PROCESSING', from: ['NEW'] }],
    ['an unknown status', { status: 'LOST' }],
    ['a lower-case status', { status: 'shipped' }],
    ['no status', {}],
    ['an extra field', { status: 'SHIPPED', payer_full_name: 'Mallory' }],
    ['an operator object', { status: { $ne: null } }],
    ['an array', ['SHIPPED']],
  ])('when the body has %s, then 400 and the order is unchanged', async (_label, json) => {
    const order = await createOrder(admin, { status: 'PROCESSING', payer_full_name: 'Ivo Sole' });
    const res = await put(order.id, json);
    expect(res.status, res.text).toBe(400);
    expect(isEnvelope(res)).toBe(true);
    const after = (await admin.api(`/api/v2/admin/orders/${order.id}`)).body.result;
    expect(after.status).toBe('PROCESSING');
    expect(after.payer_full_name).toBe('Ivo Sole');
    expect(after.history).toEqual([]);
  });

  it('when the body is not JSON, then 400 and the order is unchanged', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    const res = await admin.api(`/api/v2/admin/orders/${order.id}`, {
      method: 'PUT',
      body: '{"status":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(400);
    expect((await admin.api(`/api/v2/admin/orders/${order.id}`)).body.result.status).toBe('PROCESSING');
  });

  it('when the order does not exist, then 404', async () => {
    const res = await put('00000000-0000-4000-8000-000000000000', { status: 'SHIPPED' });
    expect(res.status, res.text).toBe(404);
    expect(isEnvelope(res)).toBe(true);
  });
});
