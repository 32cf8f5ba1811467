import type { PayloadRequest } from 'payload';
import type { AuditChanges, AuditOperation } from '@shop/shared/admin';
import { isStaffUser } from '../lib/roles';
import { describeActor } from '../lib/actor';

export interface AuditRecord {
  collection: string;
  record_id: string;
  operation: AuditOperation;
  changes: AuditChanges;
}

/**
 * Writes one audit entry with the write's own `req`, so inside the write's transaction when it has one (a
 * failed entry then undoes the write). Only the writes of signed-in staff are the log's business: the
 * payment capture, the reconciler and the seed write without a user. An update that changed nothing worth
 * logging (only bookkeeping or secrets) writes no entry.
 */
export async function writeAuditEntry(req: PayloadRequest, record: AuditRecord): Promise<void> {
  if (!isStaffUser(req.user)) return;
  if (record.operation === 'update' && Object.keys(record.changes).length === 0) return;
  const actor = describeActor(req.user);
  await req.payload.create({
    collection: 'audit-log',
    data: {
      user: actor.by_id,
      by: actor.by,
      at: new Date().toISOString(),
      collection: record.collection,
      record_id: record.record_id,
      operation: record.operation,
      changes: record.changes,
    },
    depth: 0,
    req,
    overrideAccess: true,
  });
}
