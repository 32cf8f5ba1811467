import type { Payload } from 'payload';
import type { PickupDay } from '@shop/shared';
import { badRequest } from '../../lib/app-error';
import { str, type Doc } from '../mappers';

/**
 * The market days online shoppers may collect an order at (issue 32 §4). `market-days` is an admin-only
 * collection: shoppers see only these five fields of the coming pickup days, read here with access overridden.
 */

/**
 * A market's date is a calendar day in the shop's time zone, which is the server's (like the analytics'
 * months): "today" is the server's local date, written YYYY-MM-DD.
 */
export function shopCalendarDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The shop's calendar day after `at`'s (a local-time step, so a change to or from summer time does not skip one). */
export function nextShopCalendarDay(at: Date): string {
  return shopCalendarDay(new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1, 12));
}

export const toPickupDay = (doc: Doc): PickupDay => ({
  id: String(doc.id),
  place: str(doc.place),
  date: str(doc.date),
  opens_at: str(doc.opens_at),
  closes_at: str(doc.closes_at),
});

const PICKUP_DAY_FIELDS = {
  place: true,
  date: true,
  opens_at: true,
  closes_at: true,
  pickup: true,
  status: true,
} as const;

/** At most this many coming days are offered: the checkout lists them all. */
const MAX_COMING_DAYS = 50;

/** GET market/pickup-days: today's and later days open for pickup and not closed, soonest first. */
export async function listPickupDays(payload: Payload, now = new Date()): Promise<PickupDay[]> {
  const res = await payload.find({
    collection: 'market-days',
    where: {
      and: [
        { date: { greater_than_equal: shopCalendarDay(now) } },
        { pickup: { equals: true } },
        { status: { not_equals: 'CLOSED' } },
      ],
    },
    select: PICKUP_DAY_FIELDS,
    sort: ['date', 'opens_at'],
    limit: MAX_COMING_DAYS,
    depth: 0,
    overrideAccess: true,
  });
  return (res.docs as Doc[]).map(toPickupDay);
}

async function findDayDoc(payload: Payload, id: string): Promise<Doc | null> {
  const res = await payload.find({
    collection: 'market-days',
    where: { id: { equals: id } },
    select: PICKUP_DAY_FIELDS,
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  return (res.docs[0] as Doc | undefined) ?? null;
}

/** The day an order names, whatever has become of it since (the order page and the mails name it). */
export async function findPickupDay(payload: Payload, id: string): Promise<PickupDay | null> {
  const doc = await findDayDoc(payload, id);
  return doc ? toPickupDay(doc) : null;
}

/**
 * The pickup day a checkout chose, refused (400, nothing created) when it is unknown, not for pickup, closed
 * or past: the same days GET market/pickup-days offers.
 */
export async function pickupDayForCheckout(payload: Payload, id: string, now = new Date()): Promise<PickupDay> {
  const doc = await findDayDoc(payload, id);
  const refuse = (message: string) => badRequest({ message, pickup_day_id: id });
  if (!doc) throw refuse('This pick-up day does not exist; please choose another');
  if (doc.pickup !== true) throw refuse('Orders cannot be picked up at this market day; please choose another');
  if (str(doc.status) === 'CLOSED') throw refuse('This market day is closed; please choose another pick-up day');
  if (str(doc.date) < shopCalendarDay(now)) throw refuse('This pick-up day is past; please choose another');
  return toPickupDay(doc);
}
