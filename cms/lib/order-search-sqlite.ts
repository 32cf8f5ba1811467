import { sql } from '@payloadcms/db-sqlite';
import { type AdapterHandles, drizzleOf, type SQL } from './adapter-handles';
import { indexableWord, MAX_CANDIDATES, type OrderListQuery, type OrderSearchIndex } from './order-search';

/*
 * The SQLite side of lib/order-search.ts. The migration 20261128_131556_order_list_indexes made and fills:
 * - order_search, an FTS5 table with the trigram tokenizer (case folded) over each order's number, its number's
 *   1- and 2-character pieces ("|A| |AB| …", `number_grams`), payer name and payer email, its rows in
 *   order_search_docs keyed by order id;
 * - order_list_counts, the orders of each (status, channel), '' for an order stored without a channel.
 * Triggers on `orders` keep both current in the same transaction as each write; the migration
 * 20261128_170000_order_list_generation adds order_list_generation, bumped the same way (generation()).
 *
 * A trigram phrase matches where its text appears in the column with ASCII and Unicode case folded, so it finds
 * everything SQLite's LIKE '%word%' finds (ASCII case only), and perhaps a few more, which the list's LIKE drops.
 */

/** An FTS5 string: any text inside double quotes is a plain phrase once its own quotes are doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The MATCH expression for a query, or null when no part of it can be looked up. */
export function matchExpression(words: readonly string[], number: string): string | null {
  const terms = words.filter(indexableWord).map((word) => `{payer_full_name payer_email_address} : ${phrase(word)}`);
  // Numbers are letters and digits (orders.ts refuses anything else before it asks): a shorter one is one of
  // the pieces kept in number_grams.
  if (number.length >= 3) terms.push(`number : ${phrase(number)}`);
  else if (number) terms.push(`number_grams : ${phrase(`|${number}|`)}`);
  return terms.length ? terms.join(' AND ') : null;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const ORDER_BY: Record<OrderListQuery['sort'], SQL> = {
  newest: sql`o.created_at DESC`,
  payer_asc: sql`o.payer_full_name ASC, o.created_at DESC`,
  payer_desc: sql`o.payer_full_name DESC, o.created_at DESC`,
};

/**
 * The conditions of the list (services/admin/orders.ts adminOrdersWhere) as Payload writes them for SQLite,
 * on the orders table itself: `in`, `equals`/`exists`, and `like`/`contains` as LIKE '%…%'. The words hold no
 * LIKE wildcard (page() leaves those to the list's own query).
 */
function listConditions({ statuses, channel, words, number }: OrderListQuery): SQL {
  const and: SQL[] = [sql`o.status IN (${list(statuses)})`];
  if (channel === 'market') and.push(sql`o.channel = 'market'`);
  if (channel === 'online') and.push(sql`(o.channel = 'online' OR o.channel IS NULL)`);
  if (number) and.push(sql`o.number LIKE ${`%${number}%`}`);
  for (const word of words)
    and.push(sql`(o.payer_full_name LIKE ${`%${word}%`} OR o.payer_email_address LIKE ${`%${word}%`})`);
  return sql.join(and, sql` AND `);
}

/**
 * The list's columns under Payload's names: reading 100 rows through Payload's adapter costs several times the
 * query (its transform walks every field of an order for each row).
 */
const LIST_COLUMNS = sql.raw(`o.id AS id, o.number AS number, o.status AS status, o.payer_full_name AS payer_full_name,
  o.payer_email_address AS payer_email_address, o.transaction_gross_amount AS transaction_gross_amount,
  o.transaction_refunded_amount AS transaction_refunded_amount,
  o.transaction_reversed_amount AS transaction_reversed_amount, o.transaction_status AS transaction_status,
  o.currency_code AS currency_code, o.created_at AS createdAt, o.channel AS channel,
  o.payment_method AS payment_method`);

export function sqliteOrderSearch(db: AdapterHandles): OrderSearchIndex {
  const drizzle = () => drizzleOf(db, 'Order search indexes');
  // A search most orders match ("@example", one letter of a number) is quicker the list's own way: newest
  // first through createdAt, stopping at the page, than through every hit of the index.
  const tooManyHits = async (match: string) =>
    (
      await drizzle().run(
        sql`SELECT 1 FROM order_search WHERE order_search MATCH ${match} LIMIT 1 OFFSET ${MAX_CANDIDATES}`,
      )
    ).rows.length > 0;
  return {
    async page(query, knownCount) {
      if (query.statuses.length === 0 || query.words.some((word) => /[%_]/.test(word))) return null;
      const offset = (query.page - 1) * query.limit;
      if (query.words.length === 0 && !query.number) {
        // Unsearched: the page straight from the list's indexes (createdAt, the payer sorts, market orders'
        // own), the count from order_list_counts.
        const [page, count] = await Promise.all([
          drizzle().run(
            sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE ${listConditions(query)}
                ORDER BY ${ORDER_BY[query.sort]} LIMIT ${query.limit} OFFSET ${offset}`,
          ),
          knownCount ?? this.count(query.statuses, query.channel),
        ]);
        return { ids: page.rows.map((row) => String(row.id)), count: count ?? 0, rows: page.rows };
      }
      const match = matchExpression(query.words, query.number);
      if (!match || (await tooManyHits(match))) return null;
      const from = sql`order_search s JOIN order_search_docs d ON d.doc_id = s.rowid JOIN orders o ON o.id = d.order_id
        WHERE order_search MATCH ${match} AND ${listConditions(query)}`;
      const [page, count] = await Promise.all([
        drizzle().run(
          sql`SELECT ${LIST_COLUMNS} FROM ${from} ORDER BY ${ORDER_BY[query.sort]} LIMIT ${query.limit} OFFSET ${offset}`,
        ),
        knownCount ?? drizzle().run(sql`SELECT count(*) AS orders FROM ${from}`),
      ]);
      return {
        ids: page.rows.map((row) => String(row.id)),
        count: typeof count === 'number' ? count : Number(count.rows[0]?.orders ?? 0),
        rows: page.rows,
      };
    },
    async candidates({ words, number }) {
      const match = matchExpression(words, number);
      if (!match) return null;
      const { rows } = await drizzle().run(
        sql`SELECT d.order_id AS id FROM order_search s JOIN order_search_docs d ON d.doc_id = s.rowid
            WHERE order_search MATCH ${match} LIMIT ${MAX_CANDIDATES + 1}`,
      );
      return rows.length > MAX_CANDIDATES ? null : rows.map((row) => String(row.id));
    },
    async count(statuses, channel) {
      if (statuses.length === 0) return 0;
      const channels = channel === 'market' ? ['market'] : channel === 'online' ? ['online', ''] : null;
      const { rows } = await drizzle().run(
        sql`SELECT coalesce(sum(orders), 0) AS orders FROM order_list_counts
            WHERE status IN (${sql.join(
              statuses.map((s) => sql`${s}`),
              sql`, `,
            )})
            ${
              channels
                ? sql`AND channel IN (${sql.join(
                    channels.map((c) => sql`${c}`),
                    sql`, `,
                  )})`
                : sql``
            }`,
      );
      return Number(rows[0]?.orders ?? 0);
    },
    // The migration 20261128_170000_order_list_generation's one row, bumped by triggers on orders.
    async generation() {
      const { rows } = await drizzle().run(sql`SELECT generation FROM order_list_generation WHERE id = 1`);
      return rows.length ? String(rows[0].generation) : null;
    },
  };
}
