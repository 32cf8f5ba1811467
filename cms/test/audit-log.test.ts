/**
 * The audit log (issue 14 part 1): every write of a signed-in admin or editor to products, categories, the
 * settings, accounts, images and content is an entry with who, when, which record and the changed fields
 * before and after (secrets never); GET /api/v2/admin/audit-log filters and pages it, …/export streams it as
 * CSV. Admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, isEnvelope, sha256hex, startServer, type TestServer, uid } from './harness';
import {
  createAccount,
  createCategory,
  createEditor,
  createOrder,
  createProduct,
  type Doc,
  signInAs,
  updateSettings,
} from './factories';

let server: TestServer;
let admin: AdminClient;
let adminId: string;
let editor: AdminClient;
let editorId: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  adminId = (await admin.api('/api/users/me')).body.user.id;
  const account = await createEditor(admin);
  editorId = account.id;
  editor = await signInAs(server, account, 'panel');
});

afterAll(async () => {
  await server?.stop();
});

/** The raw bytes: a text decoder would swallow the byte-order mark under test. */
async function download(pathname: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(server.baseUrl + pathname, { headers: { cookie: admin.cookie, origin: server.baseUrl } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const log = (query: string, client: AdminClient = admin) => client.api(`/api/v2/admin/audit-log?${query}`);

async function entriesFor(recordId: string): Promise<Json[]> {
  const res = await log(`record_id=${recordId}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.result as Json[];
}

async function patch(collection: string, id: string, json: unknown, client: AdminClient = admin): Promise<Doc> {
  const res = await client.api(`/api/${collection}/${id}`, { method: 'PATCH', json });
  if (res.status !== 200) throw new Error(`PATCH ${collection} failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.doc as Doc;
}

describe('what is logged', () => {
  it('when an admin changes a product price from 12.5 to 14, then one update entry holds exactly price 12.5 → 14, signed by the admin', async () => {
    const product = await createProduct(admin, { price: 12.5 });

    await patch('products', product.id, { price: 14 });

    const entries = await entriesFor(product.id);
    expect(entries.map((e) => e.operation)).toEqual(['update', 'create']);
    const [update] = entries;
    expect(update).toMatchObject({ collection: 'products', record_id: product.id, user_id: adminId });
    expect(update.changes).toEqual({ price: { before: 12.5, after: 14 } });
    expect(Date.now() - Date.parse(update.at)).toBeLessThan(60_000);
  });

  it('when an admin creates a product, then the create entry has the fields with no "before"', async () => {
    const product = await createProduct(admin, { name: 'Caffè Crema', price: 9.9 });

    const [created] = await entriesFor(product.id);

    expect(created.operation).toBe('create');
    expect(created.changes.name).toEqual({ after: 'Caffè Crema' });
    expect(created.changes.price).toEqual({ after: 9.9 });
    expect(created.changes.updatedAt).toBeUndefined();
  });

  it('when a category is deleted, then a delete entry keeps its name as "before"', async () => {
    const category = await createCategory(admin, { name: 'Pasta fresca' });

    const res = await admin.api(`/api/categories/${category.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);

    const [deleted] = await entriesFor(category.id);
    expect(deleted.operation).toBe('delete');
    expect(deleted.changes.name).toEqual({ before: 'Pasta fresca' });
  });

  it('when the shipping amount is changed from 7.9 to 9.5 in the settings, then a settings entry holds 7.9 → 9.5', async () => {
    await updateSettings(admin, { shipment_amount: 7.9 });

    await updateSettings(admin, { shipment_amount: 9.5 });

    const res = await log('collection=settings&limit=1');
    expect(res.body.result[0]).toMatchObject({
      collection: 'settings',
      record_id: 'shop-settings',
      operation: 'update',
      changes: { shipment_amount: { before: 7.9, after: 9.5 } },
    });
  });

  it('when an account is created and its password changed, then the log says the password changed but never holds it, a hash or a salt', async () => {
    const account = await createAccount(admin, 'editor');

    await patch('users', account.id, { password: 'Another#Secret9' });
    await patch('users', account.id, { firstname: 'Lucia' });

    const entries = await entriesFor(account.id);
    expect(entries.map((e) => e.operation)).toEqual(['update', 'update', 'create']);
    expect(entries[0].changes).toEqual({ firstname: { before: 'Chiara', after: 'Lucia' } });
    expect(entries[1]).toMatchObject({ user_id: adminId, record_id: account.id });
    expect(entries[1].changes).toEqual({ password: { before: '(hidden)', after: '(changed)' } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(account.password);
    expect(text).not.toContain('Another#Secret9');
    expect(text).not.toContain(sha256hex('Another#Secret9'));
    expect(text).not.toMatch(/"(hash|salt|resetPasswordToken)"/);
    expect(entries[2].changes.email).toEqual({ after: account.email });
  });

  it("when an editor changes a product's description, then the entry is signed by the editor", async () => {
    const product = await createProduct(admin);

    await patch('products', product.id, { description: 'Cold-pressed in October' }, editor);

    const [update] = await entriesFor(product.id);
    expect(update.user_id).toBe(editorId);
    expect(update.changes.description.after).toBe('Cold-pressed in October');
  });

  it("when anyone tries Payload's REST API on the audit log, then entries can be neither created, changed nor deleted", async () => {
    const product = await createProduct(admin);
    const [entry] = await entriesFor(product.id);

    const create = await admin.api('/api/audit-log', {
      method: 'POST',
      json: { by: 'forged', at: new Date().toISOString(), collection: 'products', record_id: 'x', operation: 'create' },
    });
    const update = await admin.api(`/api/audit-log/${entry.id}`, { method: 'PATCH', json: { by: 'forged' } });
    const remove = await admin.api(`/api/audit-log/${entry.id}`, { method: 'DELETE' });

    expect([create.status, update.status, remove.status]).toEqual([403, 403, 403]);
    expect(await entriesFor(product.id)).toEqual([entry]);
  });
});

describe('filters and pages', () => {
  it('when filtered by user, operation and collection, then only matching entries come back', async () => {
    const product = await createProduct(admin);
    await patch('products', product.id, { description: 'By the editor' }, editor);

    const byEditor = (await log(`user=${editorId}&limit=100`)).body.result as Json[];
    const creates = (await log(`record_id=${product.id}&operation=create`)).body.result as Json[];
    const categories = (await log('collection=categories&limit=100')).body.result as Json[];

    expect(byEditor.length).toBeGreaterThan(0);
    expect(byEditor.every((e) => e.user_id === editorId)).toBe(true);
    expect(creates.map((e) => e.operation)).toEqual(['create']);
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((e) => e.collection === 'categories')).toBe(true);
  });

  it('when a date range excludes today, then nothing; when it is today, then the entries of today', async () => {
    const product = await createProduct(admin);
    const today = new Date().toISOString().slice(0, 10);

    const future = await log(`record_id=${product.id}&from=2999-01-01`);
    const past = await log(`record_id=${product.id}&to=2000-12-31`);
    const todays = await log(`record_id=${product.id}&from=${today}&to=${today}`);

    expect(future.body.pagination.count).toBe(0);
    expect(past.body.pagination.count).toBe(0);
    expect(todays.body.pagination.count).toBe(1);
  });

  it('when asked for page 2 of 1 with three entries for a record, then the second newest and a count of 3', async () => {
    const product = await createProduct(admin, { price: 1 });
    await patch('products', product.id, { price: 2 });
    await patch('products', product.id, { price: 3 });

    const res = await log(`record_id=${product.id}&limit=1&page=2`);

    expect(res.status).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.pagination).toEqual({ count: 3, page: 2, limit: 1 });
    expect(res.body.result[0].changes).toEqual({ price: { before: 1, after: 2 } });
  });

  it('when the query is hostile or malformed, then 400 with the envelope', async () => {
    const bad = [
      'collection=payments',
      'collection[$ne]=x',
      'operation=drop',
      'record_id=%25',
      "record_id=1' OR '1'='1",
      'user=..%2F..',
      'from=yesterday',
      'from=2026-13-45',
      'from=2026-02-01&to=2026-01-01',
      'limit=1000',
      'page=0',
      'sort=-at',
      'where[collection][equals]=users',
    ];
    for (const q of bad) {
      const res = await log(q);
      expect(res.status, q).toBe(400);
      expect(isEnvelope(res), q).toBe(true);
    }
  });
});

describe('export', () => {
  it('when exported, then a CSV with a BOM, a header and one row per changed field, accents intact', async () => {
    const product = await createProduct(admin, { name: `Crème ${uid()}`, price: 4 });
    await patch('products', product.id, { price: 4.5 });

    const res = await download(`/api/v2/admin/audit-log/export?record_id=${product.id}&operation=update`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.bytes.subarray(3).toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('When (UTC),Who,User id,Collection,Record id,Record,Operation,Field,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${adminId},products,${product.id},${product.name},update,price,4,4.5`);

    const created = await admin.api(`/api/v2/admin/audit-log/export?record_id=${product.id}&operation=create`);
    expect(created.text).toContain(`,name,,${product.name}`);
    expect(product.name).toMatch(/^Crème /);
  });
});

describe('who may read the log', () => {
  it('when signed out, then 401; when an editor, then 403; for the list and the export', async () => {
    for (const path of ['/api/v2/admin/audit-log', '/api/v2/admin/audit-log/export']) {
      expect((await server.api(path)).status, path).toBe(401);
      expect((await editor.api(path)).status, path).toBe(403);
    }
  });
});

describe('every door: accounts, orders and contact messages', () => {
  const usersEntries = async (id: string) => (await entriesFor(id)).filter((e) => e.collection === 'users');

  it("when an admin PATCHes another account's email through /api/users, then 400 names the rule and the email stays", async () => {
    const account = await createAccount(admin, 'editor');

    const res = await admin.api(`/api/users/${account.id}`, {
      method: 'PATCH',
      json: { email: `x-${uid()}@test.example` },
    });

    expect(res.status).toBe(400);
    expect(res.text).toContain('The email of an account cannot be changed');
    const stored = await admin.api(`/api/users/${account.id}`);
    expect(stored.body.email).toBe(account.email);
    // The same email sent back unchanged (as the panel's form does) is no change and passes.
    expect(
      (
        await admin.api(`/api/users/${account.id}`, {
          method: 'PATCH',
          json: { email: account.email, telephone: '+1 555 0101' },
        })
      ).status,
    ).toBe(200);
  });

  it("when an admin PATCHes another account's sessions through /api/users, then 400 and the account stays signed in", async () => {
    const account = await createAccount(admin, 'editor');
    const session = await signInAs(server, account, 'panel');

    const res = await admin.api(`/api/users/${account.id}`, { method: 'PATCH', json: { sessions: [] } });

    expect(res.status).toBe(400);
    expect(res.text).toContain('These account fields cannot be written: sessions');
    expect((await session.api('/api/users/me')).body.user?.email).toBe(account.email);
    expect(
      (await admin.api(`/api/users/${account.id}`, { method: 'PATCH', json: { hash: 'x', salt: 'y' } })).status,
    ).toBe(400);
  });

  it('when an admin changes a role and deactivates an account through /api/users, then each is an entry by that admin, the deactivation ending the sessions', async () => {
    const account = await createAccount(admin, 'editor');

    await patch('users', account.id, { role: 'admin' });
    await patch('users', account.id, { active: false });

    const [deactivated, promoted] = await usersEntries(account.id);
    expect(promoted).toMatchObject({ operation: 'update', user_id: adminId });
    expect(promoted.changes).toEqual({ role: { before: 'editor', after: 'admin' } });
    expect(deactivated).toMatchObject({ operation: 'update', user_id: adminId });
    expect(deactivated.changes).toEqual({
      active: { before: true, after: false },
      sessions: { after: '(all sessions ended)' },
    });
  });

  it('when a password is set through a reset link, then the entry is signed by the account itself', async () => {
    const account = await createAccount(admin, 'admin');
    const own = await signInAs(server, account, 'control-centre');
    expect((await own.api('/api/v2/auth/reset', { method: 'POST' })).status).toBe(200);
    const mail = await server.waitForMail((m) => m.envelopeTo.includes(account.email));
    const token = /\/admin\/reset\/([a-f0-9]+)/.exec(mail.body)?.[1];

    const set = await server.api(`/api/v2/auth/reset/${token}`, {
      method: 'PUT',
      json: { password: sha256hex(`Basil#${uid()}7Q`) },
    });

    expect(set.status).toBe(200);
    const [entry] = await usersEntries(account.id);
    expect(entry).toMatchObject({ operation: 'update', user_id: account.id });
    expect(entry.by).toContain(account.email);
    expect(entry.changes.password).toEqual({ before: '(hidden)', after: '(changed)' });
  });

  it('when an admin ships an order with a tracking number and adds a note, then the status, the tracking number and the note are entries of that order', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });

    const shipped = await admin.api(`/api/v2/admin/orders/${order.id}`, {
      method: 'PUT',
      json: { status: 'SHIPPED', tracking_number: '9400111899223344556677' },
    });
    expect(shipped.status).toBe(200);
    expect(
      (
        await admin.api(`/api/v2/admin/orders/${order.id}/notes`, {
          method: 'POST',
          json: { text: 'Left with the neighbour' },
        })
      ).status,
    ).toBe(201);

    const entries = (await entriesFor(order.id)).filter((e) => e.operation === 'update');
    expect(entries.map((e) => e.changes)).toEqual([
      { note: { after: 'Left with the neighbour' } },
      { tracking_number: { after: '9400111899223344556677' } },
      { status: { before: 'PROCESSING', after: 'SHIPPED' } },
    ]);
    expect(entries.every((e) => e.collection === 'orders' && e.user_id === adminId)).toBe(true);
  });

  it("when an admin changes an order's status through Payload's REST API, then it is logged as through the control centre", async () => {
    const order = await createOrder(admin, { status: 'NEW' });

    await patch('orders', order.id, { status: 'CANCELLED' });

    const [update] = await entriesFor(order.id);
    expect(update).toMatchObject({ collection: 'orders', operation: 'update', user_id: adminId });
    expect(update.changes).toEqual({ status: { before: 'NEW', after: 'CANCELLED' } });
  });

  it('when an admin marks a contact message resolved and then deletes it, then both are entries', async () => {
    const sent = await server.api('/api/v2/contacts', {
      method: 'POST',
      json: {
        firstname: 'Rosa',
        lastname: 'Bruno',
        email: `rosa.${uid()}@example.com`,
        title: 'Gift box',
        message: 'Do you ship to Canada?',
      },
    });
    expect(sent.status).toBe(201);
    const message = { id: String(sent.body.result.id) };

    expect(
      (await admin.api(`/api/v2/notifications/${message.id}`, { method: 'PUT', json: { status: 'resolved' } })).status,
    ).toBe(200);
    expect((await admin.api(`/api/v2/notifications/${message.id}`, { method: 'DELETE' })).status).toBe(200);

    const entries = await entriesFor(message.id);
    expect(entries.map((e) => [e.collection, e.operation])).toEqual([
      ['notifications', 'delete'],
      ['notifications', 'update'],
    ]);
    expect(entries[1].changes).toEqual({ status: { before: 'new', after: 'resolved' } });
    expect(entries[0].changes.message).toEqual({ before: 'Do you ship to Canada?' });
  });
});
