// Issue 22: how long the family waits for a refund against how long a shopper waits for a capture, in the
// same run and the same process (the shop with the PayPal emulator mounted, as `npm start` runs it without
// credentials). Both are one call of the shop that makes one PayPal call and a few writes; the capture's time
// is the baseline.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

const ORDERS = 60;
const CONCURRENCY = 5;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const json = { 'content-type': 'application/json' };

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

/** Runs `task` for each index, `CONCURRENCY` at a time. */
async function inBatches(count: number, task: (i: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - start) }, (_, k) => task(start + k)));
  }
}

export async function benchRefunds(): Promise<void> {
  console.log('\n== Refunds (issue 22) ==');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-refund-'));
  const port = await freePort();
  const adminEmail = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const adminPassword = `Bench#${randomBytes(6).toString('hex')}1A`;
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PAYMENT_RATE_LIMIT: '100000',
    // The reconciler stays out of the measurement.
    RECONCILE_INTERVAL_SECONDS: '3600',
  });
  delete process.env.PAYPAL_CLIENT_ID;
  const { getPayload } = await import('payload');
  const config = await (await import('../cms/lib/load-config')).loadPayloadConfig();
  const { createApp } = await import('../cms/express-app');
  const payload = await getPayload({ config });
  // Made here rather than from ADMIN_EMAIL: other benches may have loaded the server's env module already.
  await payload.create({
    collection: 'users',
    data: {
      email: adminEmail,
      password: createHash('sha256').update(adminPassword).digest('hex'),
      firstname: 'Bench',
      lastname: 'Admin',
      role: 'admin',
      active: true,
    },
    overrideAccess: true,
  });
  const category = await payload.create({ collection: 'categories', data: { name: 'Bench' }, overrideAccess: true });
  const product = await payload.create({
    collection: 'products',
    data: {
      name: 'Bench oil',
      price: 12.5,
      inventory_stock: true,
      published: true,
      apply_shipping: true,
      categories: [category.id],
    },
    overrideAccess: true,
  });
  const server = createApp(payload, config).listen(port);
  const base = `http://127.0.0.1:${port}`;
  // Payload takes the session cookie only from an origin on its CSRF list (PUBLIC_URL, as the env module read it).
  const origin = (await import('../cms/lib/env')).env.publicUrl;
  try {
    const login = await fetch(`${base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { ...json, origin: base },
      body: JSON.stringify({
        email: adminEmail,
        password: createHash('sha256').update(adminPassword).digest('hex'),
      }),
    });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('payload-token=')) ?? '').split(';')[0];
    if (!cookie) throw new Error(`bench admin could not sign in: ${login.status}`);

    const captures: number[] = [];
    const orderIds: string[] = [];
    await inBatches(ORDERS, async () => {
      const created = await fetch(`${base}/api/v2/payments/create`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ products: [{ id: product.id, quantity: 2 }], coupon_code: null }),
      }).then((r) => r.json());
      const paypalOrderId = created.result.id as string;
      await fetch(`${base}/__paypal/v2/checkout/orders/${paypalOrderId}/approve`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ webhook: false }),
      });
      const { ms, value } = await timed(() =>
        fetch(`${base}/api/v2/payments/capture`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ ...created.result, orderId: paypalOrderId }),
        }).then((r) => r.json()),
      );
      if (value.result?.status !== 'COMPLETED') throw new Error(`capture failed: ${JSON.stringify(value)}`);
      captures.push(ms);
      orderIds.push(value.result.id as string);
    });

    const refunds: number[] = [];
    await inBatches(orderIds.length, async (i) => {
      const { ms, value } = await timed(() =>
        fetch(`${base}/api/v2/admin/orders/${orderIds[i]}/refunds`, {
          method: 'POST',
          headers: { ...json, cookie, origin },
          body: JSON.stringify({ amount: '12.50', reason: 'Bench' }),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      );
      if (value.status !== 201) throw new Error(`refund failed: ${JSON.stringify(value)}`);
      refunds.push(ms);
    });

    const line = (label: string, times: number[]) =>
      `${label} (${CONCURRENCY} concurrent, n=${times.length}): median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
    console.log(line('payments/capture (baseline)        ', captures));
    console.log(line('admin/orders/{id}/refunds (12.50)  ', refunds));
    console.log(
      `  ratio refund/capture: median ${(percentile(refunds, 50) / percentile(captures, 50)).toFixed(2)}×, p95 ${(percentile(refunds, 95) / percentile(captures, 95)).toFixed(2)}×`,
    );
  } finally {
    server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
