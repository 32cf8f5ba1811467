import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/*
 * Issue 33 §2: the Orders screens at 100,000 orders. Payload's part (the compound indexes of the Orders
 * collection) first, then what Payload cannot declare, all kept current by triggers, so every write path
 * (the API, Payload REST, hooks, the adapter's own create) keeps them right without knowing of them:
 *
 * - order_search (FTS5, trigram): the payer searches and the number search (lib/order-search-sqlite.ts).
 *   Its rows live in order_search_docs, keyed by the order's id: an order's rowid is not its id (ids are
 *   uuids) and VACUUM may renumber it. `number_grams` holds every 1- and 2-character piece of the number as
 *   "|A| |AB| …", so that a number search of one or two characters (under a trigram) has an index too.
 * - order_list_counts: how many orders each (status, channel) has, so the list's count is a sum of a few
 *   rows instead of a walk through the archive.
 * - sqlite_stat1 rows for the list's indexes: without statistics SQLite takes `status IN (…)` for a few rows,
 *   reads the whole archive through the status index and sorts it; with them it walks createdAt newest
 *   first and stops at the page. A later ANALYZE replaces them with the real figures, which choose the same.
 */

/** Order numbers are at most 20 characters (the Orders collection's maxLength). */
const NUMBER_LENGTH = 20

const numberGrams = (column: string) =>
  Array.from(
    { length: NUMBER_LENGTH },
    (_, i) => `'|' || substr(${column}, ${i + 1}, 1) || '| |' || substr(${column}, ${i + 1}, 2) || '|'`,
  ).join(` || ' ' || `)

const docValues = (row: 'new' | 'old' | 'orders') =>
  `${row}.id, ${row}.number, ${numberGrams(`${row}.number`)}, ${row}.payer_full_name, ${row}.payer_email_address`

const INDEXED = 'number, number_grams, payer_full_name, payer_email_address'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`orders_payer_full_name_idx\`;`)
  await db.run(sql`CREATE INDEX \`createdAt_status_channel_idx\` ON \`orders\` (\`created_at\`,\`status\`,\`channel\`);`)
  await db.run(sql`CREATE INDEX \`payer_full_name_createdAt_status_channel_idx\` ON \`orders\` (\`payer_full_name\`,\`created_at\`,\`status\`,\`channel\`);`)

  // Newest first within a payer, for the payer sort A to Z (Payload declares ascending indexes only; its
  // compound index above, read backwards, serves Z to A).
  await db.run(
    sql.raw(`CREATE INDEX orders_payer_newest_idx ON orders (payer_full_name, created_at DESC, status, channel)`),
  )

  // The text index: its rows, filled from the orders there are, then the FTS5 table built from them at once.
  await db.run(
    sql.raw(`CREATE TABLE order_search_docs (
      doc_id INTEGER PRIMARY KEY,
      order_id TEXT NOT NULL UNIQUE,
      number TEXT,
      number_grams TEXT,
      payer_full_name TEXT,
      payer_email_address TEXT
    )`),
  )
  await db.run(
    sql.raw(`INSERT INTO order_search_docs (order_id, ${INDEXED}) SELECT ${docValues('orders')} FROM orders`),
  )
  await db.run(
    sql.raw(`CREATE VIRTUAL TABLE order_search USING fts5(${INDEXED},
      content='order_search_docs', content_rowid='doc_id', tokenize='trigram case_sensitive 0')`),
  )
  await db.run(sql.raw(`INSERT INTO order_search (order_search) VALUES ('rebuild')`))
  await db.run(
    sql.raw(`CREATE TRIGGER order_search_docs_ai AFTER INSERT ON order_search_docs BEGIN
      INSERT INTO order_search (rowid, ${INDEXED})
      VALUES (new.doc_id, new.number, new.number_grams, new.payer_full_name, new.payer_email_address);
    END`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER order_search_docs_ad AFTER DELETE ON order_search_docs BEGIN
      INSERT INTO order_search (order_search, rowid, ${INDEXED})
      VALUES ('delete', old.doc_id, old.number, old.number_grams, old.payer_full_name, old.payer_email_address);
    END`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER order_search_docs_au AFTER UPDATE ON order_search_docs BEGIN
      INSERT INTO order_search (order_search, rowid, ${INDEXED})
      VALUES ('delete', old.doc_id, old.number, old.number_grams, old.payer_full_name, old.payer_email_address);
      INSERT INTO order_search (rowid, ${INDEXED})
      VALUES (new.doc_id, new.number, new.number_grams, new.payer_full_name, new.payer_email_address);
    END`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER orders_search_ai AFTER INSERT ON orders BEGIN
      INSERT INTO order_search_docs (order_id, ${INDEXED}) VALUES (${docValues('new')});
    END`),
  )
  // Payload writes every column of an order on each update: only a change to a searched one reaches the index.
  await db.run(
    sql.raw(`CREATE TRIGGER orders_search_au AFTER UPDATE ON orders
      WHEN old.id IS NOT new.id OR old.number IS NOT new.number
        OR old.payer_full_name IS NOT new.payer_full_name OR old.payer_email_address IS NOT new.payer_email_address
    BEGIN
      UPDATE order_search_docs SET order_id = new.id, number = new.number, number_grams = ${numberGrams('new.number')},
        payer_full_name = new.payer_full_name, payer_email_address = new.payer_email_address
      WHERE order_id = old.id;
    END`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER orders_search_ad AFTER DELETE ON orders BEGIN
      DELETE FROM order_search_docs WHERE order_id = old.id;
    END`),
  )

  // The list's counts. An order without a channel was made before market days: it counts as '' (online).
  await db.run(
    sql.raw(`CREATE TABLE order_list_counts (
      status TEXT NOT NULL,
      channel TEXT NOT NULL,
      orders INTEGER NOT NULL,
      PRIMARY KEY (status, channel)
    ) WITHOUT ROWID`),
  )
  await db.run(
    sql.raw(`INSERT INTO order_list_counts (status, channel, orders)
      SELECT coalesce(status, ''), coalesce(channel, ''), count(*) FROM orders GROUP BY 1, 2`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER orders_counts_ai AFTER INSERT ON orders BEGIN
      INSERT INTO order_list_counts (status, channel, orders) VALUES (coalesce(new.status, ''), coalesce(new.channel, ''), 1)
      ON CONFLICT (status, channel) DO UPDATE SET orders = orders + 1;
    END`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER orders_counts_au AFTER UPDATE ON orders
      WHEN old.status IS NOT new.status OR old.channel IS NOT new.channel
    BEGIN
      UPDATE order_list_counts SET orders = orders - 1
      WHERE status = coalesce(old.status, '') AND channel = coalesce(old.channel, '');
      INSERT INTO order_list_counts (status, channel, orders) VALUES (coalesce(new.status, ''), coalesce(new.channel, ''), 1)
      ON CONFLICT (status, channel) DO UPDATE SET orders = orders + 1;
    END`),
  )
  await db.run(
    sql.raw(`CREATE TRIGGER orders_counts_ad AFTER DELETE ON orders BEGIN
      UPDATE order_list_counts SET orders = orders - 1
      WHERE status = coalesce(old.status, '') AND channel = coalesce(old.channel, '');
    END`),
  )

  // Statistics of a shop with 100,000 orders (6 statuses, 2 channels): only where ANALYZE has written none.
  // Analysing the small new table creates sqlite_stat1 when the database has none yet.
  await db.run(sql.raw(`ANALYZE order_list_counts`))
  await db.run(
    sql.raw(`INSERT INTO sqlite_stat1 (tbl, idx, stat)
      SELECT 'orders', column1, column2 FROM (VALUES
        ('orders_status_idx', '100000 16667'),
        ('orders_channel_idx', '100000 50000'),
        ('orders_created_at_idx', '100000 1'),
        ('createdAt_status_channel_idx', '100000 1 1 1'),
        ('payer_full_name_createdAt_status_channel_idx', '100000 20 1 1 1'),
        ('orders_payer_newest_idx', '100000 20 1 1 1')
      )
      WHERE NOT EXISTS (SELECT 1 FROM sqlite_stat1 WHERE tbl = 'orders')`),
  )
  await db.run(sql.raw(`ANALYZE sqlite_schema`))
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql.raw(`DELETE FROM sqlite_stat1 WHERE tbl = 'orders'`))
  for (const trigger of [
    'orders_counts_ad',
    'orders_counts_au',
    'orders_counts_ai',
    'orders_search_ad',
    'orders_search_au',
    'orders_search_ai',
    'order_search_docs_au',
    'order_search_docs_ad',
    'order_search_docs_ai',
  ])
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`))
  await db.run(sql.raw(`DROP TABLE IF EXISTS order_list_counts`))
  await db.run(sql.raw(`DROP TABLE IF EXISTS order_search`))
  await db.run(sql.raw(`DROP TABLE IF EXISTS order_search_docs`))
  await db.run(sql.raw(`DROP INDEX IF EXISTS orders_payer_newest_idx`))
  await db.run(sql`DROP INDEX \`createdAt_status_channel_idx\`;`)
  await db.run(sql`DROP INDEX \`payer_full_name_createdAt_status_channel_idx\`;`)
  await db.run(sql`CREATE INDEX \`orders_payer_full_name_idx\` ON \`orders\` (\`payer_full_name\`);`)
}
