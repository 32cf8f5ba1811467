import { sql } from '@payloadcms/db-sqlite';
import type { Payload, PayloadRequest, SelectType, Where } from 'payload';
import { adapterOf, type AdapterHandles, type SQL, transactionOf } from './adapter-handles';

/**
 * Issue 33 §2: the control centre's analytics kept per calendar month (the server's time zone), so a new
 * order, a refund or a status change costs one month's orders read again, not every order of every year.
 * Each month is kept per day as well, so a stale month reads again only the orders of its stale days (at
 * 100,000 orders a year a month is some 8,300 orders, a day under 300) and adds its days' stored summaries.
 *
 * Each (year, month) has a row: `generation` counts the writes to that month's orders, `computed_generation`
 * is the generation its stored `summary` was computed at. A write bumps `generation` (in the write's own
 * transaction when it has one, else just after it committed), so every app instance sees the month stale
 * at once; a reader that finds generation > computed_generation reads the month's orders again. A reader
 * takes the generation before it reads the orders, so a write that lands while it reads leaves the month
 * stale rather than hiding behind a summary that missed it. A month without a row has never been computed.
 *
 * A day has a row of its own in the same table, under the same rules: its `month` column holds the day as
 * 100 × (month + 1) + day (a number read as MMDD: 1231 is 31 December), which no month's 0…11 can be. An
 * order write bumps its month's row and its day's row together.
 *
 * A SQLite branch and a MongoDB branch side by side, as DESIGN asks. The MongoDB branch is written to its
 * documentation and untested here (no MongoDB runs in this environment).
 */

export interface MonthKey {
  year: number;
  /** 0 = January, as Date#getMonth. */
  month: number;
}

export interface DayKey extends MonthKey {
  /** 1 = the month's first day, as Date#getDate. */
  day: number;
}

export interface MonthState extends MonthKey {
  generation: number;
  /** Null: no summary stored yet. */
  computedGeneration: number | null;
}

/** The month an order belongs to: its createdAt on the server's calendar. Null for a date that is not one. */
export function monthOf(createdAt: unknown): MonthKey | null {
  if (typeof createdAt !== 'string' && !(createdAt instanceof Date)) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return { year: date.getFullYear(), month: date.getMonth() };
}

/** The day an order belongs to: its createdAt on the server's calendar. Null for a date that is not one. */
export function dayOf(createdAt: unknown): DayKey | null {
  const key = monthOf(createdAt);
  return key && { ...key, day: new Date(createdAt as string | Date).getDate() };
}

/** The number of days in a month. */
export const daysIn = ({ year, month }: MonthKey): number => new Date(year, month + 1, 0).getDate();

/**
 * The createdAt range from the start of day `first` to the end of day `last` of a month, as the orders store
 * it (ISO text, compared as text on SQLite).
 */
export const daysRange = ({ year, month }: MonthKey, first: number, last: number) => ({
  from: new Date(year, month, first).toISOString(),
  to: new Date(year, month, last + 1).toISOString(),
});

const isDay = (key: MonthKey | DayKey): key is DayKey => 'day' in key;

/** The `month` column of a month's row (0…11) or of a day's row (MMDD, see above). */
const rowMonth = (key: MonthKey | DayKey): number => (isDay(key) ? 100 * (key.month + 1) + key.day : key.month);

/**
 * Marks the months of these order dates stale, everywhere. With `req`, inside the transaction the order's
 * write runs in, so the mark commits (or rolls back) with it.
 */
export async function markMonthsStale(payload: Payload, createdAts: unknown[], req?: PayloadRequest): Promise<void> {
  const rows = new Map<string, MonthKey | DayKey>();
  for (const at of createdAts) {
    const day = dayOf(at);
    if (!day) continue;
    const month = { year: day.year, month: day.month };
    rows.set(mongoId(month), month);
    rows.set(mongoId(day), day);
  }
  if (rows.size === 0) return;
  const db = adapterOf(payload);
  const tx = await transactionOf(payload, req);
  if (db.name === 'mongoose') {
    const collection = mongoCollection(db);
    for (const key of rows.values()) {
      await collection.updateOne(
        { _id: mongoId(key) },
        { $inc: { generation: 1 }, $setOnInsert: mongoFields(key) },
        { upsert: true, ...(tx.session ? { session: tx.session } : {}) },
      );
    }
    return;
  }
  const runner = tx.drizzle ?? sqliteOf(db);
  // Every row in one statement: outside a transaction (an order the checkout inserts) each statement is a
  // commit of its own, and each commit an fsync the event loop waits for (issue 33 §2, checkout p95).
  const values = [...rows.values()].map((key) => sql`(${key.year}, ${rowMonth(key)}, 1)`);
  await runner.run(
    sql`INSERT INTO analytics_months (year, month, generation) VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (year, month) DO UPDATE SET generation = generation + 1`,
  );
}

/** The state of every stored month of these years (a month without a row is missing from the answer). */
export async function monthStates(payload: Payload, fromYear: number, toYear: number): Promise<MonthState[]> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const docs = await mongoCollection(db)
      .find({ year: { $gte: fromYear, $lte: toYear }, day: { $exists: false } }, { projection: { summary: 0 } })
      .toArray();
    return docs.map((d) => ({
      year: Number(d.year),
      month: Number(d.month),
      generation: Number(d.generation ?? 0),
      computedGeneration: typeof d.computed_generation === 'number' ? d.computed_generation : null,
    }));
  }
  const rows = await sqliteOf(db).all<Record<string, unknown>>(
    sql`SELECT year, month, generation, computed_generation FROM analytics_months
      WHERE year BETWEEN ${fromYear} AND ${toYear} AND month < 12`,
  );
  return rows.map((r) => ({
    year: Number(r.year),
    month: Number(r.month),
    generation: Number(r.generation),
    computedGeneration: r.computed_generation === null ? null : Number(r.computed_generation),
  }));
}

/** A day's generation, and its stored summary when that was computed at this generation (else null). */
export interface DayState {
  day: number;
  generation: number;
  freshSummary: string | null;
}

/** The stored days of a month (a day without a row has never been computed). */
export async function dayStates(payload: Payload, key: MonthKey): Promise<DayState[]> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const docs = await mongoCollection(db)
      .find({ year: key.year, month: key.month, day: { $exists: true } })
      .toArray();
    return docs.map((d) => ({
      day: Number(d.day),
      generation: Number(d.generation ?? 0),
      freshSummary:
        typeof d.summary === 'string' && d.computed_generation === Number(d.generation ?? 0) ? d.summary : null,
    }));
  }
  const rows = await sqliteOf(db).all<Record<string, unknown>>(
    sql`SELECT month, generation,
        CASE WHEN computed_generation = generation THEN summary END AS fresh_summary
      FROM analytics_months
      WHERE year = ${key.year} AND month BETWEEN ${rowMonth({ ...key, day: 1 })} AND ${rowMonth({ ...key, day: 31 })}`,
  );
  return rows.map((r) => ({
    day: Number(r.month) % 100,
    generation: Number(r.generation),
    freshSummary: typeof r.fresh_summary === 'string' ? r.fresh_summary : null,
  }));
}

/** The stored summaries (JSON text) of these months with the generation each was computed at. */
export async function storedSummaries(
  payload: Payload,
  keys: MonthKey[],
): Promise<Array<MonthKey & { computedGeneration: number; summary: string }>> {
  if (keys.length === 0) return [];
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const docs = await mongoCollection(db)
      .find({ _id: { $in: keys.map(mongoId) }, summary: { $type: 'string' } })
      .toArray();
    return docs.map((d) => ({
      year: Number(d.year),
      month: Number(d.month),
      computedGeneration: Number(d.computed_generation),
      summary: String(d.summary),
    }));
  }
  const wanted = sql.join(
    keys.map((k) => sql`(${k.year}, ${k.month})`),
    sql`, `,
  );
  const rows = await sqliteOf(db).all<Record<string, unknown>>(
    sql`SELECT year, month, computed_generation, summary FROM analytics_months
      WHERE (year, month) IN (VALUES ${wanted}) AND summary IS NOT NULL`,
  );
  return rows.map((r) => ({
    year: Number(r.year),
    month: Number(r.month),
    computedGeneration: Number(r.computed_generation),
    summary: String(r.summary),
  }));
}

/**
 * Keeps a month's or a day's summary computed at `generation`, unless one computed at a later generation is
 * there already (another instance finished a fresher read first).
 */
export async function storeSummary(
  payload: Payload,
  key: MonthKey | DayKey,
  generation: number,
  summary: string,
): Promise<void> {
  await storeSummaries(payload, [{ key, generation, summary }]);
}

/** storeSummary for many at once: on SQLite one statement, so a month's days cost one write, not thirty. */
export async function storeSummaries(
  payload: Payload,
  entries: Array<{ key: MonthKey | DayKey; generation: number; summary: string }>,
): Promise<void> {
  if (entries.length === 0) return;
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    for (const { key, generation, summary } of entries) {
      try {
        await mongoCollection(db).updateOne(
          {
            _id: mongoId(key),
            $or: [{ computed_generation: { $exists: false } }, { computed_generation: { $lte: generation } }],
          },
          {
            $set: { computed_generation: generation, summary },
            $setOnInsert: { ...mongoFields(key), generation },
          },
          { upsert: true },
        );
      } catch (err) {
        // The filter missed a row that exists (a fresher summary is stored): the upsert's insert collides.
        if ((err as { code?: number }).code !== 11000) throw err;
      }
    }
    return;
  }
  const values = sql.join(
    entries.map(
      ({ key, generation, summary }) => sql`(${key.year}, ${rowMonth(key)}, ${generation}, ${generation}, ${summary})`,
    ),
    sql`, `,
  );
  await sqliteOf(db).run(
    sql`INSERT INTO analytics_months (year, month, generation, computed_generation, summary)
      VALUES ${values}
      ON CONFLICT (year, month) DO UPDATE SET computed_generation = excluded.computed_generation,
        summary = excluded.summary
      WHERE computed_generation IS NULL OR computed_generation <= excluded.computed_generation`,
  );
}

type Row = Record<string, unknown>;

/**
 * The order fields a month's summary reads. `products` lists the line fields; every other key is an order
 * field (all plain values).
 */
export const MONTH_ORDER_FIELDS = [
  'transaction_gross_amount',
  'transaction_refunded_amount',
  'transaction_reversed_amount',
  'transaction_paypal_fee',
  'latitude',
  'longitude',
  'channel',
  'payment_method',
  'market_day_id',
  'coupon_code',
  'coupon_discount',
] as const;
export const MONTH_LINE_FIELDS = [
  'product_id',
  'product',
  'quantity',
  'category_ids',
  'img_id',
  'price',
  'apply_discount',
  'discount_unit',
  'discount_amount',
] as const;

/**
 * The orders created in a range (daysRange) that are not cancelled, oldest first, each with `id`,
 * `createdAt`, the MONTH_ORDER_FIELDS and its `products` lines (their MONTH_LINE_FIELDS) in order: the rows
 * Payload's adapter find gives.
 *
 * On SQLite two plain statements (orders, then their lines): Payload's find builds each order with its lines
 * through drizzle's relational query, some 70 µs an order, which at 8,000 orders a month is half a second;
 * the two statements take a tenth of it. MongoDB keeps the lines inside the order, so its adapter's find is
 * already one read.
 */
export async function ordersBetween(payload: Payload, { from, to }: { from: string; to: string }): Promise<Row[]> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose' || !db.drizzle) {
    const where: Where = {
      and: [
        { createdAt: { greater_than_equal: from } },
        { createdAt: { less_than: to } },
        { status: { not_equals: 'CANCELLED' } },
      ],
    };
    const select: SelectType = {
      createdAt: true,
      ...Object.fromEntries(MONTH_ORDER_FIELDS.map((f) => [f, true as const])),
      products: Object.fromEntries(MONTH_LINE_FIELDS.map((f) => [f, true as const])),
    };
    const res = await payload.db.find({ collection: 'orders', where, select, sort: 'createdAt', pagination: false });
    return res.docs as Row[];
  }
  const drizzle = sqliteOf(db);
  const inMonth = sql`o.created_at >= ${from} AND o.created_at < ${to} AND o.status <> 'CANCELLED'`;
  const orderColumns = sql.join(
    MONTH_ORDER_FIELDS.map((f) => sql`o.${sql.identifier(f)}`),
    sql`, `,
  );
  const lineColumns = sql.join(
    MONTH_LINE_FIELDS.map((f) => sql`p.${sql.identifier(f)}`),
    sql`, `,
  );
  const orders = await drizzle.all<Row>(
    sql`SELECT o.id, o.created_at AS createdAt, ${orderColumns} FROM orders o WHERE ${inMonth} ORDER BY o.created_at, o.id`,
  );
  const lines = await drizzle.all<Row>(
    sql`SELECT p._parent_id AS parent, ${lineColumns} FROM orders_products p
      JOIN orders o ON o.id = p._parent_id WHERE ${inMonth} ORDER BY p._parent_id, p._order`,
  );
  const byOrder = new Map<string, Row[]>();
  for (const order of orders) {
    order.products = [];
    byOrder.set(String(order.id), order.products as Row[]);
  }
  for (const { parent, ...line } of lines) {
    // As Payload reads them: a checkbox is stored as 0/1, a JSON field as its text.
    line.apply_discount = line.apply_discount === null ? null : Boolean(line.apply_discount);
    line.category_ids = parseJson(line.category_ids);
    byOrder.get(String(parent))?.push(line);
  }
  return orders;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Adapter handles

interface SqliteHandle {
  run(query: SQL): Promise<unknown>;
  all<T>(query: SQL): Promise<T[]>;
}

function sqliteOf(db: AdapterHandles): SqliteHandle {
  if (!db.drizzle) throw new Error(`Analytics months are not supported on the ${db.name} adapter`);
  return db.drizzle as unknown as SqliteHandle;
}

interface MongoCollection {
  updateOne(filter: object, update: object, options?: object): Promise<unknown>;
  find(filter: object, options?: object): { toArray(): Promise<Row[]> };
}

/** The months live in their own collection beside Payload's (no Payload collection: nobody edits them). */
function mongoCollection(db: AdapterHandles): MongoCollection {
  const connection = (db as unknown as { connection?: { collection(name: string): MongoCollection } }).connection;
  if (!connection) throw new Error('No MongoDB connection for the analytics months');
  return connection.collection('analytics_months');
}

const mongoId = (key: MonthKey | DayKey) =>
  isDay(key) ? `${key.year}-${key.month}-${key.day}` : `${key.year}-${key.month}`;

/** A MongoDB document's own fields: a day's carries `day` beside its month. */
const mongoFields = (key: MonthKey | DayKey) =>
  isDay(key) ? { year: key.year, month: key.month, day: key.day } : { year: key.year, month: key.month };
