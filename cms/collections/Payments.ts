import type { CollectionConfig } from 'payload';
import { PAYMENT_STATUSES } from '@shop/shared';
import { hiddenFromEditors, isAdmin } from '../access/roles';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

/**
 * One PayPal order the shop created, with the cart exactly as the server priced it. Capture accepts only
 * ids found here (with the browser's secret), and compares PayPal's captured amount with `total`. The
 * reconciler finishes what a crash interrupted (status CAPTURING or CAPTURED without an order).
 */
export const Payments: CollectionConfig = {
  slug: 'payments',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: { useAsTitle: 'paypal_order_id', hidden: hiddenFromEditors },
  fields: [
    { name: 'paypal_order_id', type: 'text', required: true, unique: true, index: true },
    {
      name: 'status',
      type: 'select',
      options: [...PAYMENT_STATUSES],
      defaultValue: 'CREATED',
      required: true,
      index: true,
    },
    /** SHA-256 of the secret handed to the browser at create; a capture must bring the secret. */
    { name: 'secret_hash', type: 'text', maxLength: 64 },
    { name: 'currency_code', type: 'text', required: true, maxLength: 3 },
    { name: 'total', type: 'text', required: true },
    { name: 'shipment_amount', type: 'number', defaultValue: 0 },
    { name: 'shipment_method', type: 'text' },
    /** The priced cart lines (OrderLine plus apply_shipping, category_ids, img_id). */
    { name: 'lines', type: 'json', required: true },
    { name: 'capture_id', type: 'text', index: true },
    /** What PayPal reported for the completed capture: everything the order is made from (payments service). */
    { name: 'captured', type: 'json' },
    { name: 'order', type: 'relationship', relationTo: 'orders' },
    { name: 'failure', type: 'text' },
    /**
     * The units of counted products this checkout took before capturing (services/stock.ts): TAKING from the
     * moment the shop starts taking them (written first) until they are KEPT (the order is made) or RETURNED.
     */
    { name: 'stock_state', type: 'select', options: ['TAKING', 'KEPT', 'RETURNED'], index: true },
    { name: 'stock_taken_at', type: 'date' },
    /**
     * The discount code the cart was priced with (issue 24 §3): its id, its code and what it took off. Its use
     * is taken before the capture like the stock units (services/coupon-uses.ts): TAKING, then KEPT or RETURNED.
     */
    { name: 'coupon_id', type: 'text', maxLength: 64 },
    { name: 'coupon_code', type: 'text', maxLength: 64 },
    { name: 'coupon_discount', type: 'number' },
    { name: 'coupon_state', type: 'select', options: ['TAKING', 'KEPT', 'RETURNED'], index: true },
    { name: 'coupon_taken_at', type: 'date' },
  ],
  hooks: { beforeValidate: [stripControlCharactersHook] },
};
