import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { MigrateDownArgs, MigrateUpArgs, SQLiteAdapter } from '@payloadcms/db-sqlite';
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload';

/** One entry of cms/migrations/index.ts, as `payload migrate:create` writes it. */
export interface Migration {
  name: string;
  up: (args: MigrateUpArgs) => Promise<void>;
  down: (args: MigrateDownArgs) => Promise<void>;
}

/** Payload's marker for "the schema was pushed by a development start, not migrated". */
const DEV_PUSH_BATCH = -1;

/** Tables and indexes as names only: enough to tell which migration a database matches. */
type SchemaShape = Map<string, { columns: Set<string>; indexes: Set<string> }>;

/**
 * Brings a SQLite database to the newest committed migration on every start, in every mode, without ever
 * asking a question: this replaces Payload's development schema push and its `prodMigrations`, whose
 * `migrate()` stops at an interactive "data loss will occur… (y/N)" prompt when a development start had
 * pushed into the same database, and so hangs wherever there is no terminal. Throws an Error whose message
 * is the one line the operator needs; the database is then unchanged.
 *
 * The bookkeeping is Payload's own (the payload_migrations table, one batch per run), so `payload
 * migrate:status` and `migrate:down` keep working.
 */
export async function migrateToLatest(
  adapter: SQLiteAdapter,
  migrations: Migration[],
  migrationsDir: string,
): Promise<void> {
  let applied = await appliedMigrations(adapter);
  if (applied.some((m) => m.batch === DEV_PUSH_BATCH)) {
    await adoptPushedSchema(adapter, migrations, migrationsDir, applied);
    applied = await appliedMigrations(adapter);
  }
  const done = new Set(applied.map((m) => m.name));
  const batch = Math.max(0, ...applied.map((m) => m.batch)) + 1;
  for (const migration of migrations) {
    if (!done.has(migration.name)) await runMigration(adapter, migration, batch);
  }
  await assertCollectionsFitDatabase(adapter);
}

async function appliedMigrations(adapter: SQLiteAdapter): Promise<Array<{ name: string; batch: number }>> {
  const table = await adapter.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'payload_migrations'",
  );
  if (table.rows.length === 0) return [];
  const rows = await adapter.client.execute('SELECT name, batch FROM payload_migrations');
  return rows.rows.map((row) => ({ name: String(row.name), batch: Number(row.batch) }));
}

/** As Payload's own runner: the migration and its record commit together or not at all. */
async function runMigration(adapter: SQLiteAdapter, migration: Migration, batch: number): Promise<void> {
  const { payload } = adapter;
  const startedAt = performance.now();
  const req = await createLocalReq({}, payload);
  try {
    await initTransaction(req);
    const transactionId = req.transactionID === undefined ? undefined : await req.transactionID;
    const db = (transactionId !== undefined && adapter.sessions[transactionId]?.db) || adapter.drizzle;
    await migration.up({ db, payload, req } as MigrateUpArgs);
    await payload.create({ collection: 'payload-migrations', data: { name: migration.name, batch }, req });
    await commitTransaction(req);
  } catch (err) {
    await killTransaction(req);
    throw new Error(`Migration ${migration.name} failed, the database is as it was before it: ${errorMessage(err)}`, {
      cause: err,
    });
  }
  payload.logger.info(`Migrated ${migration.name} (${Math.round(performance.now() - startedAt)} ms)`);
}

/**
 * A database that an earlier version's development start pushed its schema into carries Payload's batch -1
 * marker and none (or only some) of the migration records. Decision: it is migrated over, never refused
 * outright and never pushed into, when its tables, columns and indexes are exactly those of one committed
 * migration's snapshot (cms/migrations/*.json): the migrations up to that one are recorded as applied,
 * without touching a row, and the later ones run as usual. A push leaves exactly the schema the collections
 * had, so this is the common case. Anything else (the schema of no committed version: half-pushed,
 * hand-edited) is refused, since running migrations over unknown tables is how data is lost.
 */
async function adoptPushedSchema(
  adapter: SQLiteAdapter,
  migrations: Migration[],
  migrationsDir: string,
  applied: Array<{ name: string; batch: number }>,
): Promise<void> {
  const live = await liveSchema(adapter);
  let newestDifferences: string[] = [];
  for (let index = migrations.length - 1; index >= 0; index--) {
    const snapshotFile = path.join(migrationsDir, `${migrations[index].name}.json`);
    if (!fs.existsSync(snapshotFile)) continue;
    const differences = compareSchemas(live, snapshotShape(snapshotFile));
    if (index === migrations.length - 1) newestDifferences = differences;
    if (differences.length > 0) continue;

    const recorded = new Set(applied.map((m) => m.name));
    const adopted = migrations.slice(0, index + 1).filter((m) => !recorded.has(m.name));
    const batch = Math.max(0, ...applied.map((m) => m.batch)) + 1;
    const now = new Date().toISOString();
    await adapter.client.batch(
      [
        ...adopted.map((m) => ({
          sql: 'INSERT INTO payload_migrations (id, name, batch, updated_at, created_at) VALUES (?, ?, ?, ?, ?)',
          args: [randomUUID(), m.name, batch, now, now],
        })),
        { sql: 'DELETE FROM payload_migrations WHERE batch = ?', args: [DEV_PUSH_BATCH] },
      ],
      'write',
    );
    adapter.payload.logger.warn(
      `The database's schema had been pushed by a development start; it matches migration ` +
        `${migrations[index].name}, now recorded as applied (${adopted.length} migration records added, no data changed)`,
    );
    return;
  }
  const shown = newestDifferences.slice(0, 4).join(', ');
  const more = newestDifferences.length > 4 ? ` and ${newestDifferences.length - 4} more` : '';
  throw new Error(
    'The database was set up by a development start that pushed its schema, and its tables match none of the ' +
      `committed migrations (against the newest: ${shown}${more}). Nothing was changed. ` +
      'See "Troubleshooting" in the README: keep a copy of the file, then start from an empty database or ' +
      'bring the tables to a committed migration by hand.',
  );
}

/** What every query of a collection needs: a missing column is an SQL error on each read of it. */
async function assertCollectionsFitDatabase(adapter: SQLiteAdapter): Promise<void> {
  const live = await liveSchema(adapter);
  const missing: string[] = [];
  for (const table of Object.values(adapter.rawTables)) {
    const liveTable = live.get(table.name);
    if (!liveTable) {
      missing.push(`table ${table.name}`);
      continue;
    }
    for (const column of Object.values(table.columns)) {
      if (!liveTable.columns.has(column.name)) missing.push(`${table.name}.${column.name}`);
    }
  }
  if (missing.length === 0) return;
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  throw new Error(
    `The database lacks what the collections use (${missing.slice(0, 5).join(', ')}${more}): a collection ` +
      'changed without a migration. Create one with `npm run migrate:create -w cms -- <name>` and start again.',
  );
}

/**
 * What migrations make with raw SQL beside the collections' schema, and so what drizzle's snapshots never list:
 * the orders' search index, its documents, the list counts and generation (order-search-sqlite.ts, with FTS5's
 * own shadow tables), the payer sort's and the market list's descending indexes, and the analytics months
 * (analytics-months.ts). Left out of the comparison with a snapshot, as Payload's own tables of another kind
 * would be.
 */
const RAW_SQL_TABLES =
  /^(analytics_months|order_list_counts|order_list_generation|order_search|order_search_(docs|data|idx|docsize|config|content))$/;
const RAW_SQL_INDEXES = new Set(['orders_payer_newest_idx', 'orders_market_newest_idx']);

async function liveSchema(adapter: SQLiteAdapter): Promise<SchemaShape> {
  const shape: SchemaShape = new Map();
  const tables = await adapter.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  for (const { name } of tables.rows) {
    const table = String(name);
    if (RAW_SQL_TABLES.test(table)) continue;
    const columns = await adapter.client.execute({ sql: 'SELECT name FROM pragma_table_info(?)', args: [table] });
    const indexes = await adapter.client.execute({
      sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_%'",
      args: [table],
    });
    shape.set(table, {
      columns: new Set(columns.rows.map((row) => String(row.name))),
      indexes: new Set(indexes.rows.map((row) => String(row.name)).filter((index) => !RAW_SQL_INDEXES.has(index))),
    });
  }
  return shape;
}

/** A drizzle-kit snapshot as `payload migrate:create` writes it next to each migration. */
interface Snapshot {
  tables: Record<string, { name: string; columns: Record<string, { name: string }>; indexes: Record<string, unknown> }>;
}

function snapshotShape(file: string): SchemaShape {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const shape: SchemaShape = new Map();
  for (const table of Object.values(snapshot.tables)) {
    shape.set(table.name, {
      columns: new Set(Object.values(table.columns).map((c) => c.name)),
      indexes: new Set(Object.keys(table.indexes)),
    });
  }
  return shape;
}

/** Human-readable differences, e.g. "orders.status_history missing"; empty when the shapes are equal. */
function compareSchemas(live: SchemaShape, expected: SchemaShape): string[] {
  const differences: string[] = [];
  for (const [table, want] of expected) {
    const have = live.get(table);
    if (!have) {
      differences.push(`table ${table} missing`);
      continue;
    }
    for (const column of want.columns) if (!have.columns.has(column)) differences.push(`${table}.${column} missing`);
    for (const column of have.columns) if (!want.columns.has(column)) differences.push(`${table}.${column} unexpected`);
    for (const index of want.indexes) if (!have.indexes.has(index)) differences.push(`index ${index} missing`);
    for (const index of have.indexes) if (!want.indexes.has(index)) differences.push(`index ${index} unexpected`);
  }
  for (const table of live.keys()) if (!expected.has(table)) differences.push(`table ${table} unexpected`);
  return differences;
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
