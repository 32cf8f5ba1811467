import type { CollectionConfig } from 'payload';
import { isAdmin } from '../access/is-admin';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

/** The dashboard's "what's new" list. */
export const Changelogs: CollectionConfig = {
  slug: 'changelogs',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: { useAsTitle: 'title' },
  fields: [
    { name: 'version', type: 'text', required: true, maxLength: 20 },
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', maxLength: 5000 },
  ],
  hooks: { beforeValidate: [stripControlCharactersHook] },
};
