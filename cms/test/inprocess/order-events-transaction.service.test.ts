/**
 * An order's status and its timeline event are written in one transaction (issue 14 part 1): when the second
 * write fails, the first is undone too. In-process, because making the event write fail needs a value the
 * HTTP API refuses before it gets there (see setup.ts).
 */
import type { PayloadRequest } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uid } from './helpers';
import { startInProcessShop, type InProcessShop } from './setup';

let shop: InProcessShop;
let events: typeof import('../../services/admin/order-events');
let transaction: typeof import('../../lib/transaction');
let createLocalReq: typeof import('payload').createLocalReq;
beforeAll(async () => {
  shop = await startInProcessShop();
  events = await import('../../services/admin/order-events');
  transaction = await import('../../lib/transaction');
  ({ createLocalReq } = await import('payload'));
  // A real account: the event keeps a relation to the admin who acted.
  const user = await shop.payload.create({
    collection: 'users',
    data: { ...ADMIN, id: undefined, password: 'a'.repeat(64) } as never,
    overrideAccess: true,
  });
  ADMIN.id = String(user.id);
}, 120_000);
afterAll(async () => shop?.stop());

/** An admin as the services receive one (the access rules look at the role only). */
const ADMIN = {
  id: '',
  role: 'admin',
  collection: 'users',
  email: 'tx.admin@example.com',
  firstname: 'Ada',
  lastname: 'Tx',
};

async function makeOrder(status = 'PROCESSING'): Promise<string> {
  const doc = await shop.payload.create({
    collection: 'orders',
    data: {
      status,
      payer_full_name: 'Tx Payer',
      payer_email_address: `tx.${uid()}@example.com`,
      transaction_gross_amount: '10.00',
      products: [{ product_id: 'p-1', product: 'Olive oil', price: 10, quantity: 1 }],
    },
    overrideAccess: true,
    depth: 0,
  });
  return String(doc.id);
}

async function stored(orderId: string): Promise<{ status: string; history: number; events: number }> {
  const order = await shop.payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true });
  const found = await shop.payload.count({
    collection: 'order-events',
    where: { order: { equals: orderId } },
    overrideAccess: true,
  });
  const history = Array.isArray(order.status_history) ? order.status_history.length : 0;
  return { status: String(order.status), history, events: found.totalDocs };
}

const reqAs = async () => (await createLocalReq({ user: ADMIN as never }, shop.payload)) as PayloadRequest;

describe('changeOrderStatus: the status and its event in one transaction', () => {
  it('when the status changes, then the order is SHIPPED with one history entry and one event carrying the tracking number', async () => {
    const id = await makeOrder('PROCESSING');

    await events.changeOrderStatus(await reqAs(), id, 'SHIPPED', { user: ADMIN as never, tracking_number: 'RR123IT' });

    expect(await stored(id)).toEqual({ status: 'SHIPPED', history: 1, events: 1 });
    const list = await events.listOrderEvents(shop.payload, ADMIN as never, id);
    expect(list.map((e) => [e.type, e.from, e.to, e.tracking_number, e.by])).toEqual([
      ['paid', null, 'NEW', null, 'Tx Payer'],
      ['status', 'PROCESSING', 'SHIPPED', 'RR123IT', 'Ada Tx <tx.admin@example.com>'],
    ]);
  });

  it('when the event cannot be written (a 65-character tracking number), then the status change is undone too: still PROCESSING, no history entry, no event', async () => {
    const id = await makeOrder('PROCESSING');

    await expect(
      events.changeOrderStatus(await reqAs(), id, 'SHIPPED', { user: ADMIN as never, tracking_number: 'X'.repeat(65) }),
    ).rejects.toThrow();

    expect(await stored(id)).toEqual({ status: 'PROCESSING', history: 0, events: 0 });
  });

  it('when the caller throws after the change inside its own transaction, then neither the status nor the event stays', async () => {
    const id = await makeOrder('NEW');
    const req = await reqAs();

    await expect(
      transaction.withTransaction(req, async () => {
        await events.changeOrderStatus(req, id, 'CANCELLED', { user: ADMIN as never });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');

    expect(await stored(id)).toEqual({ status: 'NEW', history: 0, events: 0 });
  });

  it('when the status is already the one asked for, then nothing is written: no history entry, no event', async () => {
    const id = await makeOrder('DELIVERED');

    await events.changeOrderStatus(await reqAs(), id, 'DELIVERED', { user: ADMIN as never });

    expect(await stored(id)).toEqual({ status: 'DELIVERED', history: 0, events: 0 });
  });

  it('when other writes of this process run while a change is in its transaction, then all of them finish and all land', async () => {
    const ids = await Promise.all([makeOrder(), makeOrder(), makeOrder()]);

    // Three changes (three transactions) and three plain writes at once: the writes wait for the open
    // transaction instead of blocking the event loop on SQLite's lock.
    await Promise.all([
      ...ids.map(async (id) => events.changeOrderStatus(await reqAs(), id, 'COMPLETED', { user: ADMIN as never })),
      makeOrder('NEW'),
      makeOrder('NEW'),
      makeOrder('NEW'),
    ]);

    for (const id of ids) expect(await stored(id)).toEqual({ status: 'COMPLETED', history: 1, events: 1 });
  });
});
