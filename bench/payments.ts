// Issue 3 figures: create + approve + capture latency for 10 concurrent shoppers against the PayPal
// emulator, with a bare Local API product read (same process, same concurrency) as the baseline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

const SHOPPERS = 10;
const ROUNDS = 6;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function concurrently(rounds: number, task: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    await Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        const t0 = performance.now();
        await task();
        times.push(performance.now() - t0);
      }),
    );
  }
  return times;
}

export async function benchPayments(): Promise<void> {
  console.log('\n== Payments (issue 3) ==');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-pay-'));
  const port = await freePort();
  // The config reads its environment when first imported.
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PAYMENT_RATE_LIMIT: '100000',
  });
  delete process.env.PAYPAL_CLIENT_ID;
  const { getPayload } = await import('payload');
  const config = await (await import('../cms/lib/load-config')).loadPayloadConfig();
  const { createApp } = await import('../cms/express-app');
  const { seedDemo } = await import('../cms/seed');
  const payload = await getPayload({ config });
  await seedDemo(payload);
  const server = createApp(payload, config).listen(port);
  const base = `http://127.0.0.1:${port}`;

  const products = await payload.find({
    collection: 'products',
    where: { and: [{ published: { equals: true } }, { inventory_stock: { equals: true } }] },
    limit: 3,
    depth: 0,
  });
  const ids = products.docs.map((d) => String(d.id));
  const json = { 'content-type': 'application/json' };

  const checkout = async () => {
    const created = await fetch(`${base}/api/v2/payments/create`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ products: ids.map((id, i) => ({ id, quantity: i + 1 })), coupon_code: null }),
    }).then((r) => r.json());
    const orderId = created.result.id as string;
    await fetch(`${base}/__paypal/v2/checkout/orders/${orderId}/approve`, {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    const captured = await fetch(`${base}/api/v2/payments/capture`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...created.result, orderId }),
    }).then((r) => r.json());
    if (captured.result?.status !== 'COMPLETED') throw new Error(`capture failed: ${JSON.stringify(captured)}`);
  };
  const read = async () => {
    await payload.findByID({ collection: 'products', id: ids[0], depth: 1 });
  };

  await concurrently(1, checkout); // warm-up
  await concurrently(1, read);
  const baseline = await concurrently(ROUNDS * 5, read);
  const flow = await concurrently(ROUNDS, checkout);
  const b50 = percentile(baseline, 50);
  const b95 = percentile(baseline, 95);
  const f50 = percentile(flow, 50);
  const f95 = percentile(flow, 95);
  console.log(
    `Local API product read (${SHOPPERS} concurrent, n=${baseline.length}): median ${b50.toFixed(1)} ms, p95 ${b95.toFixed(1)} ms`,
  );
  console.log(
    `create+approve+capture  (${SHOPPERS} concurrent, n=${flow.length}): median ${f50.toFixed(1)} ms, p95 ${f95.toFixed(1)} ms`,
  );
  console.log(`  ratio checkout/read: median ${(f50 / b50).toFixed(1)}×, p95 ${(f95 / b95).toFixed(1)}×`);
  server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
