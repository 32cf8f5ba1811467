import type { Payload } from 'payload';
import { adapterOf } from './adapter-handles';
import type { OrderSearchIndex } from './order-search';
import { mongoOrderSearch } from './order-search-mongo';
import { sqliteOrderSearch } from './order-search-sqlite';

/** The order search index of the database Payload runs on (lib/order-search.ts). */
export function orderSearchIndex(payload: Payload): OrderSearchIndex {
  const db = adapterOf(payload);
  return db.name === 'mongoose' ? mongoOrderSearch(db) : sqliteOrderSearch(db);
}
