import type { CollectionConfig } from 'payload';
import { ORDER_STATUSES, PAYMENT_NEWS } from '@shop/shared';
import { ORDER_EVENT_TYPES } from '@shop/shared/admin';
import { isAdmin } from '../access/roles';
import { auditOrderEvent } from '../hooks/audit-order-event';

/**
 * An order's timeline (issue 14): each status change, internal note and resent mail, with who and when.
 * Written only by services/admin/order-events.ts, in the same transaction as the change it records; nobody
 * edits or deletes an event, so the timeline is a record, not a notepad. Admins read it through
 * /api/v2/admin/orders/{id}/events; the /cms panel does not show it.
 */
export const OrderEvents: CollectionConfig = {
  slug: 'order-events',
  access: {
    read: isAdmin,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  admin: { hidden: true, useAsTitle: 'type' },
  lockDocuments: false,
  fields: [
    // Not `required`: the column must take the NULL the database sets when an order is deleted (the panel
    // allows that), or the deletion would fail; the service always sets it.
    { name: 'order', type: 'relationship', relationTo: 'orders', index: true },
    { name: 'type', type: 'select', options: [...ORDER_EVENT_TYPES], required: true },
    // The account when an admin acted (kept as text too in `by`, so the event outlives the account).
    { name: 'by_user', type: 'relationship', relationTo: 'users' },
    { name: 'by', type: 'text', required: true, maxLength: 400 },
    { name: 'at', type: 'date', required: true, index: true },
    { name: 'from', type: 'select', options: [...ORDER_STATUSES] },
    { name: 'to', type: 'select', options: [...ORDER_STATUSES] },
    { name: 'tracking_number', type: 'text', maxLength: 64 },
    { name: 'note', type: 'textarea', maxLength: 2000 },
    // A refund event's amount (numeric string) and its refund.
    { name: 'amount', type: 'text', maxLength: 20 },
    { name: 'refund', type: 'relationship', relationTo: 'refunds' },
    // A `payment` event (issue 30 §2): what PayPal said (PENDING, DENIED, REVERSED, RELEASED) and the key of
    // that news, `capture:{id}:{status}:{update_time}` or `reversal:{refund id}`. Unique: however often PayPal
    // tells it (webhook redelivered, the reconciler, several instances), one insert wins and the others meet
    // the index, so the order is marked, alerted and mailed once.
    { name: 'paypal_news', type: 'select', options: [...PAYMENT_NEWS] },
    { name: 'paypal_key', type: 'text', unique: true, index: true, maxLength: 200 },
    // PayPal's status_details.reason of a PENDING or DENIED capture.
    { name: 'paypal_reason', type: 'text', maxLength: 64 },
    // The shopper's mail about this change (shipped, delivered): claimed, then marked sent once the mail
    // server took it, so each change mails once even across a crash (services/order-notices.ts).
    { name: 'mail_claimed_at', type: 'date' },
    { name: 'mail_sent_at', type: 'date' },
  ],
  hooks: { afterChange: [auditOrderEvent] },
};
