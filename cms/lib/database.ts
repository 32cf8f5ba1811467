import path from 'node:path';
import { mongooseAdapter } from '@payloadcms/db-mongodb';
import { sqliteAdapter } from '@payloadcms/db-sqlite';
import type { BaseDatabaseAdapter, DatabaseAdapterObj } from 'payload';
import { migrations } from '../migrations';
import { migrateToLatest } from './database-migrations';
import { repoRoot } from './paths';

const migrationsDir = path.join(repoRoot, 'cms', 'migrations');

/**
 * DATABASE_URI picks the adapter: a mongodb:// (or mongodb+srv://) URI → MongoDB through mongoose, anything
 * else → SQLite. Nothing outside this function knows which one runs.
 */
export function databaseAdapter(uri: string): DatabaseAdapterObj {
  if (/^mongodb(\+srv)?:\/\//.test(uri)) return withConnect(mongooseAdapter({ url: uri }), async () => {});
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
    return async () => {
      if (process.env.PAYLOAD_MIGRATING !== 'true') await migrateToLatest(adapter, migrations, migrationsDir);
    };
  });
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
