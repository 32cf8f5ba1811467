/**
 * POST /api/v2/admin/orders/bulk (issue 14 part 3): one action applied to each selected order, each in its own
 * transaction, answered per order; the order page's status flow (SPEC §4) decides which orders may change and
 * the others are reported, never skipped silently or forced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, isEnvelope, startServer, type TestServer, uid } from './harness';
import { createEditor, createOrder, signInAs } from './factories';
import { seedOrders } from './seed-orders';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

const bulk = (client: AdminClient, json: unknown) => client.api('/api/v2/admin/orders/bulk', { method: 'POST', json });

async function statusOf(id: string): Promise<string> {
  const res = await admin.api(`/api/v2/admin/orders/${id}`);
  return res.body.result.status as string;
}

async function historyLength(id: string): Promise<number> {
  const res = await admin.api(`/api/v2/admin/orders/${id}`);
  return (res.body.result.history as Json[]).length;
}

describe('POST /api/v2/admin/orders/bulk: per-order results', () => {
  it('when a new and a processing order are marked shipped with tracking numbers, then both are SHIPPED and each result says from → to', async () => {
    const a = await createOrder(admin, { status: 'NEW' });
    const b = await createOrder(admin, { status: 'PROCESSING' });
    const res = await bulk(admin, {
      ids: [a.id, b.id],
      action: 'ship',
      tracking_numbers: { [a.id]: '1Z999AA10123456784', [b.id]: 'RR 123 456 785 IT' },
    });
    expect(res.status).toBe(200);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual([
      { id: a.id, number: a.number, ok: true, from: 'NEW', to: 'SHIPPED' },
      { id: b.id, number: b.number, ok: true, from: 'PROCESSING', to: 'SHIPPED' },
    ]);
    expect(await statusOf(a.id)).toBe('SHIPPED');
    expect(await statusOf(b.id)).toBe('SHIPPED');
    expect(await historyLength(a.id)).toBe(1);
    // Each change is one timeline event, carrying that order's own tracking number.
    for (const [order, tracking, from] of [
      [a, '1Z999AA10123456784', 'NEW'],
      [b, 'RR 123 456 785 IT', 'PROCESSING'],
    ] as const) {
      const events = (await admin.api(`/api/v2/admin/orders/${order.id}/events`)).body.result as Json[];
      expect(events.filter((e) => e.type === 'status').map((e) => [e.from, e.to, e.tracking_number])).toEqual([
        [from, 'SHIPPED', tracking],
      ]);
    }
  });

  it('when a completed, a cancelled, a shipped and a delivered order are marked shipped, then none changes and each result says why', async () => {
    const orders = await Promise.all(
      (['COMPLETED', 'CANCELLED', 'SHIPPED', 'DELIVERED'] as const).map((s) => createOrder(admin, { status: s })),
    );
    const res = await bulk(admin, {
      ids: orders.map((o) => o.id),
      action: 'ship',
      tracking_numbers: Object.fromEntries(orders.map((o, i) => [o.id, `TRK${i}`])),
    });
    expect(res.status).toBe(200);
    expect(res.body.result.map((r: Json) => [r.ok, r.from, r.to, r.error])).toEqual([
      [false, 'COMPLETED', 'SHIPPED', 'The order is already completed'],
      [false, 'CANCELLED', 'SHIPPED', 'The order is already cancelled'],
      [false, 'SHIPPED', 'SHIPPED', 'The order is already shipped'],
      [false, 'DELIVERED', 'SHIPPED', 'The order is already delivered'],
    ]);
    expect(await Promise.all(orders.map((o) => statusOf(o.id)))).toEqual([
      'COMPLETED',
      'CANCELLED',
      'SHIPPED',
      'DELIVERED',
    ]);
    expect(await Promise.all(orders.map((o) => historyLength(o.id)))).toEqual([0, 0, 0, 0]);
    const events = await Promise.all(orders.map((o) => admin.api(`/api/v2/admin/orders/${o.id}/events`)));
    expect(events.map((e) => (e.body.result as Json[]).filter((x) => x.type === 'status').length)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('when shipped and delivered orders are completed and a completed one is among them, then the two open ones are COMPLETED and the third is reported', async () => {
    const shipped = await createOrder(admin, { status: 'SHIPPED' });
    const delivered = await createOrder(admin, { status: 'DELIVERED' });
    const done = await createOrder(admin, { status: 'COMPLETED' });
    const res = await bulk(admin, { ids: [shipped.id, done.id, delivered.id], action: 'complete' });
    expect(res.body.result.map((r: Json) => [r.id, r.ok, r.from, r.to])).toEqual([
      [shipped.id, true, 'SHIPPED', 'COMPLETED'],
      [done.id, false, 'COMPLETED', 'COMPLETED'],
      [delivered.id, true, 'DELIVERED', 'COMPLETED'],
    ]);
    expect(res.body.result[1].error).toBe('The order is already completed');
    expect(await statusOf(shipped.id)).toBe('COMPLETED');
    expect(await statusOf(delivered.id)).toBe('COMPLETED');
  });

  it('when a new order and a cancelled one are cancelled, then the new one is CANCELLED and the cancelled one is reported', async () => {
    const open = await createOrder(admin, { status: 'NEW' });
    const cancelled = await createOrder(admin, { status: 'CANCELLED' });
    const res = await bulk(admin, { ids: [open.id, cancelled.id], action: 'cancel' });
    expect(res.body.result.map((r: Json) => [r.ok, r.from, r.error ?? null])).toEqual([
      [true, 'NEW', null],
      [false, 'CANCELLED', 'The order is already cancelled'],
    ]);
    expect(await statusOf(open.id)).toBe('CANCELLED');
  });

  it('when one order of the selection cannot be written and one id names no order, then only they fail and the others change (a transaction per order)', async () => {
    const before = await createOrder(admin, { status: 'PROCESSING' });
    const after = await createOrder(admin, { status: 'NEW' });
    // A line with quantity 0 breaks the collection's rule (min 1), so saving this order is refused.
    const brokenNumber = `BRK${uid().toUpperCase()}`;
    await seedOrders(server, {
      planted: [
        {
          number: brokenNumber,
          status: 'PROCESSING',
          payer_full_name: 'Broken Order',
          shipment_amount: 0,
          products: [{ product_id: 'p-0', product: 'Nothing', price: 1, quantity: 0 }],
        },
      ],
    });
    const found = await admin.api(`/api/v2/admin/orders?number=${brokenNumber}`);
    const brokenId = found.body.result[0].id as string;
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const res = await bulk(admin, { ids: [before.id, brokenId, unknownId, after.id], action: 'complete' });
    expect(res.status).toBe(200);
    expect(res.body.result.map((r: Json) => [r.id, r.ok, r.from])).toEqual([
      [before.id, true, 'PROCESSING'],
      [brokenId, false, 'PROCESSING'],
      [unknownId, false, null],
      [after.id, true, 'NEW'],
    ]);
    expect(res.body.result[1].error).toBe('The order could not be changed; nothing was written');
    expect(res.body.result[2]).toEqual({
      id: unknownId,
      number: '',
      ok: false,
      from: null,
      to: 'COMPLETED',
      error: 'Order not found',
    });
    expect(await statusOf(before.id)).toBe('COMPLETED');
    expect(await statusOf(after.id)).toBe('COMPLETED');
    expect(await statusOf(brokenId)).toBe('PROCESSING');
    expect(await historyLength(brokenId)).toBe(0);
  });
});

describe('POST /api/v2/admin/orders/bulk: who and what is refused', () => {
  it('when the body is hostile or incomplete, then 400 in the envelope and no order changes', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    const many = Array.from({ length: 201 }, (_, i) => `id-${i}`);
    const bodies: unknown[] = [
      {},
      { ids: [], action: 'complete' },
      { ids: many, action: 'complete' },
      { ids: [order.id, order.id], action: 'complete' },
      { ids: [order.id], action: 'delete' },
      { ids: [order.id], action: 'ship', tracking_numbers: { [order.id]: '' } },
      { ids: [order.id], action: 'ship', tracking_numbers: { [order.id]: '<script>alert(1)</script>' } },
      { ids: [order.id], action: 'ship', tracking_numbers: { [order.id]: 'TRK\u00001' } },
      { ids: [order.id], action: 'ship', tracking_numbers: { [order.id]: 'X'.repeat(65) } },
      { ids: [order.id], action: 'ship', tracking_numbers: { [order.id]: 'T1', other: 'T2' } },
      { ids: [order.id], action: 'complete', tracking_numbers: { [order.id]: 'T1' } },
      { ids: ["' OR 1=1 --"], action: 'complete' },
      { ids: [order.id], action: 'complete', status: 'COMPLETED' },
      { ids: order.id, action: 'complete' },
      [order.id],
    ];
    for (const json of bodies) {
      const res = await bulk(admin, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
    const raw = await admin.api('/api/v2/admin/orders/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ids": [',
    });
    expect(raw.status).toBe(400);
    expect(await statusOf(order.id)).toBe('PROCESSING');
  });

  it('when no one is signed in, then 401 and the order is unchanged', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    const res = await server.api('/api/v2/admin/orders/bulk', {
      method: 'POST',
      json: { ids: [order.id], action: 'cancel' },
    });
    expect(res.status).toBe(401);
    expect(isEnvelope(res)).toBe(true);
    expect(await statusOf(order.id)).toBe('PROCESSING');
  });

  it('when an editor (the /cms panel only) calls it, then 403 and the order is unchanged', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    const editor = await signInAs(server, await createEditor(admin), 'panel');
    const res = await bulk(editor, { ids: [order.id], action: 'cancel' });
    expect(res.status).toBe(403);
    expect(isEnvelope(res)).toBe(true);
    expect(await statusOf(order.id)).toBe('PROCESSING');
  });
});
