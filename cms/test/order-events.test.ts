/**
 * An order's timeline (issue 14 part 1): GET /api/v2/admin/orders/{id}/events and POST …/notes. Each status
 * change made in the control centre is one event with who, when, from → to (and the tracking number when it is
 * marked shipped); a resent confirmation is one; notes are the admins' own. That the change and its event
 * share a transaction is tested in-process (inprocess/order-events-transaction.service.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type Json, isEnvelope, startServer, type TestServer } from './harness';
import { createEditor, createOrder, signInAs } from './factories';

let server: TestServer;
let admin: AdminClient;
let adminId: string;
let adminEmail: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  const me = (await admin.api('/api/users/me')).body.user;
  adminId = me.id;
  adminEmail = me.email;
});

afterAll(async () => {
  await server?.stop();
});

const eventsOf = (id: string, client: AdminClient = admin) => client.api(`/api/v2/admin/orders/${id}/events`);
const setStatus = (id: string, json: unknown) => admin.api(`/api/v2/admin/orders/${id}`, { method: 'PUT', json });
const addNote = (id: string, json: unknown, client: AdminClient = admin) =>
  client.api(`/api/v2/admin/orders/${id}/notes`, { method: 'POST', json });

/**
 * The stored events only (the first entry, "paid", is read off the order itself), without the entries of the
 * shopper's shipped and delivered mails (issue 22), which go out after the change's answer, at their own pace.
 */
async function storedEvents(id: string): Promise<Json[]> {
  const res = await eventsOf(id);
  expect(res.status).toBe(200);
  return (res.body.result as Json[]).slice(1).filter((e) => e.type !== 'mail_sent');
}

describe('status changes on the timeline', () => {
  it('when an admin marks a processing order shipped with a tracking number, then the timeline shows the payment and one event PROCESSING → SHIPPED with that number, signed by the admin', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING', payer_full_name: 'Giulia Bianchi' });

    const res = await setStatus(order.id, { status: 'SHIPPED', tracking_number: 'RR 123 456 785 IT' });

    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('SHIPPED');
    const events = await eventsOf(order.id);
    expect(events.status).toBe(200);
    expect(isEnvelope(events)).toBe(true);
    const [paid, shipped, ...rest] = (events.body.result as Json[]).filter((e) => e.type !== 'mail_sent');
    expect(rest).toEqual([]);
    expect(paid).toMatchObject({ type: 'paid', by: 'Giulia Bianchi', to: 'NEW' });
    expect(shipped).toMatchObject({
      type: 'status',
      from: 'PROCESSING',
      to: 'SHIPPED',
      tracking_number: 'RR 123 456 785 IT',
      by_id: adminId,
      note: null,
    });
    expect(shipped.by).toContain(adminEmail);
    expect(Date.now() - Date.parse(shipped.at)).toBeLessThan(60_000);
  });

  it('when an order goes PROCESSING → SHIPPED → DELIVERED → COMPLETED, then there are three events in that order', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });

    for (const status of ['SHIPPED', 'DELIVERED', 'COMPLETED'])
      expect((await setStatus(order.id, { status })).status).toBe(200);

    const events = await storedEvents(order.id);
    expect(events.map((e) => [e.from, e.to])).toEqual([
      ['PROCESSING', 'SHIPPED'],
      ['SHIPPED', 'DELIVERED'],
      ['DELIVERED', 'COMPLETED'],
    ]);
  });

  it("when the status is changed through Payload's REST API instead, then the timeline still shows that change, from the order's own history", async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });

    const res = await admin.api(`/api/orders/${order.id}`, { method: 'PATCH', json: { status: 'CANCELLED' } });
    expect(res.status).toBe(200);

    const events = await storedEvents(order.id);
    expect(events.map((e) => [e.type, e.from, e.to, e.by_id])).toEqual([
      ['status', 'PROCESSING', 'CANCELLED', adminId],
    ]);
    expect(events[0].id).toBe(`history-${order.id}-0`);
  });

  it('when the status set is the one the order has, then no event is written', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });

    expect((await setStatus(order.id, { status: 'PROCESSING' })).status).toBe(200);

    expect(await storedEvents(order.id)).toEqual([]);
  });

  it('when a tracking number comes with a status other than SHIPPED, or holds markup, then 400 and nothing changes', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });

    const withCancel = await setStatus(order.id, { status: 'CANCELLED', tracking_number: 'RR123' });
    const markup = await setStatus(order.id, { status: 'SHIPPED', tracking_number: '<script>alert(1)</script>' });
    const tooLong = await setStatus(order.id, { status: 'SHIPPED', tracking_number: 'A'.repeat(65) });

    for (const res of [withCancel, markup, tooLong]) {
      expect(res.status).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
    expect((await admin.api(`/api/v2/admin/orders/${order.id}`)).body.result.status).toBe('PROCESSING');
    expect(await storedEvents(order.id)).toEqual([]);
  });
});

describe('notes', () => {
  it('when an admin adds a note, then 201 with the note, and the timeline ends with it, accents and line breaks kept', async () => {
    const order = await createOrder(admin, { status: 'NEW' });

    const res = await addNote(order.id, { text: '  Chiamare prima della consegna.\nCaffè in omaggio ☕  ' });

    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({
      type: 'note',
      note: 'Chiamare prima della consegna.\nCaffè in omaggio ☕',
      by_id: adminId,
      from: null,
      to: null,
    });
    const events = await storedEvents(order.id);
    expect(events.map((e) => e.type)).toEqual(['note']);
    expect(events[0].id).toBe(res.body.result.id);
  });

  it('when a note is empty, blank, 2001 characters, holds a control character, has another key or is not JSON, then 400 and no event', async () => {
    const order = await createOrder(admin, { status: 'NEW' });
    const bad: unknown[] = [
      { text: '' },
      { text: '   ' },
      { text: 'a'.repeat(2001) },
      { text: 'bell\u0007' },
      { text: 'escape \u001b[31m' },
      { text: 'ok', status: 'COMPLETED' },
      {},
      { text: 42 },
      ['text'],
    ];

    for (const json of bad) {
      const res = await addNote(order.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
    const notJson = await admin.api(`/api/v2/admin/orders/${order.id}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text": ',
    });
    expect(notJson.status).toBe(400);
    expect(await storedEvents(order.id)).toEqual([]);
  });

  it('when a note is exactly 2000 characters, then it is kept whole', async () => {
    const order = await createOrder(admin, { status: 'NEW' });

    const res = await addNote(order.id, { text: 'n'.repeat(2000) });

    expect(res.status).toBe(201);
    expect((await storedEvents(order.id))[0].note).toHaveLength(2000);
  });

  it('when the order does not exist or the id is malformed, then 404 and 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';

    expect((await eventsOf(missing)).status).toBe(404);
    expect((await addNote(missing, { text: 'hello' })).status).toBe(404);
    expect((await eventsOf('..%2F..%2Fusers')).status).toBe(400);
  });
});

describe('a resent confirmation', () => {
  it('when the shopper asks for the confirmation again, then the timeline gets one mail_resent event by the shopper', async () => {
    const order = await createOrder(admin, { status: 'NEW' });

    const res = await server.api(`/api/v2/payments/resend/${order.id}`);

    expect(res.status).toBe(200);
    const events = await storedEvents(order.id);
    expect(events.map((e) => [e.type, e.by, e.by_id])).toEqual([['mail_resent', 'shopper', null]]);
  });
});

describe('who may read and write the timeline', () => {
  it('when signed out, then 401; when signed in as an editor, then 403; and no note is written', async () => {
    const order = await createOrder(admin, { status: 'NEW' });
    const editorAccount = await createEditor(admin);
    const editor = await signInAs(server, editorAccount, 'panel');

    expect((await server.api(`/api/v2/admin/orders/${order.id}/events`)).status).toBe(401);
    expect(
      (await server.api(`/api/v2/admin/orders/${order.id}/notes`, { method: 'POST', json: { text: 'hi' } })).status,
    ).toBe(401);
    expect((await eventsOf(order.id, editor)).status).toBe(403);
    expect((await addNote(order.id, { text: 'hi' }, editor)).status).toBe(403);
    expect(await storedEvents(order.id)).toEqual([]);
  });

  it("when anyone tries Payload's REST API on order-events, then events can be neither created, changed nor deleted", async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    await setStatus(order.id, { status: 'SHIPPED', tracking_number: 'RR1' });
    const [event] = await storedEvents(order.id);

    const create = await admin.api('/api/order-events', {
      method: 'POST',
      json: { order: order.id, type: 'note', by: 'forged', at: new Date().toISOString(), note: 'forged' },
    });
    const update = await admin.api(`/api/order-events/${event.id}`, { method: 'PATCH', json: { note: 'edited' } });
    const remove = await admin.api(`/api/order-events/${event.id}`, { method: 'DELETE' });

    expect(create.status).toBe(403);
    expect(update.status).toBe(403);
    expect(remove.status).toBe(403);
    const after = await storedEvents(order.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: event.id, tracking_number: 'RR1', note: null });
  });
});

describe('the carrier of a shipment (issue 31 §12)', () => {
  const DHL_LINK = 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=LX123456789IT&submit=1';
  const shippedMail = (order: Json) =>
    server.waitForMail(
      (m) =>
        m.envelopeTo.includes(order.payer_email_address) && m.subject === `Your order ${order.number} is on its way`,
    );

  it("when orders are shipped with a chosen carrier, then the order keeps it and the shopper's page and mail link to that carrier, whatever the number looks like; Other links to the URL given", async () => {
    // LX…IT is no known carrier's format: without the choice it had no link at all.
    const dhl = await createOrder(admin, { status: 'PROCESSING' });
    const res = await setStatus(dhl.id, {
      status: 'SHIPPED',
      tracking_number: 'LX123456789IT',
      shipping_carrier: 'DHL',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'SHIPPED', shipping_carrier: 'DHL', tracking_url: null });
    expect((await server.api(`/api/v2/orders/${dhl.id}`)).body.result).toMatchObject({
      tracking_number: 'LX123456789IT',
      shipping_carrier: 'DHL',
      tracking_url: DHL_LINK,
    });
    expect((await shippedMail(dhl)).body).toContain(`Follow your parcel with DHL: ${DHL_LINK}`);

    // A 1Z number is UPS's format, but the shop said USPS: the link is USPS's.
    const usps = await createOrder(admin, { status: 'PROCESSING' });
    await setStatus(usps.id, { status: 'SHIPPED', tracking_number: '1Z999AA10123456784', shipping_carrier: 'USPS' });
    expect((await server.api(`/api/v2/orders/${usps.id}`)).body.result.tracking_url).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=1Z999AA10123456784',
    );

    // Other, in bulk: {number} is each parcel's number.
    const [a, b] = [await createOrder(admin, { status: 'PROCESSING' }), await createOrder(admin, { status: 'NEW' })];
    const bulk = await admin.api('/api/v2/admin/orders/bulk', {
      method: 'POST',
      json: {
        ids: [a.id, b.id],
        action: 'ship',
        tracking_numbers: { [a.id]: 'BRT 0042-77' },
        shipping_carrier: 'OTHER',
        tracking_url: 'https://track.example.it/p?n={number}',
      },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect((await server.api(`/api/v2/orders/${a.id}`)).body.result).toMatchObject({
      shipping_carrier: 'OTHER',
      tracking_url: 'https://track.example.it/p?n=BRT004277',
    });
    expect((await shippedMail(a)).body).toContain('Follow your parcel: https://track.example.it/p?n=BRT004277');
    expect((await admin.api(`/api/v2/admin/orders/${b.id}`)).body.result).toMatchObject({
      status: 'SHIPPED',
      shipping_carrier: 'OTHER',
      tracking_url: 'https://track.example.it/p?n={number}',
    });
  });

  it('when a carrier or tracking URL is wrong on any door (/api/v2, its bulk, Payload REST, the /cms panel), then 400 and the order is unchanged', async () => {
    const open = await createOrder(admin, { status: 'PROCESSING' });
    const shipped = await createOrder(admin, { status: 'PROCESSING' });
    expect((await setStatus(shipped.id, { status: 'SHIPPED', shipping_carrier: 'UPS' })).status).toBe(200);

    const v2 = [
      { status: 'SHIPPED', shipping_carrier: 'Pony Express' },
      { status: 'SHIPPED', shipping_carrier: 'OTHER' },
      { status: 'SHIPPED', shipping_carrier: 'UPS', tracking_url: 'https://ups.example/t' },
      { status: 'SHIPPED', shipping_carrier: 'OTHER', tracking_url: 'javascript:alert(1)' },
      { status: 'SHIPPED', shipping_carrier: 'OTHER', tracking_url: 'http://track.example/t' },
      { status: 'DELIVERED', shipping_carrier: 'UPS' },
    ].map((json) => () => setStatus(open.id, json));
    const bulk = [
      { ids: [open.id], action: 'ship', shipping_carrier: 'Pony Express' },
      { ids: [open.id], action: 'ship', shipping_carrier: 'OTHER' },
      { ids: [open.id], action: 'complete', shipping_carrier: 'UPS' },
    ].map((json) => () => admin.api('/api/v2/admin/orders/bulk', { method: 'POST', json }));
    const rest = (id: string, json: Record<string, unknown>) =>
      admin.api(`/api/orders/${id}?depth=0`, { method: 'PATCH', json });
    const panel = async (id: string, data: Record<string, unknown>) => {
      const doc = (await admin.api(`/api/orders/${id}?depth=0`)).body as Json;
      const form = new FormData();
      form.append('_payload', JSON.stringify({ ...doc, ...data }));
      return admin.api(`/api/orders/${id}?depth=0`, { method: 'PATCH', body: form });
    };
    const doors = [
      () => rest(shipped.id, { shipping_carrier: 'Pony Express' }),
      () => rest(shipped.id, { shipping_carrier: 'OTHER' }),
      () => rest(shipped.id, { tracking_url: 'https://ups.example/t' }),
      () => rest(shipped.id, { shipping_carrier: 'OTHER', tracking_url: 'https://track.example/a b' }),
      () => rest(open.id, { shipping_carrier: 'UPS' }),
      () => panel(shipped.id, { shipping_carrier: 'Pony Express' }),
      () => panel(shipped.id, { shipping_carrier: 'OTHER', tracking_url: '' }),
      () => panel(open.id, { shipping_carrier: 'DHL' }),
    ];
    const answers = [];
    // One after another: each answer is about one request, on the order as the others left it.
    for (const send of [...v2, ...bulk, ...doors]) answers.push(await send());
    expect(answers.map((res) => res.status)).toEqual(Array(17).fill(400));
    expect((await admin.api(`/api/v2/admin/orders/${open.id}`)).body.result).toMatchObject({
      status: 'PROCESSING',
      shipping_carrier: null,
      tracking_url: null,
    });
    expect((await admin.api(`/api/v2/admin/orders/${shipped.id}`)).body.result).toMatchObject({
      status: 'SHIPPED',
      shipping_carrier: 'UPS',
      tracking_url: null,
    });
    // The door is open to a right one: the family corrects the carrier in the panel.
    const fixed = await panel(shipped.id, {
      shipping_carrier: 'OTHER',
      tracking_url: 'https://track.example/t/{number}',
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect((await admin.api(`/api/v2/admin/orders/${shipped.id}`)).body.result.shipping_carrier).toBe('OTHER');
  });
});
