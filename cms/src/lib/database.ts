import { mongooseAdapter } from '@payloadcms/db-mongodb';
import { sqliteAdapter } from '@payloadcms/db-sqlite';
import type { DatabaseAdapterObj } from 'payload';
import { migrations } from '../migrations';

/**
 * DATABASE_URI picks the adapter: a mongodb:// (or mongodb+srv://) URI → MongoDB through mongoose, anything
 * else → SQLite. Nothing outside this function knows which one runs.
 */
export function databaseAdapter(uri: string): DatabaseAdapterObj {
  if (/^mongodb(\+srv)?:\/\//.test(uri)) return mongooseAdapter({ url: uri });
  const url = /^(file|libsql|https?):/.test(uri) ? uri : `file:${uri}`;
  // Development pushes the schema straight from the collections; production (NODE_ENV=production) applies
  // the committed migrations on start (`npm run migrate:create -w cms` after a schema change). MongoDB
  // needs neither.
  return sqliteAdapter({ client: { url }, idType: 'uuid', push: true, prodMigrations: migrations });
}
