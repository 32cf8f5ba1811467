/**
 * Discount code uses under SIGKILL (issue 24 §3): 16 shoppers each pay with a code that has 6 uses while the
 * server is killed a few milliseconds after some captures (between taking the use and PayPal's answer, or
 * between the answer and the order). After restarts and the reconciler's rounds, the code's count is exactly
 * the number of orders paid with it, at most 6, and no checkout still holds a use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { createProduct, type Doc } from './factories';
import { inspectOrder, waitFor } from './payment-helpers';
import { CrashingServer, drawShoppers, runShoppers, shopperCheckout } from './crash-helpers';

const SHOPPERS = 16;
const CONCURRENCY = 5;
const KILLS = 3;
const USES = 6;
// Shopper n starts when at most n uses are gone: those below 6 always reach their capture.
const killAfterCapture = drawShoppers(KILLS, USES);

let server: TestServer;
let crashing: CrashingServer;
let admin: AdminClient;
let olio: Doc;
let coupon: Doc;

beforeAll(async () => {
  server = await startServer({
    env: { RECONCILE_INTERVAL_SECONDS: '1', STOCK_HOLD_LEASE_SECONDS: '1', MAIL_CLAIM_LEASE_SECONDS: '5' },
  });
  crashing = new CrashingServer(server);
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

/** One shopper paying with the code (typed in lower case); half retry a capture that got no answer. */
const shopper = (n: number) =>
  shopperCheckout(
    crashing,
    { products: [{ id: olio.id, quantity: 1 }], coupon_code: String(coupon.code).toLowerCase() },
    { killWithinMs: killAfterCapture.has(n) ? 40 : null, retries: n % 2 === 0 ? 20 : 0 },
  );

describe('discount code uses under SIGKILL', () => {
  it('when the server is killed during 16 checkouts for a code of 6 uses, then after the reconciler the count is the number of orders with the code, at most 6', async () => {
    const outcomes = await runShoppers(SHOPPERS, CONCURRENCY, shopper);
    const ids = outcomes.map((o) => o.paypalOrderId).filter((id): id is string => id !== null);
    await crashing.up();
    expect(crashing.kills).toBeGreaterThanOrEqual(1);

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
