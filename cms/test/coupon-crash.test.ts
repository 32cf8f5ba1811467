/**
 * Discount code uses under SIGKILL (issue 24 §3): 16 shoppers each pay with a code that has 6 uses while the
 * server is killed a few milliseconds after some captures (between taking the use and PayPal's answer, or
 * between the answer and the order). After restarts and the reconciler's rounds, the code's count is exactly
 * the number of orders paid with it, at most 6, and no checkout still holds a use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { createProduct, type Doc } from './factories';
import { inspectOrder, sleep, waitFor } from './payment-helpers';

const SHOPPERS = 16;
const CONCURRENCY = 5;
const KILLS = 3;
const USES = 6;
const killAfterCapture = new Set<number>();
while (killAfterCapture.size < KILLS) killAfterCapture.add(Math.floor(Math.random() * SHOPPERS));

let server: TestServer;
let admin: AdminClient;
let olio: Doc;
let coupon: Doc;
let down: Promise<void> | null = null;
let kills = 0;

beforeAll(async () => {
  server = await startServer({
    env: { RECONCILE_INTERVAL_SECONDS: '1', STOCK_HOLD_LEASE_SECONDS: '1', MAIL_CLAIM_LEASE_SECONDS: '5' },
  });
  admin = await server.loginAdmin();
  olio = await createProduct(admin, { name: `Olio Nuovo ${uid()}`, price: 18 });
  const res = await admin.api('/api/v2/admin/coupons', {
    method: 'POST',
    json: { code: `CRASH${uid().replace(/-/g, '')}`, kind: 'percent', amount: 10, max_uses: USES, active: true },
  });
  expect(res.status, res.text).toBe(201);
  coupon = res.body.result as Doc;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function crash(): Promise<void> {
  if (down) return down;
  kills += 1;
  down = (async () => {
    await server.kill();
    await sleep(200);
    await server.restart();
  })().finally(() => {
    down = null;
  });
  return down;
}

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  for (let i = 0; ; i++) {
    if (down) await down;
    try {
      const res = await server.api(path, init);
      if (res.status < 500 || i >= 60) return res;
    } catch (err) {
      if (i >= 60) throw err;
    }
    await sleep(250);
  }
}

/** One shopper: create, approve, capture (half retry a capture that got no answer, half give up). */
async function shopper(n: number): Promise<string | null> {
  const created = await call('/api/v2/payments/create', {
    method: 'POST',
    json: { products: [{ id: olio.id, quantity: 1 }], coupon_code: String(coupon.code).toLowerCase() },
  });
  if (created.status !== 201) return null;
  const { id, secret } = created.body.result as { id: string; secret: string };
  const approved = await call(`/__paypal/v2/checkout/orders/${id}/approve`, { method: 'POST', json: {} });
  if (approved.status !== 200) return id;
  if (killAfterCapture.has(n)) setTimeout(() => void crash(), Math.floor(Math.random() * 40));
  const retries = n % 2 === 0 ? 20 : 0;
  for (let i = 0; i <= retries; i++) {
    if (down) await down;
    try {
      const res = await server.api('/api/v2/payments/capture', {
        method: 'POST',
        json: { id, status: 'CREATED', orderId: id, secret },
      });
      if (res.status < 500) return id;
    } catch {
      // the connection died with the server
    }
    await sleep(300);
  }
  return id;
}

describe('discount code uses under SIGKILL', () => {
  it('when the server is killed during 16 checkouts for a code of 6 uses, then after the reconciler the count is the number of orders with the code, at most 6', async () => {
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SHOPPERS) {
          const id = await shopper(next++);
          if (id) ids.push(id);
        }
      }),
    );
    if (down) await down;
    expect(kills).toBeGreaterThanOrEqual(1);

    // The reconciler finishes what the kills left: no payment of this run still holds a use.
    await waitFor(
      'no payment still taking a use',
      async () => {
        const res = await admin.api('/api/payments?where[coupon_state][equals]=TAKING&limit=1000&depth=0');
        const taking = (res.body.docs as Doc[]).filter((p) => ids.includes(String(p.paypal_order_id)));
        return taking.length === 0;
      },
      45_000,
      250,
    );

    const captured: string[] = [];
    for (const id of ids) {
      const snap = await inspectOrder(server, id);
      if (snap.order.purchase_units?.[0]?.payments?.captures?.[0]?.status === 'COMPLETED') captured.push(id);
    }
    const orders = await waitFor(
      'an order for every captured payment',
      async () => {
        const docs = (await admin.api('/api/orders?limit=1000&depth=0')).body.docs as Doc[];
        const mine = docs.filter((o) => ids.includes(String(o.paypal_order_id)));
        return mine.length >= captured.length ? mine : null;
      },
      30_000,
    );
    expect(orders.map((o) => String(o.paypal_order_id)).sort()).toEqual([...captured].sort());
    for (const order of orders) expect(order).toMatchObject({ coupon_code: coupon.code, coupon_discount: 1.8 });
    expect(captured.length).toBeLessThanOrEqual(USES);

    const stored = (await admin.api(`/api/coupons/${String(coupon.id)}?depth=0`)).body as Doc;
    // Every use accounted for: one per paid order with the code, none held.
    expect(Number(stored.uses_count)).toBe(captured.length);
    expect(Object.keys((stored.use_holds as Record<string, number> | null) ?? {})).toEqual([]);
  }, 240_000);
});
