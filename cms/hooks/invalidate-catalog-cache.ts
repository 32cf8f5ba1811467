import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload';
import { invalidateCatalogCache } from '../lib/catalog-cache';

/**
 * Hooks run inside the write's transaction, before it commits: a read in that window could cache the old
 * record again, so the cache is cleared once more just after.
 */
function invalidateNowAndAfterCommit(): void {
  invalidateCatalogCache();
  setTimeout(invalidateCatalogCache, 250).unref();
}

export const invalidateCatalogAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  invalidateNowAndAfterCommit();
  return doc;
};

export const invalidateCatalogAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  invalidateNowAndAfterCommit();
  return doc;
};

export const invalidateCatalogAfterGlobalChange: GlobalAfterChangeHook = ({ doc }) => {
  invalidateNowAndAfterCommit();
  return doc;
};
