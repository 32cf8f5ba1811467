// Issue 8 figures: the control centre's order list, dashboard and sales graph over 10,000 orders, as
// throughput and latency against GET /api/v2/config (the same bridge, envelope and one Payload read)
// measured in the same run.
//
// The server runs in a child process (this file again, as its entry point): it seeds the orders through
// Payload's database adapter API (payload.db.create: no hooks or validation, the data is complete and made
// here) in a few large transactions, creates the admin and listens. A child keeps this Payload instance
// and its database apart from the payments bench, which runs Payload inside the bench process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freePort, repoRoot } from './server';

const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 10_000);
const BATCH = 1_000;
const HISTORY_DAYS = 730;
const ADMIN = { email: 'bench-admin@bench.example', password: 'Bench-Admin-2026!' };
const sha256hex = (plain: string) => createHash('sha256').update(plain, 'utf8').digest('hex');

// ---------------------------------------------------------------------------------------------------------
// Child: seed and serve

async function seedAndServe(): Promise<void> {
  const { getPayload, createLocalReq, initTransaction, commitTransaction, killTransaction } = await import('payload');
  const { default: config } = await import('../cms/src/payload.config');
  const { createApp } = await import('../cms/src/app');
  const { ensureFirstAdmin } = await import('../cms/src/services/first-admin');
  const { createRng } = await import('../cms/src/seed/prng');
  const { FIRST_NAMES, LAST_NAMES } = await import('../cms/src/seed/catalog-data');
  const { ORDER_NUMBER_ALPHABET } = await import('../cms/src/collections/Orders/hooks/assign-order-number');

  const payload = await getPayload({ config });
  const started = performance.now();
  const rng = createRng(20261123);
  const now = Date.now();
  const numbers = new Set<string>();
  const orderNumber = () => {
    for (;;) {
      const n = Array.from({ length: 8 }, () => rng.pick([...ORDER_NUMBER_ALPHABET])).join('');
      if (!numbers.has(n)) {
        numbers.add(n);
        return n;
      }
    }
  };
  // Recent orders are still open; older ones are archived, a few of them cancelled.
  const statusFor = (ageDays: number) => {
    if (ageDays < 3) return rng.pick(['NEW', 'PROCESSING'] as const);
    if (ageDays < 45) return rng.pick(['PROCESSING', 'SHIPPED', 'DELIVERED'] as const);
    return rng.chance(0.05) ? 'CANCELLED' : 'COMPLETED';
  };

  for (let done = 0; done < ORDERS; done += BATCH) {
    const req = await createLocalReq({}, payload);
    await initTransaction(req);
    try {
      for (let i = done; i < Math.min(ORDERS, done + BATCH); i += 1) {
        const ageDays = ((ORDERS - i) / ORDERS) * HISTORY_DAYS;
        const created = new Date(now - ageDays * 86_400_000);
        const first = rng.pick(FIRST_NAMES);
        const last = rng.pick(LAST_NAMES);
        const grossCents = rng.int(900, 25_000);
        const feeCents = Math.round(grossCents * 0.0349) + 49;
        await payload.db.create({
          collection: 'orders',
          data: {
            number: orderNumber(),
            status: statusFor(ageDays),
            payer_full_name: `${first} ${last}`,
            payer_email_address: `${first}.${last}.${i}@example.com`.toLowerCase(),
            shipment_full_name: `${first} ${last}`,
            shipment_amount: 7.9,
            shipment_method: 'USPS Priority Mail',
            shipment_address: {
              address_line_1: `${rng.int(1, 999)} Main St`,
              admin_area_1: 'NY',
              admin_area_2: 'New York',
              postal_code: '10001',
              country_code: 'US',
            },
            transaction_id: `BENCH${i}`,
            transaction_status: 'COMPLETED',
            transaction_gross_amount: (grossCents / 100).toFixed(2),
            transaction_paypal_fee: (feeCents / 100).toFixed(2),
            transaction_net_amount: ((grossCents - feeCents) / 100).toFixed(2),
            currency_code: 'USD',
            latitude: 40.75,
            longitude: -73.99,
            // No order lines: nothing measured here reads them, and each would cost a second insert.
            products: [],
            createdAt: created.toISOString(),
            updatedAt: created.toISOString(),
          },
          req,
          returning: false,
        });
      }
      await commitTransaction(req);
    } catch (err) {
      await killTransaction(req);
      throw err;
    }
  }
  await ensureFirstAdmin(payload);
  console.log(`SEEDED ${ORDERS} ${Math.round(performance.now() - started)}`);
  createApp(payload, config).listen(Number(process.env.PORT));
}

// ---------------------------------------------------------------------------------------------------------
// Parent: measure

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, cookie: string, seconds: number): Promise<Load> {
  const headers = { cookie, origin: new URL(url).origin };
  const result = await autocannon({ url, connections: 10, duration: seconds, pipelining: 1, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function startSeededServer(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string; seedMs: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      // Payload accepts the session cookie only from an allowed Origin: the bench's requests send this one.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BENCH_ADMIN_ORDERS_CHILD: '1',
    },
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      /* seeding, not listening yet */
    }
    if (Date.now() > deadline) throw new Error('bench server did not start within 5 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  const seedMs = Number(/SEEDED \d+ (\d+)/.exec(out)?.[1] ?? NaN);
  return { child, baseUrl, seedMs };
}

async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: ADMIN.email, password: sha256hex(ADMIN.password) }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`bench admin login failed: ${res.status} ${await res.text()}`);
  return cookie;
}

export async function benchAdminOrders(seconds = 6): Promise<void> {
  console.log('\n== Control centre orders (issue 8) ==');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-admin-'));
  const { child, baseUrl, seedMs } = await startSeededServer(dataDir);
  try {
    console.log(`seeded ${ORDERS} orders through the Local API in ${(seedMs / 1000).toFixed(1)} s`);
    const cookie = await login(baseUrl);
    const count = async (pathname: string) => {
      const res = await fetch(baseUrl + pathname, { headers: { cookie, origin: baseUrl } });
      if (res.status !== 200) throw new Error(`GET ${pathname}: HTTP ${res.status} ${await res.text()}`);
      return ((await res.json()) as { pagination: { count: number } }).pagination.count;
    };
    const open = await count('/api/v2/admin/orders');
    const archive = await count('/api/v2/admin/orders/completed');
    console.log(`  open tab ${open} orders, archive tab ${archive} orders`);

    const targets: Array<[string, string]> = [
      ['GET /api/v2/config (baseline)', '/api/v2/config'],
      ['admin/orders, page 1', '/api/v2/admin/orders'],
      ['admin/orders/completed, page 1', '/api/v2/admin/orders/completed'],
      ['admin/orders/completed, page 200', '/api/v2/admin/orders/completed?page=200'],
      ['  … search=maria', '/api/v2/admin/orders/completed?search=maria'],
      ['  … number=AB', '/api/v2/admin/orders/completed?number=AB'],
      ['  … status=CANCELLED', '/api/v2/admin/orders/completed?status=CANCELLED'],
      ['  … sorted by payer', '/api/v2/admin/orders/completed?sort[0]=payer_full_name&sort[1]=ASC'],
      ['admin/config/dashboard', '/api/v2/admin/config/dashboard'],
      ['admin/orders/create/graph', '/api/v2/admin/orders/create/graph'],
    ];
    const results: Array<[string, Load]> = [];
    for (const [label, pathname] of targets) {
      await load(baseUrl + pathname, cookie, 1); // warm-up: JIT and SQLite page cache
      results.push([label, await load(baseUrl + pathname, cookie, seconds)]);
    }
    const base = results[0][1];
    for (const [label, r] of results) {
      console.log(
        `${label.padEnd(36)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  non-2xx ${r.non2xx}  ratio ${(r.rps / base.rps).toFixed(2)}`,
      );
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ADMIN_ORDERS_CHILD === '1' && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await seedAndServe();
}
