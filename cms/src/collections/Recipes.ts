import type { CollectionConfig } from 'payload';
import { anyone } from '../access/anyone';
import { isAdmin } from '../access/is-admin';
import { invalidateCatalogAfterChange, invalidateCatalogAfterDelete } from '../hooks/invalidate-catalog-cache';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

export const Recipes: CollectionConfig = {
  slug: 'recipes',
  access: {
    read: anyone,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  admin: { useAsTitle: 'name' },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 160 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'ingredients', type: 'array', fields: [{ name: 'item', type: 'text', required: true }] },
    { name: 'directions', type: 'array', fields: [{ name: 'step', type: 'textarea', required: true }] },
    { name: 'img', type: 'upload', relationTo: 'assets' },
  ],
  hooks: {
    beforeValidate: [stripControlCharactersHook],
    afterChange: [invalidateCatalogAfterChange],
    afterDelete: [invalidateCatalogAfterDelete],
  },
};
