import type { Access, Where } from 'payload';
import { isStaffUser } from './roles';

/**
 * What a shopper may see of a product or category: published, and either not scheduled or scheduled for a
 * moment that has come. The moment is taken per call, so a scheduled record appears without any write.
 */
export function onStorefront(now: Date = new Date()): Where {
  return {
    and: [
      { published: { equals: true } },
      { or: [{ publish_at: { exists: false } }, { publish_at: { less_than_equal: now.toISOString() } }] },
    ],
  };
}

/** The same rule for a record already loaded (e.g. a product read with overrideAccess to price a cart). */
export function isOnStorefront(doc: Record<string, unknown>, now: Date = new Date()): boolean {
  if (doc.published !== true) return false;
  if (doc.publish_at === null || doc.publish_at === undefined || doc.publish_at === '') return true;
  const at = new Date(doc.publish_at as string | Date).getTime();
  // An unreadable date cannot be proven to have come: the record stays hidden.
  return Number.isFinite(at) && at <= now.getTime();
}

/**
 * Shoppers read what is on the storefront only; admins and editors read everything (the panel's product form
 * shows unpublished categories too). Returned as a query so lists filter too.
 */
export const publishedOrStaff: Access = ({ req }) => (isStaffUser(req.user) ? true : onStorefront());
