import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload';
import { dropOrderFromSearch, indexOrderForSearch } from '../../../lib/order-search-mongo';

/**
 * The order search index on MongoDB (lib/order-search-mongo.ts), in the write's own transaction. On SQLite
 * these do nothing: triggers keep the index there, whatever path the write takes.
 */
export const indexOrderAfterChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await indexOrderForSearch(req.payload, doc, req);
  return doc;
};

export const dropOrderAfterDelete: CollectionAfterDeleteHook = async ({ id, req }) => {
  await dropOrderFromSearch(req.payload, id, req);
};
