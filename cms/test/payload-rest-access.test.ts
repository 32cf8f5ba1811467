/**
 * Issue 21 §3 and §6: Payload's own REST API under /api, beyond the shop's collections' own tests.
 *
 * - Document locks (payload-locked-documents): a lock is always the requester's, on a document the requester
 *   may update; nobody deletes another's lock. The panel's own calls (read a document's lock, take it over,
 *   delete one's own) keep working.
 * - Requests Payload could only answer with a 500 (a query on a polymorphic relation, versions of what has
 *   none, a file name no upload has, the job scheduler with no schedules) are 4xx.
 * - An access sweep over every collection and global of the built config: what anonymous visitors and editors
 *   may do is a small explicit table, a slug missing from it fails the sweep, and nothing answers 5xx. Every
 *   collection has a real record when the sweep tries it (issue 29 §8).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createClient } from '@libsql/client';
import type { SanitizedConfig } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createCategory,
  createEditor,
  createOrder,
  createProduct,
  createRecipe,
  signInAs,
  uploadImage,
  validContact,
} from './factories';
import { type AdminClient, type ApiResponse, type Json, startServer, type TestServer, uid } from './harness';
import { checkout } from './payment-helpers';

let server: TestServer;
let config: SanitizedConfig;
let admin: AdminClient;
let editor: AdminClient;
let adminId: string;
let editorId: string;

beforeAll(async () => {
  const loading = import('../lib/load-config').then((m) => m.loadPayloadConfig());
  server = await startServer();
  admin = await signInAs(server, server.admin!, 'control-centre');
  editor = await signInAs(server, await createEditor(admin), 'panel');
  adminId = String((await admin.api('/api/users/me')).body.user.id);
  editorId = String((await editor.api('/api/users/me')).body.user.id);
  config = await loading;
});

afterAll(async () => {
  await server?.stop();
});

/** The server's own database, for what no REST route writes or shows (Payload's jobs, key-value store, migrations). */
async function withDatabase<T>(work: (db: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
  const db = createClient({ url: `file:${path.join(server.dataDir, 'shop.db')}` });
  try {
    await db.execute('PRAGMA busy_timeout = 5000');
    return await work(db);
  } finally {
    db.close();
  }
}

const LOCKS = '/api/payload-locked-documents';
const FORBIDDEN = 'You are not allowed to perform this action.';

const asUser = (id: string) => ({ relationTo: 'users', value: id });
const lockOn = (relationTo: string, value: string, user?: string) => ({
  document: { relationTo, value },
  ...(user ? { user: asUser(user) } : {}),
});

/** The admin's lock on a document (the admin may update every collection that has locks). */
async function adminLock(relationTo: string, value: string): Promise<string> {
  const res = await admin.api(LOCKS, { method: 'POST', json: lockOn(relationTo, value, adminId) });
  if (res.status !== 201) throw new Error(`Admin lock failed: ${res.status} ${res.text}`);
  return String(res.body.doc.id);
}

/** Every lock on a document, as the admin sees them: [lock id, user id]. */
async function locksOn(documentId: string): Promise<[string, string][]> {
  const res = await admin.api(`${LOCKS}?depth=0&where[document.value][equals]=${documentId}`);
  if (res.status !== 200) throw new Error(`Reading locks failed: ${res.status} ${res.text}`);
  return (res.body.docs as Json[]).map((lock) => [String(lock.id), String(lock.user.value)]);
}

describe('document locks (payload-locked-documents)', () => {
  it("when an editor claims a lock in an admin's name or on an order, then 403 and no lock is stored", async () => {
    const recipe = await createRecipe(admin);
    const order = await createOrder(admin);

    const inAdminsName = await editor.api(LOCKS, { method: 'POST', json: lockOn('recipes', recipe.id, adminId) });
    const onOrder = await editor.api(LOCKS, { method: 'POST', json: lockOn('orders', order.id, editorId) });
    const onSettings = await editor.api(LOCKS, { method: 'POST', json: { globalSlug: 'shop-settings' } });

    expect([inAdminsName.status, onOrder.status, onSettings.status]).toEqual([403, 403, 403]);
    expect(onOrder.body).toEqual({ errors: [{ message: FORBIDDEN }] });
    expect(await locksOn(recipe.id)).toEqual([]);
    expect(await locksOn(order.id)).toEqual([]);
  });

  it('when an editor locks a recipe naming nobody, then 201 and the lock is the editor’s', async () => {
    const recipe = await createRecipe(admin);

    const res = await editor.api(LOCKS, { method: 'POST', json: lockOn('recipes', recipe.id) });

    expect(res.status).toBe(201);
    expect(await locksOn(recipe.id)).toEqual([[String(res.body.doc.id), editorId]]);
  });

  it("when an editor deletes an admin's lock or points it at another user, then refused and the lock stays the admin's", async () => {
    const recipe = await createRecipe(admin);
    const order = await createOrder(admin);
    const recipeLock = await adminLock('recipes', recipe.id);
    const orderLock = await adminLock('orders', order.id);

    const deleteRecipeLock = await editor.api(`${LOCKS}/${recipeLock}`, { method: 'DELETE' });
    const deleteOrderLock = await editor.api(`${LOCKS}/${orderLock}`, { method: 'DELETE' });
    const takeOrderLock = await editor.api(`${LOCKS}/${orderLock}`, {
      method: 'PATCH',
      json: { user: asUser(editorId) },
    });
    const giveAway = await editor.api(`${LOCKS}/${recipeLock}`, { method: 'PATCH', json: { user: asUser(adminId) } });

    expect([deleteRecipeLock.status, deleteOrderLock.status, takeOrderLock.status, giveAway.status]).toEqual([
      403, 403, 403, 403,
    ]);
    expect(await locksOn(recipe.id)).toEqual([[recipeLock, adminId]]);
    expect(await locksOn(order.id)).toEqual([[orderLock, adminId]]);
  });

  it("when an admin deletes an editor's lock, then 403 and it stays: admins too delete only their own", async () => {
    const recipe = await createRecipe(admin);
    const created = await editor.api(LOCKS, { method: 'POST', json: lockOn('recipes', recipe.id, editorId) });
    expect(created.status).toBe(201);
    const lockId = String(created.body.doc.id);

    const res = await admin.api(`${LOCKS}/${lockId}`, { method: 'DELETE' });

    expect(res.status).toBe(403);
    expect(await locksOn(recipe.id)).toEqual([[lockId, editorId]]);
  });

  it("when an editor lists locks, then they see their own and those on what they may edit, not an admin's lock on an order", async () => {
    const recipe = await createRecipe(admin);
    const order = await createOrder(admin);
    const recipeLock = await adminLock('recipes', recipe.id);
    const orderLock = await adminLock('orders', order.id);

    const res = await editor.api(`${LOCKS}?depth=0&limit=1000`);

    expect(res.status).toBe(200);
    const ids = (res.body.docs as Json[]).map((lock) => String(lock.id));
    expect(ids).toContain(recipeLock);
    expect(ids).not.toContain(orderLock);
    expect((await editor.api(`${LOCKS}/${orderLock}`)).status).toBe(404);
  });

  it('when an editor goes through the panel’s calls on a recipe an admin has open, then they read the lock, take it over and delete it', async () => {
    const recipe = await createRecipe(admin);
    const lockId = await adminLock('recipes', recipe.id);
    // The panel's own query for a document's lock (DocumentInfo: unlockDocument, updateDocumentEditor).
    const query = `where[document.relationTo][equals]=recipes&where[document.value][equals]=${recipe.id}`;

    const found = await editor.api(`${LOCKS}?${query}`);
    expect(found.status).toBe(200);
    expect((found.body.docs as Json[]).map((lock) => String(lock.id))).toEqual([lockId]);

    const takeOver = await editor.api(`${LOCKS}/${lockId}`, { method: 'PATCH', json: { user: asUser(editorId) } });
    expect(takeOver.status).toBe(200);
    expect(await locksOn(recipe.id)).toEqual([[lockId, editorId]]);

    const release = await editor.api(`${LOCKS}/${lockId}`, { method: 'DELETE' });
    expect(release.status).toBe(200);
    expect(await locksOn(recipe.id)).toEqual([]);
  });
});

describe('what Payload could only answer with a 500', () => {
  const probes = [
    '/api/payload-preferences?where[user][exists]=true',
    '/api/payload-locked-documents?where[document][equals]=x',
    '/api/products/versions',
    '/api/globals/shop-settings/versions',
    `/api/assets/file/${'a'.repeat(300)}`,
    '/api/payload-jobs/handle-schedules',
  ];

  it('when an admin or an editor asks for each, then 400, 400, 404, 404, 404 and 403 (never a 5xx)', async () => {
    for (const client of [admin, editor]) {
      const statuses: string[] = [];
      for (const path of probes) statuses.push(`${path.slice(0, 60)} ${(await client.api(path)).status}`);
      expect(statuses, client.email).toEqual([
        '/api/payload-preferences?where[user][exists]=true 400',
        '/api/payload-locked-documents?where[document][equals]=x 400',
        '/api/products/versions 404',
        '/api/globals/shop-settings/versions 404',
        `/api/assets/file/${'a'.repeat(43)} 404`,
        '/api/payload-jobs/handle-schedules 403',
      ]);
    }
  });

  it('when an editor deletes a preference by its key, then 200 and it is gone; a key they have not is 404', async () => {
    const key = `columns-${uid()}`;
    const saved = await editor.api(`/api/payload-preferences/${key}`, {
      method: 'POST',
      json: { value: { limit: 25 } },
    });
    expect(saved.status).toBe(200);

    const removed = await editor.api(`/api/payload-preferences/${key}`, { method: 'DELETE' });
    const again = await editor.api(`/api/payload-preferences/${key}`, { method: 'DELETE' });
    const read = await editor.api(`/api/payload-preferences/${key}`);

    expect([removed.status, again.status]).toEqual([200, 404]);
    expect(removed.body.key).toBe(key);
    expect(read.body).toEqual({ message: 'Not Found', value: null });
  });

  it('when the same routes are asked rightly (a relation by .value, versions that exist, a real file), then they answer 200', async () => {
    const recipe = await createRecipe(admin);
    const asset = await uploadImage(admin, { width: 40, height: 30 });

    const byValue = await admin.api(`/api/payload-preferences?where[user.value][equals]=${adminId}`);
    const versions = await admin.api(`/api/recipes/versions?where[parent][equals]=${recipe.id}`);
    const file = await admin.api(`/api/assets/file/${asset.filename}`);

    expect([byValue.status, versions.status, file.status]).toEqual([200, 200, 200]);
    expect(versions.body.totalDocs).toBe(1);
    expect(file.headers.get('content-type')).toBe('image/webp');
  });
});

// ---------------------------------------------------------------------------------------------------------
// The access sweep

type Op = 'list' | 'read' | 'create' | 'update' | 'delete';
type Grants = { anonymous: readonly Op[]; editor: readonly Op[] };

const NOTHING: Grants = { anonymous: [], editor: [] };
const READ: readonly Op[] = ['list', 'read'];
const EVERYTHING: readonly Op[] = ['list', 'read', 'create', 'update', 'delete'];

/**
 * What anonymous visitors and editors may do on /api/{slug}, from each collection's access rules. A slug of
 * the config missing here fails the sweep: a new collection must be classified. The record each sweep reads,
 * changes and deletes is one the admin made (another admin's account for `users`, an admin's lock on an order
 * for the locks, an admin's preference), so "own records only" rules show as refused.
 */
const COLLECTION_POLICY: Record<string, Grants> = {
  // Published catalogue data is public; editors write products' descriptive fields only.
  categories: { anonymous: READ, editor: READ },
  products: { anonymous: READ, editor: [...READ, 'update'] },
  // Drafts hidden from shoppers (the swept recipe is published); editors write recipes, changelog, images.
  recipes: { anonymous: READ, editor: EVERYTHING },
  changelogs: { anonymous: [], editor: EVERYTHING },
  assets: { anonymous: [], editor: EVERYTHING },
  // An editor reads and changes their own account only (roles.test.ts), never another's.
  users: NOTHING,
  orders: NOTHING,
  payments: NOTHING,
  notifications: NOTHING,
  leases: NOTHING,
  'order-events': NOTHING,
  refunds: NOTHING,
  // Discount codes are the family's: an editor or a shopper neither lists nor reads nor writes them.
  coupons: NOTHING,
  // Market days and their takings are the family's too (shoppers see coming pickup days through /api/v2 only).
  'market-days': NOTHING,
  'notification-replies': NOTHING,
  'audit-log': NOTHING,
  // Payload's own: locks and preferences are one's own (lists filtered to them), the rest nobody's.
  'payload-locked-documents': { anonymous: [], editor: ['list', 'create'] },
  'payload-preferences': { anonymous: [], editor: ['list', 'create'] },
  'payload-jobs': NOTHING,
  'payload-kv': NOTHING,
  'payload-migrations': NOTHING,
};

/** On /api/globals/{slug}: read is GET, update is POST. */
const GLOBAL_POLICY: Record<string, Grants> = {
  'shop-settings': NOTHING,
};

type Verdict = 'allowed' | 'refused' | `HTTP ${number}`;

/**
 * Allowed: a list or a write that passed access (2xx, or a 400 from validation after it), a read that returns
 * the record. Refused: 401, 403 or 404, or a 2xx read that does not carry the record (Payload's preferences
 * answer a key they do not know with 200 and no value). A 404 counts as refused only because the sweep first
 * checks in the database that every record it asks about is there (an access rule that filters the record out
 * answers 404, as Payload does for what one may not see).
 */
function verdict(op: Op, res: ApiResponse, id: string): Verdict {
  const ok = res.status >= 200 && res.status < 300;
  if ([401, 403, 404].includes(res.status)) return 'refused';
  if (op === 'read' && ok) return res.text.includes(id) ? 'allowed' : 'refused';
  if (ok || (res.status === 400 && op !== 'list' && op !== 'read')) return 'allowed';
  return `HTTP ${res.status}`;
}

describe('the access sweep over every collection and global of the config', () => {
  /**
   * A record of every collection, made here, so a refusal is always about a record that exists (a 404 on an
   * id nothing has proves nothing: that blinded the sweep to every collection it had no record of). What the
   * shop writes itself comes from a real sale and refund; Payload's jobs and key-value store, which nothing
   * writes through REST, get a row written into the database.
   */
  async function sweptRecords(): Promise<Record<string, string>> {
    const made = async (path: string, json: Json) => {
      const res = await admin.api(path, { method: 'POST', json });
      if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${res.text}`);
      return String(res.body.doc.id);
    };
    /** The newest record of a collection the admin reads, or of those matching `where` (a query string). */
    const newest = async (slug: string, where = '') => {
      const res = await admin.api(`/api/${slug}?limit=1&depth=0&sort=-createdAt${where}`);
      if (res.status !== 200 || !res.body.docs?.[0]) throw new Error(`No ${slug} record: ${res.status} ${res.text}`);
      return String(res.body.docs[0].id);
    };
    const category = await createCategory(admin);
    const order = await createOrder(admin);
    const contact = await server.api('/api/v2/contacts', { method: 'POST', json: validContact() });
    if (contact.status !== 201) throw new Error(`contact failed: ${contact.status} ${contact.text}`);
    const preference = await admin.api(`/api/payload-preferences/sweep-${uid()}`, {
      method: 'POST',
      json: { value: { columns: ['name'] } },
    });
    if (preference.status !== 200) throw new Error(`preference failed: ${preference.status} ${preference.text}`);
    // A sale and a partial refund: the payment, the refund and the order's timeline are the services' own.
    const sold = await createProduct(admin, { price: 18 });
    const sale = await checkout(server, [{ id: sold.id, quantity: 1 }]);
    const refund = await admin.api(`/api/v2/admin/orders/${sale.orderId}/refunds`, {
      method: 'POST',
      json: { amount: '5.00', reason: 'Access sweep' },
    });
    if (refund.status !== 201) throw new Error(`refund failed: ${refund.status} ${refund.text}`);
    const reply = await admin.api(`/api/v2/notifications/${String(contact.body.result.id)}/replies`, {
      method: 'POST',
      json: { message: 'Thank you, answered.' },
    });
    if (reply.status !== 201) throw new Error(`reply failed: ${reply.status} ${reply.text}`);
    const records: Record<string, string> = {
      categories: category.id,
      products: (await createProduct(admin, { categories: [category.id] })).id,
      recipes: (await createRecipe(admin)).id,
      changelogs: await made('/api/changelogs', {
        version: '1.0.0',
        title: `Sweep ${uid()}`,
        date: '2026-11-20T00:00:00.000Z',
        _status: 'published',
      }),
      assets: (await uploadImage(admin, { width: 40, height: 30 })).id,
      users: (await createAccount(admin, 'admin')).id,
      orders: order.id,
      payments: await newest('payments', `&where[paypal_order_id][equals]=${sale.paypalOrderId}`),
      refunds: await newest('refunds', `&where[order][equals]=${sale.orderId}`),
      'order-events': await newest('order-events', `&where[order][equals]=${sale.orderId}`),
      'audit-log': await newest('audit-log'),
      leases: await newest('leases'),
      notifications: String(contact.body.result.id),
      'notification-replies': String(reply.body.result.id),
      coupons: await made('/api/coupons', { code: `SWEEP${uid().replace(/-/g, '')}`, kind: 'percent', amount: 10 }),
      'market-days': await made('/api/market-days', {
        place: 'Sweep market',
        date: '2099-06-06',
        opens_at: '08:00',
        closes_at: '12:00',
      }),
      'payload-locked-documents': await adminLock('orders', order.id),
      'payload-preferences': String(preference.body.doc.id),
    };
    await withDatabase(async (db) => {
      const job = randomUUID();
      const kv = randomUUID();
      // A publication queued for far ahead, so the shop's runner leaves it alone while the sweep runs.
      await db.execute({
        sql: `INSERT INTO payload_jobs (id, task_slug, queue, wait_until, input) VALUES (?, 'schedulePublish', 'default', '2100-01-01T00:00:00.000Z', '{}')`,
        args: [job],
      });
      await db.execute({
        sql: 'INSERT INTO payload_kv (id, key, data) VALUES (?, ?, ?)',
        args: [kv, `sweep-${uid()}`, '{}'],
      });
      const migration = await db.execute('SELECT id FROM payload_migrations ORDER BY created_at DESC LIMIT 1');
      Object.assign(records, {
        'payload-jobs': job,
        'payload-kv': kv,
        'payload-migrations': String(migration.rows[0]?.id ?? ''),
      });
    });
    return records;
  }

  /** Which records of `records` are not in the database (by their collection's table). */
  const missingOf = (records: Record<string, string>) =>
    withDatabase(async (db) => {
      const missing: string[] = [];
      for (const [slug, id] of Object.entries(records)) {
        const found = await db.execute({ sql: `SELECT 1 FROM "${slug.replace(/-/g, '_')}" WHERE id = ?`, args: [id] });
        if (found.rows.length !== 1) missing.push(slug);
      }
      return missing;
    });

  it('when the config is read, then every collection and global is in the policy table and nothing else is', () => {
    expect(config.collections.map((c) => c.slug).sort()).toEqual(Object.keys(COLLECTION_POLICY).sort());
    expect(config.globals.map((g) => g.slug).sort()).toEqual(Object.keys(GLOBAL_POLICY).sort());
  });

  it('when anonymous visitors and an editor list, read, create, change and delete on every slug, then exactly what the table grants passes and nothing is 5xx', async () => {
    const records = await sweptRecords();
    expect(Object.keys(records).sort()).toEqual(Object.keys(COLLECTION_POLICY).sort());
    expect(await missingOf(records)).toEqual([]);
    const expected: string[] = [];
    const actual: string[] = [];
    const serverErrors: string[] = [];
    const roles = [
      ['anonymous', (path: string, init?: Parameters<TestServer['api']>[1]) => server.api(path, init)],
      ['editor', (path: string, init?: Parameters<TestServer['api']>[1]) => editor.api(path, init)],
    ] as const;

    for (const [role, call] of roles) {
      for (const collection of config.collections) {
        const slug = collection.slug;
        const id = records[slug];
        const granted = new Set(COLLECTION_POLICY[slug]?.[role] ?? []);
        const requests: [Op, string, string, Json][] = [
          ['list', 'GET', `/api/${slug}?depth=0`, undefined],
          ['read', 'GET', `/api/${slug}/${id}?depth=0`, undefined],
          ['create', 'POST', `/api/${slug}`, {}],
          ['update', 'PATCH', `/api/${slug}/${id}`, {}],
          ['delete', 'DELETE', `/api/${slug}/${id}`, undefined],
        ];
        for (const [op, method, path, json] of requests) {
          const res = await call(path, { method, json });
          if (res.status >= 500) serverErrors.push(`${role} ${method} ${path} ${res.status} ${res.text.slice(0, 200)}`);
          expected.push(`${role} ${op} ${slug}: ${granted.has(op) ? 'allowed' : 'refused'}`);
          actual.push(`${role} ${op} ${slug}: ${verdict(op, res, id)}`);
        }
      }
      for (const global of config.globals) {
        const granted = new Set(GLOBAL_POLICY[global.slug]?.[role] ?? []);
        const requests: [Op, string, Json][] = [
          ['read', 'GET', undefined],
          ['update', 'POST', {}],
        ];
        for (const [op, method, json] of requests) {
          const path = `/api/globals/${global.slug}?depth=0`;
          const res = await call(path, { method, json });
          if (res.status >= 500) serverErrors.push(`${role} ${method} ${path} ${res.status} ${res.text.slice(0, 200)}`);
          expected.push(`${role} ${op} global ${global.slug}: ${granted.has(op) ? 'allowed' : 'refused'}`);
          actual.push(`${role} ${op} global ${global.slug}: ${verdict(op === 'read' ? 'list' : op, res, '')}`);
        }
      }
    }

    expect(serverErrors).toEqual([]);
    expect(actual).toEqual(expected);
    // Refused deletes left their records: everything but what editors may delete is still there.
    const deletable = new Set(
      Object.keys(COLLECTION_POLICY).filter((slug) =>
        [...COLLECTION_POLICY[slug].anonymous, ...COLLECTION_POLICY[slug].editor].includes('delete'),
      ),
    );
    expect(
      await missingOf(Object.fromEntries(Object.entries(records).filter(([slug]) => !deletable.has(slug)))),
    ).toEqual([]);
  });
});
