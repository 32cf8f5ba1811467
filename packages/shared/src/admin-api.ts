/**
 * The control centre's API contract (SPEC §7 Auth and Admin): reply types and the zod schemas the server
 * validates with. The SPA builds its requests from the same types.
 */
import { z } from 'zod';
import {
  ADMIN_SETTABLE_ORDER_STATUSES,
  ARCHIVE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  RECORD_STATUSES,
  type OrderStatus,
} from './enums';
import type { RichTextValue } from './rich-text';
import type { Notification, Order } from './api-types';
import { amount, limitParam, pageParam, sortDirection } from './schema-parts';

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
 * sign in with (SPEC §5); `plain_password` is what the person typed, sent once over the same TLS connection
 * so the server can hold it to the password rules too, and never stored. The server checks that the two
 * agree.
 */
export const resetPasswordSchema = z.strictObject({
  password: passwordHashSchema,
  plain_password: z.string().min(1).max(200),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Reset and invite tokens are Payload's forgot-password tokens: 40 hex characters. */
export const resetTokenSchema = z.string().regex(/^[a-f0-9]{20,128}$/, 'Invalid link');

export interface AdminSession {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
}

/** GET auth/invite/{token}: who the link is for, so the form can greet them. */
export interface InviteCheck {
  email: string;
}

/**
 * The `result` texts of the auth calls that SPEC §8 gives no wording for. Failures it does word come from
 * MESSAGES: login 401 `MESSAGES.loginFailed.title`, login 429 `{title, description}` of
 * `MESSAGES.loginRateLimited`, reset 400 `MESSAGES.passwordRules.title`.
 */
export const AUTH_RESULTS = {
  signedOut: 'Signed out',
  resetLinkSent: 'A link to choose a new password was sent to your email',
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
  /** Sales (gross, cancelled orders left out) this calendar month, and the change against last month. */
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
}

export interface AdminConfig {
  shop: {
    categories_order: string[];
    currency_code: string;
    shipment_amount: number;
    shipment_method: string;
    admin_email: string;
    payment_method: string[];
    payment_country: string[];
  };
  /** The PayPal the server talks to, as in GET config's paypal.env: development, production, emulator or off. */
  paypal_env: string;
  constants: { quantity_units: Array<{ value: string }>; discount_units: Array<{ value: string }> };
}

const idList = z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id')).max(1000);

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
  currency_code: string;
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
}

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
  /** Default [updated_at, DESC]. */
  sort: z.tuple([z.literal('updated_at'), sortDirection]).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationUpdateSchema = z.strictObject({ status: z.enum(RECORD_STATUSES) });
