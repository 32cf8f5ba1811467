import type { CollectionBeforeChangeHook, CollectionConfig, FieldAccess, NumberFieldSingleValidation } from 'payload';
import { DISCOUNT_UNITS, PERCENT_UNIT, QUANTITY_UNITS } from '@shop/shared';
import { MAX_PRODUCT_CATEGORIES, MAX_PRODUCT_PRICE, MAX_STOCK_QUANTITY } from '@shop/shared/admin';
import { invalidateCatalogAfterChange, invalidateCatalogAfterDelete } from '../hooks/invalidate-catalog-cache';
import { foldNameSpaces } from '../hooks/catalog-rules';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';
import { refuseBrokenProductPricing } from '../hooks/product-pricing-rules';
import { keepStockCountOnUpdate } from '../hooks/keep-stock-count';
import { refuseMistypedValues } from '../hooks/refuse-mistyped-values';
import { nameOfMoreThanSpaces } from '../fields/trimmed-text';
import { publishedOrStaff } from '../access/published-or-admin';
import { adminOnlyExcept, isAdmin, isStaff, refuseEditorChangesOutside } from '../access/roles';
import { isStaffUser } from '../lib/roles';

/**
 * What an editor may change on a product (issue 11): its words and picture, never price, stock or publishing.
 * The panel shows the rest read-only to editors (field access); a write that changes any of it anyway is
 * refused with a 403 and changes nothing (field access alone would drop it silently and answer 200). Unchanged
 * values pass, since the panel sends the whole document back on save.
 */
export const PRODUCT_EDITOR_FIELDS = ['name', 'description', 'img'] as const;

/**
 * A count of units: empty (not counted), or a whole number from 0 to the most one product may count. Checked on
 * every door (panel, REST, v2).
 */
const wholeCount: NumberFieldSingleValidation = (value) =>
  value === null ||
  value === undefined ||
  (Number.isInteger(value) && value >= 0 && value <= MAX_STOCK_QUANTITY) ||
  `A whole number from 0 to ${MAX_STOCK_QUANTITY}`;

/** The most of an amount (quantity) /api/v2 takes, as its productInputSchema says. */
const MAX_QUANTITY_AMOUNT = 100000;

/**
 * A counted product is available exactly while units are left: `inventory_stock` follows `stock_quantity`
 * on every write through Payload (the sale and adjustment statements of services/stock.ts set both too).
 */
export const availabilityFollowsCount: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const count = 'stock_quantity' in data ? data.stock_quantity : originalDoc?.stock_quantity;
  if (typeof count === 'number') data.inventory_stock = count > 0;
  return data;
};

const staffOnly: FieldAccess = ({ req }) => isStaffUser(req.user);
/**
 * Staff through any door; the server's own code (Local API) too, which gives shoppers only `stock_left`
 * ("Only N left", near the end). Payload's REST and GraphQL never show shoppers the exact count.
 */
const staffOrServer: FieldAccess = ({ req }) => req.payloadAPI === 'local' || isStaffUser(req.user);

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
    // The bounds below are /api/v2's (productInputSchema), so every door takes the same values (issue 29 §4).
    { name: 'name', type: 'text', required: true, maxLength: 160, index: true, validate: nameOfMoreThanSpaces },
    { name: 'description', type: 'textarea', maxLength: 5000 },
    { name: 'price', type: 'number', required: true, min: 0, max: MAX_PRODUCT_PRICE, defaultValue: 0 },
    { name: 'stars', type: 'number', min: 0, max: 5, defaultValue: 0 },
    { name: 'img', type: 'upload', relationTo: 'assets' },
    {
      name: 'categories',
      type: 'relationship',
      relationTo: 'categories',
      hasMany: true,
      required: true,
      maxRows: MAX_PRODUCT_CATEGORIES,
    },
    { name: 'inventory_stock', type: 'checkbox', defaultValue: true, index: true },
    // Empty: not counted (available while inventory_stock says so). A number: the units left (issue 24). Set
    // when the product is made; after that only sales and "Adjust stock" change it (keepStockCountOnUpdate).
    // Shoppers learn only "Only N left" near the end (the public API's stock_left), not the exact count.
    {
      name: 'stock_quantity',
      type: 'number',
      min: 0,
      validate: wholeCount,
      access: { read: staffOrServer, update: () => false },
      admin: {
        description: 'Changed by sales and by "Adjust stock" in the control centre\'s products list, with a reason.',
      },
    },
    // At or below it the storefront says "Only N left".
    { name: 'low_stock_threshold', type: 'number', min: 0, validate: wholeCount, access: { read: staffOrServer } },
    { name: 'quantity_amount', type: 'number', min: 0, max: MAX_QUANTITY_AMOUNT, defaultValue: 0 },
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
    { name: 'discount_amount', type: 'number', min: 0, max: MAX_PRODUCT_PRICE, defaultValue: 0 },
    { name: 'apply_shipping', type: 'checkbox', defaultValue: true },
  ]).concat([
    {
      // Units a checkout took before asking PayPal to capture, by payment id: taken and noted in one
      // conditional statement, so a crash can never tell them apart (services/stock.ts). No door writes it.
      name: 'stock_holds',
      type: 'json',
      admin: { hidden: true },
      access: { read: staffOnly, create: () => false, update: () => false },
    },
    {
      // Units put back by a cancelled or returned order, by order id: added and noted in one conditional
      // statement, so an order's units go back once (services/stock.ts restockUnits). No door writes it.
      name: 'stock_returns',
      type: 'json',
      admin: { hidden: true },
      access: { read: staffOnly, create: () => false, update: () => false },
    },
  ]),
  hooks: {
    beforeOperation: [
      keepStockCountOnUpdate,
      refuseEditorChangesOutside('products', PRODUCT_EDITOR_FIELDS),
      refuseMistypedValues,
    ],
    beforeValidate: [stripControlCharactersHook, foldNameSpaces],
    beforeChange: [refuseBrokenProductPricing, availabilityFollowsCount],
    afterChange: [invalidateCatalogAfterChange],
    afterDelete: [invalidateCatalogAfterDelete],
  },
};
