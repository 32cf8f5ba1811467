import type { PayloadRequest } from 'payload';
import type { AuditChanges, AuditOperation } from '@shop/shared/admin';
import { isStaffUser } from './roles';
import { describeActor } from './actor';

export interface AuditRecord {
  collection: string;
  record_id: string;
  operation: AuditOperation;
  changes: AuditChanges;
}

/**
 * Who a write is by when it has no signed-in user but is still the log's business: the account itself
 * redeeming a reset link, or the system disabling an account with a published password at start. Set on
 * the write's `context` (Local API `context: { [AUDIT_ACTOR]: … }`).
 */
export const AUDIT_ACTOR = 'auditActor';
export type AuditActor = { by_id: string | null; by: string };

/** The actor a write is logged under, or null when it is not the log's business. */
function actorOf(req: PayloadRequest): AuditActor | null {
  if (isStaffUser(req.user)) return describeActor(req.user);
  const given = req.context?.[AUDIT_ACTOR] as AuditActor | undefined;
  return given && typeof given.by === 'string' ? given : null;
}

/**
 * Writes one audit entry with the write's own `req`, so inside the write's transaction when it has one (a
 * failed entry then undoes the write). Only the writes of signed-in staff (or of an actor named on the
 * context) are the log's business: the payment capture, the reconciler and the seed write without a user. An
 * update that changed nothing worth logging writes no entry.
 */
export async function writeAuditEntry(req: PayloadRequest, record: AuditRecord): Promise<void> {
  const actor = actorOf(req);
  if (!actor) return;
  if (record.operation === 'update' && Object.keys(record.changes).length === 0) return;
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

const NOTED_CHANGES = 'auditNotedChanges';
type NotedChanges = Record<string, AuditChanges>;

/**
 * Notes a change the stored documents cannot show: a password (only its hash changes, and neither is ever
 * logged) or sessions ended. A hook that sees the change notes it on the write's context; the audit hook
 * adds it to the write's entry.
 */
export function noteAuditChange(
  req: PayloadRequest,
  collection: string,
  id: string,
  field: string,
  change: { before?: unknown; after?: unknown },
): void {
  const noted = (req.context[NOTED_CHANGES] ??= {}) as NotedChanges;
  const key = `${collection}:${id}`;
  noted[key] = { ...noted[key], [field]: change };
}

/** The noted changes of one record's write, removed from the context so a later write starts clean. */
export function takeNotedChanges(req: PayloadRequest, collection: string, id: string): AuditChanges {
  const noted = req.context[NOTED_CHANGES] as NotedChanges | undefined;
  const key = `${collection}:${id}`;
  const changes = noted?.[key] ?? {};
  if (noted) delete noted[key];
  return changes;
}
