/**
 * Several instances, one shop (issue 13): two `npm start` processes on one SQLite file (WAL) and one real
 * redis-server, a real nginx in front as a round-robin proxy, and PayPal (the emulator) in this process so that
 * it outlives the instances. Shared limits hold across the instances, a change made through one shows on the
 * other at once, a payment captured through both gets one order, and when one instance dies mid-traffic the
 * other takes the reconciler over and no order is lost or made twice.
 *
 * Needs the redis-server and nginx binaries (Debian packages `redis-server` and `nginx`, which .ci/run
 * installs); without them this file is skipped with the reason in its name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { createClient as createRedisClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './factories';
import {
  type AdminClient,
  type ApiInit,
  type ApiResponse,
  type Json,
  sha256hex,
  startSmtp,
  type SmtpCapture,
  type TestServer,
  uid,
} from './harness';
import { approve, capturePayment, createPaymentOk, inspectOrder, ordersFor, sleep, waitFor } from './payment-helpers';
import {
  clusterSecret,
  findBinary,
  type Instance,
  loggedAt,
  type PayPal,
  type Proxy,
  type RedisServer,
  startInstance,
  startNginx,
  startPayPal,
  startRedis,
} from './cluster';
import { EarlyExit, freePort, startServer } from './harness';

const redisBinary = findBinary('redis-server');
const nginxBinary = findBinary('nginx');
const missing = [redisBinary ? null : 'redis-server', nginxBinary ? null : 'nginx'].filter(Boolean);
const suiteName = missing.length
  ? `scale-out (SKIPPED: ${missing.join(' and ')} not installed; apt-get install redis-server nginx)`
  : 'scale-out: two instances, one SQLite file, Redis and nginx';

/** Short leases, so that a hand-over takes seconds: the time is up 3 s after the last renewal. */
const LEASE_TTL_MS = 3_000;
const LEASE_RENEW_MS = 1_000;
const LOGIN_LIMIT = 5;

let dir = '';
let smtp: SmtpCapture;
let redis: RedisServer;
let proxy: Proxy;
let paypal: PayPal;
let a: Instance;
let b: Instance;
let admin: AdminClient;
let redisClient: ReturnType<typeof createRedisClient>;
const adminAccount = { email: `admin-${uid()}@test.example`, password: `Pw-${uid()}!1A` };

async function readResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: Json = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body, text };
}

function request(baseUrl: string, pathname: string, init: ApiInit = {}, extra: Record<string, string> = {}) {
  const { json, headers, ...rest } = init;
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(extra)) if (!h.has(k)) h.set(k, v);
  if (json !== undefined) h.set('content-type', 'application/json');
  return fetch(baseUrl + pathname, {
    ...rest,
    headers: h,
    body: json === undefined ? rest.body : JSON.stringify(json),
  }).then(readResponse);
}

/** What the payment helpers need of a server, pointed at a URL (the proxy, or PayPal). */
const endpoint = (baseUrl: string) =>
  ({ baseUrl, api: (p: string, init?: ApiInit) => request(baseUrl, p, init) }) as unknown as TestServer;

async function signIn(baseUrl: string): Promise<AdminClient> {
  const res = await request(
    baseUrl,
    '/api/v2/auth/login',
    { method: 'POST', json: { email: adminAccount.email, password: sha256hex(adminAccount.password) } },
    { origin: proxy.url },
  );
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${res.text}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))
    ?.split(';')[0];
  if (!cookie) throw new Error('no payload-token cookie');
  return {
    email: adminAccount.email,
    cookie,
    // Payload's CSRF check wants an Origin it knows: the proxy's, the shop's PUBLIC_URL.
    api: (p, init) => request(baseUrl, p, init, { cookie, origin: proxy.url }),
  };
}

describe.skipIf(missing.length > 0)(suiteName, () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scale-'));
    smtp = await startSmtp();
    redis = await startRedis(redisBinary!);
    redisClient = createRedisClient({ url: redis.url });
    await redisClient.connect();
    const [portA, portB] = [await freePort(), await freePort()];
    proxy = await startNginx(nginxBinary!, path.join(dir, 'nginx'), [portA, portB]);
    paypal = await startPayPal(`${proxy.url}/api/v2/payments/webhook`, path.join(dir, 'paypal-orders.jsonl'));
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      REDIS_URL: redis.url,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: proxy.url,
      PAYLOAD_SECRET: clusterSecret(),
      SEED_DEMO: 'false',
      ADMIN_EMAIL: adminAccount.email,
      ADMIN_PASSWORD: adminAccount.password,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEASE_TTL_MS: String(LEASE_TTL_MS),
      LEASE_RENEW_MS: String(LEASE_RENEW_MS),
      RECONCILE_INTERVAL_SECONDS: '2',
      MAIL_CLAIM_LEASE_SECONDS: '10',
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      LOGIN_RATE_LIMIT_IP: '1000',
      PAYMENT_RATE_LIMIT: '100000',
      WEBHOOK_RATE_LIMIT: '100000',
      CONTACT_RATE_LIMIT: '1000',
      ...paypal.env,
    };
    // One after the other: the first creates and migrates the database, the second finds it ready.
    a = await startInstance('a', { ...env, PORT: String(portA) });
    b = await startInstance('b', { ...env, PORT: String(portB) });
    admin = await signIn(proxy.url);
  }, 400_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await proxy?.stop();
    await paypal?.stop();
    await redisClient?.close().catch(() => undefined);
    await redis?.stop();
    await smtp?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** Sign-in attempts with a wrong password from one client address, until the first 429 (or `attempts`). */
  async function flood(baseUrl: string, email: string, clientAddress: string, attempts = 8) {
    const statuses: number[] = [];
    const servedBy = new Set<string>();
    for (let i = 0; i < attempts; i++) {
      const res = await request(
        baseUrl,
        '/api/v2/auth/login',
        { method: 'POST', json: { email, password: sha256hex(`wrong-${i}`) } },
        // The proxy appends the address it sees (loopback, trusted): the instance takes this one as the client.
        { 'x-forwarded-for': clientAddress },
      );
      statuses.push(res.status);
      servedBy.add(res.headers.get('x-upstream') ?? 'direct');
    }
    return { statuses, servedBy };
  }

  it('when a login flood is spread over both instances, then it gets 429 at the same attempt as against one', async () => {
    const single = await flood(a.baseUrl, `single-${uid()}@test.example`, '203.0.113.10');
    const spread = await flood(proxy.url, `spread-${uid()}@test.example`, '203.0.113.20');

    // LOGIN_RATE_LIMIT 5: five wrong passwords are answered, the sixth attempt is refused, on one instance...
    expect(single.statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // ...and over two, taking turns: counted per instance, the refusal would come at the eleventh.
    expect(spread.statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(spread.servedBy).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
  });

  it("when an admin changes a price through instance A, then instance B's storefront shows it on the next request", async () => {
    const product = await createProduct(admin, { name: `Olio ${uid()}`, price: 12.5 });
    const onA = () => request(a.baseUrl, `/api/v2/products/${product.id}`);
    const onB = () => request(b.baseUrl, `/api/v2/products/${product.id}`);
    // Both instances have the product in their catalogue cache (kept 30 s unless told otherwise).
    expect((await onA()).body.result.price).toBe(12.5);
    expect((await onB()).body.result.price).toBe(12.5);
    expect((await onB()).body.result.price).toBe(12.5);

    const adminOnA = await signIn(a.baseUrl);
    const patched = await adminOnA.api(`/api/products/${product.id}`, { method: 'PATCH', json: { price: 14.75 } });
    expect(patched.status, patched.text).toBe(200);

    expect((await onB()).body.result.price).toBe(14.75);
    expect((await onA()).body.result.price).toBe(14.75);
  });

  it('when 20 captures of one payment are sent at once through both instances, then exactly one order is made', async () => {
    const shop = endpoint(proxy.url);
    const product = await createProduct(admin, { name: `Aceto ${uid()}`, price: 9.25 });
    const paypalOrderId = await createPaymentOk(shop, [{ id: String(product.id), quantity: 2 }]);
    await approve(endpoint(paypal.baseUrl.replace(/\/__paypal$/, '')), paypalOrderId);

    const answers = await Promise.all(Array.from({ length: 20 }, () => capturePayment(shop, paypalOrderId)));

    const servedBy = new Set(answers.map((r) => r.headers.get('x-upstream')));
    expect(servedBy).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
    expect(answers.filter((r) => r.status >= 500).map((r) => r.text)).toEqual([]);
    const orders = await waitFor('the order', async () => {
      const found = await ordersFor(admin, paypalOrderId);
      return found.length > 0 && found;
    });
    // A moment for a late duplicate, had there been one.
    await sleep(1_000);
    expect((await ordersFor(admin, paypalOrderId)).length).toBe(1);
    const completed = answers.filter((r) => r.status === 200);
    expect(completed.length).toBeGreaterThan(0);
    for (const r of completed) expect(r.body.result).toEqual({ status: 'COMPLETED', id: orders[0].id });
  });

  it('when 10 refunds of "the rest" of one order are sent at once through both instances, then PayPal is asked for one refund of the captured 26.40 and nine are refused', async () => {
    const shop = endpoint(proxy.url);
    const payPalSide = endpoint(paypal.baseUrl.replace(/\/__paypal$/, ''));
    // 2 × 9.25 + 7.90 shipping = 26.40.
    const product = await createProduct(admin, { name: `Miele ${uid()}`, price: 9.25 });
    const paypalOrderId = await createPaymentOk(shop, [{ id: String(product.id), quantity: 2 }]);
    await approve(payPalSide, paypalOrderId);
    expect((await capturePayment(shop, paypalOrderId)).status).toBe(200);
    const [order] = await ordersFor(admin, paypalOrderId);
    expect(order.transaction_gross_amount).toBe('26.40');

    // The test holds SQLite's write lock while the ten arrive: each instance reads what is left, then waits to
    // store its refund, so both decide from the same view, as two instances do when they are a moment apart.
    const db = createClient({ url: `file:${path.join(dir, 'data', 'shop.db')}` });
    const writeLock = await db.transaction('write');
    let answered = 0;
    const asked = Array.from({ length: 10 }, () =>
      admin
        .api(`/api/v2/admin/orders/${order.id}/refunds`, { method: 'POST', json: { reason: 'Everything back' } })
        .finally(() => {
          answered += 1;
        }),
    );
    await sleep(1_500);
    // The window was hit: every refund is still deciding (none could be stored, so none answered).
    expect(answered).toBe(0);
    await writeLock.rollback();
    db.close();
    const answers = await Promise.all(asked);

    expect(new Set(answers.map((r) => r.headers.get('x-upstream')))).toEqual(
      new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    // What reached PayPal: every refund call, refused ones too. One instance's lock cannot see the other's
    // decision; without a guard across instances each sends "the rest" and PayPal has to refuse the second.
    const snap = await inspectOrder(payPalSide, paypalOrderId);
    expect((snap.refundRequests ?? []).map((r) => [r.value, r.status])).toEqual([['26.40', 201]]);
    expect((snap.order.purchase_units?.[0]?.payments?.refunds ?? []).map((r) => r.amount.value)).toEqual(['26.40']);
  });

  it('when the instance holding the reconciler is killed mid-traffic, then no order is lost or made twice and the survivor takes the lease', async () => {
    const shop = endpoint(proxy.url);
    const payPalSide = endpoint(paypal.baseUrl.replace(/\/__paypal$/, ''));
    const olio = await createProduct(admin, { name: `Olio ${uid()}`, price: 18.5 });
    // Under load (the refund test before holds the database's write lock for seconds) a renewal can come after
    // the 3 s lease ran out, leaving it free for a moment until the next round: wait for whoever holds it next.
    const holderBefore = await waitFor('an instance to hold the reconciler lease', async () => {
      const holder = await redisClient.get('lease:payment-reconciler');
      return holder === 'a' || holder === 'b' ? holder : null;
    });
    const [victim, survivor] = holderBefore === 'a' ? [a, b] : [b, a];

    const CHECKOUTS = 16;
    const CONCURRENCY = 4;
    const KILL_AFTER_CAPTURES = 5;
    const approved: string[] = [];
    let capturesSent = 0;
    let killedAt = 0;
    let killing: Promise<void> | null = null;

    let failedCalls = 0;
    /** A shopper pressing again on a 5xx or a dropped connection; null when they give up. */
    async function retrying(call: () => Promise<ApiResponse>, attempts: number): Promise<ApiResponse | null> {
      for (let i = 0; i < attempts; i++) {
        try {
          const res = await call();
          if (res.status < 500) return res;
        } catch {
          /* connection dropped by the kill */
        }
        failedCalls += 1;
        await sleep(300);
      }
      return null;
    }

    async function shopper(n: number): Promise<void> {
      let paypalOrderId: string | null = null;
      for (let i = 0; i < 10 && !paypalOrderId; i++) {
        paypalOrderId = await createPaymentOk(shop, [{ id: String(olio.id), quantity: 1 + (n % 3) }]).catch(() => null);
        if (!paypalOrderId) await sleep(300);
      }
      if (!paypalOrderId) throw new Error(`shopper ${n} could not start a checkout`);
      await approve(payPalSide, paypalOrderId);
      approved.push(paypalOrderId);
      capturesSent += 1;
      if (capturesSent === KILL_AFTER_CAPTURES && !killing) {
        // A few milliseconds after this capture left: mid-way through some instance's writes.
        killing = sleep(5 + Math.floor(Math.random() * 30)).then(async () => {
          killedAt = Date.now();
          await victim.kill();
        });
      }
      // Half the shoppers press again after a failed capture; the other half close the tab, leaving it to
      // the reconciler.
      await retrying(() => capturePayment(shop, paypalOrderId), n % 2 === 0 ? 20 : 1);
    }

    const queue = Array.from({ length: CHECKOUTS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) await shopper(n);
      }),
    );
    await killing;
    expect(killedAt).toBeGreaterThan(0);

    // The lease is free LEASE_TTL_MS after the victim's last renewal, and the survivor tries every
    // LEASE_RENEW_MS: it should hold it within TTL + one renewal interval of the kill.
    await waitFor(
      'the survivor to hold the reconciler lease',
      async () => (await redisClient.get('lease:payment-reconciler')) === survivor.name,
      LEASE_TTL_MS + LEASE_RENEW_MS + 5_000,
      50,
    );
    // The log line reaches the test's pipe a moment after Redis changed hands.
    const takenAt = await waitFor(
      "the survivor's log to say it took the lease",
      async () => loggedAt(survivor, /lease payment-reconciler taken by instance/),
      5_000,
      50,
    );
    expect(takenAt).not.toBeNull();
    const handOverMs = takenAt! - killedAt;
    console.log(
      `[scale-out] reconciler lease hand-over after SIGKILL of ${victim.name}: ${handOverMs} ms ` +
        `(LEASE_TTL_MS ${LEASE_TTL_MS}, LEASE_RENEW_MS ${LEASE_RENEW_MS})`,
    );
    expect(handOverMs).toBeLessThanOrEqual(LEASE_TTL_MS + LEASE_RENEW_MS + 1_000);

    // Every payment PayPal captured gets its order (the survivor's reconciler finishes what the victim and
    // the shoppers who gave up left), and none gets two. Read again until PayPal and the shop agree: the
    // reconciler may still be capturing a payment the victim had claimed.
    const state = async () =>
      Promise.all(
        approved.map(async (id) => {
          const snap = await inspectOrder(payPalSide, id);
          const captured = snap.order.purchase_units?.[0]?.payments?.captures?.[0]?.status === 'COMPLETED';
          const orders = (await ordersFor(admin, id)).length;
          if (orders > 1) throw new Error(`PayPal order ${id} has ${orders} shop orders`);
          return { id, captured, orders };
        }),
      );
    const settled = await waitFor(
      'an order for every captured payment',
      async () => {
        const now = await state();
        return now.every((p) => p.orders === (p.captured ? 1 : 0)) && now;
      },
      30_000,
      500,
    );
    const captured = settled.filter((p) => p.captured);
    expect(captured.length).toBeGreaterThan(0);
    expect(settled.filter((p) => p.orders !== (p.captured ? 1 : 0))).toEqual([]);
    const counts = settled.map((p) => p.orders);
    console.log(
      `[scale-out] ${approved.length} checkouts, ${captured.length} captured at PayPal, ` +
        `${counts.reduce((s, c) => s + c, 0)} orders; victim ${victim.name} killed after ${KILL_AFTER_CAPTURES} captures; ` +
        `${failedCalls} capture calls failed (5xx or dropped) and were retried or given up`,
    );
  });
});

/**
 * Without Redis (REDIS_URL unset) the leases live in the database: two processes started at once on one new
 * SQLite file migrate it once, run the reconciler once, hand it over when one dies, and each says at start-up
 * what it cannot share.
 */
describe('scale-out without Redis: leases in the database', () => {
  let dataDir = '';
  let mail: SmtpCapture;
  let c: Instance;
  let d: Instance;
  const account = { email: `admin-${uid()}@test.example`, password: `Pw-${uid()}!1A` };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scale-db-'));
    mail = await startSmtp();
    const env = {
      DATA_DIR: path.join(dataDir, 'data'),
      PAYLOAD_SECRET: clusterSecret(),
      SEED_DEMO: 'false',
      ADMIN_EMAIL: account.email,
      ADMIN_PASSWORD: account.password,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      PAYPAL_EMULATOR: 'true',
      LEASE_TTL_MS: String(LEASE_TTL_MS),
      LEASE_RENEW_MS: String(LEASE_RENEW_MS),
    };
    // Both at once on an empty file, both with ADMIN_EMAIL: they must not both run the migrations
    // (lib/database.ts), and the one that loses the race to create the first admin must still start.
    const started = await Promise.allSettled([startInstance('c', env), startInstance('d', env)]);
    const up = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      // The one that did start must not outlive the test.
      await Promise.all(up.map((instance) => instance.stop()));
      throw failed.reason;
    }
    [c, d] = up;
  }, 400_000);

  afterAll(async () => {
    await Promise.all([c?.stop(), d?.stop()]);
    await mail?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const warning = (other: string) =>
    new RegExp(`Another instance \\(${other}\\) uses this database and REDIS_URL is not set: rate limits`);

  it('when two instances start at once on a new database, then exactly one of them migrates it and both serve', async () => {
    const migrated = [c, d].filter((i) => /Migrated 20261122_023359_initial/.test(i.log())).map((i) => i.name);
    expect(migrated.length).toBe(1);
    for (const instance of [c, d]) expect((await request(instance.baseUrl, '/api/v2/config')).status).toBe(200);
  });

  it('when a second instance starts on the same database without REDIS_URL, then both warn, naming what breaks', async () => {
    await waitFor('d to warn', async () => warning('c').test(d.log()), 10_000);
    // The first one sees the second at its next heartbeat.
    await waitFor('c to warn', async () => warning('d').test(c.log()), 10_000);
    expect(d.log()).toMatch(/catalogue changes reach the other instances only when their cached copies expire/);
  });

  it('when the instance holding the reconciler lease is killed, then the other takes it from the database', async () => {
    const res = await request(
      c.baseUrl,
      '/api/v2/auth/login',
      { method: 'POST', json: { email: account.email, password: sha256hex(account.password) } },
      { origin: `http://localhost:${c.port}` },
    );
    expect(res.status, res.text).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((x) => x.startsWith('payload-token='))!
      .split(';')[0];
    const holder = async (via: Instance) => {
      const leases = await request(via.baseUrl, '/api/leases?where[name][equals]=payment-reconciler&depth=0', {
        headers: { cookie, origin: `http://localhost:${via.port}` },
      });
      if (leases.status !== 200) throw new Error(`GET /api/leases: ${leases.status} ${leases.text}`);
      return leases.body.docs?.[0]?.owner as string | undefined;
    };
    const before = await waitFor('a holder', () => holder(c));
    expect(['c', 'd']).toContain(before);
    // Exactly one of them started the reconciler.
    const started = [c, d].filter((i) => /lease payment-reconciler taken by instance/.test(i.log()));
    expect(started.map((i) => i.name)).toEqual([before]);

    const [victim, survivor] = before === 'c' ? [c, d] : [d, c];
    const killedAt = Date.now();
    await victim.kill();
    await waitFor('the survivor to hold it', async () => (await holder(survivor)) === survivor.name, 10_000, 50);
    const takenAt = await waitFor(
      "the survivor's log to say it took the lease",
      async () => loggedAt(survivor, /lease payment-reconciler taken by instance/),
      5_000,
      50,
    );
    console.log(`[scale-out] database lease hand-over after SIGKILL of ${victim.name}: ${takenAt! - killedAt} ms`);
    expect(takenAt! - killedAt).toBeLessThanOrEqual(LEASE_TTL_MS + LEASE_RENEW_MS + 1_000);
  });
});

describe('REDIS_URL that cannot be reached', () => {
  it('when REDIS_URL names a port where no Redis listens, then the start ends with one line naming REDIS_URL and exit code 1', async () => {
    const port = await freePort();
    const failed = await startServer({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } }).then(
      async (server) => {
        await server.stop();
        return null;
      },
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(EarlyExit);
    expect((failed as EarlyExit).code).toBe(1);
    expect((failed as EarlyExit).message).toContain(
      `The shop did not start: Redis at redis://127.0.0.1:${port} (REDIS_URL) is unreachable: connect ECONNREFUSED`,
    );
  });
});
