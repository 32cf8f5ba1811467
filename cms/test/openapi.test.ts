/**
 * The API description (issue 15 part 2): GET /api/v2/openapi.json describes every registered /api/v2 route,
 * is valid OpenAPI 3.1, and what the real server answers validates against it: the bodies of real requests
 * (storefront, checkout through the PayPal emulator, control centre, errors) are checked with ajv against the
 * document's schema for their route and status.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2Endpoints } from '../endpoints/v2';
import { openApiPath } from '../endpoints/v2/openapi';
import { type AdminClient, type ApiResponse, type Json, sha256hex, startServer, type TestServer, uid } from './harness';
import {
  createCategory,
  createEditor,
  createProduct,
  createRecipe,
  makePng,
  signInAs,
  signInRequest,
  validContact,
} from './factories';
import { approve, capturePayment, createPayment } from './payment-helpers';

type Doc = Json;

let server: TestServer;
let admin: AdminClient;
let document: Doc;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  const res = await server.api('/api/v2/openapi.json');
  expect(res.status, res.text).toBe(200);
  document = res.body;
});

afterAll(async () => {
  await server?.stop();
});

/** The catch-all that answers 404 for any other /api/v2 path: a route of no API, described in the intro. */
const CATCH_ALL = '/v2/:path*';

const registeredRoutes = () =>
  v2Endpoints
    .filter((endpoint) => endpoint.path !== CATCH_ALL)
    .map((endpoint) => `${endpoint.method.toUpperCase()} ${openApiPath(endpoint.path.replace(/^\/v2/, ''))}`);

const documentedRoutes = (doc: Doc) =>
  Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

const validators = new WeakMap<Doc, (pointer: string) => ValidateFunction>();

/** ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) over the document, so schemas' $refs resolve inside it. */
function validatorOf(doc: Doc): (pointer: string) => ValidateFunction {
  const known = validators.get(doc);
  if (known) return known;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  validators.set(doc, validatorAt);
  return validatorAt;
}

/** A reply whose body is not read (an endless stream): only its status and headers are checked. */
const streamReply = (res: Response): ApiResponse => ({ status: res.status, headers: res.headers, body: '', text: '' });

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks a real reply against the document: its status is documented for the route, its content type is one
 * the route declares, and a JSON body validates against the schema. Returns the errors (empty when valid).
 */
function mismatches(doc: Doc, method: string, route: string, res: ApiResponse): string[] {
  const path = openApiPath(route);
  const operation = doc.paths?.[path]?.[method];
  if (!operation) return [`${method.toUpperCase()} ${path} is not described`];
  const response = operation.responses?.[String(res.status)];
  if (!response) return [`${method.toUpperCase()} ${path} does not describe status ${res.status}: ${res.text}`];
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  const media = response.content?.[contentType];
  if (!media) return [`${method.toUpperCase()} ${path} ${res.status} does not describe ${contentType}`];
  if (contentType !== 'application/json' || !media.schema) return [];
  const pointer = ['paths', path, method, 'responses', String(res.status), 'content', contentType, 'schema']
    .map(escape)
    .join('/');
  const validate = validatorOf(doc)(`/${pointer}`);
  return validate(res.body)
    ? []
    : (validate.errors ?? []).map(
        (e) => `${method.toUpperCase()} ${path} ${res.status}: ${e.instancePath} ${e.message}`,
      );
}

/** The reply validates against the document (checked against the served one, built once per file). */
function expectDocumented(method: string, route: string, res: ApiResponse): void {
  expect(mismatches(document, method, route, res)).toEqual([]);
}

describe('the document', () => {
  it('when the server runs, then every registered /api/v2 route and no other is described', () => {
    const registered = registeredRoutes();
    expect(new Set(registered).size).toBe(registered.length);
    expect(documentedRoutes(document).sort()).toEqual([...registered].sort());
    // The catch-all is left out on purpose, and only it: one for each of the five methods.
    expect(v2Endpoints.filter((endpoint) => endpoint.path === CATCH_ALL).map((e) => e.method)).toEqual([
      'get',
      'post',
      'put',
      'patch',
      'delete',
    ]);
  });

  it('when checked by an OpenAPI validator, then it is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('when fetched twice, then the same bytes come back, and the reference page is HTML with its own policy', async () => {
    const first = await server.api('/api/v2/openapi.json');
    const second = await server.api('/api/v2/openapi.json');
    expect(second.text).toBe(first.text);
    expectDocumented('get', '/openapi.json', first);

    const page = await server.api('/api/v2/docs');
    expect(page.status).toBe(200);
    expectDocumented('get', '/docs', page);
    expect(page.text).toContain('<script src="/api/v2/docs/redoc.standalone.js"></script>');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // Nothing from elsewhere: no origin other than the shop's own in the policy.
    expect(policy).not.toMatch(/https?:/);

    const bundle = await server.api('/api/v2/docs/redoc.standalone.js');
    expect(bundle.status).toBe(200);
    expectDocumented('get', '/docs/redoc.standalone.js', bundle);
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });

  it('when a response schema is planted with a wrong field type, then a real reply no longer validates', async () => {
    await createProduct(admin, { name: `Planted ${uid()}`, price: 4.25 });
    const res = await server.api('/api/v2/products?limit=1');
    expect(res.status).toBe(200);
    expect(mismatches(document, 'get', '/products', res)).toEqual([]);

    const planted = structuredClone(document);
    planted.components.schemas.Product.properties.price = { type: 'string' };
    expect(mismatches(planted, 'get', '/products', res)).toEqual(['GET /products 200: /result/0/price must be string']);
  });

  it('when signed out, then every route marked for admins answers a documented 401 and no public route does', async () => {
    const operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    const adminOnly = operations.filter(({ operation }) => operation.security?.[0]?.session);
    // The 68 control-centre routes roles.test.ts counts, plus POST auth/reset (a signed-in admin's own reset).
    expect(adminOnly.length).toBe(69);
    for (const { path, method, operation } of operations) {
      // Path parameters get a well-formed id nothing has; bodies are left empty (the check comes first).
      const route = path.replace('{type}', 'year').replace(/\{[a-z]+\}/gi, 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9');
      const res = await server.api(`/api/v2${route}`, { method: method.toUpperCase() });
      if (operation.security?.[0]?.session) {
        expect(res.status, `${method} ${path}`).toBe(401);
      } else {
        expect(res.status, `${method} ${path}`).not.toBe(401);
      }
      expect(mismatches(document, method, path, res)).toEqual([]);
    }
  });
});

describe('recorded storefront replies', () => {
  it('when a shopper browses the catalogue, then every reply validates', async () => {
    const category = await createCategory(admin, { name: `Oils ${uid()}` });
    const product = await createProduct(admin, {
      name: `Olive oil ${uid()}`,
      categories: [category.id],
      apply_discount: true,
      discount_amount: 10,
    });
    const recipe = await createRecipe(admin, { name: `Bruschetta ${uid()}` });

    const calls: Array<[string, string]> = [
      ['/config', '/config'],
      ['/products?limit=2&page=1', '/products'],
      [`/products/suggestions?search=${encodeURIComponent('Olive')}`, '/products/suggestions'],
      ['/products/last/new', '/products/last/new'],
      ['/products/last/discount', '/products/last/discount'],
      [`/products/cart/show?products[0]=${product.id}`, '/products/cart/show'],
      [`/products/${product.id}`, '/products/:id'],
      ['/categories', '/categories'],
      ['/categories/list/top', '/categories/list/top'],
      ['/categories/top', '/categories/top'],
      ['/categories/top/ALL', '/categories/top/:id'],
      [`/categories/top/${category.id}`, '/categories/top/:id'],
      [`/categories/${category.id}`, '/categories/:id'],
      ['/recipes', '/recipes'],
      ['/recipes/last/new', '/recipes/last/new'],
      [`/recipes/${recipe.id}`, '/recipes/:id'],
    ];
    for (const [url, route] of calls) {
      const res = await server.api(`/api/v2${url}`);
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      expectDocumented('get', route, res);
    }
  });

  it('when a shopper sends the contact form and checks out through the emulator, then every reply validates', async () => {
    const contact = await server.api('/api/v2/contacts', { method: 'POST', json: validContact() });
    expect(contact.status).toBe(201);
    expectDocumented('post', '/contacts', contact);

    const product = await createProduct(admin, { price: 8.5 });
    const created = await createPayment(server, { products: [{ id: product.id, quantity: 2 }], coupon_code: null });
    expect(created.status, created.text).toBe(201);
    expectDocumented('post', '/payments/create', created);
    const paypalOrderId = created.body.result.id as string;

    await approve(server, paypalOrderId);
    const captured = await capturePayment(server, paypalOrderId);
    expect(captured.status, captured.text).toBe(200);
    expectDocumented('post', '/payments/capture', captured);
    const orderId = captured.body.result.id as string;

    const order = await server.api(`/api/v2/orders/${orderId}`);
    expect(order.status).toBe(200);
    expectDocumented('get', '/orders/:id', order);

    const found = await server.api(`/api/v2/orders/exist/${order.body.result.number}`);
    expect(found.status).toBe(200);
    expect(found.body.result).toEqual({ id: orderId });
    expectDocumented('get', '/orders/exist/:number', found);

    const resent = await server.api(`/api/v2/payments/resend/${orderId}`);
    expect(resent.status, resent.text).toBe(200);
    expectDocumented('get', '/payments/resend/:id', resent);
  });

  it('when a shopper sends bad input or asks for what does not exist, then the 400 and 404 replies validate', async () => {
    const badQuery = await server.api('/api/v2/products?limit=abc');
    expect(badQuery.status).toBe(400);
    expectDocumented('get', '/products', badQuery);

    const badBody = await server.api('/api/v2/contacts', { method: 'POST', json: { firstname: 'Maria' } });
    expect(badBody.status).toBe(400);
    expect(Array.isArray(badBody.body.result)).toBe(true);
    expectDocumented('post', '/contacts', badBody);

    const notJson = await server.api('/api/v2/payments/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"products": [',
    });
    expect(notJson.status).toBe(400);
    expectDocumented('post', '/payments/create', notJson);

    const missingProduct = await server.api('/api/v2/products/0000000000000000000000000');
    expect(missingProduct.status).toBe(404);
    expectDocumented('get', '/products/:id', missingProduct);

    const unknownOrder = await server.api('/api/v2/orders/exist/ZZZZ9999');
    expect(unknownOrder.status).toBe(404);
    expectDocumented('get', '/orders/exist/:number', unknownOrder);
  });
});

describe('recorded control-centre replies', () => {
  it('when an admin signs in and works through the screens, then every reply validates', async () => {
    const login = await signInRequest(
      server,
      { email: server.admin!.email, password: server.admin!.password },
      'control-centre',
    );
    expect(login.status).toBe(200);
    expectDocumented('post', '/auth/login', login);

    const category = await createCategory(admin);
    const product = await createProduct(admin, { categories: [category.id] });
    const recipe = await createRecipe(admin);
    const created = await createPayment(server, { products: [{ id: product.id, quantity: 1 }], coupon_code: null });
    await approve(server, created.body.result.id);
    const captured = await capturePayment(server, created.body.result.id);
    expect(captured.status, captured.text).toBe(200);
    const orderId = captured.body.result.id as string;
    const contact = await server.api('/api/v2/contacts', { method: 'POST', json: validContact() });
    const notificationId = contact.body.result.id as string;
    const year = new Date().getFullYear();

    const reads: Array<[string, string]> = [
      ['/admin/config/dashboard', '/admin/config/dashboard'],
      ['/admin/config', '/admin/config'],
      ['/admin/orders?limit=5', '/admin/orders'],
      ['/admin/orders/completed', '/admin/orders/completed'],
      ['/admin/orders/create/graph', '/admin/orders/create/graph'],
      [`/admin/orders/${orderId}`, '/admin/orders/:id'],
      [`/admin/orders/${orderId}/events`, '/admin/orders/:id/events'],
      ['/admin/products?limit=5&sort[0]=price&sort[1]=DESC', '/admin/products'],
      [`/admin/products/${product.id}`, '/admin/products/:id'],
      ['/admin/categories?limit=1000', '/admin/categories'],
      [`/admin/categories/${category.id}`, '/admin/categories/:id'],
      ['/admin/recipes', '/admin/recipes'],
      [`/admin/recipes/${recipe.id}`, '/admin/recipes/:id'],
      ['/assets', '/assets'],
      ['/users', '/users'],
      ['/notifications?status=new', '/notifications'],
      [`/notifications/${notificationId}`, '/notifications/:id'],
      ['/admin/audit-log?limit=10', '/admin/audit-log'],
      ...['year', 'month', 'categories', 'bestseller', 'map'].map(
        (type) => [`/analytics/${type}?year=${year}`, '/analytics/:type'] as [string, string],
      ),
    ];
    for (const [url, route] of reads) {
      const res = await admin.api(`/api/v2${url}`);
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      expectDocumented('get', route, res);
    }

    const users = await admin.api('/api/v2/users');
    const user = await admin.api(`/api/v2/users/${users.body.result[0].id}`);
    expectDocumented('get', '/users/:id', user);

    const writes: Array<[string, string, string, unknown, number]> = [
      ['put', `/admin/orders/${orderId}`, '/admin/orders/:id', { status: 'PROCESSING' }, 200],
      ['post', `/admin/orders/${orderId}/notes`, '/admin/orders/:id/notes', { text: 'Gift wrap, please' }, 201],
      ['post', '/admin/orders/bulk', '/admin/orders/bulk', { ids: [orderId], action: 'complete' }, 200],
      ['put', `/notifications/${notificationId}`, '/notifications/:id', { status: 'read' }, 200],
      [
        'post',
        `/notifications/${notificationId}/replies`,
        '/notifications/:id/replies',
        { message: 'Yes, we ship there.' },
        201,
      ],
      [
        'post',
        '/admin/products',
        '/admin/products',
        { name: `Balsamic ${uid()}`, price: 14, categories: [category.id] },
        201,
      ],
      ['post', '/admin/categories', '/admin/categories', { name: `Pasta ${uid()}` }, 201],
      ['put', `/admin/recipes/${recipe.id}`, '/admin/recipes/:id', { products: [product.id] }, 200],
    ];
    for (const [method, url, route, json, status] of writes) {
      const res = await admin.api(`/api/v2${url}`, { method: method.toUpperCase(), json });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(status);
      expectDocumented(method, route, res);
    }

    const spare = await createProduct(admin, { categories: [category.id] });
    const edited = await admin.api(`/api/v2/admin/products/${spare.id}`, {
      method: 'PUT',
      json: { name: `Aceto ${uid()}`, price: 9.9, categories: [category.id], apply_discount: true, discount_amount: 1 },
    });
    expect(edited.status, edited.text).toBe(200);
    expectDocumented('put', '/admin/products/:id', edited);
    const gone = await admin.api(`/api/v2/admin/products/${spare.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expectDocumented('delete', '/admin/products/:id', gone);
    const renamed = await admin.api(`/api/v2/admin/categories/${category.id}`, {
      method: 'PUT',
      json: { name: `Oli ${uid()}`, description: 'From the family grove' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expectDocumented('put', '/admin/categories/:id', renamed);

    // The recipe now names a product: the storefront's recipe carries it with its unit price.
    const withProducts = await server.api(`/api/v2/recipes/${recipe.id}`);
    expect(withProducts.body.result.products).toHaveLength(1);
    expectDocumented('get', '/recipes/:id', withProducts);

    const files: Array<[string, string, string, string]> = [
      ['/admin/orders/export?tab=archive', '/admin/orders/export', 'text/csv', 'get'],
      ['/admin/contacts/export', '/admin/contacts/export', 'text/csv', 'get'],
      ['/admin/audit-log/export', '/admin/audit-log/export', 'text/csv', 'get'],
      [`/admin/orders/${orderId}/invoice.pdf`, '/admin/orders/:id/invoice.pdf', 'application/pdf', 'get'],
      [`/admin/orders/${orderId}/packing-slip.pdf`, '/admin/orders/:id/packing-slip.pdf', 'application/pdf', 'get'],
    ];
    for (const [url, route, type, method] of files) {
      const res = await admin.api(`/api/v2${url}`);
      expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expectDocumented(method, route, res);
    }

    for (const paper of ['/admin/orders/pick-list.pdf', '/admin/orders/packing-slips.pdf']) {
      const res = await admin.api(`/api/v2${paper}`, { method: 'POST', json: { ids: [orderId] } });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      expectDocumented('post', paper, res);
    }

    const removed = await admin.api(`/api/v2/notifications/${notificationId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expectDocumented('delete', '/notifications/:id', removed);
  });

  it('when an admin invites an account, uploads an image, saves the settings and opens the live stream, then every reply validates', async () => {
    const email = `giulia.${uid()}@test.example`;
    const created = await admin.api('/api/v2/users', {
      method: 'POST',
      json: { firstname: 'Giulia', lastname: 'Bianchi', email, telephone: null, role: 'editor' },
    });
    expect(created.status, created.text).toBe(201);
    expectDocumented('post', '/users', created);
    const userId = created.body.result.id as string;

    const invite = await server.waitForMail((mail) => mail.envelopeTo.includes(email));
    const token = /\/admin\/reset\/([a-f0-9]+)/.exec(invite.body)?.[1];
    expect(token).toBeDefined();
    const check = await server.api(`/api/v2/auth/invite/${token}`);
    expect(check.status).toBe(200);
    expectDocumented('get', '/auth/invite/:token', check);
    const plain = `Basil#${uid()}7Q`;
    const set = await server.api(`/api/v2/auth/reset/${token}`, {
      method: 'PUT',
      json: { password: sha256hex(plain) },
    });
    expect(set.status, set.text).toBe(200);
    expectDocumented('put', '/auth/reset/:token', set);
    const used = await server.api(`/api/v2/auth/invite/${token}`);
    expect(used.status).toBe(404);
    expectDocumented('get', '/auth/invite/:token', used);

    const updated = await admin.api(`/api/v2/users/${userId}`, {
      method: 'PUT',
      json: { firstname: 'Giulia', lastname: 'Verdi', telephone: '+39 055 123456' },
    });
    expect(updated.status, updated.text).toBe(200);
    expectDocumented('put', '/users/:id', updated);
    const deleted = await admin.api(`/api/v2/users/${userId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expectDocumented('delete', '/users/:id', deleted);

    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(await makePng(64, 48))], { type: 'image/png' }), 'olive.png');
    const uploaded = await admin.api('/api/v2/assets', { method: 'POST', body: form });
    expect(uploaded.status, uploaded.text).toBe(201);
    expectDocumented('post', '/assets', uploaded);
    const removed = await admin.api(`/api/v2/assets/${uploaded.body.result.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expectDocumented('delete', '/assets/:id', removed);

    const settings = (await admin.api('/api/v2/admin/config')).body.result.shop;
    const saved = await admin.api('/api/v2/admin/config', {
      method: 'POST',
      json: {
        categories_order: settings.categories_order,
        shipment_amount: settings.shipment_amount,
        shipment_method: settings.shipment_method,
        admin_email: settings.admin_email,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expectDocumented('post', '/admin/config', saved);

    // The stream never ends by itself: its headers are read, then the request is given up.
    const abort = new AbortController();
    const stream = await fetch(`${server.baseUrl}/api/v2/admin/events`, {
      headers: { cookie: admin.cookie, origin: server.baseUrl },
      signal: abort.signal,
    });
    abort.abort();
    expect(stream.status).toBe(200);
    expect(mismatches(document, 'get', '/admin/events', streamReply(stream))).toEqual([]);
  });

  it('when the control centre is refused (401, 403, 404, 409, 400, 429), then each error reply validates', async () => {
    const signedOut = await server.api('/api/v2/admin/orders');
    expect(signedOut.status).toBe(401);
    expectDocumented('get', '/admin/orders', signedOut);

    const editor = await createEditor(admin);
    const refusedSignIn = await signInRequest(server, editor, 'control-centre');
    expect(refusedSignIn.status).toBe(403);
    expectDocumented('post', '/auth/login', refusedSignIn);
    const editorSession = await signInAs(server, editor, 'panel');
    const forbidden = await editorSession.api('/api/v2/admin/orders');
    expect(forbidden.status).toBe(403);
    expectDocumented('get', '/admin/orders', forbidden);

    const missing = await admin.api('/api/v2/admin/orders/0000000000000000000000000');
    expect(missing.status).toBe(404);
    expectDocumented('get', '/admin/orders/:id', missing);

    const category = await createCategory(admin);
    await createProduct(admin, { categories: [category.id] });
    const held = await admin.api(`/api/v2/admin/categories/${category.id}`, { method: 'DELETE' });
    expect(held.status).toBe(409);
    expectDocumented('delete', '/admin/categories/:id', held);

    const badProduct = await admin.api('/api/v2/admin/products', { method: 'POST', json: { name: '', price: -1 } });
    expect(badProduct.status).toBe(400);
    expectDocumented('post', '/admin/products', badProduct);

    const unknownType = await admin.api('/api/v2/analytics/weekly?year=2025');
    expect(unknownType.status).toBe(404);
    expectDocumented('get', '/analytics/:type', unknownType);

    // The per-account sign-in limit is 5 failures in the window: the 6th attempt answers 429.
    const stranger = { email: `nobody-${uid()}@test.example`, password: 'Wrong#Password1' };
    const attempts: ApiResponse[] = [];
    for (let i = 0; i < 6; i++) attempts.push(await signInRequest(server, stranger, 'control-centre'));
    expect(attempts.map((res) => res.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expectDocumented('post', '/auth/login', attempts[0]);
    expectDocumented('post', '/auth/login', attempts[5]);

    const session = await signInAs(
      server,
      { email: server.admin!.email, password: server.admin!.password },
      'control-centre',
    );
    const logout = await session.api('/api/v2/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expectDocumented('post', '/auth/logout', logout);
  });
});
