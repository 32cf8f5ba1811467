import type { CollectionBeforeChangeHook } from 'payload';
import { noteAuditChange } from '../lib/audit-write';

/** What the audit log says instead of a password: that it changed, never the value or its hash. */
export const PASSWORD_CHANGED = { before: '(hidden)', after: '(changed)' } as const;
export const SESSIONS_ENDED = { after: '(all sessions ended)' } as const;

/**
 * A password change leaves no readable trace in the stored record (the hash is never logged), so it is noted
 * for the audit entry here, where the write still carries the new password (Payload hashes it after the
 * collection's beforeChange hooks). Deactivation notes the sessions it ends itself (collections/Users.ts).
 */
export const noteCredentialChanges: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (operation === 'update' && originalDoc && typeof data.password === 'string' && data.password !== '') {
    noteAuditChange(req, 'users', String(originalDoc.id), 'password', PASSWORD_CHANGED);
  }
  return data;
};
