/**
 * Issue 22 §2, "The shopper hears about the parcel": marking an order shipped (its page, the selector, the bulk
 * bar) mails the payer the tracking number and a link to follow it; delivered sends a short mail; each change
 * mails once and never for a demo order; the public order carries the status and the parcel. One server for
 * every case; each case makes its own orders (with their own payer addresses) and reads its own mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type CapturedMail, type Json, startServer, type TestServer } from './harness';
import { createOrder, type Doc } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

const USPS_NUMBER = '9400111899223033005282';
const USPS_LINK = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223033005282';

const setStatus = (order: Doc, status: string, tracking_number?: string) =>
  admin.api(`/api/v2/admin/orders/${order.id}`, {
    method: 'PUT',
    json: tracking_number === undefined ? { status } : { status, tracking_number },
  });

const mailsTo = (order: Doc): CapturedMail[] =>
  server.mails.filter((m) => m.envelopeTo.includes(order.payer_email_address));

const mailTo = (order: Doc, subject: string) =>
  server.waitForMail((m) => m.envelopeTo.includes(order.payer_email_address) && m.subject === subject);

async function events(order: Doc): Promise<Json[]> {
  const res = await admin.api(`/api/v2/admin/orders/${order.id}/events`);
  expect(res.status).toBe(200);
  return res.body.result as Json[];
}

/** The timeline's `mail_sent` notes; the entry is written right after the mail server takes the mail. */
async function mailNotes(order: Doc, count: number): Promise<string[]> {
  const until = Date.now() + 5_000;
  for (;;) {
    const notes = (await events(order)).filter((e) => e.type === 'mail_sent').map((e) => e.note as string);
    if (notes.length >= count || Date.now() > until) return notes;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function saveTrackingTemplate(template: string) {
  const current = (await admin.api('/api/v2/admin/config')).body.result.shop;
  return admin.api('/api/v2/admin/config', {
    method: 'POST',
    json: {
      categories_order: current.categories_order,
      shipment_amount: current.shipment_amount,
      shipment_method: current.shipment_method,
      admin_email: current.admin_email,
      tracking_url_template: template,
    },
  });
}

describe('the shipped mail', () => {
  it('when an order is marked shipped on its page with a USPS number, then the payer gets the number and the USPS link, in the order thread, and the timeline says so', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING', payer_full_name: 'Giulia <Bianchi>' });
    expect((await setStatus(order, 'SHIPPED', USPS_NUMBER)).status).toBe(200);

    const mail = await mailTo(order, `Your order ${order.number} is on its way`);
    expect(mail.body).toContain(`Tracking number: ${USPS_NUMBER}`);
    expect(mail.body).toContain(`Follow your parcel with USPS: ${USPS_LINK}`);
    expect(mail.body).toContain(`href="${USPS_LINK}"`);
    // Everything printed is escaped in the HTML part.
    expect(mail.body).toContain('Dear Giulia &lt;Bianchi&gt;,');
    expect(mail.body).not.toContain('<Bianchi>,</p>');
    expect(mail.headers['in-reply-to']).toBe(`<order-${order.id}-confirmation@bottegadifamiglia.example>`);
    expect(mail.headers['references']).toBe(`<order-${order.id}-confirmation@bottegadifamiglia.example>`);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(await mailNotes(order, 1)).toEqual(['Shipping mail sent to the shopper']);
  });

  it('when the number is no known carrier and the shop has a tracking link, then the mail links to it; a link that is not https with {number} is refused', async () => {
    expect((await saveTrackingTemplate('http://track.example.it/?n={number}')).status).toBe(400);
    expect((await saveTrackingTemplate('https://track.example.it/parcel?n=1')).status).toBe(400);
    const saved = await saveTrackingTemplate('https://track.example.it/parcel?n={number}');
    expect(saved.status).toBe(200);
    expect((await admin.api('/api/v2/admin/config')).body.result.shop.tracking_url_template).toBe(
      'https://track.example.it/parcel?n={number}',
    );
    try {
      const order = await createOrder(admin, { status: 'PROCESSING' });
      expect((await setStatus(order, 'SHIPPED', 'BRT 0042-77')).status).toBe(200);
      const mail = await mailTo(order, `Your order ${order.number} is on its way`);
      expect(mail.body).toContain('Tracking number: BRT 0042-77');
      expect(mail.body).toContain('Follow your parcel: https://track.example.it/parcel?n=BRT004277');
      expect(mail.body).toContain('href="https://track.example.it/parcel?n=BRT004277"');

      const pub = await server.api(`/api/v2/orders/${order.id}`);
      expect(pub.body.result).toMatchObject({
        status: 'SHIPPED',
        tracking_number: 'BRT 0042-77',
        tracking_url: 'https://track.example.it/parcel?n=BRT004277',
      });
    } finally {
      expect((await saveTrackingTemplate('')).status).toBe(200);
    }
  });

  it('when an order is shipped without a tracking number, then the mail says it is on its way without one: no number, no link', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    expect((await setStatus(order, 'SHIPPED')).status).toBe(200);
    const mail = await mailTo(order, `Your order ${order.number} is on its way`);
    expect(mail.body).toContain(
      'It travels without a tracking number, so there is no link to follow it; it will reach you soon.',
    );
    expect(mail.body).not.toContain('Tracking number:');
    expect(mail.body).not.toContain('Follow your parcel');
  });
});

describe('the delivered mail and one mail per change', () => {
  it('when an order is set SHIPPED twice in a row and then DELIVERED, then the payer gets one shipped mail and one delivered mail', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    expect((await setStatus(order, 'SHIPPED', USPS_NUMBER)).status).toBe(200);
    await mailTo(order, `Your order ${order.number} is on its way`);
    expect((await setStatus(order, 'SHIPPED')).status).toBe(200);
    expect((await setStatus(order, 'DELIVERED')).status).toBe(200);

    const delivered = await mailTo(order, `Your order ${order.number} has been delivered`);
    expect(delivered.body).toContain(`Your order ${order.number} has been delivered. We hope you enjoy it!`);
    expect(delivered.headers['in-reply-to']).toBe(`<order-${order.id}-confirmation@bottegadifamiglia.example>`);
    expect(await mailNotes(order, 2)).toEqual([
      'Shipping mail sent to the shopper',
      'Delivery mail sent to the shopper',
    ]);
    expect(mailsTo(order).map((m) => m.subject)).toEqual([
      `Your order ${order.number} is on its way`,
      `Your order ${order.number} has been delivered`,
    ]);
  });

  it('when a demo order and three others are marked shipped in bulk, some without a tracking number, then each of the three payers gets one mail and the demo payer none', async () => {
    const demo = await createOrder(admin, { status: 'PROCESSING', demo: true });
    expect(demo.demo).toBe(true);
    const orders = [
      await createOrder(admin, { status: 'PROCESSING' }),
      await createOrder(admin, { status: 'NEW' }),
      await createOrder(admin, { status: 'PROCESSING' }),
    ];
    const res = await admin.api('/api/v2/admin/orders/bulk', {
      method: 'POST',
      // The demo order comes first: its turn is over by the time the others' mails arrive.
      json: {
        ids: [demo.id, ...orders.map((o) => o.id)],
        action: 'ship',
        tracking_numbers: { [orders[0].id]: USPS_NUMBER },
      },
    });
    expect(res.status).toBe(200);
    expect((res.body.result as Json[]).map((r) => [r.ok, r.to])).toEqual([
      [true, 'SHIPPED'],
      [true, 'SHIPPED'],
      [true, 'SHIPPED'],
      [true, 'SHIPPED'],
    ]);

    const first = await mailTo(orders[0], `Your order ${orders[0].number} is on its way`);
    expect(first.body).toContain(`Follow your parcel with USPS: ${USPS_LINK}`);
    for (const order of orders.slice(1)) {
      const mail = await mailTo(order, `Your order ${order.number} is on its way`);
      expect(mail.body).not.toContain('Tracking number:');
    }
    for (const order of orders) {
      expect(mailsTo(order)).toHaveLength(1);
      expect(await mailNotes(order, 1)).toEqual(['Shipping mail sent to the shopper']);
    }
    expect(mailsTo(demo)).toHaveLength(0);
    expect((await events(demo)).filter((e) => e.type === 'mail_sent')).toEqual([]);
  });
});

describe('GET /api/v2/orders/{id}: the parcel', () => {
  it('when an order is not shipped yet, then it has no tracking; once shipped with a USPS number, it carries the status, the number and the USPS link', async () => {
    const order = await createOrder(admin, { status: 'PROCESSING' });
    const before = await server.api(`/api/v2/orders/${order.id}`);
    expect(before.status).toBe(200);
    expect(before.body.result).toMatchObject({ status: 'PROCESSING', tracking_number: null, tracking_url: null });

    expect((await setStatus(order, 'SHIPPED', USPS_NUMBER)).status).toBe(200);
    expect((await setStatus(order, 'DELIVERED')).status).toBe(200);
    const after = await server.api(`/api/v2/orders/${order.id}`);
    expect(after.body.result).toMatchObject({
      status: 'DELIVERED',
      tracking_number: USPS_NUMBER,
      tracking_url: USPS_LINK,
    });
    // The control centre's order keeps what was stored: a tracking URL only for carrier Other (a USPS link is
    // built from the number for the shopper, never stored).
    const adminOrder = (await admin.api(`/api/v2/admin/orders/${order.id}`)).body.result;
    expect(adminOrder.tracking_url).toBeNull();
  });
});
