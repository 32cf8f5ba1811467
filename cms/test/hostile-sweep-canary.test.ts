/**
 * Issue 29 §1: one request that names a prototype (`where[__proto__][equals]=1`) once poisoned the whole
 * process: every answer after it was wrong until a restart, while the hostile request itself only looked like
 * one more 500. So this sweep looks at the shop after EACH hostile request, not only at the hostile answer:
 *
 * - after every request: the server's built-in prototypes are unchanged (a probe loaded into the server
 *   process for this test only, see prototype-probe.ts) and a product read through Payload answers the same
 *   body as before the sweep;
 * - every CHECKPOINT_EVERY requests, after each door and at the end: the whole canary (the admin's sign-in,
 *   the product read through /api/v2, the category list, the sitemap and payments/create for a real product)
 *   answers exactly as before the sweep. Sign-in costs a deliberate 600 000-round password hash, too slow for
 *   every one of ~1000 requests.
 *
 * The hostile requests are generated, not listed: every field path of every collection (read from the Payload
 * config, so a new collection or field is covered without touching this file) with every query operator, a
 * prototype name at every position of the key and in every spelling readers accept; the same in JSON bodies,
 * the panel's multipart `_payload` and urlencoded forms; every /api/v2 route of the endpoint registry; the
 * globals; /cms (Next's pages and server actions); the storefront's server-rendered pages; cookie and header
 * names. A seeded generator picks the combinations: a failure names its seed (HOSTILE_SEED=… reruns it).
 */
import type { FlattenedField, SanitizedConfig } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2Endpoints } from '../endpoints/v2';
import { createRng, type Rng } from '../seed/prng';
import type { AdminClient, RawResponse, TestServer } from './harness';
import { type CanaryServer, NO_PROTOTYPE_CHANGES, startCanaryServer } from './shop-canary';

const SEED = Number(process.env.HOSTILE_SEED ?? 29_0001);
const CHECKPOINT_EVERY = 100;

let canary: CanaryServer;
let server: TestServer;
let admin: AdminClient;
let config: SanitizedConfig;
let productId: string;

beforeAll(async () => {
  const loading = import('../lib/load-config').then((m) => m.loadPayloadConfig());
  canary = await startCanaryServer();
  ({ server, admin, productId } = canary);
  config = await loading;
}, 120_000);

afterAll(async () => {
  await canary?.server.stop();
});

// ---------------------------------------------------------------------------------------------------------
// The generator

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype'] as const;
/** Every operator Payload's REST knows, the ones the shop refuses included: the guard must come first. */
const OPERATORS = [
  'equals',
  'not_equals',
  'like',
  'not_like',
  'contains',
  'in',
  'not_in',
  'all',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'near',
  'within',
  'intersects',
];

/** Where a prototype name sits in a where-key: segments before and after the field path. */
type Position = (field: string, operator: string, name: string) => string[];
const POSITIONS: Position[] = [
  (field, operator, name) => ['where', name, field, operator],
  (field, operator, name) => ['where', field, name, operator],
  (field, operator, name) => ['where', field, operator, name],
  (field, operator, name) => ['where', `${field}.${name}`, operator],
  (field, operator, name) => ['where', `${name}.${field}`, operator],
  (field, operator, name) => ['where', 'or', '0', field, name],
  (field, operator, name) => ['where', 'and', name, field, operator],
  (field, operator, name) => [name, 'where', field, operator],
  (_field, _operator, name) => ['constructor', 'prototype', name],
];

/** The spellings of a key qs, URLSearchParams or a lenient reader turn into the same segments. */
const SPELLINGS: Array<(segments: string[]) => string> = [
  ([first, ...rest]) => `${first}${rest.map((s) => `[${s}]`).join('')}`,
  (segments) => segments.join('.'),
  ([first, ...rest]) => encodeURIComponent(`${first}${rest.map((s) => `[${s}]`).join('')}`),
  ([first, ...rest]) =>
    `${first}${rest.map((s) => `[${s}]`).join('')}`.replace(/_/g, '%5F').replace(/\[/g, '%5B').replace(/]/g, '%5D'),
  ([first, ...rest]) => encodeURIComponent(encodeURIComponent(`${first}${rest.map((s) => `[${s}]`).join('')}`)),
];

/** Every field path of a collection, through groups, arrays, tabs and blocks, two levels deep. */
function fieldPaths(fields: FlattenedField[], prefix = '', depth = 0): string[] {
  return fields.flatMap((field) => {
    const here = `${prefix}${field.name}`;
    const nested =
      'flattenedFields' in field && depth < 2 ? fieldPaths(field.flattenedFields, `${here}.`, depth + 1) : [];
    return [here, ...nested];
  });
}

/** A JSON document with a prototype name as a key at a drawn place: top level, inside `field`, in arrays. */
function hostileDocument(rng: Rng, field: string, name: string): string {
  // Built as text: in an object literal "__proto__" would set a prototype instead of naming a key.
  const inner = `{"${name}": {"equals": "1", "isAdmin": true}}`;
  return rng.pick([
    `{"${name}": {"${field}": 1}}`,
    `{"${field}": ${inner}}`,
    `{"${field}": [${inner}]}`,
    `{"${field}": {"value": [{"nested": ${inner}}]}}`,
    `{"${field}": [[{"rows": ${inner}}]]}`,
  ]);
}

/** A `where` sent as JSON text (Payload parses a string `where`), the name at a drawn place. */
function hostileWhere(rng: Rng, field: string, name: string): string {
  return rng.pick([
    `{"${name}": {"${field}": {"equals": 1}}}`,
    `{"${field}": {"${name}": 1}}`,
    `{"or": [{"${field}": {"equals": {"${name}": 1}}}]}`,
    `{"and": [{"or": [{"${name}.${field}": {"exists": true}}]}]}`,
  ]);
}

interface Probe {
  door: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  asAdmin?: boolean;
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const multipart = (field: string, value: string) => ({
  'content-type': 'multipart/form-data; boundary=XX',
  body: `--XX\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--XX--\r\n`,
});

/** Payload's REST for each collection and global in the config. */
function payloadRestProbes(rng: Rng): Probe[] {
  const probes: Probe[] = [];
  let turn = 0;
  for (const collection of config.collections) {
    const base = `/api/${collection.slug}`;
    const routes = [
      ['GET', base],
      ['GET', `${base}/count`],
      ['GET', `${base}/${MISSING_ID}`],
      ['DELETE', base],
      ['PATCH', base],
    ];
    for (const field of fieldPaths(collection.flattenedFields)) {
      // Every operator and every position in turn, whatever the number of fields; the rest drawn.
      const segments = POSITIONS[turn % POSITIONS.length](
        field,
        OPERATORS[turn % OPERATORS.length],
        rng.pick(PROTOTYPE_NAMES),
      );
      turn += 1;
      const [method, route] = rng.pick(routes);
      const key = rng.pick(SPELLINGS)(segments);
      const isPatch = method === 'PATCH';
      probes.push({
        door: `REST ${collection.slug}`,
        method,
        path: `${route}?${key}=1`,
        asAdmin: rng.chance(0.5),
        ...(isPatch ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
    }
    // A string `where` that Payload parses as JSON, and the bodies of a create and an update.
    const someField = rng.pick(fieldPaths(collection.flattenedFields));
    const name = rng.pick(PROTOTYPE_NAMES);
    probes.push({
      door: `REST ${collection.slug}`,
      method: 'GET',
      path: `${base}?where=${encodeURIComponent(hostileWhere(rng, someField, name))}`,
      asAdmin: true,
    });
    for (const method of ['POST', 'PATCH']) {
      const route = method === 'POST' ? base : `${base}/${MISSING_ID}`;
      const document = hostileDocument(
        rng,
        rng.pick(fieldPaths(collection.flattenedFields)),
        rng.pick(PROTOTYPE_NAMES),
      );
      const body = rng.pick([
        { 'content-type': 'application/json', body: document },
        multipart('_payload', document),
        multipart(rng.pick(PROTOTYPE_NAMES), '1'),
      ]);
      probes.push({
        door: `REST ${collection.slug}`,
        method,
        path: route,
        headers: { 'content-type': body['content-type'] },
        body: body.body,
        asAdmin: true,
      });
    }
    // The panel's list reads: a POST overridden to GET with the query as an urlencoded body.
    probes.push({
      door: `REST ${collection.slug}`,
      method: 'POST',
      path: base,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-payload-http-method-override': 'GET' },
      body: `${rng.pick(SPELLINGS)(rng.pick(POSITIONS)(someField, rng.pick(OPERATORS), name))}=1`,
      asAdmin: true,
    });
  }
  for (const global of config.globals) {
    const base = `/api/globals/${global.slug}`;
    for (const field of fieldPaths(global.flattenedFields)) {
      const name = rng.pick(PROTOTYPE_NAMES);
      probes.push({
        door: `global ${global.slug}`,
        method: 'GET',
        path: `${base}?${rng.pick(SPELLINGS)([field, name])}=1`,
      });
      probes.push({
        door: `global ${global.slug}`,
        method: 'POST',
        path: base,
        headers: { 'content-type': 'application/json' },
        body: hostileDocument(rng, field, name),
        asAdmin: true,
      });
    }
  }
  for (const name of PROTOTYPE_NAMES) {
    probes.push({ door: 'REST path', method: 'GET', path: `/api/${name}` });
    probes.push({ door: 'REST path', method: 'POST', path: `/api/globals/${encodeURIComponent(name)}`, asAdmin: true });
  }
  return probes;
}

const fill = (route: string, value: string) => route.replace(/:(\w+)\*/g, `x/${value}`).replace(/:(\w+)/g, value);
/** Signing out (or refreshing) with the admin's cookie would end the session the sweep's admin half uses. */
const endsTheSession = (route: string) => /\/(logout|refresh-token)(\/|$)/.test(route);

/** Every route of the /api/v2 registry: a prototype name in its query and, for a write, in its JSON body. */
function v2Probes(rng: Rng): Probe[] {
  return v2Endpoints.flatMap((endpoint) => {
    const method = endpoint.method.toUpperCase();
    const route = `/api/v2${fill(endpoint.path, MISSING_ID)}`;
    const name = rng.pick(PROTOTYPE_NAMES);
    const asAdmin = !endsTheSession(route) && rng.chance(0.5);
    const probes: Probe[] = [
      {
        door: 'api/v2',
        method,
        path: `${route}?${rng.pick(SPELLINGS)([rng.pick(['search', 'page', 'status', 'where', 'filter']), name])}=1`,
        asAdmin,
      },
    ];
    if (method !== 'GET') {
      const field = rng.pick(['products', 'email', 'items', 'lines', 'address', 'from', 'status', 'name']);
      probes.push({
        door: 'api/v2',
        method,
        path: route,
        headers: { 'content-type': 'application/json' },
        body: hostileDocument(rng, field, name),
        asAdmin,
      });
    }
    return probes;
  });
}

/** Payload's panel (Next): its pages with hostile queries, and server actions with hostile bodies. */
function panelProbes(rng: Rng): Probe[] {
  const probes: Probe[] = [];
  const pages = ['/cms', '/cms/login', '/cms/account', ...config.collections.map((c) => `/cms/collections/${c.slug}`)];
  for (const page of pages) {
    const field = rng.pick(fieldPaths(rng.pick(config.collections).flattenedFields));
    const segments = rng.pick(POSITIONS)(field, rng.pick(OPERATORS), rng.pick(PROTOTYPE_NAMES));
    probes.push({ door: 'cms', method: 'GET', path: `${page}?${rng.pick(SPELLINGS)(segments)}=1`, asAdmin: true });
  }
  for (const name of PROTOTYPE_NAMES) {
    const action = { 'next-action': '0'.repeat(42), accept: 'text/x-component' };
    const document = JSON.stringify([JSON.parse(`{"${name}": {"then": "$1:${name}:then"}}`)]);
    probes.push(
      {
        door: 'cms',
        method: 'POST',
        path: '/cms',
        headers: { ...action, 'content-type': 'text/plain;charset=UTF-8' },
        body: document,
        asAdmin: true,
      },
      {
        door: 'cms',
        method: 'POST',
        path: '/cms/login',
        headers: { ...action, 'content-type': 'text/plain;charset=UTF-8' },
        body: `["$1:${name}:constructor"]`,
      },
      {
        door: 'cms',
        method: 'POST',
        path: '/cms',
        headers: { ...action, 'content-type': multipart('0', document)['content-type'] },
        body: multipart('0', document).body,
        asAdmin: true,
      },
      {
        door: 'cms',
        method: 'POST',
        path: '/cms/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `a[${name}][b]=1`,
      },
    );
  }
  return probes;
}

/** The storefront's server-rendered pages, the sitemap, the image files and the PayPal stand-in. */
function pageProbes(rng: Rng): Probe[] {
  const pages = [
    '/site',
    '/site/shop',
    `/site/products/${productId}`,
    '/site/recipes',
    '/site/contact',
    '/site/tracking',
    '/site/cart',
    '/admin',
    '/sitemap.xml',
    '/robots.txt',
    `/assets/${MISSING_ID}`,
    '/healthz',
    '/readyz',
  ];
  const probes: Probe[] = [];
  for (const page of pages) {
    for (const key of ['page', 'search', 'number', 'category', 'size', 'utm_source']) {
      const name = rng.pick(PROTOTYPE_NAMES);
      probes.push({
        door: 'pages',
        method: 'GET',
        path: `${page}?${rng.pick(SPELLINGS)([key, name, 'x'])}=1`,
        headers: { accept: 'text/html' },
      });
    }
  }
  // The contact form sent without JavaScript (issue 33): its action reads the posted fields by name.
  for (const name of PROTOTYPE_NAMES) {
    probes.push({
      door: 'pages',
      method: 'POST',
      path: '/site/contact',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: `${rng.pick(SPELLINGS)([name, 'firstname'])}=1&firstname=${encodeURIComponent(name)}&terms=on`,
    });
  }
  for (const name of PROTOTYPE_NAMES) {
    probes.push({
      door: 'paypal stand-in',
      method: 'POST',
      path: `/__paypal/v2/checkout/orders/${MISSING_ID}/approve`,
      headers: { 'content-type': 'application/json' },
      body: hostileDocument(rng, 'payer', name),
    });
  }
  return probes;
}

/** Cookie and header names on a few doors of each kind. */
function nameProbes(rng: Rng): Probe[] {
  const routes = ['/api/v2/categories', `/api/products/${productId}`, '/site/shop', '/cms/login', '/api/v2/auth/me'];
  return routes.flatMap((route) =>
    PROTOTYPE_NAMES.flatMap((name) => [
      { door: 'cookies', method: 'GET', path: route, headers: { cookie: `${rng.pick(SPELLINGS)([name, 'x'])}=1` } },
      // An own property named "__proto__": an object literal would set the headers' prototype instead.
      {
        door: 'headers',
        method: 'GET',
        path: route,
        headers: Object.fromEntries([[name, '1']]) as Record<string, string>,
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The sweep

const describeProbe = (p: Probe) =>
  `${p.asAdmin ? 'admin ' : ''}${p.method} ${p.path.slice(0, 240)} ${JSON.stringify(p.headers ?? {})} ${(p.body ?? '').slice(0, 160)}`;

async function send(p: Probe): Promise<RawResponse> {
  const headers: Record<string, string> = { origin: server.baseUrl, accept: 'application/json', ...p.headers };
  if (p.asAdmin) headers.cookie = [headers.cookie, admin.cookie].filter(Boolean).join('; ');
  return server.raw({ method: p.method, path: p.path, headers, body: p.body });
}

const REFUSED =
  /^Invalid (query|path|body|cookie|header): "(__proto__|constructor|prototype)" may not be used as a name$/;

describe('the shop after each hostile request', () => {
  it('when every door gets generated keys naming a prototype, then each is refused with a 400 and after each one the prototypes, the product read and (at checkpoints) sign-in and payments/create answer as before', async () => {
    const rng = createRng(SEED);
    const groups: Array<[string, Probe[]]> = [
      ['Payload REST', payloadRestProbes(rng)],
      ['/api/v2', v2Probes(rng)],
      ['/cms', panelProbes(rng)],
      ['pages', pageProbes(rng)],
      ['cookie and header names', nameProbes(rng)],
    ];
    const logStart = server.log().length;
    await canary.prototypes('baseline');
    const before = await canary.fullCanary();
    const productBefore = before.productRead;
    expect(before.signIn).toMatch(/^200 session=true /);
    expect(before.payment).toMatch(/^201 /);

    const notRefused: string[] = [];
    let sent = 0;
    for (const [group, probes] of groups) {
      for (const p of probes) {
        const res = await send(p);
        sent += 1;
        const after = `after request ${sent} (seed ${SEED}, ${group}): ${describeProbe(p)}`;
        // The canary first: with a poisoned process every later answer is wrong, and this names the request.
        expect(await canary.prototypes('changes'), `prototypes ${after}`).toEqual(NO_PROTOTYPE_CHANGES);
        expect(await canary.productRead(), `product read ${after}`).toBe(productBefore);
        if (sent % CHECKPOINT_EVERY === 0) expect(await canary.fullCanary(), `canary ${after}`).toEqual(before);
        if (res.status !== 400 || !REFUSED.test(String(res.body?.result)) || res.body?.status !== 400) {
          notRefused.push(`${res.status} ${res.text.slice(0, 120)} ← ${describeProbe(p)}`);
        }
      }
      expect(await canary.fullCanary(), `canary after the ${group} requests (seed ${SEED})`).toEqual(before);
    }
    console.log(`hostile sweep with canary: ${sent} requests (seed ${SEED})`);
    expect(notRefused).toEqual([]);
    const errors = server
      .log()
      .slice(logStart)
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
  }, 240_000);

  it('when a product is named "constructor" and searched for by that word, then it is found: values are not keys', async () => {
    const res = await server.raw({
      path: `/api/products?where[name][equals]=constructor&where[id][equals]=${productId}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.docs.map((d: { name: string }) => d.name)).toEqual(['constructor']);
  });
});
