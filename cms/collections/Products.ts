import type { CollectionConfig } from 'payload';
import { DISCOUNT_UNITS, PERCENT_UNIT, QUANTITY_UNITS } from '@shop/shared';
import { invalidateCatalogAfterChange, invalidateCatalogAfterDelete } from '../hooks/invalidate-catalog-cache';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';
import { requirePriceWhenPublished } from '../hooks/catalog-rules';
import { publishedOrStaff } from '../access/published-or-admin';
import { adminOnlyExcept, isAdmin, isStaff, refuseEditorChangesOutside } from '../access/roles';

/**
 * What an editor may change on a product (issue 11): its words and picture, never price, stock or publishing.
 * The panel shows the rest read-only to editors (field access); a write that changes any of it anyway is
 * refused with a 403 and changes nothing (field access alone would drop it silently and answer 200). Unchanged
 * values pass, since the panel sends the whole document back on save.
 */
export const PRODUCT_EDITOR_FIELDS = ['name', 'description', 'img'] as const;

export const Products: CollectionConfig = {
  slug: 'products',
  access: {
    read: publishedOrStaff,
    create: isAdmin,
    update: isStaff,
    delete: isAdmin,
  },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'price', 'inventory_stock', 'published'] },
  fields: adminOnlyExcept(PRODUCT_EDITOR_FIELDS, [
    { name: 'name', type: 'text', required: true, maxLength: 160, index: true },
    { name: 'description', type: 'textarea', maxLength: 5000 },
    { name: 'price', type: 'number', required: true, min: 0, defaultValue: 0 },
    { name: 'stars', type: 'number', min: 0, max: 5, defaultValue: 0 },
    { name: 'img', type: 'upload', relationTo: 'assets' },
    { name: 'categories', type: 'relationship', relationTo: 'categories', hasMany: true, required: true },
    { name: 'inventory_stock', type: 'checkbox', defaultValue: true, index: true },
    { name: 'quantity_amount', type: 'number', min: 0, defaultValue: 0 },
    {
      name: 'quantity_unit',
      type: 'select',
      options: QUANTITY_UNITS.map((u) => ({ label: u, value: u })),
      defaultValue: 'Ml',
    },
    { name: 'published', type: 'checkbox', defaultValue: true, index: true },
    // Empty: on the storefront as soon as it is published. A date: not before then (scheduled publishing).
    { name: 'publish_at', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'apply_discount', type: 'checkbox', defaultValue: false },
    {
      name: 'discount_unit',
      type: 'select',
      options: DISCOUNT_UNITS.map((u) => ({ label: u, value: u })),
      defaultValue: PERCENT_UNIT,
    },
    { name: 'discount_amount', type: 'number', min: 0, defaultValue: 0 },
    { name: 'apply_shipping', type: 'checkbox', defaultValue: true },
  ]),
  hooks: {
    beforeOperation: [refuseEditorChangesOutside('products', PRODUCT_EDITOR_FIELDS)],
    beforeValidate: [stripControlCharactersHook],
    beforeChange: [requirePriceWhenPublished],
    afterChange: [invalidateCatalogAfterChange],
    afterDelete: [invalidateCatalogAfterDelete],
  },
};
