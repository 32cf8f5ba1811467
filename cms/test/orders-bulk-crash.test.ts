/**
 * The server killed with SIGKILL in the middle of a bulk "mark shipped" (issue 14 part 3): each order is
 * changed in a transaction of its own together with its timeline event, so after the restart every order is
 * either shipped with exactly one event or untouched with none, never one without the other or doubled. The
 * same request sent again ships the rest and reports the ones already shipped as refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, startServer, type TestServer, uid } from './harness';
import { createOrder } from './factories';

let server: TestServer;
let admin: AdminClient;
let adminId: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  adminId = (await admin.api('/api/users/me')).body.user.id;
});

afterAll(async () => {
  await server?.stop();
});

const ORDERS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OrderState {
  id: string;
  status: string;
  /** Entries in the order's own status history (written by the same update as the status). */
  history: number;
  /** The timeline's status entries: stored events, plus any history entry that has no event of its own. */
  events: Json[];
}

async function stateOf(id: string): Promise<OrderState> {
  const order = await admin.api(`/api/v2/admin/orders/${id}`);
  const events = await admin.api(`/api/v2/admin/orders/${id}/events`);
  expect(order.status, order.text).toBe(200);
  expect(events.status, events.text).toBe(200);
  return {
    id,
    status: order.body.result.status,
    history: (order.body.result.history as Json[]).length,
    events: (events.body.result as Json[]).filter((e) => e.type === 'status'),
  };
}

/** Every order's state, a few at a time. */
async function statesOf(ids: string[]): Promise<OrderState[]> {
  const out: OrderState[] = [];
  for (let i = 0; i < ids.length; i += 10) out.push(...(await Promise.all(ids.slice(i, i + 10).map(stateOf))));
  return out;
}

describe('SIGKILL during a bulk status change', () => {
  it('when the server is killed while 150 orders are being marked shipped, then each is shipped with one event or untouched with none, and sending the request again ships the rest and refuses the shipped ones', async () => {
    const tag = uid();
    const ids: string[] = [];
    for (let i = 0; i < ORDERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () =>
          createOrder(admin, { status: 'PROCESSING', payer_full_name: `Crash Bulk ${tag}` }),
        ),
      );
      ids.push(...batch.map((order) => order.id));
    }
    const tracking = Object.fromEntries(ids.map((id, i) => [id, `RR${String(i).padStart(4, '0')}IT`]));
    const shipAll = () =>
      admin.api('/api/v2/admin/orders/bulk', {
        method: 'POST',
        json: { ids, action: 'ship', tracking_numbers: tracking },
      });
    const shippedSoFar = async () =>
      (await admin.api(`/api/v2/admin/orders?search=${tag}&status=SHIPPED&limit=1`)).body.pagination.count as number;

    // The answer never comes: the connection dies with the server.
    const interrupted = shipAll().catch(() => null);
    // Kill once the first 20 orders are shipped (so the kill lands among committed changes, however slow the
    // machine) and long before the last of the 150. The poll is answered while the bulk runs because the
    // service yields to the event loop between orders.
    const deadline = Date.now() + 30_000;
    while ((await shippedSoFar()) < 20 && Date.now() < deadline) await sleep(10);
    await server.crashAndRestart();
    await interrupted;

    const afterCrash = await statesOf(ids);
    const shipped = afterCrash.filter((s) => s.status === 'SHIPPED');
    const untouched = afterCrash.filter((s) => s.status === 'PROCESSING');
    expect(shipped.length + untouched.length).toBe(ORDERS);
    // The kill did land in the middle: otherwise this test proves nothing.
    expect(shipped.length).toBeGreaterThan(0);
    expect(untouched.length).toBeGreaterThan(0);

    // An event made up from a history entry has an id of "history-…" and no tracking number: a change whose
    // event was lost fails here.
    const oneEvent = (s: OrderState) =>
      s.history === 1 &&
      s.events.length === 1 &&
      !String(s.events[0].id).startsWith('history-') &&
      s.events[0].from === 'PROCESSING' &&
      s.events[0].to === 'SHIPPED' &&
      s.events[0].tracking_number === tracking[s.id] &&
      s.events[0].by_id === adminId;
    expect(shipped.filter((s) => !oneEvent(s))).toEqual([]);
    expect(untouched.filter((s) => s.history !== 0 || s.events.length !== 0)).toEqual([]);

    const again = await shipAll();
    expect(again.status, again.text).toBe(200);
    const results = again.body.result as Json[];
    expect(results.map((r) => r.id)).toEqual(ids);
    const byOutcome = (ok: boolean) =>
      results
        .filter((r) => r.ok === ok)
        .map((r) => r.id)
        .sort();
    expect(byOutcome(true)).toEqual(untouched.map((s) => s.id).sort());
    expect(byOutcome(false)).toEqual(shipped.map((s) => s.id).sort());
    for (const r of results.filter((x) => !x.ok)) {
      expect(r).toMatchObject({ from: 'SHIPPED', to: 'SHIPPED', error: 'The order is already shipped' });
    }

    // Now all 150 are shipped, each with exactly one event: none was changed or recorded twice.
    const final = await statesOf(ids);
    expect(final.filter((s) => s.status !== 'SHIPPED' || !oneEvent(s))).toEqual([]);
    // Restart plus 150 orders made, changed and read three times: slow on a busy 2-core machine.
  }, 240_000);
});
