/**
 * Issue 25 §1, the server's rules: a published product needs a price above zero (every door, and checkout
 * refuses a line that has none); category names are unique whatever their case (every door); the current
 * year's monthly figures stop at this month; an invited user reads as invited until a password is chosen; the
 * sign-in lock says how long it lasts, and "Forgot password?" answers alike for every email; the audit log
 * names its records; the orders CSV exports the selection, and keeps ZIP codes and tracking numbers intact.
 */
import path from 'node:path';
import { createClient } from '@libsql/client';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminClient,
  type ApiInit,
  isEnvelope,
  type Json,
  sha256hex,
  startServer,
  type TestServer,
  uid,
} from './harness';
import { countDocs, createCategory, createOrder, createProduct, type Doc } from './factories';
import { createPayment } from './payment-helpers';

const PRICE_NEEDED = 'A published product needs a price above zero';
const NAME_TAKEN = 'A category with this name already exists';

let server: TestServer;
let admin: AdminClient;

let addressCounter = 0;
/** A client address nobody else in this file uses (10.25.x.y). */
const freshAddress = () => {
  addressCounter += 1;
  return `10.25.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};
const from = (address: string, init: ApiInit = {}): ApiInit => {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', address);
  return { ...init, headers };
};

beforeAll(async () => {
  // A 7-minute lock window, so the lock's text can only have come from the setting.
  server = await startServer({
    env: { TRUST_PROXY: 'loopback', LOGIN_RATE_LIMIT_WINDOW_MINUTES: '7', PASSWORD_RESET_RATE_LIMIT: '2' },
  });
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

const productBody = (categories: string[], overrides: Record<string, unknown> = {}) => ({
  name: `Olio ${uid()}`,
  description: '',
  price: 9.5,
  categories,
  img_id: null,
  quantity_amount: 500,
  quantity_unit: 'Ml',
  discount_amount: 0,
  discount_unit: '%',
  apply_discount: false,
  apply_shipping: true,
  inventory_stock: true,
  published: true,
  publish_at: null,
  ...overrides,
});

const messages = (res: { body: Json }) => (res.body.result as Json[]).map((i) => `${i.path}: ${i.message}`);

describe('a published product needs a price above zero (§1.1)', () => {
  let category: Doc;
  beforeAll(async () => {
    category = await createCategory(admin);
  });

  it('when the control centre saves a published product at $0, then 400 naming the price and nothing is stored', async () => {
    const name = `Zero ${uid()}`;
    const res = await admin.api('/api/v2/admin/products', {
      method: 'POST',
      json: productBody([category.id], { name, price: 0 }),
    });
    expect(res.status).toBe(400);
    expect(isEnvelope(res)).toBe(true);
    expect(messages(res)).toEqual([`price: ${PRICE_NEEDED}`]);
    const found = await admin.api(`/api/products?where[name][equals]=${encodeURIComponent(name)}`);
    expect(found.body.totalDocs).toBe(0);
  });

  it('when a draft is saved at $0, then 201; publishing it at $0 afterwards is 400, and with a price 200', async () => {
    const draft = await admin.api('/api/v2/admin/products', {
      method: 'POST',
      json: productBody([category.id], { price: 0, published: false }),
    });
    expect(draft.status).toBe(201);
    const id = draft.body.result.id as string;
    const publish = (price: number) =>
      admin.api(`/api/v2/admin/products/${id}`, {
        method: 'PUT',
        json: productBody([category.id], { name: draft.body.result.name, price, published: true }),
      });
    expect((await publish(0)).status).toBe(400);
    const priced = await publish(3.25);
    expect(priced.status).toBe(200);
    expect(priced.body.result).toMatchObject({ price: 3.25, published: true });
  });

  it("when Payload's REST creates a published product at $0, or sets a published product's price to 0, then 400", async () => {
    const created = await admin.api('/api/products', {
      method: 'POST',
      json: { name: `Rest ${uid()}`, price: 0, categories: [category.id], published: true },
    });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toContain(PRICE_NEEDED);

    const product = await createProduct(admin, { categories: [category.id], price: 4 });
    const patched = await admin.api(`/api/products/${product.id}`, { method: 'PATCH', json: { price: 0 } });
    expect(patched.status).toBe(400);
    expect(JSON.stringify(patched.body)).toContain(PRICE_NEEDED);
    // Only the name changes: the stored price of 4 still holds, so it passes.
    expect(
      (await admin.api(`/api/products/${product.id}`, { method: 'PATCH', json: { name: 'Renamed' } })).status,
    ).toBe(200);
    expect((await admin.api(`/api/products/${product.id}`)).body.price).toBe(4);
  });

  it('when a cart holds a product published at $0 before the rule, then payments/create answers 400 naming it', async () => {
    const free = await createProduct(admin, { categories: [category.id], price: 1, apply_shipping: true });
    const paid = await createProduct(admin, { categories: [category.id], price: 6 });
    // The rule did not exist when such a product was stored: it is written straight into the database here.
    const db = createClient({ url: `file:${path.join(server.dataDir, 'shop.db')}` });
    try {
      await db.execute({ sql: 'UPDATE products SET price = 0 WHERE id = ?', args: [free.id] });
    } finally {
      db.close();
    }
    const before = await countDocs(admin, 'payments');
    const res = await createPayment(server, {
      products: [
        { id: paid.id, quantity: 1 },
        { id: free.id, quantity: 2 },
      ],
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.result).toEqual({
      message: 'Some products have no price yet and cannot be ordered',
      unpriced: [free.id],
    });
    expect(await countDocs(admin, 'payments')).toBe(before);
  });
});

describe('category names are unique whatever their case (§1.7)', () => {
  it('when the control centre adds "gift boxes" beside "Gift Boxes …", then 400 naming the name; another name is 201', async () => {
    const name = `Gift Boxes ${uid()}`;
    const first = await admin.api('/api/v2/admin/categories', { method: 'POST', json: { name } });
    expect(first.status).toBe(201);
    const twin = await admin.api('/api/v2/admin/categories', {
      method: 'POST',
      json: { name: `  ${name.toLowerCase()} ` },
    });
    expect(twin.status).toBe(400);
    expect(messages(twin)).toEqual([`name: ${NAME_TAKEN}`]);
    // A name that only contains the other is a different name.
    expect(
      (await admin.api('/api/v2/admin/categories', { method: 'POST', json: { name: `${name} Deluxe` } })).status,
    ).toBe(201);
  });

  it("when Payload's REST creates a twin or renames a category onto another's name, then 400; renaming onto its own name in other case is 200", async () => {
    const a = await createCategory(admin, { name: `Pasta ${uid()}` });
    const b = await createCategory(admin, { name: `Sauces ${uid()}` });
    const twin = await admin.api('/api/categories', { method: 'POST', json: { name: String(a.name).toUpperCase() } });
    expect(twin.status).toBe(400);
    expect(JSON.stringify(twin.body)).toContain(NAME_TAKEN);
    const rename = await admin.api(`/api/categories/${b.id}`, { method: 'PATCH', json: { name: a.name } });
    expect(rename.status).toBe(400);
    const ownCase = await admin.api(`/api/categories/${a.id}`, {
      method: 'PATCH',
      json: { name: String(a.name).toLowerCase() },
    });
    expect(ownCase.status).toBe(200);
  });

  it('when a name holds % or _, then only that exact name is a twin', async () => {
    const tok = uid();
    expect((await admin.api('/api/categories', { method: 'POST', json: { name: `Sale 50% ${tok}` } })).status).toBe(
      201,
    );
    expect((await admin.api('/api/categories', { method: 'POST', json: { name: `Sale 50x ${tok}` } })).status).toBe(
      201,
    );
    expect((await admin.api('/api/categories', { method: 'POST', json: { name: `sale 50% ${tok}` } })).status).toBe(
      400,
    );
  });
});

describe('names are compared and stored with their spaces folded (issue 31 §19)', () => {
  it('when "Gift  Boxes" (two spaces) comes beside "Gift Boxes" through /api/v2 and through /api, then 400 each time, and a new name is stored trimmed and single-spaced', async () => {
    const tok = uid();
    const first = await admin.api('/api/v2/admin/categories', { method: 'POST', json: { name: `Gift Boxes ${tok}` } });
    expect(first.status).toBe(201);
    const v2Twin = await admin.api('/api/v2/admin/categories', {
      method: 'POST',
      json: { name: `Gift  Boxes ${tok}` },
    });
    expect(v2Twin.status).toBe(400);
    expect(messages(v2Twin)).toEqual([`name: ${NAME_TAKEN}`]);
    const restTwin = await admin.api('/api/categories', { method: 'POST', json: { name: `gift \t boxes  ${tok}` } });
    expect(restTwin.status).toBe(400);
    expect(JSON.stringify(restTwin.body)).toContain(NAME_TAKEN);

    const spaced = await admin.api('/api/categories', { method: 'POST', json: { name: `  Olive   Oils  ${tok} ` } });
    expect(spaced.status).toBe(201);
    expect(spaced.body.doc.name).toBe(`Olive Oils ${tok}`);
    const renamed = await admin.api(`/api/v2/admin/categories/${String(spaced.body.doc.id)}`, {
      method: 'PUT',
      json: { name: `Olive  Oils   Extra ${tok}` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.result.name).toBe(`Olive Oils Extra ${tok}`);
    const product = await admin.api('/api/products', {
      method: 'POST',
      json: { name: ` Pesto   genovese ${tok}`, price: 6.5, published: false, categories: [first.body.result.id] },
    });
    expect(product.status, product.text).toBe(201);
    expect(product.body.doc.name).toBe(`Pesto genovese ${tok}`);
  });
});

describe("this year's monthly figures stop at this month (§1.8)", () => {
  it('when the monthly sales of this year are read, then one row per month so far; last year has twelve', async () => {
    const now = new Date();
    const thisYear = await admin.api(`/api/v2/analytics/month?year=${now.getFullYear()}`);
    expect(thisYear.status).toBe(200);
    expect((thisYear.body.result as Json[]).map((r) => r.id)).toEqual(
      Array.from({ length: now.getMonth() + 1 }, (_, i) => String(i + 1)),
    );
    const lastYear = await admin.api(`/api/v2/analytics/month?year=${now.getFullYear() - 1}`);
    expect(lastYear.body.result).toHaveLength(12);
  });
});

describe('an invited user reads as invited until a password is chosen (§1.11)', () => {
  it('when an admin is invited, then the list says invited; after the link sets a password, active', async () => {
    const email = `invited-${uid()}@test.example`;
    const res = await admin.api('/api/v2/users', {
      method: 'POST',
      json: { firstname: 'Nina', lastname: 'Invitata', email, role: 'admin' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.result).toMatchObject({ email, active: true, invited: true });
    const listed = async () =>
      ((await admin.api('/api/v2/users')).body.result as Json[]).find((u) => u.email === email);
    expect(await listed()).toMatchObject({ active: true, invited: true });
    expect((await admin.api(`/api/v2/users/${res.body.result.id}`)).body.result.invited).toBe(true);
    // The first admin has signed in and holds no link.
    const me = ((await admin.api('/api/v2/users')).body.result as Json[]).find((u) => u.email === admin.email);
    expect(me).toMatchObject({ invited: false });

    const mail = await server.waitForMail((m) => m.envelopeTo.includes(email));
    const token = /\/admin\/reset\/([a-f0-9]+)/.exec(mail.body)![1];
    const set = await server.api(
      `/api/v2/auth/reset/${token}`,
      from(freshAddress(), { method: 'PUT', json: { password: sha256hex(`Nina#${uid()}9A`) } }),
    );
    expect(set.status, set.text).toBe(200);
    expect(await listed()).toMatchObject({ active: true, invited: false });
  });
});

describe('the sign-in lock and "Forgot password?" (§1.12)', () => {
  it('when an address is locked out, then the 429 says for how long: the 7 minutes LOGIN_RATE_LIMIT_WINDOW_MINUTES sets', async () => {
    const address = freshAddress();
    const attempt = () =>
      server.api(
        '/api/v2/auth/login',
        from(address, { method: 'POST', json: { email: admin.email, password: sha256hex('Wrong#Pass1') } }),
      );
    for (let i = 1; i <= 5; i++) expect((await attempt()).status, `attempt ${i}`).toBe(401);
    const locked = await attempt();
    expect(locked.status).toBe(429);
    expect(locked.body.result).toEqual({
      title: 'Too many login attempts!',
      description:
        'Multiple failed login attempts were detected, access has been temporarily disabled, please try again in 7 minutes.',
    });
  });

  it('when signed out, an email with an account and one without get the same 200, and only the account gets a link', async () => {
    const email = `forgot-${uid()}@test.example`;
    const created = await admin.api('/api/users', {
      method: 'POST',
      json: { email, password: `Olive#${uid()}9A`, firstname: 'Fede', lastname: 'Dimentica', active: true },
    });
    expect(created.status).toBe(201);
    const unknown = `nobody-${uid()}@test.example`;
    const ask = (who: string) =>
      server.api('/api/v2/auth/reset', from(freshAddress(), { method: 'POST', json: { email: who } }));

    const known = await ask(email.toUpperCase());
    const stranger = await ask(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(known.body).toEqual(stranger.body);
    expect(known.body.result).toBe('If an account uses this email, a link to choose a new password is on its way');
    expect(known.headers.getSetCookie()).toEqual([]);

    const mail = await server.waitForMail((m) => m.envelopeTo.includes(email));
    expect(mail.body).toMatch(/\/admin\/reset\/[a-f0-9]+/);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.mails.some((m) => m.envelopeTo.includes(unknown))).toBe(false);
  });

  it('when the same account asks again past PASSWORD_RESET_RATE_LIMIT (2), then the answer stays 200 and no third mail goes', async () => {
    const email = `again-${uid()}@test.example`;
    await admin.api('/api/users', {
      method: 'POST',
      json: { email, password: `Olive#${uid()}9A`, firstname: 'Rita', lastname: 'Ancora', active: true },
    });
    const ask = () => server.api('/api/v2/auth/reset', from(freshAddress(), { method: 'POST', json: { email } }));
    for (let i = 1; i <= 3; i++) expect((await ask()).status, `request ${i}`).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(server.mails.filter((m) => m.envelopeTo.includes(email))).toHaveLength(2);
  });

  it('when one address keeps asking, then it is throttled like sign-ins (429 with the lock text) whatever the email', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    // LOGIN_RATE_LIMIT_IP is 20 by default: the 21st request from the address is refused.
    for (let i = 1; i <= 21; i++) {
      const res = await server.api(
        '/api/v2/auth/reset',
        from(address, { method: 'POST', json: { email: `probe-${i}-${uid()}@test.example` } }),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.result.description).toContain('in 7 minutes');
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});

describe('the audit log names its records (§1.13)', () => {
  it('when a product, a category, a user and an order are changed, then their entries carry the name, the number or the full name', async () => {
    const category = await createCategory(admin, { name: `Conserve ${uid()}` });
    const product = await createProduct(admin, { name: `Passata ${uid()}`, categories: [category.id] });
    const order = await createOrder(admin, { status: 'PROCESSING' });
    await admin.api(`/api/v2/admin/orders/${order.id}`, { method: 'PUT', json: { status: 'DELIVERED' } });
    const email = `audited-${uid()}@test.example`;
    const user = await admin.api('/api/users', {
      method: 'POST',
      json: { email, password: `Olive#${uid()}9A`, firstname: 'Lea', lastname: 'Registro', active: true },
    });
    const nameOf = async (recordId: string) => {
      const res = await admin.api(`/api/v2/admin/audit-log?record_id=${recordId}`);
      expect(res.status).toBe(200);
      return (res.body.result as Json[]).map((e) => e.record_name);
    };
    expect(await nameOf(product.id)).toEqual([product.name]);
    expect(await nameOf(category.id)).toEqual([category.name]);
    expect((await nameOf(order.id)).every((n) => n === order.number)).toBe(true);
    expect(await nameOf(user.body.doc.id)).toEqual(['Lea Registro']);

    // A deleted product keeps the name its entries recorded.
    expect((await admin.api(`/api/products/${product.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await nameOf(product.id)).toEqual([product.name, product.name]);
  });
});

describe('the orders CSV: the selection, and codes a spreadsheet keeps (§1.14)', () => {
  async function download(pathname: string) {
    const res = await fetch(server.baseUrl + pathname, { headers: { cookie: admin.cookie, origin: server.baseUrl } });
    const text = Buffer.from(await res.arrayBuffer())
      .subarray(3)
      .toString('utf8');
    const rows = res.status === 200 ? (parse(text, { columns: true }) as Record<string, string>[]) : [];
    return { status: res.status, res, text, rows };
  }

  it('when rows are selected, then the file holds exactly them, from both tabs, whatever the filters', async () => {
    const tag = uid();
    const a = await createOrder(admin, { payer_full_name: `Sel A ${tag}`, status: 'NEW' });
    const b = await createOrder(admin, { payer_full_name: `Sel B ${tag}`, status: 'COMPLETED' });
    await createOrder(admin, { payer_full_name: `Sel C ${tag}`, status: 'NEW' });
    const file = await download(`/api/v2/admin/orders/export?search=nobody-matches&ids[0]=${a.id}&ids[1]=${b.id}`);
    expect(file.status).toBe(200);
    expect(file.res.headers.get('content-disposition')).toMatch(/filename="orders-selected-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(file.rows.map((r) => r['Customer name']).sort()).toEqual([`Sel A ${tag}`, `Sel B ${tag}`]);
  });

  it('when a ZIP code has a leading zero and a tracking number is 22 digits, then both are written as ="…" text formulas', async () => {
    const tag = uid();
    const order = await createOrder(admin, {
      payer_full_name: `Zip ${tag}`,
      status: 'PROCESSING',
      shipment_address: {
        address_line_1: '9 Elm St',
        admin_area_1: 'MA',
        admin_area_2: 'Boston',
        postal_code: '02134',
        country_code: 'US',
      },
    });
    const shipped = await admin.api(`/api/v2/admin/orders/${order.id}`, {
      method: 'PUT',
      json: { status: 'SHIPPED', tracking_number: '9400111899223344556677' },
    });
    expect(shipped.status, shipped.text).toBe(200);
    const file = await download(`/api/v2/admin/orders/export?ids[0]=${order.id}`);
    const line = file.text.trimEnd().split('\n')[1];
    // CSV doubles the quotes inside a quoted cell: the spreadsheet reads ="02134", the text 02134.
    expect(line).toContain(',"=""02134""",US,');
    expect(line.endsWith(',"=""9400111899223344556677"""')).toBe(true);
    expect(file.rows[0]['Postal code']).toBe('="02134"');
    expect(file.rows[0]['Tracking number']).toBe('="9400111899223344556677"');
  });

  it('when more than 200 orders or a malformed id are asked for, then 400', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `ids[${i}]=id-${i}`).join('&');
    expect((await download(`/api/v2/admin/orders/export?${many}`)).status).toBe(400);
    expect((await download('/api/v2/admin/orders/export?ids[0]=bad%25id')).status).toBe(400);
  });
});
