/**
 * Customers (issue 24 §2), against the real server and its PayPal emulator: orders paid with the same payer
 * email (case and surrounding spaces ignored) are one customer, with what they spent net of refunds.
 *
 * Amounts worked out by hand: a product at 12.50 plus the 7.90 shipping. One bottle: 12.50 + 7.90 = 20.40;
 * two: 25.00 + 7.90 = 32.90; three: 37.50 + 7.90 = 45.40. Anna pays 20.40 + 32.90 + 45.40 = 98.70 and gets
 * 10.00 back on the third order, so she has spent 88.70; a fourth order of one bottle makes it 109.10.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEditor, createProduct, type Doc, signInAs } from './factories';
import { type AdminClient, type Json, startServer, type TestServer, uid } from './harness';
import { checkout } from './payment-helpers';

let server: TestServer;
let admin: AdminClient;
let product: Doc;

beforeAll(async () => {
  // The unsearched list is kept between requests once the newest order write has settled: at once here, so
  // the tests below check that a kept list still answers with every new order and refund.
  server = await startServer({ env: { CUSTOMERS_SETTLE_SECONDS: '0' } });
  admin = await server.loginAdmin();
  product = await createProduct(admin, { price: 12.5, apply_shipping: true });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A paid order of `bottles` × 12.50 + 7.90, paid by `given surname <email>`. */
async function paidOrder(bottles: number, given: string, surname: string, email: string): Promise<string> {
  const { orderId } = await checkout(server, [{ id: product.id, quantity: bottles }], {
    payer: { name: { given_name: given, surname }, email_address: email },
  });
  return orderId;
}

async function customers(query: string): Promise<{ items: Json[]; count: number }> {
  const res = await admin.api(`/api/v2/admin/customers${query}`);
  expect(res.status, res.text).toBe(200);
  return { items: res.body.result, count: res.body.pagination.count };
}

async function customer(id: string): Promise<Json> {
  const res = await admin.api(`/api/v2/admin/customers/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.result;
}

describe('customers list and detail', () => {
  it('when three orders share an email up to case and spaces and one is refunded in part, then they are one customer with 88.70 spent', async () => {
    const tag = uid();
    const first = await paidOrder(1, 'Anna', `Rossi${tag}`, ` Anna.${tag}@X.example`);
    const second = await paidOrder(2, 'Anna', `Rossi${tag}`, `anna.${tag}@x.example `);
    const third = await paidOrder(3, 'Anna Maria', `Rossi${tag}`, `ANNA.${tag}@x.EXAMPLE`);
    const refund = await admin.api(`/api/v2/admin/orders/${third}/refunds`, {
      method: 'POST',
      json: { amount: '10.00', reason: 'One bottle arrived broken' },
    });
    expect(refund.status, refund.text).toBe(201);

    const found = await customers(`?search=anna.${tag}`);
    expect(found.count).toBe(1);
    expect(found.items[0]).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{32}$/),
      name: `Anna Maria Rossi${tag}`,
      email: `anna.${tag}@x.example`,
      orders_count: 3,
      total_spent: '88.70',
      currency_code: 'USD',
      first_order_at: expect.any(String),
      last_order_at: expect.any(String),
    });
    const { id } = found.items[0];

    const detail = await customer(id);
    expect(detail).toMatchObject({ id, orders_count: 3, total_spent: '88.70', email: `anna.${tag}@x.example` });
    expect(detail.orders.map((o: Json) => o.id)).toEqual([third, second, first]);
    expect(detail.orders.map((o: Json) => o.transaction_gross_amount)).toEqual(['45.40', '32.90', '20.40']);
    expect(detail.first_order_at).toBe(detail.orders[2].created_at);
    expect(detail.last_order_at).toBe(detail.orders[0].created_at);

    // The order page links to its customer.
    const order = await admin.api(`/api/v2/admin/orders/${first}`);
    expect(order.body.result.customer_id).toBe(id);
  });

  it('when a new order or a refund comes in, then the customer shows it on the next request', async () => {
    const tag = uid();
    const email = `bruno.${tag}@x.example`;
    const first = await paidOrder(2, 'Bruno', `Bianchi${tag}`, email);
    const [before] = (await customers(`?search=${tag}`)).items;
    expect(before).toMatchObject({ orders_count: 1, total_spent: '32.90' });

    await paidOrder(1, 'Bruno', `Bianchi${tag}`, ` ${email.toUpperCase()}`);
    expect((await customers(`?search=${tag}`)).items[0]).toMatchObject({
      id: before.id,
      orders_count: 2,
      total_spent: '53.30',
    });

    const refund = await admin.api(`/api/v2/admin/orders/${first}/refunds`, {
      method: 'POST',
      json: { reason: 'Changed their mind' },
    });
    expect(refund.status, refund.text).toBe(201);
    // 53.30 − the whole 32.90 of the first order = 20.40.
    expect((await customer(before.id)).total_spent).toBe('20.40');
  });

  it('when the unsearched list was read and then an order and a refund come in, then the next page shows them', async () => {
    const tag = uid();
    const email = `greta.${tag}@x.example`;
    const first = await paidOrder(3, 'Greta', `Longo${tag}`, email);
    // The newest buyer first: Greta heads the list, and the list is kept (the orders unchanged since).
    const head = async () => (await customers('?limit=1')).items[0];
    expect(await head()).toMatchObject({ email, orders_count: 1, total_spent: '45.40' });
    expect(await head()).toMatchObject({ email, orders_count: 1, total_spent: '45.40' });

    await paidOrder(1, 'Greta', `Longo${tag}`, email.toUpperCase());
    expect(await head()).toMatchObject({ email, orders_count: 2, total_spent: '65.80' });

    const refund = await admin.api(`/api/v2/admin/orders/${first}/refunds`, {
      method: 'POST',
      json: { amount: '5.40', reason: 'Late delivery' },
    });
    expect(refund.status, refund.text).toBe(201);
    // 65.80 − 5.40 = 60.40, on the kept list and on the list sorted by what was spent.
    expect(await head()).toMatchObject({ email, orders_count: 2, total_spent: '60.40' });
    const all = await customers('?limit=100&sort[0]=total_spent&sort[1]=DESC');
    expect(all.items.find((c: Json) => c.email === email)?.total_spent).toBe('60.40');
  });

  it('when searched by name or email and sorted, then only matching customers come, in that order, a page at a time', async () => {
    const tag = uid();
    await paidOrder(1, 'Carla', `Verdi${tag}`, `carla.${tag}@x.example`); // 20.40
    await paidOrder(3, 'Dario', `Neri${tag}`, `dario.${tag}@x.example`); // 45.40
    await paidOrder(2, 'Elena', `Gallo${tag}`, `elena.${tag}@x.example`); // 32.90

    const byName = await customers(`?search=${encodeURIComponent(`dario neri${tag}`)}`);
    expect(byName.items.map((c: Json) => c.name)).toEqual([`Dario Neri${tag}`]);

    const bySpent = await customers(`?search=${tag}&sort[0]=total_spent&sort[1]=DESC`);
    expect(bySpent.count).toBe(3);
    expect(bySpent.items.map((c: Json) => c.total_spent)).toEqual(['45.40', '32.90', '20.40']);

    const byNameAsc = await customers(`?search=${tag}&sort[0]=name&sort[1]=ASC&limit=2&page=2`);
    expect(byNameAsc.count).toBe(3);
    expect(byNameAsc.items.map((c: Json) => c.name)).toEqual([`Elena Gallo${tag}`]);

    // Default: the newest buyer first.
    const newest = await customers(`?search=${tag}`);
    expect(newest.items.map((c: Json) => c.name)).toEqual([
      `Elena Gallo${tag}`,
      `Dario Neri${tag}`,
      `Carla Verdi${tag}`,
    ]);

    // Past the last page: no rows, the count still right.
    expect(await customers(`?search=${tag}&page=5`)).toEqual({ items: [], count: 3 });
    // '%' is a character, not a wildcard.
    expect((await customers(`?search=${tag}%25`)).count).toBe(0);
  });

  it('when the export is asked for with a search, then the CSV holds those customers with their figures', async () => {
    const tag = uid();
    await paidOrder(2, 'Fabio', `Conti${tag}`, `fabio.${tag}@x.example`);
    await paidOrder(1, 'Fabio', `Conti${tag}`, `Fabio.${tag}@x.example`);
    const res = await fetch(`${server.baseUrl}/api/v2/admin/customers/export?search=${tag}`, {
      headers: { cookie: admin.cookie, origin: server.baseUrl },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse((await res.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Orders',
      'Total spent',
      'Currency',
      'First order (UTC)',
      'Last order (UTC)',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      [`Fabio Conti${tag}`, `fabio.${tag}@x.example`, '2', '53.30', 'USD'],
    ]);
  });
});

describe('customers access and input', () => {
  it('when signed out, then 401; when an editor, then 403', async () => {
    const signedOut = await server.api('/api/v2/admin/customers');
    expect(signedOut.status).toBe(401);
    expect((await server.api('/api/v2/admin/customers/0123456789abcdef0123456789abcdef')).status).toBe(401);
    expect((await server.api('/api/v2/admin/customers/export')).status).toBe(401);

    const editor = await signInAs(server, await createEditor(admin), 'panel');
    expect((await editor.api('/api/v2/admin/customers')).status).toBe(403);
    expect((await editor.api('/api/v2/admin/customers/0123456789abcdef0123456789abcdef')).status).toBe(403);
    expect((await editor.api('/api/v2/admin/customers/export')).status).toBe(403);
  });

  it.each([
    ['an unknown sort column', '?sort[0]=password&sort[1]=ASC'],
    ['a wrong sort direction', '?sort[0]=name&sort[1]=UP'],
    ['page 0', '?page=0'],
    ['a limit over 100', '?limit=1000'],
    ['a limit that is not a number', '?limit=ten'],
    ['an unknown parameter', '?status=NEW'],
    ['a search over 100 characters', `?search=${'a'.repeat(101)}`],
  ])('when the list is asked with %s, then 400 in the envelope', async (_what, query) => {
    const res = await admin.api(`/api/v2/admin/customers${query}`);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(400);
  });

  it('when the id is not a customer id, then 400; when it names no customer, then 404', async () => {
    const bad = await admin.api('/api/v2/admin/customers/anna%40x.example');
    expect(bad.status).toBe(400);
    const missing = await admin.api('/api/v2/admin/customers/0123456789abcdef0123456789abcdef');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ result: 'Customer not found', status: 404 });
  });
});
