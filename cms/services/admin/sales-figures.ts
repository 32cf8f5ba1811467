import { invalidateAnalyticsCache } from './analytics';
import { invalidateSalesCache } from './sales';

/**
 * Clears the control centre's cached sales sums and charts after any change to the orders. A write that
 * runs inside a transaction (the Orders hooks do) has not committed yet when it clears them, and a read in
 * that window could cache the old sums again, so they are cleared once more just after.
 */
export function invalidateSalesFigures(): void {
  const invalidate = () => {
    invalidateSalesCache();
    invalidateAnalyticsCache();
  };
  invalidate();
  setTimeout(invalidate, 250).unref();
}
