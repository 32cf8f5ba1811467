// Issue 24 §2: with 100,000 orders a page of the customers list answers within 3× a page of the orders list,
// both measured in the same run against the same server (throughput and latency under 10 connections).
//
// The server runs in a child process (this file again, as its entry point) that seeds the orders through the
// database adapter (seeded-server.ts): 100,000 orders from 25,000 payers (about four orders each, their email
// typed in varying case and with stray spaces), one in ten partly refunded. payload.db.create runs no hooks,
// so the seed sets customer_id itself, with the function the Orders hook calls.
import autocannon from 'autocannon';
import { isEntryPoint, loginBenchAdmin, seedAndServe, startSeededServer, transactionAmounts } from './seeded-server';

const ORDERS = Number(process.env.BENCH_CUSTOMERS_ORDERS ?? 100_000);
const PAYERS = Math.max(1, Math.round(ORDERS / 4));
const HISTORY_DAYS = 730;
const CHILD_FLAG = 'BENCH_CUSTOMERS_CHILD';
/** The bound: a customers page costs at most this many orders pages. */
const MAX_RATIO = 3;

// ---------------------------------------------------------------------------------------------------------
// Child: seed and serve

async function seedOrders(): Promise<void> {
  const { createRng } = await import('../cms/seed/prng');
  const { FIRST_NAMES, LAST_NAMES } = await import('../cms/seed/catalog-data');
  const { ORDER_NUMBER_ALPHABET } = await import('../cms/lib/order-number');
  const { customerIdOf } = await import('../cms/lib/customer-id');

  await seedAndServe(async (_payload, insertOrders) => {
    const rng = createRng(20261127);
    const now = Date.now();
    const payers = Array.from({ length: PAYERS }, (_, p) => {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      return { name: `${first} ${last}`, email: `${first}.${last}.${p}@example.com` };
    });
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
    const statusFor = (ageDays: number) => {
      if (ageDays < 3) return rng.pick(['NEW', 'PROCESSING'] as const);
      if (ageDays < 45) return rng.pick(['PROCESSING', 'SHIPPED', 'DELIVERED'] as const);
      return rng.chance(0.05) ? 'CANCELLED' : 'COMPLETED';
    };

    await insertOrders(ORDERS, (i) => {
      const ageDays = ((ORDERS - i) / ORDERS) * HISTORY_DAYS;
      const created = new Date(now - ageDays * 86_400_000);
      const payer = payers[rng.int(0, PAYERS - 1)];
      // The same person types the address differently from one order to the next.
      const email = rng.pick([payer.email, payer.email.toLowerCase(), ` ${payer.email.toUpperCase()}`]);
      const gross = rng.int(900, 25_000);
      const refunded = rng.chance(0.1) ? rng.int(100, gross) : 0;
      return {
        number: orderNumber(),
        status: statusFor(ageDays),
        payer_full_name: payer.name,
        payer_email_address: email,
        customer_id: customerIdOf(email),
        shipment_full_name: payer.name,
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
        transaction_status: refunded ? 'PARTIALLY_REFUNDED' : 'COMPLETED',
        ...transactionAmounts(gross),
        transaction_refunded_amount: (refunded / 100).toFixed(2),
        currency_code: 'USD',
        latitude: 40.75,
        longitude: -73.99,
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

export async function benchCustomers(seconds = 6): Promise<void> {
  console.log('\n== Control centre customers (issue 24 §2) ==');
  const { baseUrl, seedMs, stop } = await startSeededServer({
    entry: import.meta.url,
    childFlag: CHILD_FLAG,
    dataDirPrefix: 'shop-bench-customers-',
    timeoutMs: 900_000,
  });
  try {
    console.log(`seeded ${ORDERS} orders from ${PAYERS} payers in ${(seedMs / 1000).toFixed(1)} s`);
    const cookie = await loginBenchAdmin(baseUrl);
    // The first read sums every customer (what each request costs while the orders keep changing).
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v2/admin/customers`, { headers: { cookie, origin: baseUrl } });
    if (res.status !== 200) throw new Error(`GET admin/customers: HTTP ${res.status} ${await res.text()}`);
    const { pagination, result } = (await res.json()) as {
      pagination: { count: number };
      result: Array<{ id: string }>;
    };
    console.log(
      `  ${pagination.count} customers; the first page, summing them all: ${Math.round(performance.now() - started)} ms`,
    );
    const detailPath = `/api/v2/admin/customers/${result[0].id}`;

    const targets: Array<[string, string]> = [
      ['admin/orders, page 1 (baseline)', '/api/v2/admin/orders'],
      ['admin/orders/completed, page 1', '/api/v2/admin/orders/completed'],
      ['admin/orders/completed, search=maria', '/api/v2/admin/orders/completed?search=maria'],
      ['admin/customers, page 1', '/api/v2/admin/customers'],
      ['admin/customers, page 200', '/api/v2/admin/customers?page=200'],
      ['admin/customers, by total spent', '/api/v2/admin/customers?sort[0]=total_spent&sort[1]=DESC'],
      ['admin/customers, by name', '/api/v2/admin/customers?sort[0]=name&sort[1]=ASC'],
      ['admin/customers, search=maria', '/api/v2/admin/customers?search=maria'],
      ['admin/customers/{id}', ''],
    ];
    const results: Array<[string, Load]> = [];
    for (const [label, target] of targets) {
      const pathname = target || detailPath;
      await load(baseUrl + pathname, cookie, 1); // warm-up: JIT and SQLite page cache
      results.push([label, await load(baseUrl + pathname, cookie, seconds)]);
    }
    const base = results[0][1];
    let worst = 0;
    for (const [label, r] of results) {
      // How many orders pages one of these costs: the orders page's throughput over this one's.
      const cost = base.rps / r.rps;
      if (label.startsWith('admin/customers')) worst = Math.max(worst, cost);
      console.log(
        `${label.padEnd(36)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  non-2xx ${r.non2xx}  cost ${cost.toFixed(2)}× an orders page`,
      );
    }
    console.log(
      `customers page vs orders page: at most ${worst.toFixed(2)}× (bound ${MAX_RATIO}×) ${worst <= MAX_RATIO ? 'OK' : 'OVER'}`,
    );
  } finally {
    await stop();
  }
}

if (process.env[CHILD_FLAG] === '1' && isEntryPoint(import.meta.url)) {
  await seedOrders();
}
