import { sql } from '@payloadcms/db-sqlite';
import type { Payload } from 'payload';
import type { CustomerSortColumn } from '@shop/shared/admin';

type SQL = ReturnType<typeof sql>;

/**
 * The customers list's one query (issue 24 §2): the orders grouped by `customer_id`, read at request time
 * from the compound index (customer_id, createdAt, gross, refunded), so a new order or a refund shows at
 * once, with nothing kept in step. Below Payload's Local API (it cannot group), so only for an admin: the
 * service checks the role first. A SQLite branch and a MongoDB branch side by side, as DESIGN asks.
 */
export interface CustomerAggregateQuery {
  /** Only this customer (the detail page). */
  customerId?: string;
  /** Lower-cased words; a customer matches when one of its orders has every word in its name or email. */
  words: readonly string[];
  sort: readonly [CustomerSortColumn, 'ASC' | 'DESC'];
  offset: number;
  limit: number;
}

export interface CustomerAggregateRow {
  customer_id: string;
  orders_count: number;
  /** Captured less refunded, in cents. */
  spent_cents: number;
  first_order_at: string;
  last_order_at: string;
}

/** The latest order's name, email and currency of each customer asked for. */
export interface CustomerLatest {
  name: string;
  email: string;
  currency_code: string;
}

interface AdapterHandles {
  name: string;
  drizzle?: { all<T>(query: SQL): Promise<T[]> };
  collections?: Record<
    string,
    {
      aggregate(pipeline: object[]): Promise<Record<string, unknown>[]>;
      distinct(field: string, filter: object): Promise<unknown[]>;
    }
  >;
}
const adapterOf = (payload: Payload) => payload.db as unknown as AdapterHandles;

export async function aggregateCustomers(
  payload: Payload,
  query: CustomerAggregateQuery,
): Promise<{ rows: CustomerAggregateRow[]; count: number }> {
  const db = adapterOf(payload);
  return db.name === 'mongoose' ? mongoAggregate(db, query) : sqliteAggregate(db, query);
}

export async function latestOfCustomers(
  payload: Payload,
  customerIds: readonly string[],
): Promise<Map<string, CustomerLatest>> {
  const latest = new Map<string, CustomerLatest>();
  if (customerIds.length === 0) return latest;
  const db = adapterOf(payload);
  let rows: Array<Record<string, unknown>>;
  if (db.name === 'mongoose') {
    rows = await orders(db).aggregate([
      { $match: { customer_id: { $in: [...customerIds] } } },
      { $sort: { createdAt: -1 } },
      {
        $group: {
          _id: '$customer_id',
          name: { $first: '$payer_full_name' },
          email: { $first: '$payer_email_address' },
          currency_code: { $first: '$currency_code' },
        },
      },
      { $project: { customer_id: '$_id', name: 1, email: 1, currency_code: 1 } },
    ]);
  } else {
    // SQLite: with exactly one max() in the query, the other columns come from the row holding it.
    rows = await drizzleOf(db).all(
      sql`SELECT customer_id, MAX(created_at) AS at, payer_full_name AS name, payer_email_address AS email, currency_code
          FROM orders WHERE customer_id IN (${sql.join(
            customerIds.map((id) => sql`${id}`),
            sql`, `,
          )}) GROUP BY customer_id`,
    );
  }
  for (const row of rows) {
    latest.set(String(row.customer_id), {
      name: String(row.name ?? ''),
      email: String(row.email ?? ''),
      currency_code: String(row.currency_code ?? '') || 'USD',
    });
  }
  return latest;
}

// ---------------------------------------------------------------------------------------------------------
// SQLite

function drizzleOf(db: AdapterHandles) {
  if (!db.drizzle) throw new Error(`Customers are not supported on the ${db.name} adapter`);
  return db.drizzle;
}

/** Amounts are stored as text ("57.45"); summed in whole cents so no float error reaches a total. */
const cents = (column: string) =>
  sql`CAST(ROUND(COALESCE(CAST(${sql.identifier(column)} AS REAL), 0) * 100) AS INTEGER)`;

const SQLITE_SORT: Record<CustomerSortColumn, SQL> = {
  // The name and email of the latest order: the text after the latest createdAt (fixed-width ISO, so the
  // greatest string is the latest order's). Only this sort pays for building those strings.
  name: sql`lower(substr(latest_name, 25))`,
  email: sql`email_key`,
  orders_count: sql`orders_count`,
  total_spent: sql`spent_cents`,
  first_order_at: sql`first_order_at`,
  last_order_at: sql`last_order_at`,
};

async function sqliteAggregate(
  db: AdapterHandles,
  query: CustomerAggregateQuery,
): Promise<{ rows: CustomerAggregateRow[]; count: number }> {
  const conditions: SQL[] = [sql`customer_id IS NOT NULL`];
  if (query.customerId) conditions.push(sql`customer_id = ${query.customerId}`);
  if (query.words.length) {
    // instr, not LIKE: '%' and '_' in a search are characters like any other.
    const wordIn = (word: string) =>
      sql`(instr(lower(payer_full_name), ${word}) > 0 OR instr(lower(payer_email_address), ${word}) > 0)`;
    conditions.push(
      sql`customer_id IN (SELECT customer_id FROM orders WHERE ${sql.join(query.words.map(wordIn), sql` AND `)})`,
    );
  }
  const [column, direction] = query.sort;
  const extra =
    column === 'name'
      ? sql`, MAX(created_at || payer_full_name) AS latest_name`
      : column === 'email'
        ? sql`, MIN(lower(trim(payer_email_address))) AS email_key`
        : sql``;
  const dir = direction === 'ASC' ? sql`ASC` : sql`DESC`;
  const grouped = sql`SELECT customer_id, COUNT(*) AS orders_count,
      SUM(${cents('transaction_gross_amount')} - ${cents('transaction_refunded_amount')}) AS spent_cents,
      MIN(created_at) AS first_order_at, MAX(created_at) AS last_order_at ${extra}
    FROM orders WHERE ${sql.join(conditions, sql` AND `)} GROUP BY customer_id`;
  const rows = await drizzleOf(db).all<CustomerAggregateRow & { total: number }>(
    sql`SELECT customer_id, orders_count, spent_cents, first_order_at, last_order_at, COUNT(*) OVER () AS total
        FROM (${grouped}) ORDER BY ${SQLITE_SORT[column]} ${dir}, customer_id ${dir}
        LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  // Past the last page there is no row to carry the total: count on its own then.
  const count =
    rows.length > 0
      ? Number(rows[0].total)
      : Number((await drizzleOf(db).all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM (${grouped})`))[0]?.n ?? 0);
  return {
    rows: rows.map((r) => ({
      customer_id: String(r.customer_id),
      orders_count: Number(r.orders_count),
      spent_cents: Number(r.spent_cents),
      first_order_at: String(r.first_order_at),
      last_order_at: String(r.last_order_at),
    })),
    count,
  };
}

// ---------------------------------------------------------------------------------------------------------
// MongoDB

function orders(db: AdapterHandles) {
  const model = db.collections?.orders;
  if (!model) throw new Error('No MongoDB model for orders');
  return model;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mongoCents = (field: string) => ({
  $round: [{ $multiply: [{ $convert: { input: field, to: 'double', onError: 0, onNull: 0 } }, 100] }, 0],
});
const MONGO_SORT: Record<CustomerSortColumn, string> = {
  name: 'name_key',
  email: 'email_key',
  orders_count: 'orders_count',
  total_spent: 'spent_cents',
  first_order_at: 'first_order_at',
  last_order_at: 'last_order_at',
};

async function mongoAggregate(
  db: AdapterHandles,
  query: CustomerAggregateQuery,
): Promise<{ rows: CustomerAggregateRow[]; count: number }> {
  const model = orders(db);
  let ids: unknown = { $ne: null };
  if (query.words.length) {
    const found = await model.distinct('customer_id', {
      $and: query.words.map((word) => ({
        $or: ['payer_full_name', 'payer_email_address'].map((f) => ({
          [f]: { $regex: escapeRegex(word), $options: 'i' },
        })),
      })),
    });
    ids = { $in: query.customerId ? found.filter((id) => id === query.customerId) : found.filter(Boolean) };
  } else if (query.customerId) {
    ids = query.customerId;
  }
  const [column, direction] = query.sort;
  const order = direction === 'ASC' ? 1 : -1;
  const [result] = await model.aggregate([
    { $match: { customer_id: ids } },
    { $sort: { createdAt: 1 } },
    {
      $group: {
        _id: '$customer_id',
        orders_count: { $sum: 1 },
        spent_cents: {
          $sum: { $subtract: [mongoCents('$transaction_gross_amount'), mongoCents('$transaction_refunded_amount')] },
        },
        first_order_at: { $first: '$createdAt' },
        last_order_at: { $last: '$createdAt' },
        name_key: { $last: { $toLower: '$payer_full_name' } },
        email_key: { $min: { $toLower: { $trim: { input: '$payer_email_address' } } } },
      },
    },
    {
      $facet: {
        rows: [
          { $sort: { [MONGO_SORT[column]]: order, _id: order } },
          { $skip: query.offset },
          { $limit: query.limit },
        ],
        count: [{ $count: 'n' }],
      },
    },
  ]);
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
  const rows = (result?.rows ?? []) as Array<Record<string, unknown>>;
  const counted = (result?.count ?? []) as Array<{ n: number }>;
  return {
    rows: rows.map((r) => ({
      customer_id: String(r._id),
      orders_count: Number(r.orders_count),
      spent_cents: Number(r.spent_cents),
      first_order_at: iso(r.first_order_at),
      last_order_at: iso(r.last_order_at),
    })),
    count: counted[0]?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Every customer at once, and what tells whether the orders changed since

/** A customer with its latest order's name, email and currency: one entry of the whole list. */
export type CustomerSummary = CustomerAggregateRow & CustomerLatest;

/**
 * How many orders there are and when the newest write to one was (ISO), read from the primary key and the
 * updatedAt index. Any insert or delete changes the count and every write through Payload or
 * lib/conditional-update.ts stamps updatedAt, so an unchanged answer means unchanged sums — for writes
 * stamped later than the newest one seen (the caller's settle time covers clocks that disagree).
 */
export async function ordersVersion(payload: Payload): Promise<{ count: number; newest: string | null }> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const model = orders(db) as unknown as {
      countDocuments(filter: object): Promise<number>;
      findOne(filter: object, projection: object, options: object): Promise<{ updatedAt?: Date } | null>;
    };
    const [count, newest] = await Promise.all([
      model.countDocuments({}),
      model.findOne({}, { updatedAt: 1 }, { sort: { updatedAt: -1 }, lean: true }),
    ]);
    return { count, newest: newest?.updatedAt ? new Date(newest.updatedAt).toISOString() : null };
  }
  const [row] = await drizzleOf(db).all<{ n: number; newest: string | null }>(
    sql`SELECT COUNT(*) AS n, MAX(updated_at) AS newest FROM orders`,
  );
  return { count: Number(row?.n ?? 0), newest: row?.newest ?? null };
}

const SEPARATOR = '\u001f';

/** Every customer with its sums and its latest order's name, email and currency, in no particular order. */
export async function allCustomers(payload: Payload): Promise<CustomerSummary[]> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const rows = await orders(db).aggregate([
      { $match: { customer_id: { $ne: null } } },
      { $sort: { createdAt: 1 } },
      {
        $group: {
          _id: '$customer_id',
          orders_count: { $sum: 1 },
          spent_cents: {
            $sum: { $subtract: [mongoCents('$transaction_gross_amount'), mongoCents('$transaction_refunded_amount')] },
          },
          first_order_at: { $first: '$createdAt' },
          last_order_at: { $last: '$createdAt' },
          name: { $last: '$payer_full_name' },
          email: { $last: '$payer_email_address' },
          currency_code: { $last: '$currency_code' },
        },
      },
    ]);
    const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
    return rows.map((r) => ({
      customer_id: String(r._id),
      orders_count: Number(r.orders_count),
      spent_cents: Number(r.spent_cents),
      first_order_at: iso(r.first_order_at),
      last_order_at: iso(r.last_order_at),
      name: String(r.name ?? ''),
      email: String(r.email ?? ''),
      currency_code: String(r.currency_code ?? '') || 'USD',
    }));
  }
  // The latest order's texts ride on the greatest "createdAt␟name␟email␟currency" (ISO dates order as text).
  const rows = await drizzleOf(db).all<Record<string, unknown>>(
    sql`SELECT customer_id, COUNT(*) AS orders_count,
        SUM(${cents('transaction_gross_amount')} - ${cents('transaction_refunded_amount')}) AS spent_cents,
        MIN(created_at) AS first_order_at, MAX(created_at) AS last_order_at,
        MAX(created_at || ${SEPARATOR} || coalesce(payer_full_name, '') || ${SEPARATOR} ||
            coalesce(payer_email_address, '') || ${SEPARATOR} || coalesce(currency_code, '')) AS latest
      FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id`,
  );
  return rows.map((r) => {
    const [, name = '', email = '', currency = ''] = String(r.latest ?? '').split(SEPARATOR);
    return {
      customer_id: String(r.customer_id),
      orders_count: Number(r.orders_count),
      spent_cents: Number(r.spent_cents),
      first_order_at: String(r.first_order_at),
      last_order_at: String(r.last_order_at),
      name,
      email,
      currency_code: currency || 'USD',
    };
  });
}
