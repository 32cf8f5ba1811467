import type { Payload, PayloadRequest, Where } from 'payload';
import {
  ARCHIVE_ORDER_STATUSES,
  normalizeOrderNumber,
  OPEN_ORDER_STATUSES,
  type AdminOrder,
  type AdminOrderListItem,
  amountCents,
  fromCents,
  type OrderChannel,
  type OrderPaymentMethod,
  type OrderStatus,
  type OrderStatusChange,
  type PaymentAlert,
  refundTotals,
  toAmountString,
} from '@shop/shared/admin';
import type { Pagination } from '../../lib/envelope';
import { str, type Doc } from '../mappers';
import { findPickupDay } from '../market/pickup-days';
import { toPublicOrder } from '../orders';
import { orderRefunds, toRefund } from '../refunds';
import { findByIdOr404, findPage, pageOf } from './admin-queries';
import { mailStatusChangesLater } from '../shipping-notices';
import { carrierOf } from '../shipment-tracking';
import { changeOrderStatus, type ShipmentCarrier } from './order-events';
import { restockLines } from './restock';
import type { AdminUser } from './sales';
import { searchWords, wordsInAnyField } from './search';
import { orderSearchIndex } from '../../lib/order-search-index';
import { knownListCount, listCountKey, rememberListCount } from '../../lib/order-list-counts';
import { MAX_CANDIDATES, type OrderSearchIndex } from '../../lib/order-search';

export type OrdersTab = 'open' | 'archive';

const TAB_STATUSES: Record<OrdersTab, readonly OrderStatus[]> = {
  open: OPEN_ORDER_STATUSES,
  archive: ARCHIVE_ORDER_STATUSES,
};

export interface AdminOrdersFilter {
  page?: number;
  limit?: number;
  search?: string;
  number?: string;
  status?: OrderStatus[];
  channel?: OrderChannel;
  sort?: readonly ['payer_full_name', 'ASC' | 'DESC'];
}

const DEFAULT_LIMIT = 10;

/** The list's columns only: a page of 100 rows never drags the order lines and addresses along. */
export const ORDER_LIST_SELECT = {
  number: true,
  status: true,
  payer_full_name: true,
  payer_email_address: true,
  transaction_gross_amount: true,
  // The refund marker beside the status (issue 30 §1) reads what went back.
  transaction_refunded_amount: true,
  transaction_reversed_amount: true,
  transaction_status: true,
  currency_code: true,
  createdAt: true,
  channel: true,
  payment_method: true,
} as const;

/** Issue 32: where an order was made and how it was paid; rows written before market days are online PayPal. */
const channelOf = (doc: Doc): OrderChannel => (doc.channel === 'market' ? 'market' : 'online');
const paymentMethodOf = (doc: Doc): OrderPaymentMethod =>
  doc.payment_method === 'cash' || doc.payment_method === 'card' ? doc.payment_method : 'paypal';

/** The list row is the order as the order page reads it, cut to the list's columns. */
export function toOrderListItem(doc: Doc): AdminOrderListItem {
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
    refund_state: order.refund_state,
    channel: channelOf(doc),
    payment_method: paymentMethodOf(doc),
  };
}

function toHistory(rows: unknown): OrderStatusChange[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row: Record<string, unknown>) => ({
    from: (str(row.from) || null) as OrderStatus | null,
    to: str(row.to) as OrderStatus,
    at: str(row.at),
    by_id: str(row.by_id) || null,
    by: str(row.by),
  }));
}

export function toAdminOrder(doc: Doc, refunds: Doc[] = []): AdminOrder {
  const { tracking_number: _tracking, tracking_url: _url, shipping_carrier: _carrier, ...order } = toPublicOrder(doc);
  return {
    ...order,
    shipping_carrier: carrierOf(doc),
    tracking_url: str(doc.tracking_url) || null,
    transaction_paypal_fee: str(doc.transaction_paypal_fee),
    transaction_net_amount: str(doc.transaction_net_amount),
    history: toHistory(doc.status_history),
    refunds: refunds.map(toRefund),
    // What PayPal reversed cannot be refunded a second time.
    refundable_amount: toAmountString(
      fromCents(
        Math.max(
          0,
          refundTotals(doc.transaction_gross_amount, refunds).left - amountCents(doc.transaction_reversed_amount),
        ),
      ),
    ),
    customer_id: str(doc.customer_id) || null,
    // Issue 30 §2: what PayPal said of the capture after the payment.
    payment_alert: (str(doc.payment_alert) || null) as PaymentAlert | null,
    payment_alert_reason: str(doc.payment_alert_reason) || null,
    transaction_reversed_amount: str(doc.transaction_reversed_amount) || '0.00',
    channel: channelOf(doc),
    payment_method: paymentMethodOf(doc),
    market_day_id: str(doc.market_day_id) || null,
  };
}

/** The Open or Archive tab: newest first unless sorted by payer; filters combine with AND. */
export async function listAdminOrders(
  payload: Payload,
  user: AdminUser,
  tab: OrdersTab,
  filter: AdminOrdersFilter,
): Promise<{ items: AdminOrderListItem[]; pagination: Pagination }> {
  const { page, limit } = pageOf(filter, DEFAULT_LIMIT);
  const index = orderSearchIndex(payload);
  const words = searchWords(filter.search);
  const number = filter.number ? normalizeOrderNumber(filter.number) : '';
  const searched = words.length > 0 || Boolean(number);
  // A searched list's count, kept from an earlier read while no order was written since (order-list-counts.ts).
  const countKey = searched
    ? await listCountKey(index, { statuses: statusesOf(tab, filter), channel: filter.channel, words, number })
    : null;
  const knownCount = knownListCount(countKey);
  // A list known to hold more orders than the index hands over has more hits in the index still (it finds
  // every order that matches): the index cannot narrow it, and asking it would read those hits for nothing.
  const broad = knownCount !== undefined && knownCount > MAX_CANDIDATES;
  const indexed = broad ? null : await indexedPage(payload, tab, filter, page, limit, knownCount);
  if (indexed) {
    rememberListCount(countKey, indexed.count);
    if (indexed.ids.length === 0) return { items: [], pagination: { count: indexed.count, page, limit } };
    // The index's own read of the rows stands for Payload's where Payload's read would not narrow them: the
    // collection's read access lets this user read every order.
    if (indexed.rows && (await readsEveryOrder(payload, user)))
      return {
        items: indexed.rows.map((row) => toOrderListItem(row as Doc)),
        pagination: { count: indexed.count, page, limit },
      };
    const { docs } = await findPage(payload, user, {
      collection: 'orders',
      where: { id: { in: indexed.ids } },
      select: ORDER_LIST_SELECT,
      sort: adminOrdersSort(filter),
      page: 1,
      limit,
      count: indexed.count,
    });
    return { items: docs.map(toOrderListItem), pagination: { count: indexed.count, page, limit } };
  }
  const where = await adminOrdersWhere(payload, tab, filter, { narrow: !broad });
  if (!where) return { items: [], pagination: { count: 0, page, limit } };
  // Without a search, the tab's (status, channel) counts answer the count: counting the archive's rows would
  // cost more than reading its page.
  const count = searched ? (knownCount ?? null) : await index.count(statusesOf(tab, filter), filter.channel);
  const { docs, pagination } = await findPage(payload, user, {
    collection: 'orders',
    where,
    select: ORDER_LIST_SELECT,
    sort: adminOrdersSort(filter),
    page,
    limit,
    ...(count === null ? {} : { count }),
  });
  if (searched) rememberListCount(countKey, pagination.count);
  return { items: docs.map(toOrderListItem), pagination };
}

/**
 * A list's page and count from the search index (lib/order-search.ts), which applies the list's conditions
 * below to the orders it finds (or, unsearched, reads the list through the orders' own indexes); null when the
 * index cannot answer.
 */
async function indexedPage(
  payload: Payload,
  tab: OrdersTab,
  filter: AdminOrdersFilter,
  page: number,
  limit: number,
  knownCount: number | undefined,
): ReturnType<OrderSearchIndex['page']> {
  const words = searchWords(filter.search);
  const number = filter.number ? normalizeOrderNumber(filter.number) : '';
  if (!/^[A-Z0-9]*$/.test(number)) return null;
  const sort = !filter.sort ? 'newest' : filter.sort[1] === 'DESC' ? 'payer_desc' : 'payer_asc';
  return orderSearchIndex(payload).page(
    { statuses: statusesOf(tab, filter), channel: filter.channel, words, number, sort, page, limit },
    knownCount,
  );
}

/**
 * The list's filters as a query, shared with the CSV export so the file holds exactly the filtered list;
 * null when the filter can match no order.
 */
export async function adminOrdersWhere(
  payload: Payload,
  tab: OrdersTab,
  filter: Omit<AdminOrdersFilter, 'page' | 'limit'>,
  { narrow = true }: { narrow?: boolean } = {},
): Promise<Where | null> {
  const and: Where[] = [{ status: { in: [...statusesOf(tab, filter)] } }];
  const number = filter.number ? normalizeOrderNumber(filter.number) : '';
  // Order numbers are letters and digits only: anything else can match no order (and must never reach
  // the database as a LIKE wildcard).
  if (!/^[A-Z0-9]*$/.test(number)) return null;
  if (number) and.push({ number: { contains: number } });
  // The search index (lib/order-search.ts) narrows the orders to those that may match; the conditions
  // above and below, unchanged, still decide which do.
  const candidates = narrow
    ? await orderSearchIndex(payload).candidates({ words: searchWords(filter.search), number })
    : null;
  if (candidates?.length === 0) return null;
  const narrowed: Where | undefined = candidates ? { id: { in: candidates } } : undefined;
  if (narrowed) and.push(narrowed);
  const search = await wordsInAnyField(
    payload,
    'orders',
    filter.search,
    ['payer_full_name', 'payer_email_address'],
    narrowed,
  );
  if (search) and.push(search);
  // Orders stored before market days have no channel: they are online.
  if (filter.channel === 'market') and.push({ channel: { equals: 'market' } });
  if (filter.channel === 'online')
    and.push({ or: [{ channel: { equals: 'online' } }, { channel: { exists: false } }] });
  return { and };
}

/**
 * Whether the list's own SQL read stands for Payload's: the Orders collection's read access grants `user` every
 * order (true, not a query that narrows), and nothing Payload would apply to the list's columns on the way out
 * (a field's read access, an afterRead hook) exists. A rule added there later makes the list go through Payload
 * again rather than being skipped by this door.
 */
async function readsEveryOrder(payload: Payload, user: AdminUser): Promise<boolean> {
  const { access, hooks, flattenedFields } = payload.collections.orders.config;
  if (!access.read || (hooks?.afterRead?.length ?? 0) > 0) return false;
  const listed = new Set(Object.keys(ORDER_LIST_SELECT));
  if (
    flattenedFields.some(
      (field) => listed.has(field.name) && (field.access?.read || ('hooks' in field && field.hooks?.afterRead?.length)),
    )
  )
    return false;
  return (await access.read({ req: { payload, user } as PayloadRequest })) === true;
}

/** The statuses a list shows: those the filter names, else its tab's. */
const statusesOf = (tab: OrdersTab, filter: Pick<AdminOrdersFilter, 'status'>): readonly OrderStatus[] =>
  filter.status?.length ? filter.status : TAB_STATUSES[tab];

/** Newest first unless sorted by payer (the list's only sortable column). */
export const adminOrdersSort = (filter: Pick<AdminOrdersFilter, 'sort'>): string[] =>
  filter.sort ? [filter.sort[1] === 'DESC' ? '-payer_full_name' : 'payer_full_name', '-createdAt'] : ['-createdAt'];

const findOrder = (payload: Payload, user: AdminUser, id: string) =>
  findByIdOr404(payload, 'orders', user, id, 'Order not found');

export async function getAdminOrder(payload: Payload, user: AdminUser, id: string): Promise<AdminOrder> {
  const doc = await findOrder(payload, user, id);
  const pickupDayId = str(doc.pickup_day_id);
  const [refunds, restock, pickup] = await Promise.all([
    orderRefunds(payload, String(doc.id)),
    restockLines(payload, doc),
    pickupDayId ? findPickupDay(payload, pickupDayId) : null,
  ]);
  return { ...toAdminOrder(doc, refunds), restock, ...(pickupDayId ? { pickup } : {}) };
}

/**
 * Sets the status through changeOrderStatus: the order's own history (the Orders collection's hook, same
 * write) and its timeline event land in one transaction. Setting the status the order already has changes
 * nothing (no write, no history entry, no event); a change meant `from` a status the order has left is a 409.
 */
export async function setOrderStatus(
  req: PayloadRequest,
  user: AdminUser,
  id: string,
  status: OrderStatus,
  trackingNumber?: string,
  from?: OrderStatus,
  shipDespiteRefund?: boolean,
  carrier?: ShipmentCarrier,
): Promise<AdminOrder> {
  await findOrder(req.payload, user, id);
  await changeOrderStatus(req, id, status, {
    user,
    tracking_number: trackingNumber,
    carrier,
    from,
    ship_despite_refund: shipDespiteRefund,
  });
  // Committed: the shopper hears about a change to SHIPPED or DELIVERED (never from inside the transaction).
  if (req.transactionID === undefined) mailStatusChangesLater(req.payload, [id]);
  return getAdminOrder(req.payload, user, id);
}
