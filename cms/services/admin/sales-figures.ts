import type { Payload, PayloadRequest } from 'payload';
import { markMonthsStale } from '../../lib/analytics-months';
import { invalidateAnalyticsCache } from './analytics';
import { invalidateSalesCache } from './sales';

/**
 * Clears the control centre's cached sales sums after any change to the orders. A write that runs inside a
 * transaction (the Orders hooks do) has not committed yet when it clears them, and a read in that window
 * could cache the old sums again, so they are cleared once more just after.
 */
function invalidateSalesSums(): void {
  invalidateSalesCache();
  setTimeout(invalidateSalesCache, 250).unref();
}

/**
 * A write to orders that cannot say which (a test's adapter writes): the sums, and every analytics month this
 * process holds or reads, are computed again here. Other processes do not hear of it; order writes say which
 * orders they touched (ordersChanged).
 */
export function invalidateSalesFigures(): void {
  invalidateSalesSums();
  invalidateAnalyticsCache();
}

/**
 * Orders created (or changed, deleted, or their units put back to stock) at these dates: the dashboard sums
 * are cleared and the analytics months of the dates are marked stale for every app instance (issue 33 §2).
 * With `req`, the mark joins the write's transaction; otherwise call it once the write has committed.
 */
export async function ordersChanged(payload: Payload, createdAts: unknown[], req?: PayloadRequest): Promise<void> {
  invalidateSalesSums();
  await markMonthsStale(payload, createdAts, req);
}

/**
 * ordersChanged for a write that has committed already (an order inserted below the hooks, units put back
 * to stock): the write stands whatever happens here, so a failed mark is logged, not thrown at its caller.
 */
export async function ordersChangedAfterCommit(payload: Payload, createdAts: unknown[]): Promise<void> {
  try {
    await ordersChanged(payload, createdAts);
  } catch (err) {
    payload.logger.error({ err, msg: 'analytics: could not mark the months of changed orders stale' });
  }
}
