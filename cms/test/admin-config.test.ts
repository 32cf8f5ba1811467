/**
 * The control centre's settings and contact messages (SPEC §2 Settings and Notifications, §7 Admin), and
 * the rule every admin route shares: no session, no data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type ApiInit, type Json, isEnvelope, startServer, type TestServer, uid } from './harness';
import { countDocs, createCategory, validContact } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('every admin route without a session', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/v2/admin/config/dashboard'],
    ['GET', '/api/v2/admin/config'],
    [
      'POST',
      '/api/v2/admin/config',
      { categories_order: [], shipment_amount: 1, shipment_method: 'x', admin_email: 'a@b.example' },
    ],
    ['GET', '/api/v2/admin/orders'],
    ['GET', '/api/v2/admin/orders/completed'],
    ['GET', '/api/v2/admin/orders/create/graph'],
    ['GET', `/api/v2/admin/orders/${UNKNOWN_ID}`],
    ['PUT', `/api/v2/admin/orders/${UNKNOWN_ID}`, { status: 'SHIPPED' }],
    ['GET', '/api/v2/notifications'],
    ['GET', `/api/v2/notifications/${UNKNOWN_ID}`],
    ['PUT', `/api/v2/notifications/${UNKNOWN_ID}`, { status: 'read' }],
    ['DELETE', `/api/v2/notifications/${UNKNOWN_ID}`],
  ];

  it.each(routes)('when %s %s is called without a cookie, then 401 in the envelope', async (method, path, json) => {
    const res = await server.api(path, { method, ...(json === undefined ? {} : { json }) });
    expect(res.status, res.text).toBe(401);
    expect(isEnvelope(res)).toBe(true);
  });

  it.each(routes)('when %s %s is called with a forged cookie, then 401', async (method, path, json) => {
    const res = await server.api(path, {
      method,
      headers: { cookie: 'payload-token=eyJhbGciOiJIUzI1NiJ9.e30.forged', origin: server.baseUrl },
      ...(json === undefined ? {} : { json }),
    });
    expect(res.status, res.text).toBe(401);
  });

  it('when a malformed query comes without a cookie, then still 401 (nothing is parsed for strangers)', async () => {
    const res = await server.api('/api/v2/admin/orders?limit=abc');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/v2/admin/config', () => {
  it('when the admin asks, then the shop settings, the PayPal environment and the constants', async () => {
    const res = await admin.api('/api/v2/admin/config');
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual({
      shop: {
        categories_order: expect.any(Array),
        currency_code: 'USD',
        shipment_amount: expect.any(Number),
        shipment_method: expect.any(String),
        admin_email: expect.any(String),
        // A test server's shop was never named: the name the mails are signed with stands in.
        shop_name: 'Bottega di Famiglia',
        shop_address: '',
        tracking_url_template: '',
        payment_method: ['paypal', 'card'],
        payment_country: ['US'],
      },
      // Tests run without PayPal credentials: the local emulator.
      paypal_env: 'emulator',
      constants: {
        quantity_units: expect.arrayContaining([{ value: 'Ml' }]),
        discount_units: [{ value: '%' }, { value: 'CASH' }],
      },
    });
  });
});

describe('POST /api/v2/admin/config', () => {
  const post = (json: unknown, init: ApiInit = {}) =>
    admin.api('/api/v2/admin/config', { method: 'POST', json, ...init });
  const current = async () => (await admin.api('/api/v2/admin/config')).body.result.shop;
  const valid = async (): Promise<Record<string, unknown>> => {
    const shop = await current();
    return {
      categories_order: shop.categories_order,
      shipment_amount: shop.shipment_amount,
      shipment_method: shop.shipment_method,
      admin_email: shop.admin_email,
    };
  };

  it('when a good form is saved (fee as the text "7.5"), then 200 with it, and the public config shows it at once', async () => {
    const first = await createCategory(admin);
    const second = await createCategory(admin);
    const shop = await current();
    const res = await post({
      categories_order: [second.id, first.id],
      shipment_amount: '7.5',
      shipment_method: '  UPS Ground  ',
      admin_email: 'owner@bottega.example',
      currency_code: shop.currency_code,
      payment_method: [...shop.payment_method].reverse(),
      payment_country: shop.payment_country,
    });
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result.shop).toMatchObject({
      categories_order: [second.id, first.id],
      shipment_amount: 7.5,
      shipment_method: 'UPS Ground',
      admin_email: 'owner@bottega.example',
      currency_code: 'USD',
    });
    const stored = await admin.api('/api/globals/shop-settings?depth=0');
    expect(stored.body.shipment_amount).toBe(7.5);

    const publicConfig = await server.api('/api/v2/config');
    expect(publicConfig.body.result.shipment_amount).toBe(7.5);
    expect(publicConfig.body.result.shipment_method).toBe('UPS Ground');
  });

  it('when the shop name and a messy address are saved, then the address keeps its lines trimmed, and a later form without them leaves them as they are', async () => {
    const res = await post({
      ...(await valid()),
      shop_name: '  Bottega Rossi  ',
      shop_address: ' 12 Via Roma \r\n\r\n 55100 Lucca\nItaly  ',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.shop).toMatchObject({
      shop_name: 'Bottega Rossi',
      shop_address: '12 Via Roma\n55100 Lucca\nItaly',
    });

    // SPEC §7's body has neither field: a client that only knows those must not wipe them.
    const again = await post(await valid());
    expect(again.status, again.text).toBe(200);
    expect(again.body.result.shop).toMatchObject({
      shop_name: 'Bottega Rossi',
      shop_address: '12 Via Roma\n55100 Lucca\nItaly',
    });
    const stored = await admin.api('/api/globals/shop-settings?depth=0');
    expect(stored.body.shop_address).toBe('12 Via Roma\n55100 Lucca\nItaly');
  });

  it('when the fee is a number 0, then it is stored as 0', async () => {
    const res = await post({ ...(await valid()), shipment_amount: 0 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.shop.shipment_amount).toBe(0);
    expect((await server.api('/api/v2/config')).body.result.shipment_amount).toBe(0);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown category id', { categories_order: [UNKNOWN_ID] }, UNKNOWN_ID],
    ['a malformed category id', { categories_order: ["x' OR 1=1"] }, 'categories_order'],
    ['a negative fee', { shipment_amount: -1 }, 'shipment_amount'],
    ['a fee "abc"', { shipment_amount: 'abc' }, 'shipment_amount'],
    ['a fee "-2"', { shipment_amount: '-2' }, 'shipment_amount'],
    ['a fee of Infinity as text', { shipment_amount: 'Infinity' }, 'shipment_amount'],
    ['a bad admin email', { admin_email: 'not-an-email' }, 'admin_email'],
    ['a currency change', { currency_code: 'EUR' }, 'currency_code'],
    ['a payment method change', { payment_method: ['paypal'] }, 'payment_method'],
    ['a country change', { payment_country: ['US', 'EU'] }, 'payment_country'],
    ['an unknown field', { paypal_env: 'production' }, 'paypal_env'],
    ['a missing admin email', { admin_email: undefined }, 'admin_email'],
    ['a blank shop name', { shop_name: '   ' }, 'shop_name'],
    ['a shop name of 121 characters', { shop_name: 'x'.repeat(121) }, 'shop_name'],
    ['an address of seven lines', { shop_address: '1\n2\n3\n4\n5\n6\n7' }, 'shop_address'],
    ['an address line of 81 characters', { shop_address: `${'y'.repeat(81)}\nLucca` }, 'shop_address'],
    ['an address that is not text', { shop_address: ['1 Olive Row'] }, 'shop_address'],
  ];

  it.each(bad)('when the form has %s, then 400 naming it and the settings are unchanged', async (_l, change, named) => {
    const before = await admin.api('/api/globals/shop-settings?depth=0');
    const res = await post({ ...(await valid()), shipment_amount: 3.25, ...change });
    expect(res.status, res.text).toBe(400);
    expect(isEnvelope(res)).toBe(true);
    expect(res.text).toContain(named);
    const after = await admin.api('/api/globals/shop-settings?depth=0');
    expect(after.body).toEqual(before.body);
  });

  it('when the unknown category sits among known ones, then 400 names only the unknown id', async () => {
    const known = await createCategory(admin);
    const res = await post({ ...(await valid()), categories_order: [known.id, UNKNOWN_ID] });
    expect(res.status, res.text).toBe(400);
    expect(res.body.result).toEqual([{ path: 'categories_order', message: `Unknown categories: ${UNKNOWN_ID}` }]);
  });

  it('when the body is not JSON, then 400', async () => {
    const res = await admin.api('/api/v2/admin/config', {
      method: 'POST',
      body: 'shipment_amount=1',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(400);
  });
});

describe('/api/v2/notifications', () => {
  const tag = `nt${uid()}`;
  const send = async (overrides: Record<string, unknown>): Promise<string> => {
    const res = await server.api('/api/v2/contacts', { method: 'POST', json: validContact(overrides) });
    if (res.status !== 201) throw new Error(`contact failed: ${res.status} ${res.text}`);
    return res.body.result.id as string;
  };
  const n = {} as Record<'anna' | 'bea' | 'carlo', string>;
  const list = (q: string) => admin.api(`/api/v2/notifications?search=${tag}${q}`);
  const listIds = (res: { body: Json }) => (res.body.result as Array<{ id: string }>).map((r) => r.id);

  beforeAll(async () => {
    // Created one after another so their updated_at order is anna < bea < carlo.
    n.anna = await send({ firstname: 'Anna', lastname: 'Conti', email: `anna@${tag}.example` });
    await new Promise((r) => setTimeout(r, 20));
    n.bea = await send({ firstname: 'Bea', lastname: tag, email: `bea@shop-${uid()}.example` });
    await new Promise((r) => setTimeout(r, 20));
    n.carlo = await send({ firstname: 'Carlo', lastname: 'Ferri', email: `carlo@${tag}.example`, telephone: null });
  });

  it('when listed with a search, then newest first with every field and the count', async () => {
    const res = await list('');
    expect(res.status, res.text).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(listIds(res)).toEqual([n.carlo, n.bea, n.anna]);
    expect(res.body.pagination).toEqual({ count: 3, page: 1, limit: 10 });
    expect(res.body.result[0]).toEqual({
      id: n.carlo,
      firstname: 'Carlo',
      lastname: 'Ferri',
      email: `carlo@${tag}.example`,
      telephone: null,
      title: expect.any(String),
      message: 'Do you ship balsamic vinegar to Oregon?',
      type: 'contact',
      status: 'new',
      updated_at: expect.any(String),
      created_at: expect.any(String),
    });
  });

  it('when sorted by updated_at ascending, then oldest first; paged with limit 2, then page 2 holds the third', async () => {
    const asc = await list('&sort[0]=updated_at&sort[1]=ASC');
    expect(listIds(asc)).toEqual([n.anna, n.bea, n.carlo]);
    const page2 = await list('&limit=2&page=2');
    expect(listIds(page2)).toEqual([n.anna]);
    expect(page2.body.pagination).toEqual({ count: 3, page: 2, limit: 2 });
  });

  it('when searched by first name and by last name in another case, then the one person', async () => {
    const byFirst = await admin.api(`/api/v2/notifications?search=${encodeURIComponent(`ANNA conti`)}`);
    expect(listIds(byFirst)).toContain(n.anna);
    expect(listIds(byFirst)).not.toContain(n.carlo);
    const byLast = await admin.api(`/api/v2/notifications?search=${tag.toUpperCase()}`);
    expect(listIds(byLast)).toEqual([n.carlo, n.bea, n.anna]);
  });

  it('when one is opened and marked read, then the status filter and the dashboard badge follow', async () => {
    const before = (await admin.api('/api/v2/admin/config/dashboard')).body.result.notifications;
    const one = await admin.api(`/api/v2/notifications/${n.bea}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.result).toMatchObject({ id: n.bea, firstname: 'Bea', status: 'new' });

    const put = await admin.api(`/api/v2/notifications/${n.bea}`, { method: 'PUT', json: { status: 'read' } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.result).toMatchObject({ id: n.bea, status: 'read' });

    expect(listIds(await list('&status=read'))).toEqual([n.bea]);
    expect(listIds(await list('&status[0]=new'))).toEqual([n.carlo, n.anna]);
    expect(listIds(await list('&status[0]=new&status[1]=read&sort[0]=updated_at&sort[1]=ASC'))).toEqual([
      n.anna,
      n.carlo,
      n.bea,
    ]);
    const after = (await admin.api('/api/v2/admin/config/dashboard')).body.result.notifications;
    expect(before - after).toBe(1);
  });

  it('when a "read" meant for a new message lands after the admin resolved it, then 409 and it stays resolved', async () => {
    const id = await send({ lastname: `Late${uid()}` });
    const opened = await admin.api(`/api/v2/notifications/${id}`, {
      method: 'PUT',
      json: { status: 'read', from: 'new' },
    });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.result.status).toBe('read');

    const other = await send({ lastname: `Late${uid()}` });
    const resolved = await admin.api(`/api/v2/notifications/${other}`, { method: 'PUT', json: { status: 'resolved' } });
    expect(resolved.status, resolved.text).toBe(200);
    const late = await admin.api(`/api/v2/notifications/${other}`, {
      method: 'PUT',
      json: { status: 'read', from: 'new' },
    });
    expect(late.status, late.text).toBe(409);
    expect(isEnvelope(late)).toBe(true);
    expect(late.body.result).toBe('The message is resolved now; nothing was changed');
    expect((await admin.api(`/api/v2/notifications/${other}`)).body.result.status).toBe('resolved');
  });

  it('when one is deleted, then 200 with its id, then 404 on read and on a second delete', async () => {
    const id = await send({ lastname: `Del${uid()}` });
    const count = await countDocs(admin, 'notifications');
    const del = await admin.api(`/api/v2/notifications/${id}`, { method: 'DELETE' });
    expect(del.status, del.text).toBe(200);
    expect(isEnvelope(del)).toBe(true);
    expect(del.body.result).toEqual({ id });
    expect(await countDocs(admin, 'notifications')).toBe(count - 1);
    expect((await admin.api(`/api/v2/notifications/${id}`)).status).toBe(404);
    const again = await admin.api(`/api/v2/notifications/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(isEnvelope(again)).toBe(true);
  });

  it.each([
    ['a status outside the list', { status: 'archived' }],
    ['no status', {}],
    ['an extra field', { status: 'read', message: 'rewritten' }],
    ['a status object', { status: { $ne: 'new' } }],
    ['an unknown "from"', { status: 'read', from: 'archived' }],
  ])('when PUT has %s, then 400 and the notification is unchanged', async (_label, json) => {
    const id = await send({ lastname: `Put${uid()}` });
    const res = await admin.api(`/api/v2/notifications/${id}`, { method: 'PUT', json });
    expect(res.status, res.text).toBe(400);
    expect(isEnvelope(res)).toBe(true);
    const after = (await admin.api(`/api/v2/notifications/${id}`)).body.result;
    expect(after.status).toBe('new');
    expect(after.message).toBe('Do you ship balsamic vinegar to Oregon?');
  });

  it.each([
    ['an unknown status', '/api/v2/notifications?status=archived'],
    ['a sort on another column', '/api/v2/notifications?sort[0]=email&sort[1]=ASC'],
    ['limit 0', '/api/v2/notifications?limit=0'],
    ['an unknown key', '/api/v2/notifications?type=contact'],
    ['a malformed id', `/api/v2/notifications/${encodeURIComponent('x y')}`],
  ])('when GET has %s, then 400', async (_label, path) => {
    const res = await admin.api(path);
    expect(res.status, res.text).toBe(400);
    expect(isEnvelope(res)).toBe(true);
  });

  it('when a well-formed id does not exist, then 404 on GET and PUT', async () => {
    expect((await admin.api(`/api/v2/notifications/${UNKNOWN_ID}`)).status).toBe(404);
    const put = await admin.api(`/api/v2/notifications/${UNKNOWN_ID}`, { method: 'PUT', json: { status: 'read' } });
    expect(put.status).toBe(404);
  });
});
