import type { Payload } from 'payload';
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminOrderListItem,
  type CustomerSortColumn,
  fromCents,
  normalizeCustomerEmail,
  toAmountString,
} from '@shop/shared/admin';
import { forbidden, notFound } from '../../lib/app-error';
import { aggregateCustomers, latestOfCustomers, type CustomerAggregateRow } from '../../lib/customer-aggregate';
import type { Pagination } from '../../lib/envelope';
import { isAdminUser } from '../../lib/roles';
import { toPublicOrder } from '../orders';
import { searchWords } from '../text-search';
import type { Doc } from '../mappers';
import { csvResponse, datedFilename, type CsvColumn } from './csv-stream';
import type { AdminUser } from './sales';

/**
 * Customers (issue 24 §2): everyone behind the orders with the same payer email, case and surrounding spaces
 * ignored. `total_spent` is what was captured less what was refunded (the order's transaction_refunded_amount,
 * kept by services/refunds.ts from its completed refunds), over every order, cancelled ones too: a cancelled
 * order the shop did not refund was still paid.
 */
export interface CustomersFilter {
  page?: number;
  limit?: number;
  search?: string;
  sort?: readonly [CustomerSortColumn, 'ASC' | 'DESC'];
}

const DEFAULT_LIMIT = 10;
const DEFAULT_SORT = ['last_order_at', 'DESC'] as const;
const NOT_FOUND = 'Customer not found';

/**
 * Customers are read below the Local API (it cannot group), so its access rules do not run: the rule is the
 * orders' own (Orders.access.read is admins only), asked here as well as by the endpoint.
 */
function assertMayReadOrders(user: AdminUser): void {
  if (!isAdminUser(user)) throw forbidden();
}

async function toCustomers(payload: Payload, rows: CustomerAggregateRow[]): Promise<AdminCustomer[]> {
  const latest = await latestOfCustomers(
    payload,
    rows.map((r) => r.customer_id),
  );
  return rows.map((row) => {
    const last = latest.get(row.customer_id);
    return {
      id: row.customer_id,
      name: last?.name ?? '',
      email: normalizeCustomerEmail(last?.email),
      orders_count: row.orders_count,
      total_spent: toAmountString(fromCents(row.spent_cents)),
      currency_code: last?.currency_code ?? 'USD',
      first_order_at: row.first_order_at,
      last_order_at: row.last_order_at,
    };
  });
}

export async function listCustomers(
  payload: Payload,
  user: AdminUser,
  filter: CustomersFilter,
): Promise<{ items: AdminCustomer[]; pagination: Pagination }> {
  assertMayReadOrders(user);
  const page = filter.page ?? 1;
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const { rows, count } = await aggregateCustomers(payload, {
    words: searchWords(filter.search).map((w) => w.toLowerCase()),
    sort: filter.sort ?? DEFAULT_SORT,
    offset: (page - 1) * limit,
    limit,
  });
  return { items: await toCustomers(payload, rows), pagination: { count, page, limit } };
}

const ORDER_SELECT = {
  number: true,
  status: true,
  payer_full_name: true,
  payer_email_address: true,
  transaction_gross_amount: true,
  transaction_status: true,
  currency_code: true,
  createdAt: true,
} as const;

function toOrderItem(doc: Doc): AdminOrderListItem {
  const order = toPublicOrder(doc);
  return {
    id: order.id,
    number: order.number,
    created_at: order.created_at,
    status: order.status,
    payer_full_name: order.payer_full_name,
    payer_email_address: order.payer_email_address,
    transaction_gross_amount: order.transaction_gross_amount,
    transaction_status: order.transaction_status,
    currency_code: order.currency_code,
  };
}

/** The customer and every order of theirs, newest first, read with the admin's own access to orders. */
export async function getCustomer(payload: Payload, user: AdminUser, id: string): Promise<AdminCustomerDetail> {
  assertMayReadOrders(user);
  const { rows } = await aggregateCustomers(payload, {
    customerId: id,
    words: [],
    sort: DEFAULT_SORT,
    offset: 0,
    limit: 1,
  });
  if (rows.length === 0) throw notFound(NOT_FOUND);
  const [customer] = await toCustomers(payload, rows);
  const orders = await payload.find({
    collection: 'orders',
    where: { customer_id: { equals: id } },
    select: ORDER_SELECT,
    sort: ['-createdAt', '-id'],
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  return { ...customer, orders: (orders.docs as Doc[]).map(toOrderItem) };
}

// ---------------------------------------------------------------------------------------------------------
// CSV

const EXPORT_PAGE_SIZE = 500;

const COLUMNS: readonly CsvColumn<AdminCustomer>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'Email', value: (c) => c.email },
  { header: 'Orders', value: (c) => c.orders_count },
  { header: 'Total spent', value: (c) => c.total_spent },
  { header: 'Currency', value: (c) => c.currency_code },
  { header: 'First order (UTC)', value: (c) => utcDateTime(c.first_order_at) },
  { header: 'Last order (UTC)', value: (c) => utcDateTime(c.last_order_at) },
];

/** "2026-11-24 05:07", as the orders export writes dates. */
const utcDateTime = (iso: string) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');

async function* exportPages(payload: Payload, filter: Omit<CustomersFilter, 'page' | 'limit'>) {
  for (let page = 1; ; page += 1) {
    const { rows } = await aggregateCustomers(payload, {
      words: searchWords(filter.search).map((w) => w.toLowerCase()),
      sort: filter.sort ?? DEFAULT_SORT,
      offset: (page - 1) * EXPORT_PAGE_SIZE,
      limit: EXPORT_PAGE_SIZE,
    });
    if (rows.length) yield await toCustomers(payload, rows);
    if (rows.length < EXPORT_PAGE_SIZE) return;
  }
}

/** The customers list as searched and sorted, every page, as a CSV download (like the orders' export). */
export function exportCustomersCsv(
  payload: Payload,
  user: AdminUser,
  filter: Omit<CustomersFilter, 'page' | 'limit'>,
): Response {
  assertMayReadOrders(user);
  return csvResponse(datedFilename('customers'), COLUMNS, exportPages(payload, filter), (err) =>
    payload.logger.error({ err, msg: 'customers export failed mid-stream' }),
  );
}
