/**
 * Checkouts while the server is killed with SIGKILL (checkout-crash, stock-crash, coupon-crash): the kill and
 * restart, shoppers who wait out a restart, and a shopper's checkout through the PayPal emulator.
 */
import type { TestServer } from './harness';
import { sleep } from './payment-helpers';

/**
 * `count` distinct shopper numbers below `below`, drawn anew on every run: the shoppers whose capture is
 * followed by a kill. Draw them among the shoppers sure to reach their capture (a limited product or code
 * still has some left when they start), or a run could end without any kill and prove nothing.
 */
export function drawShoppers(count: number, below: number): Set<number> {
  if (count > below) throw new Error(`cannot draw ${count} shoppers among ${below}`);
  const drawn = new Set<number>();
  while (drawn.size < count) drawn.add(Math.floor(Math.random() * below));
  return drawn;
}

/** The test server, killed one kill at a time and brought back after a moment, as a service manager would. */
export class CrashingServer {
  kills = 0;
  /** How long each restart took until the server answered again (ms). */
  readonly restarts: number[] = [];
  private down: Promise<void> | null = null;

  constructor(readonly server: TestServer) {}

  /** Kills the server, unless a kill is already under way (then that one is awaited). */
  crash(): Promise<void> {
    if (this.down) return this.down;
    this.kills += 1;
    this.down = (async () => {
      await this.server.kill();
      await sleep(200);
      const startedAt = Date.now();
      await this.server.restart();
      this.restarts.push(Date.now() - startedAt);
    })().finally(() => {
      this.down = null;
    });
    return this.down;
  }

  /** Returns once no restart is under way. */
  async up(): Promise<void> {
    while (this.down) await this.down;
  }

  /** One call, repeated while the server is down or answers 5xx (a shopper pressing again). */
  async call(path: string, init: RequestInit & { json?: unknown } = {}, attempts = 60) {
    for (let i = 0; ; i++) {
      await this.up();
      try {
        const res = await this.server.api(path, init);
        if (res.status < 500 || i >= attempts) return res;
      } catch (err) {
        if (i >= attempts) throw err;
      }
      await sleep(250);
    }
  }
}

export interface ShopperOutcome {
  /** The PayPal order the shopper's checkout opened, or null when the shop refused the cart. */
  paypalOrderId: string | null;
  /** Whether the shopper was told the payment went through (200 from capture). */
  answered: boolean;
}

/**
 * One shopper: create, approve in the emulator, capture. `killWithinMs`: the server is killed at a random
 * moment that many milliseconds after the capture is sent. Half the shoppers (`retries` > 0) press again on
 * a capture that got no answer, as the storefront does; the others close the tab.
 */
export async function shopperCheckout(
  crashing: CrashingServer,
  cart: { products: Array<{ id: string; quantity: number }>; coupon_code: string | null },
  { killWithinMs, retries }: { killWithinMs: number | null; retries: number },
): Promise<ShopperOutcome> {
  const created = await crashing.call('/api/v2/payments/create', { method: 'POST', json: cart });
  if (created.status !== 201) return { paypalOrderId: null, answered: false };
  const { id, secret } = created.body.result as { id: string; secret: string };
  const approved = await crashing.call(`/__paypal/v2/checkout/orders/${id}/approve`, { method: 'POST', json: {} });
  if (approved.status !== 200) return { paypalOrderId: id, answered: false };
  if (killWithinMs !== null) setTimeout(() => void crashing.crash(), Math.floor(Math.random() * killWithinMs));
  for (let i = 0; i <= retries; i++) {
    await crashing.up();
    try {
      const res = await crashing.server.api('/api/v2/payments/capture', {
        method: 'POST',
        json: { id, status: 'CREATED', orderId: id, secret },
      });
      if (res.status === 200) return { paypalOrderId: id, answered: true };
      if (res.status < 500) return { paypalOrderId: id, answered: false };
    } catch {
      // the connection died with the server
    }
    await sleep(300);
  }
  return { paypalOrderId: id, answered: false };
}

/** Runs `shoppers` checkouts, `concurrency` at a time, in the order of their numbers. */
export async function runShoppers<T>(shoppers: number, concurrency: number, one: (n: number) => Promise<T>) {
  const outcomes: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < shoppers) outcomes.push(await one(next++));
    }),
  );
  return outcomes;
}
