/**
 * Issue 32 §4, pick up at the market: GET market/pickup-days lists the coming days open for pickup; a checkout
 * with a `pickup_day_id` is priced without shipping, PayPal asks for no address, and the order, its page and
 * its mails name the day; a day that cannot be chosen is refused with nothing stored; the reminder goes out
 * once, the day before, from the reconciler's rounds; the stall lists the day's pickups (with those of earlier
 * days not collected) and "Picked up" completes the order with its timeline entry.
 *
 * In-process (inprocess/setup.ts): the reminder's "tomorrow" is the clock the test hands the reconciler's round.
 * Every /api/v2 answer is held to the served API description (contract.ts), as the harness does.
 */
import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketPickup } from '@shop/shared/admin';
import { checkAnswer } from './contract';
import { sha256hex, uid } from './harness';
import { approve, type Doc, makeProduct } from './inprocess/helpers';
import { type InProcessShop, startInProcessShop } from './inprocess/setup';

let shop: InProcessShop;
let payload: Payload;
let cookie: string;
let reconcileOnce: (payload: Payload, now?: Date) => Promise<{ pickupReminders: number }>;
let pickupsForDay: (payload: Payload, day: { id: string; date: string }) => Promise<MarketPickup[]>;

/** The shop's calendar day `offset` days from today (the server's local date, as the shop counts days). */
function dayFromToday(offset: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, 12);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function api(pathname: string, init: { method?: string; json?: unknown; admin?: boolean } = {}) {
  const res = await fetch(shop.baseUrl + pathname, {
    method: init.method ?? 'GET',
    headers: {
      origin: shop.baseUrl,
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.admin ? { cookie } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  await checkAnswer(shop.baseUrl, init.method ?? 'GET', pathname, { status: res.status, headers: res.headers, body });
  return { status: res.status, body, text };
}

async function makeDay(data: Record<string, unknown>): Promise<Doc> {
  return (await payload.create({
    collection: 'market-days',
    data: { opens_at: '08:00', closes_at: '13:00', pickup: true, status: 'PLANNED', ...data },
    overrideAccess: true,
  })) as unknown as Doc;
}

const paymentsCount = async () => (await payload.count({ collection: 'payments', overrideAccess: true })).totalDocs;

let product: Doc;
const days: Record<string, Doc> = {};

/** A checkout of `quantity` × the $12.50 product collected at `dayId`, paid by `email`; the order's id. */
async function payForPickup(dayId: string, email: string, quantity = 2): Promise<string> {
  const created = await api('/api/v2/payments/create', {
    method: 'POST',
    json: { products: [{ id: product.id, quantity }], pickup_day_id: dayId },
  });
  expect(created.status, created.text).toBe(201);
  const { id, secret } = created.body.result as { id: string; secret: string };
  await approve(shop, id, { payer: { name: { given_name: 'Lucia', surname: 'Ferri' }, email_address: email } });
  const captured = await api('/api/v2/payments/capture', { method: 'POST', json: { orderId: id, secret } });
  expect(captured.status, captured.text).toBe(200);
  return captured.body.result.id as string;
}

const orderDoc = async (id: string) =>
  (await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true })) as unknown as Doc;

beforeAll(async () => {
  shop = await startInProcessShop();
  payload = shop.payload;
  ({ reconcileOnce } = await import('../services/payment-reconciler'));
  ({ pickupsForDay } = await import('../services/market/pickups'));
  const email = `pickups-${uid()}@test.example`;
  const password = sha256hex('Olive#Pickup2026');
  await payload.create({
    collection: 'users',
    data: { email, password, role: 'admin', firstname: 'Chiara', lastname: 'Conti', active: true } as never,
    overrideAccess: true,
  });
  const login = await fetch(`${shop.baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))!
    .split(';')[0];
  await payload.updateGlobal({
    slug: 'shop-settings',
    data: { shipment_amount: 7.9, shipment_method: 'USPS Priority Mail' } as never,
    overrideAccess: true,
  });
  product = await makeProduct(payload, { name: `Olio Nuovo ${uid()}`, price: 12.5 });
  days.yesterday = await makeDay({ place: 'Campo Ieri', date: dayFromToday(-1) });
  days.today = await makeDay({ place: 'Piazza Oggi', date: dayFromToday(0), status: 'OPEN', opens_at: '07:30' });
  days.tomorrow = await makeDay({ place: 'Mercato Domani', date: dayFromToday(1) });
  days.closed = await makeDay({ place: 'Borgo Chiuso', date: dayFromToday(2), status: 'CLOSED' });
  days.noPickup = await makeDay({ place: 'Stalla Senza', date: dayFromToday(3), pickup: false });
  // Far ahead, so its texts are fixed: Saturday, May 16, 2099.
  days.may16 = await makeDay({ place: 'Piazza Grande', date: '2099-05-16', closes_at: '13:30' });
}, 120_000);
afterAll(async () => shop?.stop());

describe('pickup days', () => {
  it('when days are planned, then pickup-days lists those of today and later that take pickups and are not closed, soonest first', async () => {
    const res = await api('/api/v2/market/pickup-days');
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toEqual([
      { id: days.today.id, place: 'Piazza Oggi', date: dayFromToday(0), opens_at: '07:30', closes_at: '13:00' },
      { id: days.tomorrow.id, place: 'Mercato Domani', date: dayFromToday(1), opens_at: '08:00', closes_at: '13:00' },
      { id: days.may16.id, place: 'Piazza Grande', date: '2099-05-16', opens_at: '08:00', closes_at: '13:30' },
    ]);
  });
});

describe('checkout for pickup', () => {
  it('when a cart is paid for pickup, then it is priced without shipping, PayPal asks for no address, and the order, its page and its mails name the day', async () => {
    const email = `lucia.${uid()}@example.com`;
    const created = await api('/api/v2/payments/create', {
      method: 'POST',
      json: { products: [{ id: product.id, quantity: 2 }], pickup_day_id: days.may16.id },
    });
    expect(created.status, created.text).toBe(201);
    const paypalId = created.body.result.id as string;
    const snapshot = await (await fetch(`${shop.baseUrl}/__paypal/__inspect/orders/${paypalId}`)).json();
    // 2 × 12.50 = 25.00, and no shipping (7.90 otherwise: 32.90).
    expect(snapshot.order.purchase_units[0].amount).toEqual({
      currency_code: 'USD',
      value: '25.00',
      breakdown: {
        item_total: { currency_code: 'USD', value: '25.00' },
        shipping: { currency_code: 'USD', value: '0.00' },
        discount: { currency_code: 'USD', value: '0.00' },
      },
    });
    await approve(shop, paypalId, {
      payer: { name: { given_name: 'Lucia', surname: 'Ferri' }, email_address: email },
      shipping: {
        address: {
          address_line_1: '9 Elm St',
          admin_area_2: 'Boston',
          admin_area_1: 'MA',
          postal_code: '02108',
          country_code: 'US',
        },
      },
    });
    const captured = await api('/api/v2/payments/capture', {
      method: 'POST',
      json: { orderId: paypalId, secret: created.body.result.secret },
    });
    expect(captured.status, captured.text).toBe(200);
    const orderId = captured.body.result.id as string;

    const order = await orderDoc(orderId);
    expect(order).toMatchObject({
      pickup_day_id: days.may16.id,
      shipment_amount: 0,
      shipment_method: 'Pick up at the market',
      transaction_gross_amount: '25.00',
      // NO_SHIPPING: PayPal kept no address, whatever the buyer's wallet holds.
      shipment_address: { address_line_1: '', postal_code: '', country_code: '' },
    });

    const page = await api(`/api/v2/orders/${orderId}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.result.pickup).toEqual({
      id: days.may16.id,
      place: 'Piazza Grande',
      date: '2099-05-16',
      opens_at: '08:00',
      closes_at: '13:30',
    });

    const confirmation = await shop.waitForMail((m) => m.to.includes(email));
    expect(confirmation.body).toContain('Pick up at Piazza Grande, Saturday, May 16, 2099, 8:00 AM–1:30 PM');
    expect(confirmation.body).not.toContain('Shipping to');
    const notice = await shop.waitForMail((m) => m.subject.startsWith(`New order ${String(order.number)}`));
    expect(notice.body).toContain('Pick up at Piazza Grande, Saturday, May 16, 2099, 8:00 AM–1:30 PM');
  });

  it('when the day is past, closed, not for pickup or unknown, then payments/create answers 400 naming it and stores nothing', async () => {
    const before = await paymentsCount();
    const cases: Array<[string, string]> = [
      [days.yesterday.id, 'This pick-up day is past; please choose another'],
      [days.closed.id, 'This market day is closed; please choose another pick-up day'],
      [days.noPickup.id, 'Orders cannot be picked up at this market day; please choose another'],
      ['no-such-day', 'This pick-up day does not exist; please choose another'],
    ];
    for (const [id, message] of cases) {
      const res = await api('/api/v2/payments/create', {
        method: 'POST',
        json: { products: [{ id: product.id, quantity: 1 }], pickup_day_id: id },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.result).toEqual({ message, pickup_day_id: id });
    }
    expect(await paymentsCount()).toBe(before);
  });
});

describe('reminder and the stall', () => {
  it('when the reconciler runs the day before, then each open pickup order of that day gets one reminder, and a second round sends none', async () => {
    const remind = `remind.${uid()}@example.com`;
    const collected = `collected.${uid()}@example.com`;
    const toRemind = await payForPickup(days.may16.id, remind);
    const done = await payForPickup(days.may16.id, collected);
    await payload.update({ collection: 'orders', id: done, data: { status: 'COMPLETED' }, overrideAccess: true });
    const demo = await payForPickup(days.may16.id, `demo.${uid()}@example.com`);
    await payload.update({ collection: 'orders', id: demo, data: { demo: true }, overrideAccess: true });
    const reminders = () => shop.mails.filter((m) => m.subject.startsWith('See you tomorrow'));
    const before = reminders().length;

    // Two days before: not yet.
    expect((await reconcileOnce(payload, new Date(2099, 4, 14, 9))).pickupReminders).toBe(0);
    // The day before, twice (two rounds, or two instances one after the other).
    const first = await reconcileOnce(payload, new Date(2099, 4, 15, 9));
    const second = await reconcileOnce(payload, new Date(2099, 4, 15, 9, 3));
    // The order of the checkout test above is for this day too: 2 reminders, that one and `toRemind`.
    expect([first.pickupReminders, second.pickupReminders]).toEqual([2, 0]);
    const sent = reminders().slice(before);
    expect(sent.map((m) => m.to).filter((to) => to.includes(remind))).toHaveLength(1);
    expect(sent.some((m) => m.to.includes(collected))).toBe(false);
    const mail = sent.find((m) => m.to.includes(remind))!;
    expect(mail.subject).toBe(
      `See you tomorrow at Piazza Grande: your order ${String((await orderDoc(toRemind)).number)}`,
    );
    expect(mail.body).toContain('Pick up at Piazza Grande, Saturday, May 16, 2099, 8:00 AM–1:30 PM.');
    // One Message-ID per order and day: a reminder sent again after a crash shows once.
    expect(mail.headers['message-id']).toMatch(new RegExp(`^<order-${toRemind}-pickup-2099-05-16@`));
    expect((await orderDoc(toRemind)).pickup_reminder_sent_at).toBeTruthy();
    expect((await orderDoc(demo)).pickup_reminder_sent_at ?? null).toBeNull();
  });

  it("when an order is picked up at the stall, then it is COMPLETED with its timeline entry, and an order not picked up stays on the next day's list", async () => {
    const fromYesterday = await payForPickupOnDay(days.yesterday);
    const forToday = await payForPickup(days.today.id, `today.${uid()}@example.com`, 1);
    const forTomorrow = await payForPickup(days.tomorrow.id, `tomorrow.${uid()}@example.com`, 1);

    const today = { id: days.today.id, date: dayFromToday(0) };
    const listed = await pickupsForDay(payload, today);
    expect(listed.map((p) => p.id).sort()).toEqual([fromYesterday, forToday].sort());
    expect(listed.find((p) => p.id === forToday)).toMatchObject({
      name: 'Lucia Ferri',
      total: 12.5,
      status: 'NEW',
      pickup_day_id: days.today.id,
      items: [{ product: product.name, quantity: 1 }],
    });

    const picked = await api(`/api/v2/admin/market/days/${days.today.id}/pickups/${forToday}`, {
      method: 'POST',
      admin: true,
    });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body.result).toMatchObject({ id: forToday, status: 'COMPLETED' });
    // Again (a second tap, another phone): nothing more happens.
    const again = await api(`/api/v2/admin/market/days/${days.today.id}/pickups/${forToday}`, {
      method: 'POST',
      admin: true,
    });
    expect(again.status, again.text).toBe(200);

    const events = await api(`/api/v2/admin/orders/${forToday}/events`, { admin: true });
    const changes = (events.body.result as Array<{ type: string; from: string; to: string; note: string | null }>)
      .filter((e) => e.type === 'status')
      .map(({ from, to, note }) => ({ from, to, note }));
    expect(changes).toEqual([{ from: 'NEW', to: 'COMPLETED', note: 'Picked up at Piazza Oggi' }]);
    expect((await orderDoc(forToday)).status).toBe('COMPLETED');

    expect((await pickupsForDay(payload, today)).map((p) => p.id)).toEqual([fromYesterday]);
    // Tomorrow: yesterday's order still waits, with tomorrow's own.
    const tomorrowList = await pickupsForDay(payload, { id: days.tomorrow.id, date: dayFromToday(1) });
    expect(tomorrowList.map((p) => p.id).sort()).toEqual([fromYesterday, forTomorrow].sort());

    const shipped = await api(`/api/v2/admin/market/days/${days.today.id}/pickups/no-such-order`, {
      method: 'POST',
      admin: true,
    });
    expect(shipped.status).toBe(404);
  });
});

/** An order chosen for a day now past: paid while it was coming (the day moved back afterwards). */
async function payForPickupOnDay(day: Doc): Promise<string> {
  await payload.update({
    collection: 'market-days',
    id: day.id,
    data: { date: dayFromToday(5) },
    overrideAccess: true,
  });
  try {
    return await payForPickup(day.id, `yesterday.${uid()}@example.com`, 1);
  } finally {
    await payload.update({ collection: 'market-days', id: day.id, data: { date: day.date }, overrideAccess: true });
  }
}
