// Issue 8 figures: the control centre's order list, dashboard and sales graph over 10,000 orders, as
// throughput and latency against GET /api/v2/config (the same bridge, envelope and one Payload read)
// measured in the same run.
//
// The server runs in a child process (this file again, as its entry point) that seeds the orders through
// the database adapter in a few large transactions (seeded-server.ts).
import autocannon from 'autocannon';
import { isEntryPoint, loginBenchAdmin, seedAndServe, startSeededServer, transactionAmounts } from './seeded-server';

const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 10_000);
const HISTORY_DAYS = 730;
const CHILD_FLAG = 'BENCH_ADMIN_ORDERS_CHILD';

// ---------------------------------------------------------------------------------------------------------
// Child: seed and serve

async function seedOrders(): Promise<void> {
  const { createRng } = await import('../cms/seed/prng');
  const { FIRST_NAMES, LAST_NAMES } = await import('../cms/seed/catalog-data');
  const { ORDER_NUMBER_ALPHABET } = await import('../cms/lib/order-number');

  await seedAndServe(async (_payload, insertOrders) => {
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

    await insertOrders(ORDERS, (i) => {
      const ageDays = ((ORDERS - i) / ORDERS) * HISTORY_DAYS;
      const created = new Date(now - ageDays * 86_400_000);
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      return {
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
        ...transactionAmounts(rng.int(900, 25_000)),
        currency_code: 'USD',
        latitude: 40.75,
        longitude: -73.99,
        // No order lines: nothing measured here reads them, and each would cost a second insert.
        products: [],
        createdAt: created.toISOString(),
        updatedAt: created.toISOString(),
      };
    });
    return ORDERS;
  });
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

export async function benchAdminOrders(seconds = 6): Promise<void> {
  console.log('\n== Control centre orders (issue 8) ==');
  const { baseUrl, seedMs, stop } = await startSeededServer({
    entry: import.meta.url,
    childFlag: CHILD_FLAG,
    keepKey: String(ORDERS),
    dataDirPrefix: 'shop-bench-admin-',
    // Seeding writes a few hundred orders a second on a quiet machine, under a hundred on a busy one.
    timeoutMs: Math.max(300_000, ORDERS * 30),
  });
  try {
    console.log(`seeded ${ORDERS} orders through the Local API in ${(seedMs / 1000).toFixed(1)} s`);
    const cookie = await loginBenchAdmin(baseUrl);
    const count = async (pathname: string) => {
      const res = await fetch(baseUrl + pathname, { headers: { cookie, origin: baseUrl } });
      if (res.status !== 200) throw new Error(`GET ${pathname}: HTTP ${res.status} ${await res.text()}`);
      return ((await res.json()) as { pagination: { count: number } }).pagination.count;
    };
    const open = await count('/api/v2/admin/orders');
    const archive = await count('/api/v2/admin/orders/completed');
    console.log(`  open tab ${open} orders, archive tab ${archive} orders`);

    // Issue 33 §2: every orders list, searches included, at 100,000 orders at or above a quarter of the
    // config call's throughput. The dashboard and the graph are reported beside them, without the bar.
    const LIST_BAR = 0.25;
    const targets: Array<[string, string, 'list'?]> = [
      ['GET /api/v2/config (baseline)', '/api/v2/config'],
      ['admin/orders, page 1', '/api/v2/admin/orders', 'list'],
      ['  … status=NEW&channel=online', '/api/v2/admin/orders?status=NEW&channel=online', 'list'],
      ['  … search=maria', '/api/v2/admin/orders?search=maria', 'list'],
      ['admin/orders/completed, page 1', '/api/v2/admin/orders/completed', 'list'],
      ['admin/orders/completed, page 200', '/api/v2/admin/orders/completed?page=200', 'list'],
      ['  … limit=100&page=50', '/api/v2/admin/orders/completed?limit=100&page=50', 'list'],
      ['  … channel=market', '/api/v2/admin/orders/completed?channel=market', 'list'],
      ['  … channel=online', '/api/v2/admin/orders/completed?channel=online', 'list'],
      ['  … search=maria', '/api/v2/admin/orders/completed?search=maria', 'list'],
      ['  … search=@example', '/api/v2/admin/orders/completed?search=%40example', 'list'],
      ['  … number=A', '/api/v2/admin/orders/completed?number=A', 'list'],
      ['  … number=AB', '/api/v2/admin/orders/completed?number=AB', 'list'],
      ['  … status=CANCELLED', '/api/v2/admin/orders/completed?status=CANCELLED', 'list'],
      ['  … sorted by payer', '/api/v2/admin/orders/completed?sort[0]=payer_full_name&sort[1]=ASC', 'list'],
      ['admin/config/dashboard', '/api/v2/admin/config/dashboard'],
      ['admin/orders/create/graph', '/api/v2/admin/orders/create/graph'],
    ];
    const results: Array<[string, Load, boolean]> = [];
    for (const [label, pathname, kind] of targets) {
      await load(baseUrl + pathname, cookie, 1); // warm-up: JIT and SQLite page cache
      results.push([label, await load(baseUrl + pathname, cookie, seconds), kind === 'list']);
    }
    const base = results[0][1];
    let failed = 0;
    for (const [label, r, isList] of results) {
      const ratio = r.rps / base.rps;
      const verdict = !isList ? '' : ratio >= LIST_BAR && r.non2xx === 0 ? '  PASS' : '  FAIL';
      if (verdict === '  FAIL') failed += 1;
      console.log(
        `${label.padEnd(36)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  non-2xx ${r.non2xx}  ratio ${ratio.toFixed(2)}${verdict}`,
      );
    }
    console.log(`orders lists at or above ${LIST_BAR}× the config call: ${failed === 0 ? 'all' : `${failed} below`}`);
  } finally {
    await stop();
  }
}

if (process.env[CHILD_FLAG] === '1' && isEntryPoint(import.meta.url)) {
  await seedOrders();
}
