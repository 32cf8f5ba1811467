import type { GlobalAfterChangeHook, GlobalConfig } from 'payload';
import { changedFields } from './audit-diff';
import { writeAuditEntry } from '../lib/audit-write';

/** The shop's settings global is logged as collection `settings`, record id its slug. */
const auditGlobalAfterChange: GlobalAfterChangeHook = async ({ doc, previousDoc, req }) => {
  await writeAuditEntry(req, {
    collection: 'settings',
    record_id: 'shop-settings',
    operation: 'update',
    changes: changedFields(previousDoc as Record<string, unknown>, doc as Record<string, unknown>),
  });
  return doc;
};

export function withGlobalAuditHooks(global: GlobalConfig): GlobalConfig {
  const hooks = global.hooks ?? {};
  return { ...global, hooks: { ...hooks, afterChange: [...(hooks.afterChange ?? []), auditGlobalAfterChange] } };
}
