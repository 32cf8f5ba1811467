/**
 * Issue 11, roles: an editor works in the /cms panel's content (recipes, changelog, assets, products' words
 * and picture) and is refused everything else, through /api and /api/v2 alike; an admin uses both UIs with
 * one email and password, whichever sign-in made or set it.
 *
 * The server trusts the loopback proxy, so each test picks its own client address (X-Forwarded-For) and
 * never shares a sign-in throttle count with another.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richTextHeading, richTextParagraph, richTextRoot } from '@shop/shared';
import { v2Endpoints } from '../endpoints/v2/index';
import {
  type Account,
  clientFromSignIn,
  createAccount,
  createEditor,
  createProduct,
  signInAs,
  signInRequest,
  updateSettings,
  uploadImage,
} from './factories';
import { type AdminClient, type Json, isEnvelope, sha256hex, startServer, type TestServer, uid } from './harness';

const EDITOR_REFUSED = 'This account is for the content panel at /cms.';
const LOGIN_FAILED = 'Invalid Email or Password';
const RULES_FAILED = 'Passwords do not match requirements';
const SELF_ROLE = 'You cannot change your own role. Another admin can do it for you.';

let server: TestServer;
let admin: AdminClient;
let editorAccount: Account;
let editor: AdminClient;

let addressCounter = 0;
/** A client address nobody else in this file uses (10.2.x.y). */
const freshAddress = () => {
  addressCounter += 1;
  return `10.2.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
  admin = await signInAs(server, server.admin!, 'control-centre');
  editorAccount = await createEditor(admin);
  editor = await signInAs(server, editorAccount, 'panel');
});

afterAll(async () => {
  await server?.stop();
});

/** A record of each admin-only collection, made by the admin, for the editor to try. */
async function adminOnlyRecords(): Promise<Record<'orders' | 'payments' | 'notifications' | 'users', string>> {
  const made = async (path: string, json: Json) => {
    const res = await admin.api(path, { method: 'POST', json });
    if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${res.text}`);
    return String(res.body.doc.id);
  };
  return {
    orders: await made('/api/orders', { payer_full_name: `Payer ${uid()}`, currency_code: 'USD' }),
    payments: await made('/api/payments', {
      paypal_order_id: `PO-${uid()}`,
      currency_code: 'USD',
      total: '10.00',
      lines: [],
    }),
    notifications: await made('/api/notifications', {
      firstname: 'Maria',
      lastname: 'Rossi',
      email: `maria.${uid()}@example.com`,
      title: `Question ${uid()}`,
      message: 'Do you ship to Oregon?',
    }),
    users: (await createAccount(admin, 'admin')).id,
  };
}

describe('an editor and what only admins use, through /api', () => {
  it('when an editor lists, reads, creates, changes or deletes orders, payments, notifications or other users, then every call is 403 and nothing changes', async () => {
    const records = await adminOnlyRecords();
    const before: Record<string, Json> = {};
    for (const [collection, id] of Object.entries(records)) {
      before[collection] = (await admin.api(`/api/${collection}/${id}?depth=0`)).body;
    }

    const calls: [string, string, Json][] = [];
    for (const [collection, id] of Object.entries(records)) {
      calls.push(
        ['GET', `/api/${collection}`, undefined],
        ['GET', `/api/${collection}/${id}`, undefined],
        ['POST', `/api/${collection}`, { email: `new-${uid()}@test.example`, firstname: 'X', title: 'X' }],
        ['PATCH', `/api/${collection}/${id}`, { status: 'CANCELLED', firstname: 'Changed', active: false }],
        ['PATCH', `/api/${collection}?where[id][equals]=${id}`, { firstname: 'Changed' }],
        ['DELETE', `/api/${collection}/${id}`, undefined],
      );
    }
    const statuses = [];
    for (const [method, path, json] of calls) {
      const res = await editor.api(path, { method, json });
      statuses.push(`${method} ${path.replace(/[0-9a-f-]{36}/, ':id')} ${res.status}`);
    }
    expect(statuses).toEqual(calls.map(([method, path]) => `${method} ${path.replace(/[0-9a-f-]{36}/, ':id')} 403`));

    for (const [collection, id] of Object.entries(records)) {
      expect((await admin.api(`/api/${collection}/${id}?depth=0`)).body, collection).toEqual(before[collection]);
    }
  });

  it('when an editor reads or changes the shop settings or writes a category, then 403 and the settings stay', async () => {
    await updateSettings(admin, { shipment_amount: 6.5 });

    expect((await editor.api('/api/globals/shop-settings')).status).toBe(403);
    const write = await editor.api('/api/globals/shop-settings', { method: 'POST', json: { shipment_amount: 0 } });
    expect(write.status).toBe(403);
    expect((await admin.api('/api/globals/shop-settings')).body.shipment_amount).toBe(6.5);

    expect((await editor.api('/api/categories', { method: 'POST', json: { name: `Cat ${uid()}` } })).status).toBe(403);
  });

  it('when an editor reads /api/users/me, then it is their own record, and they cannot make themselves admin', async () => {
    const me = await editor.api('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: editorAccount.id, email: editorAccount.email, role: 'editor' });

    const promote = await editor.api(`/api/users/${editorAccount.id}`, { method: 'PATCH', json: { role: 'admin' } });
    expect(promote.status).toBe(403);
    expect((await admin.api(`/api/users/${editorAccount.id}`)).body.role).toBe('editor');
  });
});

describe("an editor and products' prices", () => {
  it('when an editor patches a price, a discount, publishing, stock or categories, then each is 403 and the product is unchanged', async () => {
    const product = await createProduct(admin, { price: 12.5 });
    const before = (await admin.api(`/api/products/${product.id}?depth=0`)).body;

    for (const change of [
      { price: 1 },
      { discount_amount: 50, apply_discount: true },
      { published: false },
      { publish_at: '2030-01-01T00:00:00.000Z' },
      { inventory_stock: false },
      { categories: [] },
      // A permitted field beside a refused one: the whole write is refused, not half applied.
      { description: 'Cheaper now', price: 2 },
    ]) {
      const res = await editor.api(`/api/products/${product.id}`, { method: 'PATCH', json: change });
      expect(res.status, JSON.stringify(change)).toBe(403);
    }

    const after = (await admin.api(`/api/products/${product.id}?depth=0`)).body;
    expect(after.price).toBe(12.5);
    expect(after).toEqual(before);
  });

  it('when an editor sends the whole product back with a new description and name (as the panel saves), then 200 and only those change', async () => {
    const product = await createProduct(admin, { price: 12.5 });
    const asEditorSees = (await editor.api(`/api/products/${product.id}?depth=0`)).body;

    const res = await editor.api(`/api/products/${product.id}`, {
      method: 'PATCH',
      json: { ...asEditorSees, name: 'Olio nuovo', description: 'Pressed in November' },
    });

    expect(res.status).toBe(200);
    const after = (await admin.api(`/api/products/${product.id}?depth=0`)).body;
    expect(after.name).toBe('Olio nuovo');
    expect(after.description).toBe('Pressed in November');
    expect(after.price).toBe(12.5);
    expect(after.published).toBe(true);
  });

  it('when an editor creates or deletes a product, then 403', async () => {
    const product = await createProduct(admin);
    expect((await editor.api(`/api/products/${product.id}`, { method: 'DELETE' })).status).toBe(403);
    const create = await editor.api('/api/products', {
      method: 'POST',
      json: { name: `P ${uid()}`, price: 1, categories: product.categories },
    });
    expect(create.status).toBe(403);
  });
});

/** The control centre's routes, from the registry itself, so a route added later is covered too. */
const CONTROL_CENTRE_PREFIXES = ['/v2/admin/', '/v2/analytics/', '/v2/assets', '/v2/notifications', '/v2/users'];
const controlCentreRoutes = v2Endpoints
  .filter((endpoint) => CONTROL_CENTRE_PREFIXES.some((prefix) => endpoint.path.startsWith(prefix)))
  .map((endpoint) => ({
    method: endpoint.method.toUpperCase(),
    path: `/api${endpoint.path.replace(/:[a-z]+/g, () => randomUUID())}`,
    route: `${endpoint.method.toUpperCase()} /api${endpoint.path}`,
  }));

describe('an editor and the control centre (/api/v2)', () => {
  it('when the registry is read, then it names every control-centre route (68 of them)', () => {
    // admin-catalog 11 (with the stock adjustment), admin-orders 7 (with refunds and restock), admin config 3, analytics 1, assets 3, notifications 6 (with the reply
    // and its resend), users 5, admin-recipes 3, the control-centre extras (audit log, bulk, paperwork,
    // exports, events) 12, customers 3 (list, export, one), discount codes 5 (list, create, one, update,
    // delete) and the market 9 (days list, plan, one, open, close, sales, Z-report, catalogue, picked up).
    expect(controlCentreRoutes).toHaveLength(68);
  });

  it('when an editor calls any control-centre route, with or without a body, then 403 in the envelope', async () => {
    const answers: string[] = [];
    for (const { method, path, route } of controlCentreRoutes) {
      const res = await editor.api(path, { method, json: method === 'GET' ? undefined : {} });
      answers.push(`${route} ${res.status} ${isEnvelope(res) ? 'envelope' : res.text.slice(0, 80)}`);
    }
    expect(answers).toEqual(controlCentreRoutes.map(({ route }) => `${route} 403 envelope`));

    const reset = await editor.api('/api/v2/auth/reset', { method: 'POST' });
    expect(reset.status).toBe(403);
  });

  it('when an admin is demoted to editor, then the session they hold is refused by the control centre at once', async () => {
    const other = await createAccount(admin, 'admin');
    const session = await signInAs(server, other, 'control-centre');
    expect((await session.api('/api/v2/admin/config')).status).toBe(200);

    const demote = await admin.api(`/api/v2/users/${other.id}`, {
      method: 'PUT',
      json: { firstname: 'Chiara', lastname: 'Conti', role: 'editor' },
    });
    expect(demote.status).toBe(200);
    expect(demote.body.result.role).toBe('editor');

    expect((await session.api('/api/v2/admin/config')).status).toBe(403);
  });
});

describe("an editor's content", () => {
  it('when an editor creates a recipe as a draft, then shoppers do not see it until the editor publishes it', async () => {
    const name = `Ribollita ${uid()}`;
    const created = await editor.api('/api/recipes?draft=true', {
      method: 'POST',
      json: {
        name,
        description: 'Tuscan bread soup',
        ingredients: [{ item: '300 g stale bread' }],
        body: richTextRoot([richTextHeading('Method', 'h2'), richTextParagraph('Simmer the beans.')]),
        _status: 'draft',
      },
    });
    expect(created.status).toBe(201);
    const id = String(created.body.doc.id);

    const listIds = async () =>
      ((await server.api('/api/v2/recipes')).body.result as { id: string }[]).map((r) => r.id);
    expect(await listIds()).not.toContain(id);
    expect((await server.api(`/api/v2/recipes/${id}`)).status).toBe(404);
    expect((await server.api(`/api/recipes/${id}`)).status).toBe(404);

    const published = await editor.api(`/api/recipes/${id}`, { method: 'PATCH', json: { _status: 'published' } });
    expect(published.status).toBe(200);

    expect(await listIds()).toContain(id);
    const page = await server.api(`/api/v2/recipes/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.result.name).toBe(name);
  });

  it('when an editor uploads an image and writes a changelog entry, then both are created; shoppers read neither list', async () => {
    const asset = await uploadImage(editor, { width: 200, height: 100 });
    expect(asset.mimeType).toBe('image/webp');

    const entry = await editor.api('/api/changelogs', {
      method: 'POST',
      json: { version: '9.9.9', title: `Note ${uid()}`, date: '2026-11-20T00:00:00.000Z', _status: 'published' },
    });
    expect(entry.status).toBe(201);

    expect((await server.api('/api/changelogs')).status).toBe(403);
    expect((await server.api('/api/assets')).status).toBe(403);
  });
});

describe('one account, two sign-ins', () => {
  it('when the admin signs in at the panel (as typed) and at the control centre (hex), then both give a session', async () => {
    const credentials = server.admin!;
    const panel = await signInRequest(server, credentials, 'panel', freshAddress());
    const centre = await signInRequest(server, credentials, 'control-centre', freshAddress());
    expect(panel.status).toBe(200);
    expect(centre.status).toBe(200);
    const viaPanel = clientFromSignIn(server, credentials.email, panel);
    expect((await viaPanel.api('/api/v2/admin/config')).status).toBe(200);
  });

  it('when the hex is sent to the panel sign-in, then it fails: the panel hashes what it is given', async () => {
    const res = await server.api('/api/users/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshAddress() },
      json: { email: server.admin!.email, password: sha256hex(server.admin!.password) },
    });
    expect(res.status).toBe(401);
  });

  it('when an editor signs in at the control centre with the right password, then 403 with the panel message and no cookie; a wrong one is the usual 401', async () => {
    const refused = await signInRequest(server, editorAccount, 'control-centre', freshAddress());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ result: EDITOR_REFUSED, status: 403 });
    expect(refused.headers.getSetCookie().filter((c) => c.startsWith('payload-token='))).toEqual([]);

    const wrong = await signInRequest(
      server,
      { email: editorAccount.email, password: 'Wrong#Pass1' },
      'control-centre',
      freshAddress(),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.result).toBe(LOGIN_FAILED);
  });

  it('when an admin is invited in the control centre and sets the password by the link, then the typed password signs in at the panel', async () => {
    const email = `invited-${uid()}@test.example`;
    const invite = await admin.api('/api/v2/users', {
      method: 'POST',
      json: { firstname: 'Lucia', lastname: 'Neri', email, role: 'editor' },
    });
    expect(invite.status).toBe(201);
    expect(invite.body.result.role).toBe('editor');
    const mail = await server.waitForMail((m) => m.envelopeTo.includes(email));
    const token = mail.body.match(/\/admin\/reset\/([a-f0-9]+)/)?.[1] ?? '';
    const password = `Basil#${uid()}7Q`;
    const set = await server.api(`/api/v2/auth/reset/${token}`, {
      method: 'PUT',
      json: { password: sha256hex(password) },
    });
    expect(set.status).toBe(200);

    const panel = await signInRequest(server, { email, password }, 'panel', freshAddress());
    expect(panel.status).toBe(200);
    expect(panel.body.user.role).toBe('editor');
  });

  it('when an admin creates an account in the panel with a typed password, then the control centre signs it in with the hex', async () => {
    const account = await createAccount(admin, 'admin');
    const centre = await signInRequest(server, account, 'control-centre', freshAddress());
    expect(centre.status).toBe(200);
    expect(centre.body.result.email).toBe(account.email);
  });

  it('when a panel write sets a weak password, then 400 with the rules message and nothing is stored', async () => {
    const email = `weak-${uid()}@test.example`;
    const weak = await admin.api('/api/users', {
      method: 'POST',
      json: { email, password: 'olive', role: 'editor', firstname: 'A', lastname: 'B' },
    });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain(RULES_FAILED);
    expect((await admin.api(`/api/users?where[email][equals]=${encodeURIComponent(email)}`)).body.totalDocs).toBe(0);

    const account = await createAccount(admin, 'editor');
    const change = await admin.api(`/api/users/${account.id}`, { method: 'PATCH', json: { password: 'short' } });
    expect(change.status).toBe(400);
    expect((await signInRequest(server, account, 'panel', freshAddress())).status).toBe(200);
  });

  it('when the panel changes a password, then the new one signs in at both, the old one at neither', async () => {
    const account = await createAccount(admin, 'admin');
    const password = `Fennel#${uid()}3Z`;
    const change = await admin.api(`/api/users/${account.id}`, { method: 'PATCH', json: { password } });
    expect(change.status).toBe(200);

    expect((await signInRequest(server, { ...account, password }, 'panel', freshAddress())).status).toBe(200);
    expect((await signInRequest(server, { ...account, password }, 'control-centre', freshAddress())).status).toBe(200);
    expect((await signInRequest(server, account, 'control-centre', freshAddress())).status).toBe(401);
  });

  it('when failures are spread over both sign-ins from one address, then they add up: the sixth try is throttled on either', async () => {
    const account = await createAccount(admin, 'admin');
    const address = freshAddress();
    const wrong = { email: account.email, password: 'Wrong#Pass1' };

    const statuses = [
      (await signInRequest(server, wrong, 'panel', address)).status,
      (await signInRequest(server, wrong, 'control-centre', address)).status,
      (await signInRequest(server, wrong, 'panel', address)).status,
      (await signInRequest(server, wrong, 'control-centre', address)).status,
      (await signInRequest(server, wrong, 'panel', address)).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    // The right password now: refused, the count is shared (3 on one route, 2 on the other).
    expect((await signInRequest(server, account, 'control-centre', address)).status).toBe(429);
    expect((await signInRequest(server, account, 'panel', address)).status).toBe(429);
  });
});

describe('roles and the last admin', () => {
  it('when an admin changes their own role, through the control centre or the panel, then 409 and they stay admin', async () => {
    const account = await createAccount(admin, 'admin');
    const self = await signInAs(server, account, 'control-centre');

    const viaCentre = await self.api(`/api/v2/users/${account.id}`, {
      method: 'PUT',
      json: { firstname: 'Chiara', lastname: 'Conti', role: 'editor' },
    });
    expect(viaCentre.status).toBe(409);
    expect(viaCentre.body.result).toBe(SELF_ROLE);

    const viaPanel = await self.api(`/api/users/${account.id}`, { method: 'PATCH', json: { role: 'editor' } });
    expect(viaPanel.status).toBe(409);
    expect(viaPanel.text).toContain(SELF_ROLE);

    expect((await admin.api(`/api/users/${account.id}`)).body.role).toBe('admin');
  });

  it('when an admin saves their own account unchanged with its role, then 200 (sending the same role is no change)', async () => {
    const account = await createAccount(admin, 'admin');
    const self = await signInAs(server, account, 'control-centre');
    const res = await self.api(`/api/v2/users/${account.id}`, {
      method: 'PUT',
      json: { firstname: 'Chiara', lastname: 'Conti', role: 'admin', active: true },
    });
    expect(res.status).toBe(200);
  });

  it('when an admin promotes an editor, then the control centre signs the new admin in; the list shows each role', async () => {
    const account = await createAccount(admin, 'editor');
    expect((await signInRequest(server, account, 'control-centre', freshAddress())).status).toBe(403);

    const promote = await admin.api(`/api/v2/users/${account.id}`, {
      method: 'PUT',
      json: { firstname: 'Chiara', lastname: 'Conti', role: 'admin' },
    });
    expect(promote.status).toBe(200);
    expect((await signInRequest(server, account, 'control-centre', freshAddress())).status).toBe(200);

    const list = (await admin.api('/api/v2/users')).body.result as { id: string; role: string }[];
    expect(list.find((u) => u.id === account.id)?.role).toBe('admin');
    expect(list.find((u) => u.id === editorAccount.id)?.role).toBe('editor');
  });

  it('when an admin deactivates or deletes an editor, then it is allowed (editors never count as the last admin)', async () => {
    const account = await createAccount(admin, 'editor');
    const off = await admin.api(`/api/v2/users/${account.id}`, {
      method: 'PUT',
      json: { firstname: 'Chiara', lastname: 'Conti', active: false },
    });
    expect(off.status).toBe(200);
    expect((await admin.api(`/api/v2/users/${account.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
