import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload';
import { ordersChanged } from '../../../services/admin/sales-figures';

/**
 * Any write to an order marks its month stale in the analytics (both months, should its date ever change),
 * inside the write's transaction: the mark commits with the order or not at all. Every write counts, not only
 * money and status: a month read again is cheap, and a field missed here would be wrong until the next write.
 */
export const invalidateSalesAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  await ordersChanged(req.payload, [doc.createdAt, previousDoc?.createdAt], req);
  return doc;
};

export const invalidateSalesAfterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await ordersChanged(req.payload, [doc.createdAt], req);
  return doc;
};
