import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig } from 'payload';
import { changedFields } from './audit-diff';
import { takeNotedChanges, writeAuditEntry } from '../lib/audit-write';

const auditAfterChange: CollectionAfterChangeHook = async ({ collection, doc, previousDoc, operation, req }) => {
  const id = String(doc.id);
  await writeAuditEntry(req, {
    collection: collection.slug,
    record_id: id,
    operation,
    changes: {
      ...changedFields(operation === 'create' ? null : previousDoc, doc),
      ...takeNotedChanges(req, collection.slug, id),
    },
  });
  return doc;
};

const auditAfterDelete: CollectionAfterDeleteHook = async ({ collection, doc, id, req }) => {
  await writeAuditEntry(req, {
    collection: collection.slug,
    record_id: String(doc?.id ?? id),
    operation: 'delete',
    changes: changedFields(doc, null),
  });
  return doc;
};

/**
 * The collection with its writes audited: the audit hooks run after the collection's own, so they see the
 * record as stored.
 */
export function withAuditHooks(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {};
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [...(hooks.afterChange ?? []), auditAfterChange],
      afterDelete: [...(hooks.afterDelete ?? []), auditAfterDelete],
    },
  };
}
