import type { CollectionConfig, Field } from 'payload';
import { DISCOUNT_UNITS, isTrackingUrl, ORDER_STATUSES, PAYMENT_ALERTS, SHIPPING_CARRIERS } from '@shop/shared';
import { hiddenFromEditors, isAdmin } from '../../access/roles';
import { refuseMistypedValues } from '../../hooks/refuse-mistyped-values';
import { stripControlCharactersHook } from '../../hooks/strip-control-characters';
import { assignCustomerId } from './hooks/assign-customer-id';
import { assignOrderNumber } from './hooks/assign-order-number';
import { invalidateSalesAfterChange, invalidateSalesAfterDelete } from './hooks/invalidate-sales-cache';
import { dropOrderAfterDelete, indexOrderAfterChange } from './hooks/keep-order-search-current';
import { recordStatusChange } from './hooks/record-status-change';
import { checkShippingCarrier } from './hooks/check-shipping-carrier';
import {
  ORDER_FIELDS_DOORS_MAY_WRITE,
  refuseDoorChangesToOrderFacts,
} from './hooks/refuse-door-changes-to-order-facts';
import { refuseShippingRefundedOrder } from './hooks/refuse-shipping-refunded-order';
import { refuseMarketSaleStatusChange } from './hooks/refuse-market-sale-status-change';
import { refuseShippingDeniedPayment } from './hooks/refuse-shipping-denied-payment';
import { refuseUnsettableOrderStatus } from './hooks/refuse-unsettable-order-status';

const doorsMayWrite: ReadonlySet<string> = new Set(ORDER_FIELDS_DOORS_MAY_WRITE);

/** The panel shows an order's facts read-only: no door may change them (refuseDoorChangesToOrderFacts). */
const factsReadOnly = (fields: Field[]): Field[] =>
  fields.map((field) =>
    'name' in field && !doorsMayWrite.has(field.name)
      ? ({ ...field, admin: { ...field.admin, readOnly: true } } as Field)
      : field,
  );

/**
 * A paid order. Created only by the payment service after a verified capture; shoppers read one through
 * /api/v2/orders/{id}, never through Payload's REST API. Doors change its status and mail bookkeeping only.
 */
export const Orders: CollectionConfig = {
  slug: 'orders',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: { useAsTitle: 'number', hidden: hiddenFromEditors },
  // The customers list (services/admin/customers.ts) sums each customer's orders from the first index alone.
  // The Orders screens (services/admin/orders.ts): newest first, or by payer then newest, each walked in index
  // order with the tab's statuses and the channel read from the index itself, so a page never sorts the
  // archive and a deep page skips index entries, not rows. The free-text and number searches have their own
  // index (lib/order-search.ts).
  indexes: [
    { fields: ['customer_id', 'createdAt', 'transaction_gross_amount', 'transaction_refunded_amount'] },
    { fields: ['createdAt', 'status', 'channel'] },
    { fields: ['payer_full_name', 'createdAt', 'status', 'channel'] },
  ],
  fields: factsReadOnly([
    { name: 'number', type: 'text', unique: true, index: true, maxLength: 20 },
    { name: 'status', type: 'select', options: [...ORDER_STATUSES], defaultValue: 'NEW', required: true, index: true },
    // Indexed by the compound index above that starts with it.
    { name: 'payer_full_name', type: 'text' },
    // Text, not email: PayPal has checked the address, and Payload's email rule refuses valid ones
    // (e.g. IDN top-level domains), which would lose an order whose money is already captured.
    { name: 'payer_email_address', type: 'text', maxLength: 320 },
    // The customer behind the payer email (issue 24 §2): derived by the assignCustomerId hook on every write,
    // never typed. See lib/customer-id.ts.
    {
      name: 'customer_id',
      type: 'text',
      // Indexed by the compound index above, which starts with it.
      maxLength: 32,
      admin: { readOnly: true, description: 'Derived from the payer email (case and spaces ignored).' },
    },
    { name: 'shipment_full_name', type: 'text' },
    { name: 'shipment_amount', type: 'number', defaultValue: 0 },
    { name: 'shipment_method', type: 'text' },
    {
      name: 'shipment_address',
      type: 'group',
      fields: [
        { name: 'address_line_1', type: 'text' },
        { name: 'address_line_2', type: 'text' },
        { name: 'admin_area_1', type: 'text' },
        { name: 'admin_area_2', type: 'text' },
        { name: 'postal_code', type: 'text' },
        { name: 'country_code', type: 'text', maxLength: 2 },
      ],
    },
    { name: 'paypal_order_id', type: 'text', unique: true, index: true },
    { name: 'transaction_id', type: 'text', index: true },
    { name: 'transaction_status', type: 'text' },
    { name: 'transaction_gross_amount', type: 'text' },
    { name: 'transaction_paypal_fee', type: 'text' },
    { name: 'transaction_net_amount', type: 'text' },
    // What has been returned to the payer so far (numeric string); the net amount already has it taken off.
    // Derived from the order's refunds (services/refunds.ts writes it with the system's access): no door sets it
    // by hand, or the totals, the net and the shopper's page would tell another story than PayPal.
    {
      name: 'transaction_refunded_amount',
      type: 'text',
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    // What PayPal took back from the capture by reversals (disputes, chargebacks; numeric string), apart from the
    // shop's refunds; the ledger counts it into Refunds. Like the refunded amount, derived (from the order's
    // `payment` timeline events, services/capture-alerts.ts) and never set by hand.
    {
      name: 'transaction_reversed_amount',
      type: 'text',
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    // What PayPal said of the capture after the payment (issue 30 §2): PENDING (wait), DENIED (do not ship),
    // REVERSED (money gone); empty when nothing. Derived the same way, with PayPal's reason for PENDING / DENIED.
    {
      name: 'payment_alert',
      type: 'select',
      options: [...PAYMENT_ALERTS],
      index: true,
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    {
      name: 'payment_alert_reason',
      type: 'text',
      maxLength: 64,
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    { name: 'currency_code', type: 'text', defaultValue: 'USD', maxLength: 3 },
    // The discount code the order was paid with and what it took off the goods (issue 24 §3); empty: none.
    { name: 'coupon_code', type: 'text', index: true, maxLength: 64 },
    { name: 'coupon_discount', type: 'number', min: 0 },
    // The carrier the family shipped with (issue 31 §12) and, for OTHER, where the shopper follows the parcel;
    // the tracking number itself stays on the SHIPPED timeline event. Doors may set them, checked here and by
    // checkShippingCarrier, so a wrong one is a 400 whichever way it arrives.
    { name: 'shipping_carrier', type: 'select', options: [...SHIPPING_CARRIERS] },
    {
      name: 'tracking_url',
      type: 'text',
      maxLength: 500,
      admin: { description: 'Only for carrier Other: the https address where the parcel is followed.' },
      validate: (value: unknown) =>
        value === null ||
        value === undefined ||
        value === '' ||
        (typeof value === 'string' && isTrackingUrl(value)) ||
        'A tracking URL starts with https:// and has no spaces',
    },
    // Issue 32: where the order came from. `market`: a sale at the stall, recorded by the stall screen (paid in
    // cash or on the family's card reader, no PayPal, no shipping); its money counts in the one ledger like an
    // online order's.
    { name: 'channel', type: 'select', options: ['online', 'market'], defaultValue: 'online', index: true },
    { name: 'payment_method', type: 'select', options: ['paypal', 'cash', 'card'], defaultValue: 'paypal' },
    // A market sale: the day it was sold on, the id the phone made for it (a resend finds it, never a second
    // sale), when the phone recorded it, the cash handed over and the change given back.
    { name: 'market_day_id', type: 'text', index: true, maxLength: 64 },
    { name: 'client_id', type: 'text', unique: true, index: true, maxLength: 36 },
    { name: 'recorded_at', type: 'date' },
    { name: 'cash_received', type: 'number', min: 0 },
    { name: 'change_given', type: 'number', min: 0 },
    // A per-sale discount at the stall: what it took off the goods and how it was given ("10%", "$2.00").
    { name: 'market_discount', type: 'number', min: 0 },
    { name: 'market_discount_label', type: 'text', maxLength: 20 },
    // An online order collected at a market day instead of shipped; its reminder mail goes out the day before,
    // once (claimed, then marked sent after the mail server took it).
    { name: 'pickup_day_id', type: 'text', index: true, maxLength: 64 },
    { name: 'pickup_reminder_sent_at', type: 'date' },
    { name: 'pickup_reminder_claimed_at', type: 'date', admin: { hidden: true } },
    { name: 'latitude', type: 'number' },
    { name: 'longitude', type: 'number' },
    {
      name: 'products',
      type: 'array',
      fields: [
        { name: 'product_id', type: 'text', required: true },
        { name: 'product', type: 'text', required: true },
        { name: 'price', type: 'number', required: true },
        { name: 'quantity', type: 'number', required: true, min: 1 },
        { name: 'apply_discount', type: 'checkbox', defaultValue: false },
        { name: 'discount_unit', type: 'select', options: [...DISCOUNT_UNITS], defaultValue: '%' },
        { name: 'discount_amount', type: 'number', defaultValue: 0 },
        { name: 'apply_shipping', type: 'checkbox', defaultValue: false },
        { name: 'category_ids', type: 'json' },
        { name: 'img_id', type: 'text' },
      ],
    },
    // Made by the demo seed (two years of history for the charts): such an order never sends mail, to its
    // made-up payer or to the shop, in development or in a production demo install.
    { name: 'demo', type: 'checkbox', defaultValue: false, admin: { readOnly: true } },
    // Mail bookkeeping, written by single conditional UPDATEs (services/order-notices.ts, orders.ts): *_sent_at /
    // shop_notified_at only after the transport accepted the mail, *_claimed_at while someone is sending it.
    { name: 'confirmation_sent_at', type: 'date' },
    { name: 'confirmation_claimed_at', type: 'date', admin: { hidden: true } },
    { name: 'confirmation_resent_at', type: 'date' },
    { name: 'shop_notified_at', type: 'date' },
    { name: 'shop_notice_claimed_at', type: 'date', admin: { hidden: true } },
    {
      // Appended to by recordStatusChange: [{from, to, at, by_id, by}], oldest first. A JSON column of the
      // order's own row, not an array field: Payload's SQLite adapter runs without transactions and rewrites
      // an array field's rows with separate statements, so a crash could leave the status without its history
      // (or the history emptied). One column in the same UPDATE as the status cannot.
      name: 'status_history',
      type: 'json',
      admin: { readOnly: true },
    },
  ]),
  hooks: {
    beforeOperation: [
      refuseShippingDeniedPayment,
      refuseShippingRefundedOrder,
      refuseMarketSaleStatusChange,
      refuseUnsettableOrderStatus,
      refuseDoorChangesToOrderFacts,
      refuseMistypedValues,
    ],
    beforeValidate: [stripControlCharactersHook],
    beforeChange: [assignOrderNumber, assignCustomerId, recordStatusChange, checkShippingCarrier],
    afterChange: [invalidateSalesAfterChange, indexOrderAfterChange],
    afterDelete: [invalidateSalesAfterDelete, dropOrderAfterDelete],
  },
};
