import type { GlobalConfig } from 'payload';
import {
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  DISCOUNT_UNITS,
  ENVIRONMENTS,
  PAYMENT_METHODS,
  QUANTITY_UNITS,
  REGIONS,
} from '@shop/shared';
import { hiddenFromEditors, isAdmin } from '../access/roles';
import { invalidateCatalogAfterGlobalChange } from '../hooks/invalidate-catalog-cache';
import { stripControlCharactersGlobalHook } from '../hooks/strip-control-characters';

/** Shop-wide settings (SPEC §3 Config). Shoppers see a subset through GET /api/v2/config. */
export const ShopSettings: GlobalConfig = {
  slug: 'shop-settings',
  access: { read: isAdmin, update: isAdmin },
  admin: { hidden: hiddenFromEditors },
  fields: [
    { name: 'categories_order', type: 'relationship', relationTo: 'categories', hasMany: true },
    {
      name: 'currency_code',
      type: 'select',
      options: [...CURRENCY_CODES],
      defaultValue: DEFAULT_CURRENCY,
      required: true,
    },
    { name: 'shipment_amount', type: 'number', min: 0, defaultValue: 7.9 },
    { name: 'shipment_method', type: 'text', defaultValue: 'USPS Priority Mail' },
    { name: 'admin_email', type: 'email', defaultValue: 'shop@example.com' },
    // What the packing slips and invoices print at the top; empty until the family types them in.
    { name: 'shop_name', type: 'text', maxLength: 120 },
    { name: 'shop_address', type: 'textarea', maxLength: 600 },
    // A link to follow a parcel for carriers the shop does not recognise: {number} is the tracking number.
    { name: 'tracking_url_template', type: 'text', maxLength: 300 },
    {
      name: 'payment_method',
      type: 'select',
      hasMany: true,
      options: [...PAYMENT_METHODS],
      defaultValue: ['paypal', 'card'],
    },
    { name: 'payment_country', type: 'select', hasMany: true, options: [...REGIONS], defaultValue: ['US'] },
    { name: 'paypal_env', type: 'select', options: [...ENVIRONMENTS], defaultValue: 'development' },
    {
      name: 'constants',
      type: 'group',
      fields: [
        {
          name: 'quantity_units',
          type: 'array',
          defaultValue: QUANTITY_UNITS.map((value) => ({ value })),
          fields: [{ name: 'value', type: 'text', required: true }],
        },
        {
          name: 'discount_units',
          type: 'array',
          defaultValue: DISCOUNT_UNITS.map((value) => ({ value })),
          fields: [{ name: 'value', type: 'text', required: true }],
        },
      ],
    },
  ],
  hooks: { beforeValidate: [stripControlCharactersGlobalHook], afterChange: [invalidateCatalogAfterGlobalChange] },
};
