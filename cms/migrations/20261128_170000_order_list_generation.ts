import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/*
 * Issue 33 §2, the rest of the Orders screens at 100,000 orders:
 *
 * - order_list_generation: one row whose number goes up with every write that can change what an orders list
 *   holds or how it is ordered (an insert, a delete, an update of a searched, filtered or sorted column). The
 *   triggers bump it inside the write's transaction, so every process reading it after the commit sees the new
 *   number: lib/order-list-counts.ts keeps the count of a searched list under (generation, query) and never
 *   serves one counted before a write.
 * - orders_market_newest_idx: market orders are few; their list walks them alone, newest first, instead of
 *   the whole archive through createdAt. Partial, so that no other list can pick it: an index led by channel
 *   would draw the online lists (`channel = 'online' OR channel IS NULL`) into reading both channels' rows and
 *   sorting them.
 */

/** The columns whose change can move an order into, out of or within a list. */
const LISTED = ['id', 'number', 'status', 'channel', 'payer_full_name', 'payer_email_address', 'created_at']

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(
    sql.raw(`CREATE TABLE order_list_generation (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      generation INTEGER NOT NULL
    )`),
  )
  await db.run(sql.raw(`INSERT INTO order_list_generation (id, generation) VALUES (1, 0)`))
  const bump = `UPDATE order_list_generation SET generation = generation + 1 WHERE id = 1;`
  await db.run(sql.raw(`CREATE TRIGGER orders_generation_ai AFTER INSERT ON orders BEGIN ${bump} END`))
  await db.run(sql.raw(`CREATE TRIGGER orders_generation_ad AFTER DELETE ON orders BEGIN ${bump} END`))
  await db.run(
    sql.raw(`CREATE TRIGGER orders_generation_au AFTER UPDATE ON orders
      WHEN ${LISTED.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')}
    BEGIN ${bump} END`),
  )

  await db.run(
    sql.raw(`CREATE INDEX orders_market_newest_idx ON orders (created_at DESC, status) WHERE channel = 'market'`),
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql.raw(`DROP INDEX IF EXISTS orders_market_newest_idx`))
  for (const trigger of ['orders_generation_au', 'orders_generation_ad', 'orders_generation_ai'])
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`))
  await db.run(sql.raw(`DROP TABLE IF EXISTS order_list_generation`))
}
