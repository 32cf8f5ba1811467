import type { CollectionAfterChangeHook } from 'payload';
import type { AuditChanges } from '@shop/shared/admin';
import { writeAuditEntry } from '../lib/audit-write';

const idOf = (value: unknown): string =>
  value !== null && typeof value === 'object' && 'id' in value ? String(value.id) : String(value ?? '');

/**
 * An internal note and a tracking number live on the order's timeline, not on the order's row, so the
 * order's own audit entry cannot show them: each is logged as a change of its order here (the status change
 * itself is the order's entry). Written with the event's `req`, so inside the same transaction.
 */
export const auditOrderEvent: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc;
  const changes: AuditChanges = {};
  if (doc.type === 'note' && doc.note) changes.note = { after: doc.note };
  if (doc.type === 'status' && doc.tracking_number) changes.tracking_number = { after: doc.tracking_number };
  if (Object.keys(changes).length > 0) {
    await writeAuditEntry(req, { collection: 'orders', record_id: idOf(doc.order), operation: 'update', changes });
  }
  return doc;
};
