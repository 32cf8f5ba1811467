import type { CollectionConfig } from 'payload';
import { AUDIT_OPERATIONS } from '@shop/shared/admin';
import { isAdmin } from '../access/roles';

/**
 * Every admin write to the catalogue, settings, accounts, images and content (issue 14): who, when, which
 * record, and the changed fields before and after (secrets never). Written by the hooks in hooks/audit-*.ts
 * with the write's own `req`, so inside its transaction where there is one; kept without a cap; read by admins
 * through /api/v2/admin/audit-log only. Nobody edits or deletes an entry.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  access: {
    read: isAdmin,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  admin: { hidden: true, useAsTitle: 'collection' },
  lockDocuments: false,
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', index: true },
    { name: 'by', type: 'text', required: true, maxLength: 400 },
    { name: 'at', type: 'date', required: true, index: true },
    { name: 'collection', type: 'text', required: true, index: true, maxLength: 60 },
    { name: 'record_id', type: 'text', required: true, index: true, maxLength: 100 },
    { name: 'operation', type: 'select', options: [...AUDIT_OPERATIONS], required: true, index: true },
    // {field: {before, after}} of the fields that changed; a create has no `before`, a delete no `after`.
    { name: 'changes', type: 'json' },
  ],
};
