// Issue 9 figures: GET /api/v2/analytics/{type}?year= over a year of 50,000 orders (each with one to four
// lines and a location), as the median of 7 calls per type, cold (cache cleared just before) and cached,
// against GET /api/v2/config (the same bridge, envelope and one Payload read) measured in the same run.
//
// As in admin-orders.ts the server runs in a child process (this file again, as its entry point) that seeds
// through the database adapter in large transactions (seeded-server.ts). The analytics keep one summary per
// month (issue 33 §2) and an order write marks its own month stale, so a cold call follows a one-field PATCH of
// an order (any write to an order counts, as a refund or a status change does): that month is read again.
import { randomBytes } from 'node:crypto';
import { isEntryPoint, loginBenchAdmin, seedAndServe, startSeededServer, transactionAmounts } from './seeded-server';

const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS ?? 50_000);
const CHILD_FLAG = 'BENCH_ANALYTICS_CHILD';
const CATEGORIES = 12;
const PRODUCTS = 60;
const PLACES = 300;
const CALLS = 7;
const YEAR = new Date().getFullYear() - 1;
const TYPES = ['year', 'month', 'categories', 'bestseller', 'map'] as const;
/** Issue 33 §2: a cold answer (the touched month read again) at most this many times the config call. */
const COLD_GOAL = 25;

// ---------------------------------------------------------------------------------------------------------
// Child: seed and serve

async function seedOrders(): Promise<void> {
  const { createRng } = await import('../cms/seed/prng');

  await seedAndServe(async (payload, insertOrders) => {
    const rng = createRng(20261124);
    const categoryIds: string[] = [];
    for (let i = 0; i < CATEGORIES; i += 1) {
      const doc = await payload.db.create({
        collection: 'categories',
        data: { name: `Category ${i + 1}`, description: '', published: true },
      });
      categoryIds.push(String(doc.id));
    }
    const products = Array.from({ length: PRODUCTS }, (_, i) => ({
      id: `bench-product-${i + 1}`,
      name: `Product ${i + 1}`,
      price: rng.int(300, 4_000) / 100,
      // One product in three sits in two categories.
      categories: rng.chance(1 / 3) ? [rng.pick(categoryIds), rng.pick(categoryIds)] : [rng.pick(categoryIds)],
    }));
    const places = Array.from({ length: PLACES }, () => [rng.range(26, 48), rng.range(-122, -71)] as const);
    const yearStart = new Date(YEAR, 0, 1).getTime();
    const yearMs = new Date(YEAR + 1, 0, 1).getTime() - yearStart;

    await insertOrders(ORDERS, (i) => {
      const created = new Date(yearStart + ((i + 0.5) / ORDERS) * yearMs);
      const lines = Array.from({ length: rng.int(1, 4) }, () => {
        const p = rng.pick(products);
        return {
          // Payload makes array row ids in its hooks, which db.create skips.
          id: randomBytes(12).toString('hex'),
          product_id: p.id,
          product: p.name,
          price: p.price,
          quantity: rng.int(1, 3),
          apply_discount: false,
          discount_unit: '%',
          discount_amount: 0,
          apply_shipping: true,
          category_ids: p.categories,
          img_id: null,
        };
      });
      const grossCents = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 790);
      const [latitude, longitude] = rng.pick(places);
      return {
        number: `B${String(i).padStart(7, '0')}`,
        status: rng.chance(0.05) ? 'CANCELLED' : 'COMPLETED',
        payer_full_name: 'Bench Payer',
        payer_email_address: `payer.${i}@example.com`,
        shipment_full_name: 'Bench Payer',
        shipment_amount: 7.9,
        transaction_id: `BENCH${i}`,
        transaction_status: 'COMPLETED',
        ...transactionAmounts(grossCents),
        currency_code: 'USD',
        latitude,
        longitude,
        products: lines,
        createdAt: created.toISOString(),
        updatedAt: created.toISOString(),
      };
    });
    return ORDERS;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Parent: measure

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function benchAnalytics(): Promise<void> {
  console.log(`\n== Control centre analytics (issue 9), ${ORDERS} orders in ${YEAR} ==`);
  const { baseUrl, seedMs, stop } = await startSeededServer({
    entry: import.meta.url,
    childFlag: CHILD_FLAG,
    keepKey: String(ORDERS),
    dataDirPrefix: 'shop-bench-analytics-',
    // Seeding 100,000 orders takes minutes on a busy machine.
    timeoutMs: 1_800_000,
  });
  try {
    console.log(
      `seeded ${ORDERS} orders with their lines through the database adapter in ${(seedMs / 1000).toFixed(1)} s`,
    );
    const cookie = await loginBenchAdmin(baseUrl);
    const headers = { cookie, origin: baseUrl };
    const timed = async (pathname: string) => {
      const started = performance.now();
      const res = await fetch(baseUrl + pathname, { headers });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET ${pathname}: HTTP ${res.status} ${text.slice(0, 300)}`);
      return { ms, bytes: text.length, rows: (JSON.parse(text) as { result: unknown[] }).result.length };
    };
    // Any order write clears the cache (Orders hooks); the hook clears once more 250 ms after the commit.
    const someOrder = (
      (await (await fetch(`${baseUrl}/api/orders?limit=1&depth=0&select[number]=true`, { headers })).json()) as {
        docs: Array<{ id: string }>;
      }
    ).docs[0].id;
    const clearCache = async (n: number) => {
      const res = await fetch(`${baseUrl}/api/orders/${someOrder}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        // A field a door may write (issue 29 §4: the money and the shipment are the services' own).
        body: JSON.stringify({ confirmation_resent_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() }),
      });
      if (res.status !== 200) throw new Error(`PATCH order: HTTP ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 400));
    };

    const baseline: number[] = [];
    await timed('/api/v2/config');
    for (let i = 0; i < CALLS; i += 1) baseline.push((await timed('/api/v2/config')).ms);
    const base = median(baseline);
    console.log(`${'GET /api/v2/config (baseline)'.padEnd(30)} median ${base.toFixed(1).padStart(7)} ms`);

    for (const type of TYPES) {
      const pathname = `/api/v2/analytics/${type}?year=${YEAR}`;
      const cold: number[] = [];
      let shape = { bytes: 0, rows: 0 };
      for (let i = 0; i < CALLS; i += 1) {
        await clearCache(i);
        const t = await timed(pathname);
        cold.push(t.ms);
        shape = t;
      }
      const warm: number[] = [];
      for (let i = 0; i < CALLS; i += 1) warm.push((await timed(pathname)).ms);
      console.log(
        `${`analytics/${type}`.padEnd(30)} cold median ${median(cold).toFixed(0).padStart(6)} ms (${(median(cold) / base).toFixed(1)}× baseline, goal ≤ ${COLD_GOAL}×)  cached median ${median(warm).toFixed(1).padStart(6)} ms (${(median(warm) / base).toFixed(1)}× baseline)  ${shape.rows} rows, ${(shape.bytes / 1024).toFixed(1)} KiB`,
      );
    }

    // What the screen does: all five at once, cold.
    const page: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      await clearCache(100 + i);
      const started = performance.now();
      await Promise.all(TYPES.map((type) => timed(`/api/v2/analytics/${type}?year=${YEAR}`)));
      page.push(performance.now() - started);
    }
    console.log(
      `${'the page: five types at once'.padEnd(30)} cold median ${median(page).toFixed(0).padStart(6)} ms (${(median(page) / base).toFixed(1)}× baseline)`,
    );
  } finally {
    await stop();
  }
}

if (process.env[CHILD_FLAG] === '1' && isEntryPoint(import.meta.url)) {
  await seedOrders();
} else if (isEntryPoint(import.meta.url)) {
  // Run alone: `node --import tsx bench/analytics.ts`.
  await benchAnalytics();
  process.exit(0);
}
