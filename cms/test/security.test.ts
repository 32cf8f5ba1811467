/**
 * Hostile and malformed requests: every one gets a clear 4xx (the `{result, status}` envelope on /api/v2
 * and /assets) and changes nothing. Access control is checked on every admin path of Payload's REST API.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, isEnvelope, sha256hex, startServer, type TestServer, uid } from './harness';
import {
  countDocs,
  createCategory,
  createProduct,
  createRecipe,
  type Doc,
  makePng,
  uploadImage,
  validContact,
} from './factories';
import { checkout, DEFAULT_PAYER_EMAIL, paymentsFor } from './payment-helpers';

let server: TestServer;
let admin: AdminClient;
const d = {} as {
  category: Doc;
  product: Doc;
  draft: Doc;
  hiddenCategory: Doc;
  recipe: Doc;
  asset: Doc;
  notificationId: string;
  adminId: string;
  order: Doc;
  paymentId: string;
};

const COLLECTIONS = [
  'products',
  'categories',
  'recipes',
  'assets',
  'notifications',
  'users',
  'orders',
  'payments',
  'changelogs',
];

async function snapshot() {
  const counts: Record<string, number> = {};
  for (const c of COLLECTIONS) counts[c] = await countDocs(admin, c);
  const product = (await admin.api(`/api/products/${d.product.id}?depth=0`)).body;
  const settings = (await admin.api('/api/globals/shop-settings?depth=0')).body;
  return {
    counts,
    product: { name: product.name, price: product.price, published: product.published },
    settings: { admin_email: settings.admin_email, shipment_amount: settings.shipment_amount },
  };
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  d.category = await createCategory(admin, { name: `Security ${uid()}` });
  d.hiddenCategory = await createCategory(admin, { name: `HiddenSec ${uid()}`, published: false });
  d.product = await createProduct(admin, { name: `Guarded Oil ${uid()}`, categories: [d.category.id] });
  d.draft = await createProduct(admin, {
    name: `Draft Vinegar ${uid()}`,
    categories: [d.category.id],
    published: false,
  });
  d.recipe = await createRecipe(admin);
  d.asset = await uploadImage(admin, { width: 64, height: 64 });
  const contact = await server.api('/api/v2/contacts', { method: 'POST', json: validContact() });
  if (contact.status !== 201) throw new Error(`contact setup failed: ${contact.text}`);
  d.notificationId = contact.body.result.id;
  const me = await admin.api('/api/users/me');
  d.adminId = me.body.user.id;
  // A paid order and its payment record, so that a read which leaks would have something to show.
  const paid = await checkout(server, [{ id: d.product.id, quantity: 2 }]);
  d.order = (await admin.api(`/api/orders/${paid.orderId}?depth=0`)).body;
  const [payment] = await paymentsFor(admin, paid.paypalOrderId);
  d.paymentId = payment.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('query strings on public lists', () => {
  const badQueries: Array<[string, string]> = [
    ['page=0', 'zero page'],
    ['page=-1', 'negative page'],
    ['page=abc', 'non-numeric page'],
    ['page=1.5', 'fractional page'],
    ['page=1e3', 'exponent page'],
    ['page=99999999999', 'page beyond the maximum'],
    ['limit=0', 'zero limit'],
    ['limit=-5', 'negative limit'],
    ['limit=ten', 'non-numeric limit'],
    ['limit=101', 'limit over 100'],
    ['limit=1000000', 'huge limit'],
    ['search=a&search=b', 'repeated search'],
    ['search[]=a', 'search as an array'],
    ['search[$ne]=1', 'operator object in search'],
    ['search%5B%24ne%5D=1', 'percent-encoded operator object'],
    ['search[$regex]=.*', 'regex operator'],
    ['page[$gt]=0', 'operator on page'],
    ['where[published][equals]=false', 'Payload where clause'],
    ['depth=5', 'unknown parameter depth'],
    ['draft=true', 'unknown parameter draft'],
    [`search=${'x'.repeat(101)}`, 'search over 100 characters'],
  ];

  for (const [q, label] of badQueries) {
    it(`when GET /api/v2/products has ${label} (${q.slice(0, 40)}), then 400 in the envelope`, async () => {
      const res = await server.api(`/api/v2/products?${q}`);
      expect(res.status).toBe(400);
      expect(isEnvelope(res)).toBe(true);
      expect(res.text).not.toContain(d.draft.name);
    });
  }

  it('when suggestions get an operator object or an unknown key, then 400 in the envelope', async () => {
    for (const q of ['search[$ne]=1', 'search[$regex]=.', 'limit=100', 'where[published][equals]=false']) {
      const res = await server.api(`/api/v2/products/suggestions?${q}`);
      expect(res.status, q).toBe(400);
      expect(isEnvelope(res), q).toBe(true);
    }
  });

  it('when a cart query mixes products=… with products[0]=…, then 400 in the envelope', async () => {
    const res = await server.api(`/api/v2/products/cart/show?products=${d.product.id}&products[0]=${d.product.id}`);
    expect(res.status).toBe(400);
    expect(isEnvelope(res)).toBe(true);
  });

  it('when a search contains SQL or LIKE wildcards, then it is treated as text and drafts stay hidden', async () => {
    for (const search of ["' OR '1'='1", '%', '_', '%Draft%', '\\', '"; DROP TABLE products; --']) {
      const res = await server.api(`/api/v2/products?search=${encodeURIComponent(search)}&limit=100`);
      expect(res.status, search).toBe(200);
      expect(res.text, search).not.toContain(d.draft.name);
    }
    // The table is still there.
    expect((await server.api(`/api/v2/products/${d.product.id}`)).status).toBe(200);
  });
});

describe('unknown ids and routes', () => {
  it('when an id has characters outside [A-Za-z0-9-], then 400 in the envelope', async () => {
    for (const p of [
      `/api/v2/products/${encodeURIComponent("1' OR '1'='1")}`,
      `/api/v2/categories/${encodeURIComponent('a b')}`,
      `/api/v2/products/${'a'.repeat(65)}`,
    ]) {
      const res = await server.api(p);
      expect(res.status, p).toBe(400);
      expect(isEnvelope(res), p).toBe(true);
    }
  });

  it('when an id is well-formed but unknown, then 404 in the envelope', async () => {
    for (const p of [
      '/api/v2/products/does-not-exist',
      '/api/v2/categories/does-not-exist',
      `/assets/${'f'.repeat(24)}`,
    ]) {
      const res = await server.api(p);
      expect(res.status, p).toBe(404);
      expect(isEnvelope(res), p).toBe(true);
    }
  });

  it('when an unknown /api/v2 route is called, then 404 in the envelope', async () => {
    for (const p of ['/api/v2/nope', '/api/v2/products/last/oldest', '/api/v2/admin/secret']) {
      const res = await server.api(p);
      expect(res.status, p).toBe(404);
      expect(isEnvelope(res), `${p}: ${res.text}`).toBe(true);
    }
  });

  it('when a /api/v2 route is called with the wrong method (GET contacts, DELETE products), then a 4xx envelope', async () => {
    for (const [method, p] of [
      ['GET', '/api/v2/contacts'],
      ['DELETE', `/api/v2/products/${d.product.id}`],
      ['PUT', '/api/v2/config'],
    ]) {
      const res = await server.api(p, { method });
      expect([404, 405], `${method} ${p}`).toContain(res.status);
      expect(isEnvelope(res), `${method} ${p}: ${res.text}`).toBe(true);
    }
    expect((await server.api(`/api/v2/products/${d.product.id}`)).status).toBe(200);
  });

  it('when a path outside the API and the SPA is unknown, then 404 in the envelope', async () => {
    const res = await server.api('/no/such/thing', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(isEnvelope(res)).toBe(true);
  });
});

describe('request bodies', () => {
  it('when a body over 100 KB is sent as multipart/form-data to a JSON endpoint, then 413 and nothing is stored', async () => {
    const before = await countDocs(admin, 'notifications');
    const body = JSON.stringify({ ...validContact(), message: 'x'.repeat(300 * 1024) });
    const res = await server.api('/api/v2/contacts', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=----x' },
    });
    expect(res.status).toBe(413);
    expect(isEnvelope(res)).toBe(true);
    expect(await countDocs(admin, 'notifications')).toBe(before);
  });

  it('when a JSON body over 100 KB is sent to Payload REST (login), then 413 in the envelope', async () => {
    const res = await server.api('/api/users/login', {
      method: 'POST',
      json: { email: 'x@example.com', password: 'p'.repeat(150 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(isEnvelope(res)).toBe(true);
  });
});

describe('access control on Payload REST', () => {
  const png = makePng(32, 32);
  const form = async () => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(await png)], { type: 'image/png' }), `anon-${uid()}.png`);
    return f;
  };

  /** [method, path, body] — resolved lazily because ids come from beforeAll. */
  const writes = (): Array<[string, string, unknown]> => [
    ['POST', '/api/products', { name: 'Anon product', price: 1, categories: [d.category.id] }],
    ['PATCH', `/api/products/${d.product.id}`, { name: 'Hacked', price: 0 }],
    ['DELETE', `/api/products/${d.product.id}`, undefined],
    ['PATCH', '/api/products?where[id][exists]=true', { price: 0 }],
    ['DELETE', '/api/products?where[id][exists]=true', undefined],
    ['POST', '/api/categories', { name: 'Anon category' }],
    ['PATCH', `/api/categories/${d.category.id}`, { name: 'Hacked' }],
    ['DELETE', `/api/categories/${d.category.id}`, undefined],
    ['POST', '/api/recipes', { name: 'Anon recipe' }],
    ['PATCH', `/api/recipes/${d.recipe.id}`, { name: 'Hacked' }],
    ['DELETE', `/api/recipes/${d.recipe.id}`, undefined],
    ['DELETE', `/api/assets/${d.asset.id}`, undefined],
    ['POST', '/api/notifications', validContact()],
    ['PATCH', `/api/notifications/${d.notificationId}`, { status: 'deleted' }],
    ['DELETE', `/api/notifications/${d.notificationId}`, undefined],
    ['POST', '/api/orders', { status: 'NEW', payer_full_name: 'Anon' }],
    ['POST', '/api/changelogs', { version: '9.9.9', title: 'Anon' }],
    ['POST', '/api/payments', { status: 'COMPLETED' }],
    [
      'POST',
      '/api/users',
      { email: `anon-${uid()}@evil.example`, password: 'x'.repeat(64), firstname: 'A', lastname: 'B' },
    ],
    ['PATCH', `/api/users/${d.adminId}`, { email: 'owned@evil.example' }],
    ['DELETE', `/api/users/${d.adminId}`, undefined],
    [
      'POST',
      '/api/users/first-register',
      { email: `first-${uid()}@evil.example`, password: 'x'.repeat(64), firstname: 'A', lastname: 'B' },
    ],
    ['POST', '/api/globals/shop-settings', { admin_email: 'attacker@evil.example', shipment_amount: 0 }],
  ];

  it('when an anonymous client writes through Payload REST, then every write is refused and nothing changes', async () => {
    const before = await snapshot();
    for (const [method, p, body] of writes()) {
      const res = await server.api(p, body === undefined ? { method } : { method, json: body });
      expect([401, 403], `${method} ${p}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
    }
    const upload = await server.api('/api/assets', { method: 'POST', body: await form() });
    expect([401, 403], `POST /api/assets: ${upload.status}`).toContain(upload.status);
    expect(await snapshot()).toEqual(before);
  });

  it('when an anonymous client reads orders, payments, notifications or users, then 401/403 and nothing of them', async () => {
    for (const p of [
      '/api/orders',
      `/api/orders/${d.order.id}`,
      '/api/orders/count',
      `/api/orders?where[number][equals]=${d.order.number}`,
      '/api/payments',
      `/api/payments/${d.paymentId}`,
      '/api/payments/count',
      '/api/notifications',
      `/api/notifications/${d.notificationId}`,
      '/api/notifications/count',
      '/api/users',
      `/api/users/${d.adminId}`,
      '/api/users/count',
    ]) {
      const res = await server.api(p);
      expect([401, 403], `${p}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      for (const secret of [d.order.number, d.order.payer_full_name, DEFAULT_PAYER_EMAIL, server.admin!.email]) {
        expect(res.text, p).not.toContain(secret);
      }
    }
  });

  it('when an anonymous client writes to an existing order or payment, then 401/403 and both stay as they were', async () => {
    const order = () => admin.api(`/api/orders/${d.order.id}?depth=0`).then((r) => r.body);
    const payment = () => admin.api(`/api/payments/${d.paymentId}?depth=0`).then((r) => r.body);
    const before = { order: await order(), payment: await payment() };
    for (const [method, p, body] of [
      ['PATCH', `/api/orders/${d.order.id}`, { status: 'CANCELLED', payer_email_address: 'thief@evil.example' }],
      ['PATCH', '/api/orders?where[id][exists]=true', { status: 'CANCELLED' }],
      ['DELETE', `/api/orders/${d.order.id}`, undefined],
      ['DELETE', '/api/orders?where[id][exists]=true', undefined],
      ['PATCH', `/api/payments/${d.paymentId}`, { status: 'REFUNDED' }],
      ['PATCH', '/api/payments?where[id][exists]=true', { status: 'REFUNDED' }],
      ['DELETE', `/api/payments/${d.paymentId}`, undefined],
      ['DELETE', '/api/payments?where[id][exists]=true', undefined],
    ] as const) {
      const res = await server.api(p, body === undefined ? { method } : { method, json: body });
      expect([401, 403], `${method} ${p}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
    }
    expect({ order: await order(), payment: await payment() }).toEqual(before);
  });

  it('when an anonymous client reads the other admin-only data, then it is refused', async () => {
    for (const p of [
      '/api/changelogs',
      '/api/globals/shop-settings',
      '/api/payload-preferences',
      '/api/payload-locked-documents',
    ]) {
      const res = await server.api(p);
      expect([401, 403], `${p}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      expect(res.text, p).not.toContain(server.admin!.email);
      expect(res.text, p).not.toContain('shop@example.com');
    }
  });

  it('when an anonymous client asks Payload REST for drafts, then none come', async () => {
    const list = await server.api('/api/products?where[published][equals]=false&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.docs).toEqual([]);
    const one = await server.api(`/api/products/${d.draft.id}`);
    expect([403, 404]).toContain(one.status);
    expect(one.text).not.toContain(d.draft.name);
    const cats = await server.api('/api/categories?where[published][not_equals]=true&limit=100');
    expect(cats.status).toBe(200);
    expect(cats.body.docs).toEqual([]);
    const catOne = await server.api(`/api/categories/${d.hiddenCategory.id}`);
    expect([403, 404]).toContain(catOne.status);
  });

  it('when the signed-in admin does the same reads, then they succeed (the refusals above are access control)', async () => {
    for (const p of [
      '/api/users',
      '/api/notifications',
      '/api/orders',
      '/api/changelogs',
      '/api/globals/shop-settings',
    ]) {
      const res = await admin.api(p);
      expect(res.status, p).toBe(200);
    }
    const drafts = await admin.api('/api/products?where[published][equals]=false');
    expect(drafts.body.docs.map((p: Doc) => p.id)).toContain(d.draft.id);
    const orders = await admin.api('/api/orders?depth=0');
    expect(orders.body.docs.map((o: Doc) => o.id)).toEqual([d.order.id]);
    const payments = await admin.api('/api/payments?depth=0');
    expect(payments.body.docs.map((p: Doc) => p.id)).toEqual([d.paymentId]);
    expect((await admin.api(`/api/payments/${d.paymentId}`)).status).toBe(200);
  });

  it('when a forged or garbage token is sent, then the request counts as anonymous', async () => {
    const [h, , s] = admin.cookie.replace('payload-token=', '').split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ id: d.adminId, collection: 'users', email: admin.email }),
    ).toString('base64url');
    const algNone = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [
      'garbage',
      `${h}.${forgedPayload}.${s}`,
      `${h}.${forgedPayload}.`,
      `${algNone}.${forgedPayload}.`,
    ]) {
      const variants: Array<Record<string, string>> = [
        { cookie: `payload-token=${token}`, origin: server.baseUrl },
        { authorization: `JWT ${token}` },
        { authorization: `Bearer ${token}` },
      ];
      for (const headers of variants) {
        const res = await server.api('/api/users', { headers });
        expect([401, 403], `${JSON.stringify(headers).slice(0, 60)}`).toContain(res.status);
      }
    }
  });

  it('when the admin cookie comes with a foreign Origin (CSRF), then it is ignored and nothing is created', async () => {
    const before = await countDocs(admin, 'products');
    const res = await server.api('/api/products', {
      method: 'POST',
      json: { name: 'CSRF product', price: 1, categories: [d.category.id] },
      headers: { cookie: admin.cookie, origin: 'http://evil.example' },
    });
    expect([401, 403]).toContain(res.status);
    const read = await server.api('/api/users', { headers: { cookie: admin.cookie, origin: 'http://evil.example' } });
    expect([401, 403]).toContain(read.status);
    expect(await countDocs(admin, 'products')).toBe(before);
  });
});

describe('admin login', () => {
  it('when the admin logs in, then the session cookie is HttpOnly and SameSite=Strict', async () => {
    const res = await fetch(`${server.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The panel's sign-in: the password as typed (the control centre's sends its SHA-256 hex).
      body: JSON.stringify({ email: server.admin!.email, password: server.admin!.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='))!;
    expect(cookie).toBeTruthy();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it('when the login body carries operator objects or a wrong password, then no session is given', async () => {
    for (const body of [
      { email: { $ne: null }, password: { $ne: null } },
      { email: server.admin!.email, password: { $ne: null } },
      { email: server.admin!.email, password: sha256hex('wrong password') },
      { email: `${server.admin!.email}' OR '1'='1`, password: 'x' },
    ]) {
      const res = await server.api('/api/users/login', { method: 'POST', json: body });
      expect([400, 401], JSON.stringify(body)).toContain(res.status);
      expect(
        res.headers.getSetCookie().some((c) => /^payload-token=[^;]+/.test(c) && !/^payload-token=;/.test(c)),
      ).toBe(false);
    }
  });
});

describe('uploads', () => {
  it('when a non-image is uploaded as image/png, then 400 and no asset is stored', async () => {
    const before = await countDocs(admin, 'assets');
    for (const [data, type, name] of [
      [Buffer.from('definitely not a png'), 'image/png', 'fake.png'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        'x.svg',
      ],
      [Buffer.from('#!/bin/sh\necho pwned\n'), 'application/x-sh', 'x.sh'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'text/html', 'x.html'],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)], { type }), name);
      const res = await admin.api('/api/assets', { method: 'POST', body: form });
      expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBe(400);
    }
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when the admin uploads a real image, then it is stored as WebP', async () => {
    const asset = await uploadImage(admin, { width: 40, height: 30 });
    expect(asset.mimeType).toBe('image/webp');
    expect(asset.filename).toMatch(/\.webp$/);
  });
});

describe('static files', () => {
  it('when a path tries to climb out of /assets/static, then the secret and the database never come back', async () => {
    const secret = (await fs.readFile(path.join(server.dataDir, 'payload-secret'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThan(10);
    for (const p of [
      '/assets/static/../payload-secret',
      '/assets/static/../../payload-secret',
      '/assets/static/%2e%2e/%2e%2e/payload-secret',
      '/assets/static/..%2f..%2fpayload-secret',
      '/assets/static/..%2F..%2Fshop.db',
      '/assets/static/%2e%2e%2f%2e%2e%2fshop.db',
      '/assets/..%2fpayload-secret',
      '/assets/..%2f..%2fshop.db',
      '/assets/static/....//....//payload-secret',
    ]) {
      const res = await server.raw({ path: p });
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expect(res.text, p).not.toContain(secret);
      expect(res.text, p).not.toContain('SQLite format');
    }
  });
});

describe('response headers', () => {
  it('when any API reply is sent, then it is not cached, not sniffable, and does not reveal the framework', async () => {
    for (const p of ['/api/v2/config', `/api/v2/products/${'0'.repeat(8)}`, '/api/v2/products?page=0']) {
      const res = await server.api(p);
      expect(res.headers.get('cache-control'), p).toContain('no-store');
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-powered-by'), p).toBeNull();
      expect(res.headers.get('content-security-policy'), p).toBeTruthy();
    }
  });

  it('when a /api/v2 request fails, then no stack trace or file path is in the reply', async () => {
    for (const p of ['/api/v2/products?page=0', '/api/v2/products/zzz', '/api/v2/categories/top/%20']) {
      const res = await server.api(p);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text, p).not.toMatch(/\bat .+\.(ts|js):\d+/);
      expect(res.text, p).not.toContain('/work/');
      expect(res.body, p).not.toHaveProperty('stack');
    }
  });
});
