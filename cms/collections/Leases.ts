import type { CollectionConfig } from 'payload';
import { isAdmin } from '../access/roles';

/**
 * Who runs the work that must run once (services/leases.ts) when leases live in the database (no REDIS_URL),
 * and each instance's heartbeat. Written by the lease service only, with conditional updates; admins may read
 * it (which instance reconciles payments), nobody edits it by hand, and the panel does not show it.
 */
export const Leases: CollectionConfig = {
  slug: 'leases',
  access: {
    read: isAdmin,
    create: () => false,
    update: () => false,
    delete: isAdmin,
  },
  admin: { hidden: true, useAsTitle: 'name' },
  // Nobody opens these in the panel, so no document lock (and no column for one).
  lockDocuments: false,
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, index: true, maxLength: 200 },
    { name: 'owner', type: 'text', required: true, maxLength: 200 },
    { name: 'expires_at', type: 'date', required: true, index: true },
  ],
};
