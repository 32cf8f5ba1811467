/**
 * No money without an order: 50 checkouts while the server is killed with SIGKILL at random moments, many of
 * them a few milliseconds after a capture was sent (the window between PayPal taking the money and the shop
 * writing it down). After a restart and the reconciler's first round, every payment PayPal captured has
 * exactly one complete order, and every order exactly one confirmation and one shop notice.
 *
 * PayPal here is the emulator, which keeps its orders in the data folder across restarts as PayPal keeps its
 * own; shoppers behave as real ones do: half of them retry a capture that got no answer, half give up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer, uid } from './harness';
import { createProduct, type Doc } from './factories';
import { inspectOrder, sleep, waitFor } from './payment-helpers';
import { CrashingServer, drawShoppers, runShoppers, shopperCheckout } from './crash-helpers';

const CHECKOUTS = 50;
const CONCURRENCY = 5;
const KILLS = 5;
/** The checkouts whose capture is followed by a kill, drawn anew on every run (nothing here runs out). */
const killAfterCapture = drawShoppers(KILLS, CHECKOUTS);

let server: TestServer;
let crashing: CrashingServer;
let admin: AdminClient;
let olio: Doc;
let aceto: Doc;
let adminEmail = '';

beforeAll(async () => {
  // LOG_LEVEL info: the reconciler's round reports ("reconcile: {...} in N ms") are the measurement.
  server = await startServer({
    env: { RECONCILE_INTERVAL_SECONDS: '2', MAIL_CLAIM_LEASE_SECONDS: '10', LOG_LEVEL: 'info' },
  });
  crashing = new CrashingServer(server);
  admin = await server.loginAdmin();
  olio = await createProduct(admin, { name: `Olio ${uid()}`, price: 18.5, apply_shipping: true });
  aceto = await createProduct(admin, { name: `Aceto ${uid()}`, price: 9.25, apply_shipping: false });
  adminEmail = (await admin.api('/api/globals/shop-settings')).body.admin_email;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Some captures are followed by a kill a few milliseconds later, mid-way through the shop's writes. */
const oneCheckout = (n: number) =>
  shopperCheckout(
    crashing,
    {
      products: n % 2 ? [{ id: olio.id, quantity: 1 + (n % 3) }] : [{ id: aceto.id, quantity: 2 }],
      coupon_code: null,
    },
    // Half the shoppers retry (as the storefront does), half close the tab.
    { killWithinMs: killAfterCapture.has(n) ? 60 : null, retries: n % 2 === 0 ? 20 : 0 },
  );

describe('checkout under SIGKILL', () => {
  it('when the server is killed at random points during 50 checkouts, then after a restart and one reconcile every captured payment has exactly one whole order and one confirmation', async () => {
    const outcomes = await runShoppers(CHECKOUTS, CONCURRENCY, oneCheckout);
    await crashing.up();
    const { kills, restarts } = crashing;
    expect(kills).toBeGreaterThanOrEqual(2); // two drawn checkouts may share one kill

    // What PayPal captured, asked from PayPal (the emulator's journal survived every kill).
    const paypalIds = outcomes.map((o) => o.paypalOrderId).filter((id): id is string => id !== null);
    const captured: string[] = [];
    for (const id of paypalIds) {
      const snap = await inspectOrder(server, id);
      if (snap.order.purchase_units?.[0]?.payments?.captures?.[0]?.status === 'COMPLETED') captured.push(id);
    }
    // Shoppers who gave up after a lost answer left approved, uncaptured orders: no money moved for those.
    expect(captured.length).toBeGreaterThanOrEqual(10);

    // The reconciler's rounds (one at start, then every 2 s) finish what the kills interrupted.
    const orders = await waitFor(
      'an order for every captured payment',
      async () => {
        const res = await admin.api('/api/orders?limit=1000&depth=0');
        const docs = res.body.docs as Doc[];
        const have = new Set(docs.map((d) => String(d.paypal_order_id)));
        return captured.every((id) => have.has(id)) ? docs : null;
      },
      30_000,
    );
    const ofThisRun = orders.filter((o) => paypalIds.includes(String(o.paypal_order_id)));
    // No duplicates, no order for money not taken, every order whole.
    expect(ofThisRun.map((o) => String(o.paypal_order_id)).sort()).toEqual([...captured].sort());
    for (const order of ofThisRun) {
      expect((order.products as unknown[]).length, `lines of ${String(order.number)}`).toBeGreaterThan(0);
    }

    // Every order exactly one confirmation to the payer and one notice to the shop (claims survive kills).
    await waitFor(
      'a confirmation and a shop notice for every order',
      async () =>
        ofThisRun.every(
          (o) =>
            server.mails.some((m) => m.subject.startsWith(`Your order ${String(o.number)}`)) &&
            server.mails.some((m) => m.subject.startsWith(`New order ${String(o.number)}`)),
        ) || null,
      30_000,
    );
    await sleep(2500); // one more reconcile round: it must send nothing twice
    // A kill after the mail server took a mail but before the order noted it makes the reconciler hand the
    // same message (same Message-ID) over again, which mail systems show once: count messages, and the
    // hand-overs apart, which only such a kill can double.
    let handedOverTwice = 0;
    const messages = (subject: string) => {
      const mails = server.mails.filter((m) => m.subject.startsWith(subject));
      handedOverTwice += mails.length - new Set(mails.map((m) => m.headers['message-id'])).size;
      return [...new Map(mails.map((m) => [m.headers['message-id'], m])).values()];
    };
    for (const order of ofThisRun) {
      const number = String(order.number);
      const confirmations = messages(`Your order ${number}`);
      expect(confirmations, number).toHaveLength(1);
      expect(confirmations[0].headers['message-id']).toBe(
        `<order-${String(order.id)}-confirmation@bottegadifamiglia.example>`,
      );
      const notices = messages(`New order ${number}`);
      expect(notices, number).toHaveLength(1);
      expect(notices[0].envelopeTo).toEqual([adminEmail]);
    }
    // Mails go out after the shopper's answer, side by side: a kill can catch the two mails of every shopper
    // in flight between the mail server's acceptance and their record, and no more.
    expect(handedOverTwice).toBeLessThanOrEqual(kills * 2 * CONCURRENCY);
    const payments = (await admin.api('/api/payments?limit=1000&depth=0')).body.docs as Doc[];
    for (const id of captured) {
      expect(payments.find((p) => p.paypal_order_id === id)?.status, id).toBe('COMPLETED');
    }
    const rounds = [...server.log().matchAll(/reconcile: (\{[^}]*\}) in (\d+) ms/g)].map((m) => ({
      // pino writes the message inside a JSON string: its quotes arrive escaped.
      report: JSON.parse(m[1].replace(/\\"/g, '"')) as { completed: number; mailsSent: number },
      ms: Number(m[2]),
    }));
    const repairing = rounds.filter((r) => r.report.completed > 0);
    console.log(
      `checkout-crash: restarts ${restarts.join('/')} ms until answering; reconcile rounds that repaired orders: ` +
        repairing.map((r) => `${r.report.completed} in ${r.ms} ms`).join(', '),
    );
    console.log(
      `checkout-crash: ${CHECKOUTS} checkouts, ${kills} kills, ${captured.length} captured, ${ofThisRun.length} orders, ` +
        `${outcomes.filter((o) => o.paypalOrderId && !o.answered).length} shoppers left without an answer, ` +
        `${handedOverTwice} mails handed over a second time`,
    );
  }, 180_000);
});
