import { sql } from '@payloadcms/db-sqlite';
import type { Payload, Where } from 'payload';
import type { z } from 'zod';
import type {
  AdminMarketDay,
  AdminMarketDayDetail,
  MarketDayInput,
  MarketDayStatus,
  marketDaysQuerySchema,
} from '@shop/shared/admin';
import { adapterOf, drizzleOf, mongoModel } from '../../lib/adapter-handles';
import { AppError } from '../../lib/app-error';
import { str, type Doc } from '../mappers';
import type { AdminUser } from '../admin/sales';
import { findByIdOr404 } from '../admin/admin-queries';
import { pickupsForDay } from './pickups';
import { daySales } from './sales';
import { dayTotals } from './totals';

/**
 * Market days (issue 32 §1): planned ahead, opened on the day with the cash float, closed with the counted
 * cash. Each move of the status is ONE conditional statement, so two phones opening (or closing) the same
 * day at once move it once and the other hears 409.
 */

export const DAY_NOT_FOUND = 'Market day not found';

const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const dateOrNull = (v: unknown): string | null => {
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' && v ? v : null;
};

export function toAdminMarketDay(doc: Doc): AdminMarketDay {
  return {
    id: String(doc.id),
    place: str(doc.place),
    date: str(doc.date),
    opens_at: str(doc.opens_at),
    closes_at: str(doc.closes_at),
    pickup: Boolean(doc.pickup),
    status: (str(doc.status) || 'PLANNED') as MarketDayStatus,
    opening_cash: numOrNull(doc.opening_cash),
    counted_cash: numOrNull(doc.counted_cash),
    opened_at: dateOrNull(doc.opened_at),
    closed_at: dateOrNull(doc.closed_at),
    created_at: dateOrNull(doc.createdAt) ?? '',
    updated_at: dateOrNull(doc.updatedAt) ?? '',
  };
}

/** The day as stored, read with the admin's own access (the collection is admins only). */
export const findDay = (payload: Payload, user: AdminUser, id: string): Promise<Doc> =>
  findByIdOr404(payload, 'market-days', user, id, DAY_NOT_FOUND);

/** GET admin/market/days: oldest first within the range asked for (all days without one). */
export async function listDays(
  payload: Payload,
  user: AdminUser,
  filter: z.output<typeof marketDaysQuerySchema>,
): Promise<AdminMarketDay[]> {
  const and: Where[] = [];
  if (filter.from) and.push({ date: { greater_than_equal: filter.from } });
  if (filter.to) and.push({ date: { less_than_equal: filter.to } });
  if (filter.status) and.push({ status: { equals: filter.status } });
  const res = await payload.find({
    collection: 'market-days',
    where: and.length ? { and } : {},
    sort: ['date', 'opens_at', 'id'],
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  return (res.docs as Doc[]).map(toAdminMarketDay);
}

/** POST admin/market/days: a planned day. */
export async function createDay(
  payload: Payload,
  user: AdminUser,
  input: Required<Pick<MarketDayInput, 'pickup'>> & MarketDayInput,
): Promise<AdminMarketDay> {
  const doc = await payload.create({
    collection: 'market-days',
    data: { ...input, status: 'PLANNED' },
    depth: 0,
    user,
    overrideAccess: false,
  });
  return toAdminMarketDay(doc as unknown as Doc);
}

/** GET admin/market/days/{id}: the day with its sales, their totals and the online orders to hand over there. */
export async function getDayDetail(payload: Payload, user: AdminUser, id: string): Promise<AdminMarketDayDetail> {
  const doc = await findDay(payload, user, id);
  const day = toAdminMarketDay(doc);
  const sales = await daySales(payload, day);
  return {
    ...day,
    sales,
    totals: dayTotals(day, sales),
    pickups: await pickupsForDay(payload, day),
  };
}

/**
 * Moves the day from `from` to `to` with its money and time fields in the same statement; false when the day
 * was not in `from` (anymore).
 */
async function moveDayIf(
  payload: Payload,
  id: string,
  from: MarketDayStatus,
  to: MarketDayStatus,
  set: { opening_cash?: number; opened_at?: string; counted_cash?: number; closed_at?: string },
): Promise<boolean> {
  const db = adapterOf(payload);
  const now = new Date().toISOString();
  if (db.name === 'mongoose') {
    const dates = Object.fromEntries(Object.entries(set).map(([k, v]) => [k, typeof v === 'string' ? new Date(v) : v]));
    const result = await mongoModel(db, 'market-days').updateOne(
      { _id: id, status: from },
      { $set: { ...dates, status: to, updatedAt: new Date(now) } },
    );
    return result.modifiedCount === 1;
  }
  const assignments = sql.join(
    Object.entries({ ...set, status: to, updated_at: now }).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
    sql`, `,
  );
  const result = await drizzleOf(db, 'Market days').run(
    sql`UPDATE market_days SET ${assignments} WHERE id = ${id} AND status = ${from}`,
  );
  return result.rowsAffected === 1;
}

const STATE_WORDS: Record<MarketDayStatus, string> = {
  PLANNED: 'is not open yet',
  OPEN: 'is open',
  CLOSED: 'is closed',
};

/** POST admin/market/days/{id}/open: PLANNED → OPEN with the float; any other state is a 409. */
export async function openDay(
  payload: Payload,
  user: AdminUser,
  id: string,
  openingCash: number,
): Promise<AdminMarketDay> {
  const doc = await findDay(payload, user, id);
  const moved = await moveDayIf(payload, String(doc.id), 'PLANNED', 'OPEN', {
    opening_cash: openingCash,
    opened_at: new Date().toISOString(),
  });
  const now = await findDay(payload, user, id);
  if (!moved)
    throw new AppError(409, `The market day ${STATE_WORDS[toAdminMarketDay(now).status]}: only a planned day opens`);
  return toAdminMarketDay(now);
}

/** POST admin/market/days/{id}/close: OPEN → CLOSED with the counted cash; any other state is a 409. */
export async function closeDay(
  payload: Payload,
  user: AdminUser,
  id: string,
  countedCash: number,
): Promise<AdminMarketDayDetail> {
  const doc = await findDay(payload, user, id);
  const moved = await moveDayIf(payload, String(doc.id), 'OPEN', 'CLOSED', {
    counted_cash: countedCash,
    closed_at: new Date().toISOString(),
  });
  if (!moved) {
    const now = toAdminMarketDay(await findDay(payload, user, id));
    throw new AppError(409, `The market day ${STATE_WORDS[now.status]}: only an open day closes`);
  }
  return getDayDetail(payload, user, id);
}
