// Issue 3 / issue 12 figures: create + approve + capture latency for 10 concurrent shoppers against the PayPal
// emulator, with a bare Local API product read (same process, same concurrency) as the baseline.
//
// Three set-ups, measured in the same run with their rounds interleaved (so all see the same load on the
// machine):
// - in-process: the shoppers' HTTP client runs in the server's own process, on the thread that serves them;
// - server in a child process: shoppers are other machines, as in reality, so their client runs in the bench
//   process and the server (with the PayPal emulator mounted as the app ships it) in a child;
// - PayPal remote as well: the same child, configured for a PayPal at another address (PAYPAL_BASE_URL),
//   which is the emulator served from the bench process. The shop's process then does only the shop's work,
//   as in production, except one thing: this emulator sends no webhooks (it could not sign them for an
//   address the shop takes for PayPal's), so the shop is spared the one request per checkout PayPal's
//   webhook costs it; the first two set-ups include it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';
import { isEntryPoint, seedAndServe, startSeededServer } from './seeded-server';

const SHOPPERS = 10;
const ROUNDS = 6;
const CHILD_FLAG = 'BENCH_PAYMENTS_CHILD';

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

const json = { 'content-type': 'application/json' };

let resets = 0;
/**
 * A POST, sent once more when the server had closed the kept-alive connection just as it was reused (the
 * server drops idle connections after 5 s; a client whose own thread is busy may not have seen it go). The
 * retry's time counts; every step is safe to repeat (a second create is another payment, a second approve is
 * refused, a capture is idempotent).
 */
async function post(url: string, body: string): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', headers: json, body });
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
    resets += 1;
    return fetch(url, { method: 'POST', headers: json, body });
  }
}

/** One shopper's checkout against `base`: create, the buyer's approval at PayPal (`paypalBase`), capture. */
function checkoutAgainst(base: string, ids: string[], paypalBase = `${base}/__paypal`) {
  return async () => {
    const cart = { products: ids.map((id, i) => ({ id, quantity: i + 1 })), coupon_code: null };
    const created = await post(`${base}/api/v2/payments/create`, JSON.stringify(cart)).then((r) => r.json());
    const orderId = created.result.id as string;
    await post(`${paypalBase}/v2/checkout/orders/${orderId}/approve`, '{}');
    const captured = await post(`${base}/api/v2/payments/capture`, JSON.stringify({ ...created.result, orderId })).then(
      (r) => r.json(),
    );
    if (captured.result?.status !== 'COMPLETED') throw new Error(`capture failed: ${JSON.stringify(captured)}`);
  };
}

/** Three in-stock products from the storefront's own list, as a shopper would find them. */
async function productsOf(base: string): Promise<string[]> {
  const res = await fetch(`${base}/api/v2/products`);
  const items = ((await res.json()) as { result: Array<{ id: string; inventory_stock: boolean }> }).result;
  const ids = items.filter((p) => p.inventory_stock).map((p) => p.id);
  if (ids.length < 3) throw new Error(`only ${ids.length} products in stock on the first page`);
  return ids.slice(0, 3);
}

/** The PayPal emulator on a port of its own in this process, standing for PayPal on the internet. */
async function startRemotePayPal(): Promise<{ baseUrl: string; clientSecret: string; close: () => void }> {
  const { default: express } = await import('express');
  const { createPayPalEmulator } = await import('../cms/paypal-emulator/emulator');
  const app = express();
  const clientSecret = randomBytes(32).toString('base64url');
  app.use('/__paypal', createPayPalEmulator({ clientSecret }));
  const port = await freePort();
  const server = app.listen(port);
  return { baseUrl: `http://127.0.0.1:${port}/__paypal`, clientSecret, close: () => server.close() };
}

const line = (label: string, times: number[]) =>
  `${label} (${SHOPPERS} concurrent, n=${times.length}): median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;

export async function benchPayments(): Promise<void> {
  console.log('\n== Payments (issue 3, issue 12) ==');
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
  // The child inherits this environment (its own DATA_DIR and PORT): seeded the same way, PayPal the emulator.
  const child = await startSeededServer({
    entry: import.meta.url,
    childFlag: CHILD_FLAG,
    dataDirPrefix: 'shop-bench-pay-child-',
    timeoutMs: 300_000,
  });
  const remotePayPal = await startRemotePayPal();
  // Only for this child's start: the remote emulator's credentials, as a real PayPal's would be configured.
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: 'emulator-client',
    PAYPAL_CLIENT_SECRET: remotePayPal.clientSecret,
    PAYPAL_BASE_URL: remotePayPal.baseUrl,
  });
  const remoteChild = await startSeededServer({
    entry: import.meta.url,
    childFlag: CHILD_FLAG,
    dataDirPrefix: 'shop-bench-pay-remote-',
    timeoutMs: 300_000,
  }).finally(() => {
    delete process.env.PAYPAL_CLIENT_ID;
    delete process.env.PAYPAL_CLIENT_SECRET;
    delete process.env.PAYPAL_BASE_URL;
  });
  const { getPayload } = await import('payload');
  const config = await (await import('../cms/lib/load-config')).loadPayloadConfig();
  const { createApp } = await import('../cms/express-app');
  const { seedDemo } = await import('../cms/seed');
  const payload = await getPayload({ config });
  await seedDemo(payload);
  const server = createApp(payload, config).listen(port);
  const base = `http://127.0.0.1:${port}`;

  try {
    const ids = await productsOf(base);
    const childIds = await productsOf(child.baseUrl);
    const remoteIds = await productsOf(remoteChild.baseUrl);
    const inProcess = checkoutAgainst(base, ids);
    const inChild = checkoutAgainst(child.baseUrl, childIds);
    const payPalRemote = checkoutAgainst(remoteChild.baseUrl, remoteIds, remotePayPal.baseUrl);
    const read = async () => {
      await payload.findByID({ collection: 'products', id: ids[0], depth: 1 });
    };

    await concurrently(1, inProcess); // warm-up
    await concurrently(1, inChild);
    await concurrently(1, payPalRemote);
    await concurrently(1, read);
    const baseline = await concurrently(ROUNDS * 5, read);
    const flow: number[] = [];
    const childFlow: number[] = [];
    const remoteFlow: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      flow.push(...(await concurrently(1, inProcess)));
      childFlow.push(...(await concurrently(1, inChild)));
      remoteFlow.push(...(await concurrently(1, payPalRemote)));
    }
    const b50 = percentile(baseline, 50);
    const b95 = percentile(baseline, 95);
    console.log(line('Local API product read', baseline));
    console.log(line('create+approve+capture, in-process         ', flow));
    console.log(line('create+approve+capture, server in a child  ', childFlow));
    console.log(line('  … and PayPal remote (no webhooks)        ', remoteFlow));
    if (resets > 0) console.log(`  (${resets} requests sent again after a reset kept-alive connection)`);
    console.log(
      `  ratio checkout/read, in-process: median ${(percentile(flow, 50) / b50).toFixed(1)}×, p95 ${(percentile(flow, 95) / b95).toFixed(1)}×`,
    );
  } finally {
    server.close();
    await child.stop();
    await remoteChild.stop();
    remotePayPal.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The child: the demo shop, seeded in its own process, serving the shoppers of the second set-up.
if (isEntryPoint(import.meta.url) && process.env[CHILD_FLAG] === '1') {
  const { seedDemo } = await import('../cms/seed');
  await seedAndServe(async (payload) => {
    await seedDemo(payload);
    return 0;
  });
}
