import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload';
import { invalidateAnalyticsCache } from '../../../services/admin/analytics';
import { invalidateSalesCache } from '../../../services/admin/sales';

/**
 * Hooks run inside the write's transaction, before it commits: a read in that window could cache the old
 * sums again, so they are cleared once more just after.
 */
function invalidateNowAndAfterCommit(): void {
  const invalidate = () => {
    invalidateSalesCache();
    invalidateAnalyticsCache();
  };
  invalidate();
  setTimeout(invalidate, 250).unref();
}

export const invalidateSalesAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  invalidateNowAndAfterCommit();
  return doc;
};

export const invalidateSalesAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  invalidateNowAndAfterCommit();
  return doc;
};
