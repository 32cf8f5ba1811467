import { mongooseAdapter } from '@payloadcms/db-mongodb';
import { sqliteAdapter } from '@payloadcms/db-sqlite';
import type { DatabaseAdapterObj } from 'payload';

/**
 * DATABASE_URI picks the adapter: a mongodb:// (or mongodb+srv://) URI → MongoDB through mongoose, anything
 * else → SQLite. Nothing outside this function knows which one runs.
 */
export function databaseAdapter(uri: string): DatabaseAdapterObj {
  if (/^mongodb(\+srv)?:\/\//.test(uri)) return mongooseAdapter({ url: uri });
  const url = /^(file|libsql|https?):/.test(uri) ? uri : `file:${uri}`;
  // push keeps the SQLite schema in step with the collections, also in production where SQLite is the
  // single-machine option; MongoDB needs no schema.
  return sqliteAdapter({ client: { url }, idType: 'uuid', push: true });
}
