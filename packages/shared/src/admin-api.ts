/**
 * The control centre's API contract (SPEC §7 Auth and Admin): reply types and the zod schemas the server
 * validates with. The SPA builds its requests from the same types.
 */
import { z } from 'zod';
import {
  ADMIN_SETTABLE_ORDER_STATUSES,
  ARCHIVE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  ORDER_CHANNELS,
  RECORD_STATUSES,
  type OrderChannel,
  type OrderPaymentMethod,
  type OrderStatus,
} from './enums';
import type { UserRole } from './admin-catalog-api';
import type { RefundState } from './ledger';
import type { PaymentAlert, PaymentNews } from './payment-alerts';
import type { Refund } from './refunds';
import type { RichTextValue } from './rich-text';
import { idSchema, type Notification, type Order } from './api-types';
import { amount, limitParam, pageParam, sortDirection } from './schema-parts';
import { isTrackingTemplate, isTrackingUrl, SHIPPING_CARRIERS, type ShippingCarrier } from './tracking';

// ---------------------------------------------------------------------------------------------------------
// Auth

/** The browser never sends a password as typed: it sends the SHA-256 hex of it (SPEC §5). */
export const passwordHashSchema = z
  .string()
  .regex(/^[a-f0-9]{64}$/, 'The password must be sent as its SHA-256 hex digest');

export const loginSchema = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: passwordHashSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * Setting a new password through an invite or reset link. `password` is the SHA-256 hex the account will
 * sign in with (SPEC §5): the server never receives the password as typed, so the five rules are held in the
 * form (and for ADMIN_PASSWORD and `npm run create-admin`, where the server does see it).
 */
export const resetPasswordSchema = z.strictObject({
  password: passwordHashSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST auth/reset signed out: the sign-in screen's "Forgot password?" (issue 25 §1.12). */
export const forgotPasswordSchema = z.strictObject({
  email: z.string().trim().min(1).max(320),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Reset and invite tokens are Payload's forgot-password tokens: 40 hex characters. */
export const resetTokenSchema = z.string().regex(/^[a-f0-9]{20,128}$/, 'Invalid link');

export interface AdminSession {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
}

/**
 * GET auth/invite/{token}: who the link is for, so the form can greet them, and their role: an editor works
 * in the /cms panel only, so the form sends an editor there once the password is set (issue 31 §16).
 */
export interface InviteCheck {
  email: string;
  role: UserRole;
}

/**
 * The `result` texts of the auth calls that SPEC §8 gives no wording for. Failures it does word come from
 * MESSAGES: login 401 `MESSAGES.loginFailed.title`, login 429 `{title, description}` of
 * `MESSAGES.loginRateLimited`, reset 400 `MESSAGES.passwordRules.title`.
 */
export const AUTH_RESULTS = {
  signedOut: 'Signed out',
  resetLinkSent: 'A link to choose a new password was sent to your email',
  /** The signed-out reset's one answer, whether or not the email has an account (no account enumeration). */
  resetLinkSentIfKnown: 'If an account uses this email, a link to choose a new password is on its way',
  passwordChanged: 'Your password was changed. Sign in with the new one',
  /** 404 of GET auth/invite/{token} and PUT auth/reset/{token}: the link is unknown, used or expired. */
  linkInvalid: 'This link is invalid or has expired',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Dashboard and settings

export interface Changelog {
  id: string;
  version: string;
  title: string;
  /** The body as plain text (paragraphs separated by a blank line), for places that show no rich text. */
  description: string;
  /** The entry's rich-text body as the dashboard renders it (image nodes carry their ImageRef), or null. */
  body: RichTextValue | null;
  /** The day the entry is dated (ISO), which orders the list; not the record's creation time. */
  date: string;
  created_at: string;
}

export interface DashboardCounts {
  /**
   * Sales (ledger: gross − refunded, of the orders created this calendar month, cancelled ones left out), and the
   * change against last month. Equal to the analytics month row's sales_amount.
   */
  sell: {
    current: number;
    previous: number;
    /** current − previous in money; the tile also shows it as a percentage when previous > 0. */
    delta: number;
  };
  /** Orders waiting for the shop: status NEW (the blue badge). */
  orders: number;
  /** Contact messages not read yet: status new (the violet badge). */
  notifications: number;
  /** Always 0 (SPEC §2). */
  contacts: 0;
  changelogs: Changelog[];
  /** Counted products at or below their low-stock threshold, or sold out (issue 24): fewest left first, 10 at most. */
  low_stock: LowStockProduct[];
}

export interface LowStockProduct {
  id: string;
  name: string;
  stock_quantity: number;
  low_stock_threshold: number | null;
}

export interface AdminConfig {
  shop: {
    categories_order: string[];
    currency_code: string;
    shipment_amount: number;
    shipment_method: string;
    admin_email: string;
    /** The shop's name and postal address as the packing slips and invoices print them. */
    shop_name: string;
    shop_address: string;
    /** A link to follow parcels of carriers the shop does not recognise, `{number}` for the number; '' when unset. */
    tracking_url_template: string;
    payment_method: string[];
    payment_country: string[];
  };
  /** The PayPal the server talks to, as in GET config's paypal.env: development, production, emulator or off. */
  paypal_env: string;
  constants: { quantity_units: Array<{ value: string }>; discount_units: Array<{ value: string }> };
}

export const SHOP_NAME_MAX = 120;
export const SHOP_ADDRESS_MAX_LINES = 6;

/**
 * The postal address printed under the shop's name on the papers: lines as typed (street, town, country),
 * each trimmed, blank lines dropped, so the papers' header keeps its height.
 */
export const tidyShopAddress = (text: string): string =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

export const shopAddressSchema = z
  .string()
  .max(600)
  .transform(tidyShopAddress)
  .pipe(
    z
      .string()
      .max(400)
      .refine((text) => text === '' || text.split('\n').length <= SHOP_ADDRESS_MAX_LINES, {
        message: `Use at most ${SHOP_ADDRESS_MAX_LINES} lines`,
      })
      .refine((text) => text.split('\n').every((line) => line.length <= 80), {
        message: 'Keep each line to 80 characters',
      }),
  );

const idList = z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id')).max(1000);

export const TRACKING_TEMPLATE_MAX = 300;

/** Settings' tracking link: an https URL with {number} where the tracking number goes, or '' for none. */
export const trackingTemplateSchema = z
  .string()
  .trim()
  .max(TRACKING_TEMPLATE_MAX)
  .refine((t) => t === '' || isTrackingTemplate(t), {
    message: 'Enter an https:// link containing {number}',
  });

/**
 * POST admin/config. Currency, payment methods and countries are read-only in the control centre: they may be
 * sent back as they are, and a different value is refused.
 */
export const adminConfigSchema = z.strictObject({
  categories_order: idList,
  /** SPEC §5: stored as a number when parsable; the form may send the text it holds. */
  shipment_amount: amount(10000),
  shipment_method: z.string().trim().max(200),
  admin_email: z.string().trim().max(320).pipe(z.email()),
  /** Optional in the body, so a client that only knows SPEC §7's fields leaves them as they are. */
  shop_name: z.string().trim().min(1, 'Enter the shop name').max(SHOP_NAME_MAX).optional(),
  shop_address: shopAddressSchema.optional(),
  tracking_url_template: trackingTemplateSchema.optional(),
  currency_code: z.string().max(3).optional(),
  payment_method: z.array(z.string().max(30)).max(50).optional(),
  payment_country: z.array(z.string().max(5)).max(50).optional(),
});
export type AdminConfigInput = z.input<typeof adminConfigSchema>;

// ---------------------------------------------------------------------------------------------------------
// Orders

export interface AdminOrderListItem {
  id: string;
  number: string;
  created_at: string;
  status: OrderStatus;
  payer_full_name: string;
  payer_email_address: string;
  transaction_gross_amount: string;
  /** COMPLETED, PARTIALLY_REFUNDED or REFUNDED (SPEC §3 payment statuses). */
  transaction_status: string;
  currency_code: string;
  /** How much of the gross went back (refunds and reversals): the marker beside the status (issue 30 §1). */
  refund_state: RefundState;
  /** Issue 32: `market` for a sale at the stall (paid cash or card there). Optional like AdminOrder's extras. */
  channel?: OrderChannel;
  payment_method?: OrderPaymentMethod;
}

/** One change of an order's status, with who made it (SPEC §4; kept on the order). */
export interface OrderStatusChange {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  by_id: string | null;
  /** The admin's name and email at the time, so the history survives the account's deletion. */
  by: string;
}

export interface AdminOrder extends Order {
  /** Every status change, oldest first; empty for an order never changed since it was paid. */
  history: OrderStatusChange[];
  /** The order's refunds, oldest first (issue 22). */
  refunds: Refund[];
  /** What may still be refunded: the capture less every refund not refused (numeric string). */
  refundable_amount: string;
  /**
   * The customer the order belongs to (admin/customers/{id}); null for an order without a payer email. The
   * server always sends it; optional so that orders built by hand (tests, the paperwork bench) need not.
   */
  customer_id?: string | null;
  /**
   * The lines whose product counts its stock, with what went back to stock from this order (issue 24); only
   * a cancelled or refunded order offers to put them back. Optional like customer_id.
   */
  restock?: RestockLine[];
  /**
   * What PayPal said of the capture after the payment (issue 30 §2): null when nothing; the reason PayPal gave
   * for PENDING or DENIED; what PayPal reversed (numeric string, '0.00' when nothing). Optional like customer_id.
   */
  payment_alert?: PaymentAlert | null;
  payment_alert_reason?: string | null;
  transaction_reversed_amount?: string;
  /**
   * The carrier the order was shipped with (issue 31 §12), null before or when shipped before carriers were
   * chosen; the tracking URL given with carrier OTHER. Optional like customer_id.
   */
  shipping_carrier?: ShippingCarrier | null;
  tracking_url?: string | null;
  /**
   * Issue 32: `market` for a sale at the stall: paid in cash or by card there, handed over, nothing to ship,
   * refund through PayPal or confirm by mail (the server refuses those with 409). Optional like customer_id.
   */
  channel?: OrderChannel;
  payment_method?: OrderPaymentMethod;
  /** The market day of a stall sale; null for an online order. */
  market_day_id?: string | null;
}

/** A line of an order whose product counts its stock: units ordered, and units put back (null: none yet). */
export interface RestockLine {
  product_id: string;
  product: string;
  quantity: number;
  restocked: number | null;
}

/** POST admin/orders/{id}/restock: units of some lines back to stock, once per line. */
export const restockSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        product_id: idSchema,
        quantity: z.number().int('A whole number of units').min(1, 'At least 1 unit').max(9999),
      }),
    )
    .min(1, 'Name at least one line')
    .max(100),
});
export type RestockInput = z.input<typeof restockSchema>;

/** An amount typed by an admin: digits with at most two decimals, more than zero. */
const refundAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'An amount like 12.50: digits, with at most two decimals')
  .refine((v) => Number(v) > 0, 'The amount must be more than 0');

/** POST admin/orders/{id}/refunds: no amount = everything left. */
export const refundCreateSchema = z.strictObject({
  amount: refundAmountSchema.optional(),
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the money goes back')
    .max(500, 'A reason has 500 characters at most')
    .refine((t) => !hasControlCharacter(t), 'The reason contains control characters'),
  /** For the family only (issue 31 §13): kept on the refund and the timeline, never mailed or shown to the shopper. */
  internal_note: z
    .string()
    .trim()
    .max(500, 'A note has 500 characters at most')
    .refine((t) => !hasControlCharacter(t), 'The note contains control characters')
    .optional(),
});
export type RefundCreateInput = z.input<typeof refundCreateSchema>;

/** A point of the Open tab's sales chart: x is "Mon YYYY" (drawn on two lines), y the month's gross sales. */
export interface SalesPoint {
  x: string;
  y: number;
}

/** A single `status=x` or a list `status[0]=x&status[1]=y`; either way an array. */
const statusList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.array(z.enum(values)).max(values.length)]).transform((v) => (Array.isArray(v) ? v : [v]));

const ordersQuery = <T extends readonly [string, ...string[]]>(statuses: T) =>
  z.strictObject({
    page: pageParam.optional(),
    limit: limitParam(100).optional(),
    /** Payer name or email (the payer column's text filter). */
    search: z.string().trim().max(100).optional(),
    /** Order number (the number column's text filter); part of a number is enough. */
    number: z.string().trim().max(40).optional(),
    status: statusList(statuses).optional(),
    /** Issue 32: online orders only, or the market stall's sales only. */
    channel: z.enum(ORDER_CHANNELS).optional(),
    /** Only the payer column sorts (SPEC §2): sort[0]=payer_full_name&sort[1]=ASC. */
    sort: z.tuple([z.literal('payer_full_name'), sortDirection]).optional(),
  });

/** GET admin/orders: the Open tab. */
export const openOrdersQuerySchema = ordersQuery(OPEN_ORDER_STATUSES);
/** GET admin/orders/completed: the Archive tab. */
export const archiveOrdersQuerySchema = ordersQuery(ARCHIVE_ORDER_STATUSES);
export type AdminOrdersQuery = z.input<typeof openOrdersQuerySchema>;

export const orderStatusUpdateSchema = z.strictObject({ status: z.enum(ADMIN_SETTABLE_ORDER_STATUSES) });
export type OrderStatusUpdate = z.input<typeof orderStatusUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Notifications

export interface AdminNotification extends Notification {
  created_at: string;
}

export const notificationsQuerySchema = z.strictObject({
  page: pageParam.optional(),
  limit: limitParam(100).optional(),
  /** First name, last name or email. */
  search: z.string().trim().max(100).optional(),
  status: statusList(RECORD_STATUSES).optional(),
  /**
   * Default [updated_at, DESC] (SPEC §2). `created_at` is when the message arrived: the control centre's list
   * shows and sorts by it, so opening or answering a message does not move it.
   */
  sort: z.tuple([z.enum(['updated_at', 'created_at']), sortDirection]).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

/**
 * The statuses an admin sets by hand (PUT notifications/{id}): `read` (also what opening a new message sets),
 * `resolved` and `approved`. `new` is never set back (the dashboard and the badge count new messages, and a
 * message read once stays read) and `deleted` is not a status to set: DELETE removes the message.
 */
export const ADMIN_SETTABLE_RECORD_STATUSES = ['read', 'resolved', 'approved'] as const;
export type AdminSettableRecordStatus = (typeof ADMIN_SETTABLE_RECORD_STATUSES)[number];

/**
 * PUT notifications/{id}. `from`, when given, is the status the change is meant for: a message no longer in it
 * is left as it is (409). Opening a new message sends it, so a late "read" never undoes a status set meanwhile.
 */
export const notificationUpdateSchema = z.strictObject({
  status: z.enum(ADMIN_SETTABLE_RECORD_STATUSES),
  from: z.enum(RECORD_STATUSES).optional(),
});

/** An admin's answer to a contact message (issue 22), oldest first under the message. */
export interface NotificationReply {
  id: string;
  message: string;
  /** The admin's name and email when they answered. */
  by: string;
  by_id: string | null;
  created_at: string;
  /** False while the mail server has not taken the mail (refused, or still being sent): it can be sent again. */
  mail_sent: boolean;
}

/** GET, PUT notifications/{id}: the message with its replies. */
export interface AdminNotificationDetail extends AdminNotification {
  replies: NotificationReply[];
}

// ---------------------------------------------------------------------------------------------------------
// Paperwork (issue 14): packing slips, invoices and pick lists as PDF

/** The most orders one pick list or one file of packing slips takes: a busy day's parcels, with room to spare. */
export const PAPERWORK_MAX_ORDERS = 200;

/**
 * POST admin/orders/pick-list.pdf and admin/orders/packing-slips.pdf: the selected orders. An id sent twice
 * counts once, so a double-clicked row never doubles a pick list's quantities.
 */
export const paperworkSelectionSchema = z.strictObject({
  ids: z
    .array(idSchema)
    .min(1, 'Select at least one order')
    .max(PAPERWORK_MAX_ORDERS, `At most ${PAPERWORK_MAX_ORDERS} orders at a time`)
    .transform((ids) => [...new Set(ids)]),
});
export type PaperworkSelection = z.input<typeof paperworkSelectionSchema>;

/** The papers of one order (GET admin/orders/{id}/packing-slip.pdf and …/invoice.pdf). */
export type OrderPaperKind = 'packing-slip' | 'invoice';
/** The papers of a selection of orders. */
export type SelectionPaperKind = 'packing-slips' | 'pick-list';

/** Only letters, digits and dashes reach a file name, so it needs no quoting in any header or file system. */
const fileNamePart = (value: string) => value.replace(/[^A-Za-z0-9-]/g, '');

/** "invoice-1042.pdf": the name an order's paper downloads under (the order id when the number is empty). */
export function orderPaperFileName(kind: OrderPaperKind, orderNumber: string, orderId: string): string {
  return `${kind}-${fileNamePart(orderNumber) || fileNamePart(orderId) || 'order'}.pdf`;
}

/** "pick-list-2026-11-24-12-orders.pdf": the day it was printed and how many orders it covers. */
export function selectionPaperFileName(kind: SelectionPaperKind, date: Date, orderCount: number): string {
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `${kind}-${day}-${orderCount}-${orderCount === 1 ? 'order' : 'orders'}.pdf`;
}

// ---------------------------------------------------------------------------------------------------------
// Bulk work on the orders list and CSV export (issue 14 parts 3 and 4)

/**
 * The order page's action buttons (SPEC §4), in the order the page shows them; the orders list's bulk bar
 * offers the same three. One rule, orderActionRefusal, decides for both and for the server.
 */
export const ORDER_ACTION_KEYS = ['complete', 'ship', 'cancel'] as const;
export type OrderActionKey = (typeof ORDER_ACTION_KEYS)[number];

/** The bulk endpoint's actions: the order page's buttons, by the same names. */
export const BULK_ORDER_ACTIONS = ORDER_ACTION_KEYS;
export type BulkOrderAction = OrderActionKey;

/** The status each action sets. */
export const ORDER_ACTION_STATUS = {
  complete: 'COMPLETED',
  ship: 'SHIPPED',
  cancel: 'CANCELLED',
} as const satisfies Record<OrderActionKey, OrderStatus>;

/**
 * Why `action` may not be applied to an order in status `from`, or null when it may (SPEC §4): archived
 * orders (completed, cancelled) take no action, and an order already shipped or delivered is not shipped
 * again. The status selector is not bound by this: it may set any of its five statuses.
 */
export function orderActionRefusal(action: OrderActionKey, from: OrderStatus): string | null {
  if (from === 'COMPLETED' || from === 'CANCELLED') {
    return `The order is already ${from === 'COMPLETED' ? 'completed' : 'cancelled'}`;
  }
  if (action === 'ship' && (from === 'SHIPPED' || from === 'DELIVERED')) {
    return `The order is already ${from === 'SHIPPED' ? 'shipped' : 'delivered'}`;
  }
  return null;
}

/** The action buttons an order in status `from` shows, in the page's order. */
export const orderActionsAllowed = (from: OrderStatus): OrderActionKey[] =>
  ORDER_ACTION_KEYS.filter((action) => orderActionRefusal(action, from) === null);

/**
 * Issue 30 §1: an order whose money went back in full is not shipped by mistake. Every door that can set
 * SHIPPED (PUT admin/orders/{id}, the bulk ship, Payload's REST and panel) refuses it with 409 unless the request
 * carries this field as true: the admin was asked "ship it anyway?" and said yes.
 */
export const SHIP_DESPITE_REFUND = 'ship_despite_refund';
export const shipDespiteRefundSchema = z.boolean({ error: `${SHIP_DESPITE_REFUND} is true or false` }).optional();
/** The question the order page asks before shipping a fully refunded order. */
export const SHIP_REFUNDED_QUESTION = 'This order was refunded in full: ship it anyway?';
/** What every door answers (409) for SHIPPED of a fully refunded order not meant to be shipped. */
export const SHIP_REFUNDED_REFUSAL = `This order was refunded in full, so it is not shipped unless the request says ${SHIP_DESPITE_REFUND}: true; nothing was changed`;

/**
 * Why setting `to` on an order in status `from` with refund state `refund` is refused, or null: SHIPPED of a
 * fully refunded order that is not shipped already, unless `meant`. Keeping SHIPPED (the panel sends the whole
 * order back on save) is no change and passes.
 */
export function shipRefundedRefusal(
  from: OrderStatus | null,
  to: OrderStatus,
  refund: RefundState,
  meant: boolean,
): string | null {
  return to === 'SHIPPED' && from !== 'SHIPPED' && refund === 'FULLY' && !meant ? SHIP_REFUNDED_REFUSAL : null;
}

/**
 * The buttons the order page offers, first the one it leads with: an unshipped order whose money went back in
 * full leads with cancelling it (it will not be sent); shipping and completing stay, after it. A payment PayPal
 * denied is never shipped.
 */
export function orderActionsOffered(
  from: OrderStatus,
  refund: RefundState,
  paymentAlert: PaymentAlert | null = null,
): OrderActionKey[] {
  // PayPal denied the payment (issue 30 §2): every door refuses SHIPPED, so the page does not offer it.
  const allowed = orderActionsAllowed(from).filter((action) => paymentAlert !== 'DENIED' || action !== 'ship');
  if (refund !== 'FULLY' || (from !== 'NEW' && from !== 'PROCESSING') || !allowed.includes('cancel')) return allowed;
  return ['cancel', ...allowed.filter((action) => action !== 'cancel')];
}

/** A carrier's tracking number: letters, digits, spaces and dashes (no control characters, no markup). */
export const trackingNumberSchema = z
  .string()
  .trim()
  .min(1, 'A tracking number is required')
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'A tracking number has letters, digits, spaces and dashes only');

/**
 * The carrier of a shipment (issue 31 §12) and, for OTHER only, the https URL where its parcel is followed
 * ({number} in it stands for each parcel's tracking number); an empty URL is none, as the collection reads it.
 */
const shipmentCarrierShape = {
  shipping_carrier: z
    .enum(SHIPPING_CARRIERS)
    .meta({ description: "The parcel's carrier; its tracking page is what the shopper follows" })
    .optional(),
  tracking_url: z
    .string()
    .trim()
    .max(500, 'A tracking URL has 500 characters at most')
    .refine((url) => url === '' || isTrackingUrl(url), 'A tracking URL starts with https:// and has no spaces')
    .meta({
      description: 'With carrier OTHER only: the https page where the parcel is followed ({number}: its number)',
    })
    .optional(),
};

/** A tracking URL goes with carrier OTHER, and OTHER needs one: the shopper has nowhere else to follow it. */
function checkCarrierUrl(v: { shipping_carrier?: ShippingCarrier; tracking_url?: string }, ctx: z.RefinementCtx): void {
  if (v.shipping_carrier === 'OTHER' && !v.tracking_url) {
    ctx.addIssue({ code: 'custom', path: ['tracking_url'], message: 'Another carrier needs its tracking URL' });
  }
  if (v.tracking_url && v.shipping_carrier !== 'OTHER') {
    ctx.addIssue({ code: 'custom', path: ['tracking_url'], message: 'A tracking URL goes with carrier Other only' });
  }
}

export const BULK_ORDERS_MAX = 200;

/**
 * POST admin/orders/bulk. Marking shipped takes a tracking number for any of the selected orders, optional as
 * on the order page: an order without one is shipped without one.
 */
export const bulkOrdersSchema = z
  .strictObject({
    ids: z.array(idSchema).min(1).max(BULK_ORDERS_MAX),
    action: z.enum(BULK_ORDER_ACTIONS),
    tracking_numbers: z.record(idSchema, trackingNumberSchema).optional(),
    /** One carrier for the shipment; with OTHER, its tracking URL (holding {number} when the parcels differ). */
    ...shipmentCarrierShape,
    /** Ship the selected orders that were refunded in full too (each is refused otherwise). */
    ship_despite_refund: shipDespiteRefundSchema,
  })
  .superRefine((input, ctx) => {
    if (input.ship_despite_refund !== undefined && input.action !== 'ship') {
      ctx.addIssue({
        code: 'custom',
        path: [SHIP_DESPITE_REFUND],
        message: `${SHIP_DESPITE_REFUND} goes with shipping only`,
      });
    }
    if (new Set(input.ids).size !== input.ids.length) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'An order is selected twice' });
    }
    const tracking = input.tracking_numbers ?? {};
    const stray = Object.keys(tracking).filter((id) => !input.ids.includes(id));
    if (stray.length && input.action === 'ship') {
      ctx.addIssue({
        code: 'custom',
        path: ['tracking_numbers'],
        message: 'A tracking number names no selected order',
      });
    }
    if (Object.keys(tracking).length && input.action !== 'ship') {
      ctx.addIssue({ code: 'custom', path: ['tracking_numbers'], message: 'Tracking numbers go with shipping only' });
    }
    if (input.shipping_carrier !== undefined && input.action !== 'ship') {
      ctx.addIssue({ code: 'custom', path: ['shipping_carrier'], message: 'A carrier goes with shipping only' });
    }
    checkCarrierUrl(input, ctx);
  });
export type BulkOrdersInput = z.input<typeof bulkOrdersSchema>;

/** One selected order's outcome; `error` says why it was left as it was. */
export interface BulkOrderResult {
  id: string;
  /** Empty when the id names no order. */
  number: string;
  ok: boolean;
  /** The status before; null when the id names no order. */
  from: OrderStatus | null;
  /** The status the action sets (the order has it when ok). */
  to: OrderStatus;
  error?: string;
}

/** The orders list's filters without paging, plus which tab: GET admin/orders/export exports that list. */
/**
 * The selected orders (issue 25 §1.14): `ids[0]=…&ids[1]=…`, at most BULK_ORDERS_MAX like the bulk actions.
 * Given, the export holds exactly these orders, whatever the tab and filters say.
 */
const exportIds = z
  .union([z.string().regex(/^[A-Za-z0-9-]{1,64}$/), z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/)).min(1)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .refine((v) => v.length <= BULK_ORDERS_MAX, { message: 'Too many orders selected' });

export const ordersExportQuerySchema = z.union([
  openOrdersQuerySchema
    .omit({ page: true, limit: true })
    .extend({ tab: z.literal('open').optional(), ids: exportIds.optional() }),
  archiveOrdersQuerySchema
    .omit({ page: true, limit: true })
    .extend({ tab: z.literal('archive'), ids: exportIds.optional() }),
]);
export type OrdersExportQuery = z.input<typeof ordersExportQuerySchema>;

/** GET admin/contacts/export: the contact messages as the notifications list filters them, without paging. */
export const contactsExportQuerySchema = notificationsQuerySchema.omit({ page: true, limit: true });
export type ContactsExportQuery = z.input<typeof contactsExportQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Live alerts (issue 14 part 5): GET admin/events, a Server-Sent Events stream for signed-in admins

/** A paid order, announced once, when its row is first written (from the capture, the webhook or the reconciler). */
export interface LiveOrderPaid {
  id: string;
  number: string;
  /** What the shopper paid (PayPal's gross), in `currency`. */
  total: number;
  currency: string;
  /** The payer's full name. */
  customer: string;
}

/** A contact message stored as a notification. */
export interface LiveContactCreated {
  id: string;
  /** First and last name as the shopper typed them. */
  name: string;
  subject: string;
}

/** A counted product that just reached its low-stock threshold, or 0 (issue 24), by a sale or an adjustment. */
export interface LiveStockLow {
  id: string;
  name: string;
  /** Units left now (0: sold out, not available). */
  stock_quantity: number;
  low_stock_threshold: number | null;
}

/**
 * A market stall sold units of a counted product that the count did not have (issue 32 §2): the sale is kept
 * (the goods are handed over), the count stopped at 0, so the count was off.
 */
export interface LiveStockShortfall {
  id: string;
  name: string;
  /** Units sold beyond the count. */
  missing: number;
  /** The sentence the alert shows. */
  text: string;
}

/** PayPal held, denied, reversed or released an order's capture (issue 30 §2), announced once. */
export interface LivePaymentAlert {
  id: string;
  number: string;
  news: PaymentNews;
  /** The sentence the order page shows (paymentNewsText). */
  text: string;
}

export interface LiveEventMap {
  'order.paid': LiveOrderPaid;
  'payment.alert': LivePaymentAlert;
  'contact.created': LiveContactCreated;
  'stock.low': LiveStockLow;
  'stock.shortfall': LiveStockShortfall;
  /** Sent once, just before the server closes a stream whose session ended: the client should not reconnect. */
  'session.ended': Record<string, never>;
}
export type LiveEventName = keyof LiveEventMap;
export type LiveEvent = { [K in LiveEventName]: { type: K; data: LiveEventMap[K] } }[LiveEventName];
export const LIVE_EVENT_NAMES = [
  'order.paid',
  'payment.alert',
  'contact.created',
  'stock.low',
  'stock.shortfall',
  'session.ended',
] as const satisfies readonly LiveEventName[];

// ---------------------------------------------------------------------------------------------------------
// Order timeline and audit log (issue 14 part 1)

/**
 * `refund`: money returned (amount and reason in `note`); `mail_sent`: a mail to the shopper about a change
 * (shipped, delivered, refunded) was handed to the mail server; `restock`: units of one product went back to
 * stock (what, in `note`); `payment`: PayPal held, denied, reversed or released the order's capture (issue 30
 * §2; the sentence in `note`, a reversal's amount in `amount`).
 */
export const ORDER_EVENT_TYPES = [
  'paid',
  'status',
  'note',
  'mail_resent',
  'refund',
  'mail_sent',
  'restock',
  'payment',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** One entry of an order's timeline, oldest first in GET admin/orders/{id}/events. */
export interface OrderEvent {
  id: string;
  type: OrderEventType;
  at: string;
  /** The admin's name and email at the time, or "system" / "shopper". */
  by: string;
  by_id: string | null;
  from: OrderStatus | null;
  to: OrderStatus | null;
  tracking_number: string | null;
  /** A note's text, a refund's reason, or what a `mail_sent` mail was about. */
  note: string | null;
  /** A refund's amount (numeric string); null for other events. */
  amount: string | null;
}

/**
 * PUT admin/orders/{id}: the status, and the carrier's tracking number when it is SHIPPED. `from`, when given,
 * is the status the change is meant for: an order no longer in it is left as it is (409). The order page's
 * own NEW → PROCESSING on opening sends it, so a late one can never undo a change made meanwhile.
 */
export const orderStatusChangeSchema = z
  .strictObject({
    status: z.enum(ADMIN_SETTABLE_ORDER_STATUSES),
    tracking_number: trackingNumberSchema.optional(),
    ...shipmentCarrierShape,
    from: z.enum(ORDER_STATUSES).optional(),
    /** SHIPPED of a fully refunded order is meant (the admin answered "ship it anyway?"); else it is a 409. */
    ship_despite_refund: shipDespiteRefundSchema,
  })
  .refine((v) => v.tracking_number === undefined || v.status === 'SHIPPED', {
    message: 'A tracking number goes with SHIPPED only',
    path: ['tracking_number'],
  })
  .refine((v) => v.ship_despite_refund === undefined || v.status === 'SHIPPED', {
    message: `${SHIP_DESPITE_REFUND} goes with SHIPPED only`,
    path: [SHIP_DESPITE_REFUND],
  })
  .refine((v) => v.shipping_carrier === undefined || v.status === 'SHIPPED', {
    message: 'A carrier goes with SHIPPED only',
    path: ['shipping_carrier'],
  })
  .superRefine((v, ctx) => checkCarrierUrl(v, ctx));
export type OrderStatusChangeInput = z.input<typeof orderStatusChangeSchema>;

/** A control character other than tab and line breaks (C0, DEL, C1): a note is text an admin typed. */
const hasControlCharacter = (text: string): boolean =>
  [...text].some((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return (code < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || (code >= 0x7f && code <= 0x9f);
  });

/** POST admin/orders/{id}/notes. */
export const orderNoteSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'The note is empty')
    .max(2000, 'A note has 2000 characters at most')
    .refine((t) => !hasControlCharacter(t), 'The note contains control characters'),
});
export type OrderNoteInput = z.input<typeof orderNoteSchema>;

/** The longest reply to a contact message (as long as the longest message a shopper may send). */
export const NOTIFICATION_REPLY_MAX = 5000;

/** POST notifications/{id}/replies: the answer mailed to the sender. */
export const notificationReplySchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, 'The reply is empty')
    .max(NOTIFICATION_REPLY_MAX, `A reply has ${NOTIFICATION_REPLY_MAX} characters at most`)
    .refine((t) => !hasControlCharacter(t), 'The reply contains control characters'),
});
export type NotificationReplyInput = z.input<typeof notificationReplySchema>;

export const AUDIT_OPERATIONS = ['create', 'update', 'delete'] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];
/** What the audit log records: the admin's writes to these collections (and `settings`, the shop's global). */
export const AUDITED_COLLECTIONS = [
  'products',
  'categories',
  'settings',
  'users',
  'assets',
  'recipes',
  'changelogs',
  'orders',
  'notifications',
  'coupons',
] as const;
export type AuditedCollection = (typeof AUDITED_COLLECTIONS)[number];

/** The fields a write changed: `before` absent on a create, `after` absent on a delete. */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

export interface AuditEntry {
  id: string;
  at: string;
  by: string;
  user_id: string | null;
  collection: string;
  record_id: string;
  /**
   * What people call the record (a product's or category's name, a user's full name, an order's number);
   * a deleted record keeps the name its log entries recorded; null when none is known (issue 25 §1.13).
   */
  record_name: string | null;
  operation: AuditOperation;
  changes: AuditChanges;
}

const isoDate = z
  .string()
  .trim()
  .max(40)
  .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'A date is YYYY-MM-DD or an ISO date-time',
  });

const auditFilterShape = {
  collection: z.enum(AUDITED_COLLECTIONS).optional(),
  user: idSchema.optional(),
  operation: z.enum(AUDIT_OPERATIONS).optional(),
  /** From this day (or instant) on, inclusive. */
  from: isoDate.optional(),
  /** Up to this day inclusive (a plain date means its whole day, UTC), or up to this instant. */
  to: isoDate.optional(),
  record_id: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/, 'Invalid record id')
    .optional(),
};

/** GET admin/audit-log: newest first. */
export const auditLogQuerySchema = z.strictObject({
  ...auditFilterShape,
  page: pageParam.optional(),
  limit: limitParam(100).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** GET admin/audit-log/export: the same filters, every matching entry. */
export const auditLogExportQuerySchema = z.strictObject(auditFilterShape);
