import type { sql } from '@payloadcms/db-sqlite';
import type { Payload, PayloadRequest } from 'payload';

/**
 * The two database adapters' own handles, for the few writes that must be ONE conditional statement (a stock
 * unit, a discount code's use, a claim): drizzle on SQLite, the mongoose models on MongoDB. Payload's
 * read-then-update cannot make them atomic.
 */
export type SQL = ReturnType<typeof sql>;

export interface MongoModel {
  updateOne(filter: object, update: object, options?: { session?: unknown }): Promise<{ modifiedCount: number }>;
  findOne(
    filter: object,
    projection?: object | null,
    options?: { session?: unknown },
  ): { lean(): Promise<Record<string, unknown> | null> };
}

export interface DrizzleRunner {
  run(query: SQL): Promise<{ rowsAffected: number; rows: Record<string, unknown>[] }>;
}

export interface AdapterHandles {
  name: string;
  drizzle?: DrizzleRunner;
  collections?: Record<string, MongoModel>;
  sessions?: Record<string, unknown>;
}

export const adapterOf = (payload: Payload) => payload.db as unknown as AdapterHandles;

export function mongoModel(db: AdapterHandles, collection: string): MongoModel {
  const model = db.collections?.[collection];
  if (!model) throw new Error(`No MongoDB model for ${collection}`);
  return model;
}

/** `what` names the feature in the error ("Stock counts"), for an adapter with neither handle. */
export function drizzleOf(db: AdapterHandles, what: string): NonNullable<AdapterHandles['drizzle']> {
  if (!db.drizzle) throw new Error(`${what} are not supported on the ${db.name} adapter`);
  return db.drizzle;
}

/**
 * A key inside a JSON field (a checkout's PayPal order id, an order's id) as it is written into a JSON path
 * or a MongoDB dotted path: letters, digits, _ and - only, so it can never leave the path.
 */
export function checkedKey(key: string, what: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) throw new Error(`Unusable ${what} key ${key}`);
  return key;
}

/** The SQLite JSON path of a checked key. */
export const jsonKeyPath = (key: string, what: string) => `$."${checkedKey(key, what)}"`;

/**
 * The transaction `req` holds (lib/transaction.ts withTransaction), for a conditional statement that must
 * commit with the Payload writes given the same `req`: its drizzle transaction on SQLite, its ClientSession on
 * MongoDB. Empty outside a transaction: the statement then runs on its own.
 */
export async function transactionOf(
  payload: Payload,
  req: PayloadRequest | undefined,
): Promise<{ drizzle?: DrizzleRunner; session?: unknown }> {
  if (!req || req.transactionID === undefined) return {};
  const id = String(await req.transactionID);
  const db = adapterOf(payload);
  const held = db.sessions?.[id];
  if (!held) return {};
  return db.name === 'mongoose' ? { session: held } : { drizzle: (held as { db: DrizzleRunner }).db };
}
