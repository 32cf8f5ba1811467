/**
 * Customers (issue 24 §2): shoppers have no accounts, so a customer is everyone behind the orders paid with
 * the same payer email, its case and surrounding spaces ignored. The control centre's list and detail, their
 * query schemas and the email rule both sides apply.
 */
import { z } from 'zod';
import type { AdminOrderListItem } from './admin-api';
import { limitParam, pageParam, sortDirection } from './schema-parts';

/**
 * The email that names a customer: surrounding white space dropped and lower-cased, so " Anna@X.example" and
 * "anna@x.example " are one person. '' when there is no address (such an order belongs to no customer).
 */
export function normalizeCustomerEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * A customer's id is the first 32 hex digits of the SHA-256 of the normalized email (the server computes it,
 * stores it on each order and looks customers up by it). Opaque and fixed-length: no address in URLs, logs,
 * browser history or Referer headers, and nothing in it ("/", "%", "+", "#") for a router to trip on.
 */
export const customerIdSchema = z
  .string()
  .regex(/^[a-f0-9]{32}$/, 'A customer id is 32 hexadecimal digits (lower case)')
  .meta({ id: 'CustomerId' });

/** The list's sortable columns; the default is the newest buyer first (last_order_at, DESC). */
export const CUSTOMER_SORT_COLUMNS = [
  'name',
  'email',
  'orders_count',
  'total_spent',
  'first_order_at',
  'last_order_at',
] as const;
export type CustomerSortColumn = (typeof CUSTOMER_SORT_COLUMNS)[number];

const customersFilter = {
  /** Words found in the name or the email of any of the customer's orders (every word must appear). */
  search: z.string().trim().max(100).optional(),
  /** sort[0]=total_spent&sort[1]=DESC */
  sort: z.tuple([z.enum(CUSTOMER_SORT_COLUMNS), sortDirection]).optional(),
};

/** GET admin/customers */
export const customersQuerySchema = z.strictObject({
  page: pageParam.optional(),
  limit: limitParam(100).optional(),
  ...customersFilter,
});
export type CustomersQuery = z.input<typeof customersQuerySchema>;

/** GET admin/customers/export: the list as filtered and sorted, every page. */
export const customersExportQuerySchema = z.strictObject(customersFilter);
export type CustomersExportQuery = z.input<typeof customersExportQuerySchema>;

export interface AdminCustomer {
  id: string;
  /** The payer name of the customer's latest order. */
  name: string;
  /** The normalized email (trimmed, lower case): the one thing all of the customer's orders share. */
  email: string;
  orders_count: number;
  /** What the customer paid over all orders less what was refunded, two decimals ("57.45"). */
  total_spent: string;
  currency_code: string;
  first_order_at: string;
  last_order_at: string;
}

/** GET admin/customers/{id}: the customer and every order, newest first. */
export interface AdminCustomerDetail extends AdminCustomer {
  orders: AdminOrderListItem[];
}
