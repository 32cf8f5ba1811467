import type { Payload, PayloadRequest, Where } from 'payload';
import {
  type MarketPickup,
  type OrderStatus,
  pickupText,
  pickupWhen,
  type PickupDay,
  type PublicOrder,
} from '@shop/shared/admin';
import { AppError, notFound } from '../../lib/app-error';
import { setDatesIf } from '../../lib/conditional-update';
import { env } from '../../lib/env';
import { findByIdOr404 } from '../admin/admin-queries';
import { changeOrderStatus } from '../admin/order-events';
import type { AdminUser } from '../admin/sales';
import { str, type Doc } from '../mappers';
import { NOTICE_CLAIM_LEASE_MS } from '../order-notices';
import { escapeHtml, mailDocument, orderPageUrl, orderThreadHeaders } from '../order-mail';
import { toPublicOrder } from '../orders';
import { findPickupDay, nextShopCalendarDay, toPickupDay } from './pickup-days';

/**
 * Online orders collected at the market (issue 32 §4): the stall's list of the day's pickups, "Picked up",
 * and the reminder mail the day before.
 */

/** An order that is collected or called off is off every list. */
const DONE_STATUSES: OrderStatus[] = ['COMPLETED', 'CANCELLED'];

const MAX_PICKUPS = 500;

/** The ids of the pickup days on or before `date` (an order not collected stays on the next day's list). */
async function pickupDayIdsUpTo(payload: Payload, date: string): Promise<string[]> {
  const res = await payload.find({
    collection: 'market-days',
    where: { and: [{ date: { less_than_equal: date } }, { pickup: { equals: true } }] },
    select: { date: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  return res.docs.map((doc) => String(doc.id));
}

function toMarketPickup(doc: Doc): MarketPickup {
  const order = toPublicOrder(doc);
  return {
    id: order.id,
    number: order.number,
    name: order.payer_full_name || order.shipment_full_name,
    email: order.payer_email_address,
    total: Number(str(doc.transaction_gross_amount)) || 0,
    status: order.status,
    pickup_day_id: str(doc.pickup_day_id),
    items: order.products.map((line) => ({ product: line.product, quantity: line.quantity })),
  };
}

/**
 * The orders to hand over at a market day: those chosen for it and those of earlier pickup days not collected
 * yet, neither completed nor cancelled, oldest order first. `day` is the market day as stored (its id and date).
 */
export async function pickupsForDay(
  payload: Payload,
  day: { id: string | number; date: unknown },
): Promise<MarketPickup[]> {
  const dayIds = new Set(await pickupDayIdsUpTo(payload, str(day.date)));
  // The day itself counts even when it is not (or no longer) open for pickup: orders chose it when it was.
  dayIds.add(String(day.id));
  const res = await payload.find({
    collection: 'orders',
    where: {
      and: [{ pickup_day_id: { in: [...dayIds] } }, { status: { not_in: DONE_STATUSES } }],
    },
    sort: 'createdAt',
    limit: MAX_PICKUPS,
    depth: 0,
    overrideAccess: true,
  });
  return (res.docs as Doc[]).map(toMarketPickup);
}

/**
 * "Picked up" at the stall: the order becomes COMPLETED through the one status change every door uses, so its
 * history and timeline entry are those of any other change, with the words "Picked up at <place>". Marking an
 * order already collected changes nothing; a cancelled order, or one not collected at the market, is a 409.
 */
export async function markPickedUp(
  req: PayloadRequest,
  user: AdminUser,
  dayId: string,
  orderId: string,
): Promise<MarketPickup> {
  const day = await findPickupDay(req.payload, dayId);
  if (!day) throw notFound('Market day not found');
  const order = await findByIdOr404(req.payload, 'orders', user, orderId, 'Order not found');
  if (!str(order.pickup_day_id)) throw new AppError(409, 'This order is shipped, not collected at the market');
  const status = str(order.status) as OrderStatus;
  if (status === 'CANCELLED') throw new AppError(409, 'This order was cancelled; nothing was changed');
  const updated =
    status === 'COMPLETED'
      ? order
      : await changeOrderStatus(req, orderId, 'COMPLETED', { user, from: status, note: `Picked up at ${day.place}` });
  return toMarketPickup({ ...order, ...updated });
}

// ---------------------------------------------------------------------------------------------------------
// The reminder the day before

export function renderPickupReminder(
  order: PublicOrder,
  day: PickupDay,
): { subject: string; text: string; html: string } {
  const url = orderPageUrl(order.id);
  const subject = `See you tomorrow at ${day.place}: your order ${order.number}`;
  const text = [
    `Dear ${order.payer_full_name},`,
    '',
    `Your order ${order.number} is waiting for you tomorrow.`,
    `${pickupText(day)}.`,
    '',
    ...order.products.map((line) => `${line.quantity} × ${line.product}`),
    '',
    `Your order: ${url}`,
    '',
    'Grazie mille — Bottega di Famiglia',
  ].join('\n');
  const html = mailDocument(`<h1 style="color:#5a6e2c">See you tomorrow, ${escapeHtml(order.payer_full_name)}!</h1>
<p>Your order <strong>${escapeHtml(order.number)}</strong> is waiting for you at <strong>${escapeHtml(day.place)}</strong>, ${escapeHtml(pickupWhen(day))}.</p>
<ul>${order.products.map((line) => `<li>${line.quantity} × ${escapeHtml(line.product)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(url)}" style="color:#b5502d">See your order</a> — order number ${escapeHtml(order.number)}</p>`);
  return { subject, text, html };
}

/**
 * The same Message-ID on every attempt: a sender killed after the mail server took the reminder but before the
 * order recorded it is followed by a second sending after the claim's lease, which mail systems show once.
 */
function reminderMessageId(orderId: string, date: string): string {
  const domain = env.mailFrom.split('@')[1] || 'shop.invalid';
  return `<order-${orderId}-pickup-${date}@${domain}>`;
}

/**
 * Sends one reminder to each shopper whose order is to be collected tomorrow (the shop's calendar) and is not
 * yet: run by the reconciler's rounds. Each mail is claimed first with one conditional write of
 * `pickup_reminder_claimed_at` (a claim past NOTICE_CLAIM_LEASE_MS, its sender dead, may be taken over), and
 * `pickup_reminder_sent_at` is written only once the transport accepted it; a refused mail releases its claim
 * for the next round. Demo orders have made-up payers and are never mailed. Returns the reminders sent.
 */
export async function sendPickupReminders(
  payload: Payload,
  now = new Date(),
): Promise<{ sent: number; errors: number }> {
  const tomorrow = nextShopCalendarDay(now);
  const days = await payload.find({
    collection: 'market-days',
    where: {
      and: [{ date: { equals: tomorrow } }, { pickup: { equals: true } }, { status: { not_equals: 'CLOSED' } }],
    },
    select: { place: true, date: true, opens_at: true, closes_at: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  const report = { sent: 0, errors: 0 };
  if (days.docs.length === 0) return report;
  const byId = new Map((days.docs as Doc[]).map((doc) => [String(doc.id), toPickupDay(doc)]));
  const leaseEnd = new Date(now.getTime() - NOTICE_CLAIM_LEASE_MS);
  const due: Where = {
    and: [
      { pickup_day_id: { in: [...byId.keys()] } },
      { status: { not_in: DONE_STATUSES } },
      { demo: { not_equals: true } },
      { pickup_reminder_sent_at: { exists: false } },
    ],
  };
  const orders = await payload.find({
    collection: 'orders',
    where: due,
    sort: 'createdAt',
    limit: MAX_PICKUPS,
    depth: 0,
    overrideAccess: true,
  });
  for (const doc of orders.docs as Doc[]) {
    const id = String(doc.id);
    const claimedAt = new Date();
    const claimed = await setDatesIf(payload, 'orders', id, { pickup_reminder_claimed_at: claimedAt }, [
      [{ field: 'pickup_reminder_sent_at', isNull: true }],
      [
        { field: 'pickup_reminder_claimed_at', isNull: true },
        { field: 'pickup_reminder_claimed_at', before: leaseEnd },
      ],
    ]);
    if (!claimed) continue;
    const order = toPublicOrder(doc);
    const day = byId.get(str(doc.pickup_day_id))!;
    try {
      if (order.payer_email_address) {
        const mail = renderPickupReminder(order, day);
        await payload.sendEmail({
          to: order.payer_email_address,
          ...mail,
          ...orderThreadHeaders(order),
          messageId: reminderMessageId(order.id, day.date),
        });
      }
    } catch (err) {
      report.errors += 1;
      payload.logger.warn({ err, msg: `order ${order.number}: pickup reminder not sent; the next round tries again` });
      await setDatesIf(payload, 'orders', id, { pickup_reminder_claimed_at: null }, [
        [{ field: 'pickup_reminder_claimed_at', equals: claimedAt }],
      ]);
      continue;
    }
    await setDatesIf(
      payload,
      'orders',
      id,
      { pickup_reminder_sent_at: new Date(), pickup_reminder_claimed_at: null },
      [],
    );
    report.sent += 1;
  }
  return report;
}
