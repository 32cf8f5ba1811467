/**
 * Units put back in stock (issue 24 §1) under SIGKILL: the server is killed while 24 cancelled orders put
 * their bottles back at once. After the restart each line is either back (count 10 + 2, the order says 2 went
 * back, one audit entry, one timeline entry) or not at all (count 10, nothing recorded); a retry then puts
 * back exactly the ones that were not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, startServer, type TestServer, uid } from './harness';
import { createProduct, type Doc } from './factories';

const ORDERS = 24;

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A cancelled order of 2 bottles of its own counted oil (10 on the shelf: orders made here take none). */
async function cancelledOrder(tag: string): Promise<{ orderId: string; product: Doc }> {
  const product = await createProduct(admin, { name: `Olio Crash ${tag} ${uid()}`, price: 10, stock_quantity: 10 });
  const res = await admin.api('/api/orders', {
    method: 'POST',
    json: {
      status: 'CANCELLED',
      payer_full_name: `Restock ${tag}`,
      payer_email_address: `restock.${uid()}@example.com`,
      transaction_id: `TX${uid()}`,
      transaction_gross_amount: '27.90',
      currency_code: 'USD',
      products: [{ product_id: product.id, product: product.name, price: 10, quantity: 2 }],
    },
  });
  if (res.status !== 201) throw new Error(`order setup failed: ${res.text}`);
  return { orderId: res.body.doc.id as string, product };
}

const restock = (orderId: string, productId: string) =>
  admin.api(`/api/v2/admin/orders/${orderId}/restock`, {
    method: 'POST',
    json: { lines: [{ product_id: productId, quantity: 2 }] },
  });

/** What the shop says about one order's line: its count, what the order says went back, its records. */
async function stateOf({ orderId, product }: { orderId: string; product: Doc }) {
  const count = (await admin.api(`/api/v2/admin/products/${product.id}`)).body.result.stock_quantity as number;
  const order = (await admin.api(`/api/v2/admin/orders/${orderId}`)).body.result as Json;
  const events = (await admin.api(`/api/v2/admin/orders/${orderId}/events`)).body.result as Doc[];
  const audit = (await admin.api(`/api/v2/admin/audit-log?record_id=${product.id}&limit=100`)).body.result as Doc[];
  return {
    count,
    restocked: (order.restock as Array<{ restocked: number | null }>)[0].restocked,
    events: events.filter((e) => e.type === 'restock').length,
    audits: audit.filter((e) =>
      String((e.changes as { reason?: { after?: string } }).reason?.after ?? '').startsWith('back to stock'),
    ).length,
  };
}

const BACK = { count: 12, restocked: 2, events: 1, audits: 1 };
const NOT_BACK = { count: 10, restocked: null, events: 0, audits: 0 };

describe('SIGKILL while units go back to stock', () => {
  it('when the server is killed during 24 restocks, then each line is back with its records or not at all, and a retry puts back only the rest', async () => {
    const tag = uid();
    const lines = [];
    for (let i = 0; i < ORDERS; i += 1) lines.push(await cancelledOrder(tag));

    let answered = 0;
    const requests = lines.map(({ orderId, product }) =>
      restock(orderId, product.id)
        .then((res) => {
          answered += 1;
          return res;
        })
        .catch(() => null),
    );
    // Kill inside the burst: once a few have been answered (some reached the database however slow the
    // machine is) and while most are still on their way.
    const deadline = Date.now() + 5000;
    while (answered < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    await server.crashAndRestart();
    await Promise.all(requests);

    const after = await Promise.all(lines.map(stateOf));
    for (const [i, state] of after.entries()) {
      expect(state, `line ${i}`).toEqual(state.restocked === null ? NOT_BACK : BACK);
    }
    // The kill landed after some had gone back: otherwise this proves nothing.
    expect(after.filter((s) => s.restocked !== null).length).toBeGreaterThan(0);

    // The admin tries again: the lines already back are refused (400), the others go back, once each.
    const retries = await Promise.all(lines.map(({ orderId, product }) => restock(orderId, product.id)));
    for (const [i, res] of retries.entries()) {
      expect(res.status, `retry ${i}: ${res.text}`).toBe(after[i].restocked === null ? 200 : 400);
    }
    for (const [i, state] of (await Promise.all(lines.map(stateOf))).entries()) {
      expect(state, `line ${i} after the retry`).toEqual(BACK);
    }
  }, 180_000);
});
