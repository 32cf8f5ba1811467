import type { CollectionConfig } from 'payload';
import { hiddenFromEditors, isAdmin } from '../access/roles';
import { invalidateCatalogAfterChange, invalidateCatalogAfterDelete } from '../hooks/invalidate-catalog-cache';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';
import { foldNameSpaces, refuseTakenCategoryName } from '../hooks/catalog-rules';
import { refuseMistypedValues } from '../hooks/refuse-mistyped-values';
import { nameOfMoreThanSpaces } from '../fields/trimmed-text';
import { publishedOrStaff } from '../access/published-or-admin';

export const Categories: CollectionConfig = {
  slug: 'categories',
  access: {
    read: publishedOrStaff,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  admin: { useAsTitle: 'name', hidden: hiddenFromEditors },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120, index: true, validate: nameOfMoreThanSpaces },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'img', type: 'upload', relationTo: 'assets' },
    { name: 'published', type: 'checkbox', defaultValue: true, index: true },
    // Empty: on the storefront as soon as it is published. A date: not before then (scheduled publishing).
    { name: 'publish_at', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  hooks: {
    // What /api/v2 refuses, every door refuses (issue 29 §4).
    beforeOperation: [refuseMistypedValues],
    beforeValidate: [stripControlCharactersHook, foldNameSpaces],
    beforeChange: [refuseTakenCategoryName],
    afterChange: [invalidateCatalogAfterChange],
    afterDelete: [invalidateCatalogAfterDelete],
  },
};
