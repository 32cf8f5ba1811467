import path from 'node:path';
import { createClient } from '@libsql/client';
import { sqliteAdapter } from '@payloadcms/db-sqlite';
import type { SQLiteAdapter } from '@payloadcms/db-sqlite';
import type { BaseDatabaseAdapter, DatabaseAdapterObj } from 'payload';
import { migrations } from '../migrations';
import { migrateToLatest } from './database-migrations';
import { repoRoot } from './paths';

const migrationsDir = path.join(repoRoot, 'cms', 'migrations');

/**
 * DATABASE_URI picks the adapter: a mongodb:// (or mongodb+srv://) URI → MongoDB through mongoose, anything
 * else → SQLite. Nothing outside this function knows which one runs. The MongoDB adapter is loaded only when it
 * is the one: mongoose and its driver are some 450 modules and a 17 MiB serialisation buffer that a shop on
 * SQLite would otherwise hold for nothing.
 */
export async function databaseAdapter(uri: string): Promise<DatabaseAdapterObj> {
  if (/^mongodb(\+srv)?:\/\//.test(uri)) {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb');
    return withConnect(mongooseAdapter({ url: uri }), async () => {});
  }
  const url = /^(file|libsql|https?):/.test(uri) ? uri : `file:${uri}`;
  // One schema path for every mode: no development push (it marks the database so that a later production
  // start stops at Payload's interactive prompt), the committed migrations applied on each connect instead,
  // so one database moves between development and production. Whatever opens the database (the server,
  // `npm run seed`, `npm run create-admin`) gets it migrated. Payload's own `payload migrate*` commands set
  // PAYLOAD_MIGRATING and are left to do their job. MongoDB has no migrations here.
  const sqlite = sqliteAdapter({ client: { url }, idType: 'uuid', push: false });
  return withConnect(sqlite, async (adapter) => {
    // A remote libsql URL is only dialled on the first query: a wrong one should fail here, as "cannot open".
    await adapter.client.execute('SELECT 1');
    if (url.startsWith('file:')) await shareWithOtherProcesses(adapter.client);
    return async () => {
      if (process.env.PAYLOAD_MIGRATING === 'true') return;
      const migrate = () => migrateToLatest(adapter, migrations, migrationsDir);
      await (url.startsWith('file:') ? oneMigratorAtATime(url, migrate) : migrate());
    };
  });
}

/** How long a write waits for another process's write to finish before it fails with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

type LibsqlClient = SQLiteAdapter['client'];

/**
 * Several processes on one SQLite file (two app instances, or the server and `npm run seed`): WAL lets readers
 * go on while one writes, and the busy timeout makes a second writer wait its turn instead of failing at
 * once with "database is locked". WAL is a property of the file and stays; the busy timeout belongs to a
 * connection, and the libsql client opens a new connection after each `transaction()` (it hands the old one
 * to the transaction), so the setting is applied again to each new connection, in the same tick as the
 * statement that opens it.
 */
export async function shareWithOtherProcesses(client: LibsqlClient): Promise<void> {
  const pragma = `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`;
  // The timeout first: switching a new file to WAL needs a moment's exclusive lock, and a second process
  // opening the same file at that moment must wait for it, not fail to start with SQLITE_BUSY.
  await client.execute(pragma);
  await client.execute('PRAGMA journal_mode = WAL');
  const execute = client.execute.bind(client);
  let fresh = false;
  // The local client runs each statement synchronously when called: this pragma reaches the new
  // connection before the statement it precedes, with nothing in between.
  const prepare = () => {
    if (!fresh) return;
    fresh = false;
    void execute(pragma).catch(() => undefined);
  };
  const wrap = <K extends 'execute' | 'batch' | 'executeMultiple' | 'migrate'>(name: K) => {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<K, unknown>)[name] = (...args: unknown[]) => {
      prepare();
      return original(...args);
    };
  };
  wrap('execute');
  wrap('batch');
  wrap('executeMultiple');
  wrap('migrate');
  const transaction = client.transaction.bind(client);
  client.transaction = (...args: Parameters<LibsqlClient['transaction']>) => {
    prepare();
    const opened = transaction(...args);
    fresh = true;
    return opened;
  };
}

/** How long a start waits for another process's migrations before it gives up. */
const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Two processes started at once on one SQLite file (two instances, or the server and `npm run seed`) would
 * both find a migration missing and both run it; the second fails on "table already exists" and refuses to
 * start. Migrations are run holding a write transaction on a small lock database next to the file: a second
 * process waits there, then finds everything applied. The lock is SQLite's own file lock, so a process that
 * dies mid-way releases it with its last breath, leaving nothing stale behind.
 */
async function oneMigratorAtATime(url: string, migrate: () => Promise<void>): Promise<void> {
  const file = url.slice('file:'.length).split('?')[0];
  const lock = createClient({ url: `file:${file}.migrate-lock` });
  try {
    await lock.execute(`PRAGMA busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
    const held = await lock.transaction('write');
    try {
      await migrate();
    } finally {
      await held.rollback();
    }
  } finally {
    lock.close();
  }
}

/**
 * Wraps the adapter's connect: a database that cannot be opened becomes one Error naming DATABASE_URI (the
 * start reports it in one line, server.ts) instead of Payload's error log with a stack, which is kept at debug
 * level; `afterOpen` runs on the open database and may return what to do once the connection is set up.
 */
function withConnect<T extends BaseDatabaseAdapter>(
  adapterObj: DatabaseAdapterObj<T>,
  afterOpen: (adapter: T) => Promise<void | (() => Promise<void>)>,
): DatabaseAdapterObj<T> {
  return {
    ...adapterObj,
    init: (args) => {
      const adapter = adapterObj.init(args);
      const connect = adapter.connect;
      adapter.connect = async (options) => {
        const { logger } = adapter.payload;
        const logError = logger.error;
        logger.error = logger.debug.bind(logger);
        let next: void | (() => Promise<void>);
        try {
          await connect?.call(adapter, options);
          next = await afterOpen(adapter);
        } catch (err) {
          const message = (err instanceof Error ? err.message : String(err)).replace(/^(Error: )+/, '');
          throw new Error(`the database cannot be opened (DATABASE_URI, DATA_DIR): ${message}`, { cause: err });
        } finally {
          logger.error = logError;
        }
        await next?.();
      };
      return adapter;
    },
  };
}
