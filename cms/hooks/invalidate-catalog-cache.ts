import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload';
import { invalidateCatalogCache } from '../lib/catalog-cache';

/**
 * Hooks run inside the write's transaction, before it commits: a read in that window could cache the old
 * record again, so the cache is cleared once more just after. The first clearing is awaited: with several
 * instances the write's answer then leaves only once every other instance has been told (lib/catalog-cache.ts).
 */
async function invalidateNowAndAfterCommit(): Promise<void> {
  await invalidateCatalogCache();
  setTimeout(() => void invalidateCatalogCache(), 250).unref();
}

export const invalidateCatalogAfterChange: CollectionAfterChangeHook = async ({ doc }) => {
  await invalidateNowAndAfterCommit();
  return doc;
};

export const invalidateCatalogAfterDelete: CollectionAfterDeleteHook = async ({ doc }) => {
  await invalidateNowAndAfterCommit();
  return doc;
};

export const invalidateCatalogAfterGlobalChange: GlobalAfterChangeHook = async ({ doc }) => {
  await invalidateNowAndAfterCommit();
  return doc;
};
