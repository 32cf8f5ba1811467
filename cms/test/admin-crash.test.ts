/**
 * The server killed with SIGKILL in the middle of admins' writes: after a restart every order's status
 * agrees with the last entry of its history, the history is an unbroken chain, and no order is lost or
 * doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, startServer, type TestServer, uid } from './harness';

let server: TestServer;
let admin: AdminClient;

const SETTABLE = ['PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'COMPLETED'];

async function createOrder(tag: string): Promise<string> {
  const res = await admin.api('/api/orders', {
    method: 'POST',
    json: {
      status: 'NEW',
      payer_full_name: `Crash ${tag}`,
      payer_email_address: `crash.${uid()}@example.com`,
      transaction_id: `TX${uid()}`,
      transaction_gross_amount: '10.00',
      currency_code: 'USD',
      products: [{ product_id: 'p-1', product: 'Olive oil', price: 10, quantity: 1 }],
    },
  });
  if (res.status !== 201) throw new Error(`order setup failed: ${res.text}`);
  return res.body.doc.id as string;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

describe('SIGKILL during status changes', () => {
  it('when the server is killed while 40 status changes are in flight, then after the restart every order is whole and its history matches its status', async () => {
    const tag = uid();
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await createOrder(tag));

    let changed = 0;
    for (let round = 0; round < 3; round += 1) {
      let answered = 0;
      const writes = Array.from({ length: 40 }, (_, k) =>
        admin
          .api(`/api/v2/admin/orders/${ids[k % ids.length]}`, {
            method: 'PUT',
            json: { status: SETTABLE[(k + round) % SETTABLE.length] },
          })
          .then((res) => {
            answered += 1;
            return res;
          })
          .catch(() => null),
      );
      // Kill inside the burst: after the first writes have been answered (so some reached the database,
      // however slow the machine is) and while most are still in flight.
      const deadline = Date.now() + 5000;
      while (answered < 1 + round * 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      await server.crashAndRestart();
      await Promise.all(writes);

      const list = await admin.api(`/api/v2/admin/orders?search=${encodeURIComponent(`Crash ${tag}`)}&limit=100`);
      const archive = await admin.api(
        `/api/v2/admin/orders/completed?search=${encodeURIComponent(`Crash ${tag}`)}&limit=100`,
      );
      // Nothing lost, nothing doubled: exactly the 8 orders, across the two tabs.
      expect(list.body.pagination.count + archive.body.pagination.count).toBe(8);

      for (const id of ids) {
        const res = await admin.api(`/api/v2/admin/orders/${id}`);
        expect(res.status).toBe(200);
        const order = res.body.result as Json;
        const history = order.history as Array<{ from: string | null; to: string }>;
        if (order.status === 'NEW') {
          expect(history).toEqual([]);
          continue;
        }
        changed += 1;
        expect(history.at(-1)?.to).toBe(order.status);
        expect(history[0].from).toBe('NEW');
        for (let i = 1; i < history.length; i += 1) expect(history[i].from).toBe(history[i - 1].to);
      }
    }
    // The kill did land among writes that reached the database: otherwise this test proves nothing.
    expect(changed).toBeGreaterThan(0);
    // Three restarts: on a busy CI machine each can take 15 s or more.
  }, 180_000);
});
