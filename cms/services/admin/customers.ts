import type { Payload } from 'payload';
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type CustomerSortColumn,
  fromCents,
  normalizeCustomerEmail,
  toAmountString,
} from '@shop/shared/admin';
import { forbidden, notFound } from '../../lib/app-error';
import { allCustomers, customerById, type CustomerSummary, ordersVersion } from '../../lib/customer-aggregate';
import { env } from '../../lib/env';
import type { Pagination } from '../../lib/envelope';
import { isAdminUser } from '../../lib/roles';
import { searchWords } from '../text-search';
import type { Doc } from '../mappers';
import { csvResponse, datedFilename, type CsvColumn } from './csv-stream';
import type { AdminUser } from './sales';
import { ORDER_LIST_SELECT, toOrderListItem } from './orders';

/**
 * Customers (issue 24 §2): everyone behind the orders with the same payer email, case and surrounding spaces
 * ignored. `total_spent` is the ledger's Sales (ledger.ts: gross − refunds, refunds being the order's
 * transaction_refunded_amount, kept by services/refunds.ts from its completed refunds, and its
 * transaction_reversed_amount, what card issuers took back), summed in the database (lib/customer-aggregate.ts)
 * over every order, cancelled ones too: a cancelled order the shop did not refund was still paid.
 */
export interface CustomersFilter {
  page?: number;
  limit?: number;
  search?: string;
  sort?: readonly [CustomerSortColumn, 'ASC' | 'DESC'];
}

type Sort = readonly [CustomerSortColumn, 'ASC' | 'DESC'];

const DEFAULT_LIMIT = 10;
const DEFAULT_SORT: Sort = ['last_order_at', 'DESC'];
const NOT_FOUND = 'Customer not found';

/**
 * Customers are read below the Local API (it cannot group), so its access rules do not run: the rule is the
 * orders' own (Orders.access.read is admins only), asked here as well as by the endpoint.
 */
function assertMayReadOrders(user: AdminUser): void {
  if (!isAdminUser(user)) throw forbidden();
}

const toCustomer = (row: CustomerSummary): AdminCustomer => ({
  id: row.customer_id,
  name: row.name,
  email: normalizeCustomerEmail(row.email),
  orders_count: row.orders_count,
  total_spent: toAmountString(fromCents(row.spent_cents)),
  currency_code: row.currency_code,
  first_order_at: row.first_order_at,
  last_order_at: row.last_order_at,
});

/**
 * A page of customers: the whole list sorted (kept while the orders stay as they are), then, for a search,
 * those with every word somewhere in the names and emails of their orders (any case), then the page.
 */
export async function listCustomers(
  payload: Payload,
  user: AdminUser,
  filter: CustomersFilter,
): Promise<{ items: AdminCustomer[]; pagination: Pagination }> {
  assertMayReadOrders(user);
  const page = filter.page ?? 1;
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const found = await matchingCustomers(payload, filter);
  const offset = (page - 1) * limit;
  return {
    items: found.slice(offset, offset + limit).map((entry) => entry.customer),
    pagination: { count: found.length, page, limit },
  };
}

async function matchingCustomers(
  payload: Payload,
  filter: Pick<CustomersFilter, 'search' | 'sort'>,
): Promise<readonly Entry[]> {
  const sorted = sortedEntries(await customersSnapshot(payload), filter.sort ?? DEFAULT_SORT);
  // Words are never white space, and the texts' entries are apart by line breaks: no word spans two of them.
  const words = searchWords(filter.search).map((w) => w.toLowerCase());
  return words.length ? sorted.filter((entry) => words.every((w) => entry.text.includes(w))) : sorted;
}

// ---------------------------------------------------------------------------------------------------------
// The whole list, kept between requests while the orders stay as they were

interface Entry {
  customer: AdminCustomer;
  /** The names and emails of every order of the customer, lower-cased. */
  text: string;
}

/**
 * Every customer, summed in one grouped read of the orders, and the sorted orders of that list asked for so
 * far. A page is a slice of it: the sums are worked out once per change of the orders, not once per request.
 */
interface Snapshot {
  version: string;
  entries: Entry[];
  sorted: Map<string, Entry[]>;
}

let kept: Snapshot | null = null;
const building = new Map<string, Promise<Snapshot>>();

/**
 * The list as the orders stand now. Each request first reads the orders' count and newest write (two index
 * reads); the kept list serves it only if those are unchanged, so a new order, a refund or a changed email
 * shows on the very next request. The list is kept only once the newest write is older than
 * CUSTOMERS_SETTLE_SECONDS: a write from an instance whose clock runs behind, or a transaction still
 * committing, then carries a later stamp than the newest one seen, and is noticed.
 */
async function customersSnapshot(payload: Payload): Promise<Snapshot> {
  const { count, newest } = await ordersVersion(payload);
  const version = `${count}|${newest ?? ''}`;
  if (kept?.version === version) return kept;
  let pending = building.get(version);
  if (!pending) {
    // Requests arriving together for the same orders share one read.
    pending = allCustomers(payload).then((rows) => ({
      version,
      entries: rows.map((row) => ({ customer: toCustomer(row), text: row.search_text })),
      sorted: new Map(),
    }));
    building.set(version, pending);
    const forget = () => building.delete(version);
    pending.then(forget, forget);
  }
  const snapshot = await pending;
  const settled = newest === null || Date.parse(newest) < Date.now() - env.customersSettleMs;
  if (settled) kept = snapshot;
  return snapshot;
}

type SortKey = (c: AdminCustomer) => string | number;
const SORT_KEYS: Record<CustomerSortColumn, SortKey> = {
  name: (c) => c.name.toLowerCase(),
  email: (c) => c.email,
  orders_count: (c) => c.orders_count,
  total_spent: (c) => Math.round(Number(c.total_spent) * 100),
  first_order_at: (c) => c.first_order_at,
  last_order_at: (c) => c.last_order_at,
};

/** The snapshot in the order asked for, ties by id in the same direction, so paging never repeats a row. */
function sortedEntries(snapshot: Snapshot, [column, direction]: Sort): Entry[] {
  const name = `${column} ${direction}`;
  const hit = snapshot.sorted.get(name);
  if (hit) return hit;
  const key = SORT_KEYS[column];
  const sign = direction === 'ASC' ? 1 : -1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...snapshot.entries].sort(
    (a, b) => sign * (compare(key(a.customer), key(b.customer)) || compare(a.customer.id, b.customer.id)),
  );
  snapshot.sorted.set(name, sorted);
  return sorted;
}

// ---------------------------------------------------------------------------------------------------------
// One customer

/**
 * The customer (summed from their own orders, one index range: always current) and every order of theirs,
 * newest first, read with the admin's own access to orders.
 */
export async function getCustomer(payload: Payload, user: AdminUser, id: string): Promise<AdminCustomerDetail> {
  assertMayReadOrders(user);
  const summary = await customerById(payload, id);
  if (!summary) throw notFound(NOT_FOUND);
  const orders = await payload.find({
    collection: 'orders',
    where: { customer_id: { equals: id } },
    select: ORDER_LIST_SELECT,
    sort: ['-createdAt', '-id'],
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  return { ...toCustomer(summary), orders: (orders.docs as Doc[]).map(toOrderListItem) };
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

async function* exportPages(payload: Payload, filter: Pick<CustomersFilter, 'search' | 'sort'>) {
  const found = await matchingCustomers(payload, filter);
  for (let offset = 0; offset < found.length; offset += EXPORT_PAGE_SIZE) {
    yield found.slice(offset, offset + EXPORT_PAGE_SIZE).map((entry) => entry.customer);
  }
}

/** The customers list as searched and sorted, every page, as a CSV download (like the orders' export). */
export function exportCustomersCsv(
  payload: Payload,
  user: AdminUser,
  filter: Pick<CustomersFilter, 'search' | 'sort'>,
): Response {
  assertMayReadOrders(user);
  return csvResponse(datedFilename('customers'), COLUMNS, exportPages(payload, filter), (err) =>
    payload.logger.error({ err, msg: 'customers export failed mid-stream' }),
  );
}
