import type { CollectionConfig } from 'payload';
import { REFUND_SOURCES, REFUND_STATUSES } from '@shop/shared';
import { hiddenFromEditors, isAdmin } from '../access/roles';

/**
 * Money returned to a payer (issue 22): asked for in the control centre, made in PayPal's own dashboard
 * (webhook or reconciler), or made automatically for a capture that did not match what the shop asked.
 * Written only by services/refunds.ts: the row (with its PayPal-Request-Id) is stored before PayPal is asked,
 * so a crash neither forgets a refund PayPal made nor repeats one. Admins read them through the order.
 */
export const Refunds: CollectionConfig = {
  slug: 'refunds',
  access: {
    read: isAdmin,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  admin: { useAsTitle: 'amount', hidden: hiddenFromEditors },
  lockDocuments: false,
  fields: [
    // Null for the automatic refund of a capture that never became an order.
    { name: 'order', type: 'relationship', relationTo: 'orders', index: true },
    { name: 'payment', type: 'relationship', relationTo: 'payments', index: true },
    { name: 'capture_id', type: 'text', required: true, index: true, maxLength: 64 },
    // The PayPal-Request-Id: PayPal answers a repeated request with the same refund instead of a second one.
    // Unique: for the shop's own refunds it names the n-th refund of the capture, which holds the refund
    // ceiling across instances (services/refunds.ts shopRefundRequestId). 108 is PayPal's limit.
    { name: 'request_id', type: 'text', required: true, unique: true, maxLength: 108 },
    { name: 'paypal_refund_id', type: 'text', unique: true, index: true, maxLength: 64 },
    { name: 'amount', type: 'text', required: true, maxLength: 20 },
    { name: 'currency_code', type: 'text', required: true, maxLength: 3 },
    { name: 'reason', type: 'textarea', maxLength: 500 },
    // The family's own note (issue 31 §13): unlike the reason, never mailed to the shopper nor shown to them.
    { name: 'internal_note', type: 'textarea', maxLength: 500 },
    { name: 'status', type: 'select', options: [...REFUND_STATUSES], required: true, index: true },
    { name: 'source', type: 'select', options: [...REFUND_SOURCES], required: true },
    { name: 'by_user', type: 'relationship', relationTo: 'users' },
    { name: 'by', type: 'text', required: true, maxLength: 400 },
    { name: 'failure', type: 'text', maxLength: 500 },
    // The shopper's refund mail: claimed, then marked sent once the mail server took it (services/order-notices).
    { name: 'mail_claimed_at', type: 'date' },
    { name: 'mail_sent_at', type: 'date' },
  ],
};
