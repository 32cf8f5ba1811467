/**
 * The descriptions of the control centre's order and settings routes: endpoints/v2/admin.ts, admin-orders.ts,
 * admin-orders-bulk.ts, admin-paperwork.ts, admin/events.ts, admin-audit-log.ts, notifications.ts.
 */
import { z } from 'zod';
import {
  adminConfigSchema,
  archiveOrdersQuerySchema,
  auditLogExportQuerySchema,
  auditLogQuerySchema,
  bulkOrdersSchema,
  contactsExportQuerySchema,
  idSchema,
  notificationReplySchema,
  notificationsQuerySchema,
  notificationUpdateSchema,
  openOrdersQuerySchema,
  orderNoteSchema,
  ordersExportQuerySchema,
  orderStatusChangeSchema,
  paperworkSelectionSchema,
  refundCreateSchema,
  restockSchema,
} from '@shop/shared/admin';
import {
  adminConfigReplySchema,
  adminNotificationDetailSchema,
  adminNotificationReplySchema,
  adminNotificationSchema,
  adminOrderListItemSchema,
  adminOrderSchema,
  auditEntrySchema,
  bulkOrderResultSchema,
  dashboardCountsSchema,
  idResultSchema,
  orderEventSchema,
  refundSchema,
  salesPointSchema,
} from '@shop/shared/responses';
import type { FileReply, RouteDoc } from './route-doc';

const byId = z.object({ id: idSchema });

const download = z.object({
  'Content-Disposition': z.string().meta({ description: 'attachment; filename="…"' }),
});
const csv = (description: string): FileReply => ({ contentType: 'text/csv', description, headers: download });
const pdf = (description: string): FileReply => ({ contentType: 'application/pdf', description, headers: download });

export const adminDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/admin/config/dashboard',
    tag: 'Admin: dashboard and settings',
    access: 'admin',
    summary: "The dashboard's tiles and badges",
    reply: { result: dashboardCountsSchema },
  },
  {
    method: 'get',
    path: '/admin/config',
    tag: 'Admin: dashboard and settings',
    access: 'admin',
    summary: "The shop's settings and the form's constants",
    reply: { result: adminConfigReplySchema },
  },
  {
    method: 'post',
    path: '/admin/config',
    tag: 'Admin: dashboard and settings',
    access: 'admin',
    summary: "Save the shop's settings",
    description: 'Currency, payment methods and countries are read-only: sent back unchanged or refused.',
    body: adminConfigSchema,
    reply: { result: adminConfigReplySchema },
    errors: [413],
  },

  {
    method: 'post',
    path: '/admin/orders/bulk',
    tag: 'Admin: orders',
    access: 'admin',
    summary: 'Complete, ship or cancel several orders',
    description:
      'Each order is changed (or refused) on its own; the reply lists every selected order. Shipping refuses an ' +
      'unshipped order refunded in full unless `ship_despite_refund` is true. Shipping takes one `shipping_carrier` ' +
      '(USPS, UPS, FedEx, DHL, OTHER) for the selection; OTHER needs `tracking_url` (https, `{number}` standing for ' +
      "each parcel's tracking number), and a tracking URL goes with OTHER only (400 otherwise).",
    body: bulkOrdersSchema,
    reply: { result: z.array(bulkOrderResultSchema) },
    errors: [413],
  },
  {
    method: 'get',
    path: '/admin/orders/export',
    tag: 'Admin: orders',
    access: 'admin',
    summary: 'The orders list as CSV, with its filters',
    query: ordersExportQuerySchema,
    reply: csv('Every matching order, one a row'),
  },
  {
    method: 'get',
    path: '/admin/contacts/export',
    tag: 'Admin: notifications',
    access: 'admin',
    summary: 'The contact messages as CSV, with the list’s filters',
    query: contactsExportQuerySchema,
    reply: csv('Every matching message, one a row'),
  },

  {
    method: 'get',
    path: '/admin/orders/:id/packing-slip.pdf',
    tag: 'Admin: paperwork',
    access: 'admin',
    summary: "An order's packing slip",
    params: byId,
    reply: pdf('The packing slip'),
    errors: [404],
  },
  {
    method: 'get',
    path: '/admin/orders/:id/invoice.pdf',
    tag: 'Admin: paperwork',
    access: 'admin',
    summary: "An order's invoice",
    params: byId,
    reply: pdf('The invoice'),
    errors: [404],
  },
  {
    method: 'post',
    path: '/admin/orders/packing-slips.pdf',
    tag: 'Admin: paperwork',
    access: 'admin',
    summary: 'The packing slips of the selected orders, one file',
    body: paperworkSelectionSchema,
    reply: pdf('One packing slip a page'),
    errors: [404, 413],
  },
  {
    method: 'post',
    path: '/admin/orders/pick-list.pdf',
    tag: 'Admin: paperwork',
    access: 'admin',
    summary: 'What to take off the shelves for the selected orders',
    body: paperworkSelectionSchema,
    reply: pdf('The pick list'),
    errors: [404, 413],
  },

  {
    method: 'get',
    path: '/admin/events',
    tag: 'Admin: live alerts',
    access: 'admin',
    summary: 'Live alerts as Server-Sent Events',
    description:
      'Events `order.paid`, `contact.created`, `stock.low` (a counted product reached its low-stock threshold or 0), ' +
      '`stock.shortfall` (a market stall sold units the count did not have) and `session.ended` (then the stream ends). The session is checked ' +
      'again while the stream is open.',
    reply: { contentType: 'text/event-stream', description: 'The stream' },
    errors: [503],
  },

  {
    method: 'get',
    path: '/admin/orders',
    tag: 'Admin: orders',
    access: 'admin',
    summary: 'Open orders (the Open tab), a page at a time',
    query: openOrdersQuerySchema,
    reply: { result: z.array(adminOrderListItemSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/admin/orders/completed',
    tag: 'Admin: orders',
    access: 'admin',
    summary: 'Completed and cancelled orders (the Archive tab), a page at a time',
    query: archiveOrdersQuerySchema,
    reply: { result: z.array(adminOrderListItemSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/admin/orders/create/graph',
    tag: 'Admin: orders',
    access: 'admin',
    summary: 'Gross sales per month, for the Open tab’s chart',
    reply: { result: z.array(salesPointSchema) },
  },
  {
    method: 'get',
    path: '/admin/orders/:id',
    tag: 'Admin: orders',
    access: 'admin',
    summary: 'One order with its status history',
    params: byId,
    reply: { result: adminOrderSchema },
    errors: [404],
  },
  {
    method: 'put',
    path: '/admin/orders/:id',
    tag: 'Admin: orders',
    access: 'admin',
    summary: "Change an order's status (with a tracking number and carrier when shipped)",
    description:
      'SHIPPED of an unshipped order refunded in full is refused (409) unless `ship_despite_refund` is true: the ' +
      'admin was asked and means it. A change meant `from` a status the order has left is a 409 too. SHIPPED ' +
      'stores `shipping_carrier` on the order (none when absent); the shipped mail and the public order link to ' +
      "that carrier's tracking page, or for OTHER to `tracking_url` (required with OTHER, refused without it).",
    params: byId,
    body: orderStatusChangeSchema,
    reply: { result: adminOrderSchema },
    errors: [404, 409, 413],
  },
  {
    method: 'get',
    path: '/admin/orders/:id/events',
    tag: 'Admin: orders',
    access: 'admin',
    summary: "An order's timeline, oldest first",
    params: byId,
    reply: { result: z.array(orderEventSchema) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/admin/orders/:id/notes',
    tag: 'Admin: orders',
    access: 'admin',
    summary: "Add a note to an order's timeline",
    params: byId,
    body: orderNoteSchema,
    reply: { status: 201, result: orderEventSchema },
    errors: [404, 413],
  },
  {
    method: 'post',
    path: '/admin/orders/:id/refunds',
    tag: 'Admin: orders',
    access: 'admin',
    summary:
      'Refund an order through PayPal (no amount = everything left); 201 with the refund, 202 when PayPal did not answer yet',
    description:
      'The `reason` is mailed to the shopper with the refund; `internal_note` is for the family only: kept on the ' +
      'refund and the timeline, never mailed or shown on a public page.',
    params: byId,
    body: refundCreateSchema,
    reply: { status: 201, result: refundSchema },
    errors: [404, 409, 413, 422],
  },
  {
    method: 'post',
    path: '/admin/orders/:id/restock',
    tag: 'Admin: orders',
    access: 'admin',
    summary:
      "Put units of a cancelled or refunded order's counted products back in stock (at most as ordered, once per line; on the audit log)",
    params: byId,
    body: restockSchema,
    reply: { result: adminOrderSchema },
    errors: [404, 413],
  },

  {
    method: 'get',
    path: '/admin/audit-log',
    tag: 'Admin: audit log',
    access: 'admin',
    summary: "Admins' changes to the catalogue, settings and accounts, newest first",
    query: auditLogQuerySchema,
    reply: { result: z.array(auditEntrySchema), paginated: true },
  },
  {
    method: 'get',
    path: '/admin/audit-log/export',
    tag: 'Admin: audit log',
    access: 'admin',
    summary: 'The audit log as CSV, with its filters',
    query: auditLogExportQuerySchema,
    reply: csv('Every matching entry, one a row'),
  },

  {
    method: 'get',
    path: '/notifications',
    tag: 'Admin: notifications',
    access: 'admin',
    summary: 'Contact messages, a page at a time',
    query: notificationsQuerySchema,
    reply: { result: z.array(adminNotificationSchema), paginated: true },
  },
  {
    method: 'get',
    path: '/notifications/:id',
    tag: 'Admin: notifications',
    access: 'admin',
    summary: 'One contact message, with its replies (oldest first)',
    params: byId,
    reply: { result: adminNotificationDetailSchema },
    errors: [404],
  },
  {
    method: 'put',
    path: '/notifications/:id',
    tag: 'Admin: notifications',
    access: 'admin',
    summary: "Set a message's status: read, resolved or approved",
    description:
      '`new` is never set back and `deleted` is not set: DELETE removes the message. With `from`, the change ' +
      'is made only if the message still has that status; otherwise 409 and nothing changes.',
    params: byId,
    body: notificationUpdateSchema,
    reply: { result: adminNotificationDetailSchema },
    errors: [404, 409, 413],
  },
  {
    method: 'post',
    path: '/notifications/:id/replies',
    tag: 'Admin: notifications',
    access: 'admin',
    summary: 'Answer a contact message by mail',
    description:
      'Mailed to the sender (Reply-To the shop’s admin_email), kept under the message, and the message marked ' +
      'resolved. The reply is stored even when the mail server refuses it (`mail_sent: false`): send it again.',
    params: byId,
    body: notificationReplySchema,
    reply: { result: adminNotificationReplySchema, status: 201 },
    errors: [404, 409, 413, 429],
  },
  {
    method: 'post',
    path: '/notifications/:id/replies/:reply/send',
    tag: 'Admin: notifications',
    access: 'admin',
    summary: 'Send an unsent reply again',
    description: 'A reply already sent is answered as it is; 409 while another request is sending it.',
    params: z.object({ id: idSchema, reply: idSchema }),
    reply: { result: adminNotificationReplySchema },
    errors: [404, 409, 429],
  },
  {
    method: 'delete',
    path: '/notifications/:id',
    tag: 'Admin: notifications',
    access: 'admin',
    summary: 'Delete a contact message',
    params: byId,
    reply: { result: idResultSchema },
    errors: [404],
  },
];
