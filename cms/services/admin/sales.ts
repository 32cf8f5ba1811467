import type { Payload, PayloadRequest, Where } from 'payload';
import { fromCents, orderFigures, type DashboardCounts, type SalesPoint } from '@shop/shared/admin';
import { richTextPlainText } from '@shop/shared/admin';
import { publicRichTextBodies } from '../rich-text-images';

export type AdminUser = NonNullable<PayloadRequest['user']>;

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** The Open tab's chart: the current month and the eleven before it. */
const GRAPH_MONTHS = 12;
const CHANGELOG_COUNT = 10;

/** Calendar months in the server's time zone: the shop and its owners live in one. */
const monthStart = (from: Date, offset: number) => new Date(from.getFullYear(), from.getMonth() + offset, 1);
const monthKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}`;

interface MonthlySales {
  cents: Map<string, number>;
  orders: number;
}

/**
 * Summing a year of orders means reading every one of them (the Local API has no aggregation on both
 * databases): ~5,000 rows, a few hundred milliseconds. The sums are kept per process; the Orders hooks clear
 * them on every change here, and the TTL bounds how stale another app instance can be.
 */
const SALES_TTL_MS = 60_000;
const salesCache = new Map<string, { expires: number; value: Promise<MonthlySales> }>();

export function invalidateSalesCache(): void {
  salesCache.clear();
}

function salesCentsByMonth(payload: Payload, user: AdminUser, from: Date, to: Date): Promise<MonthlySales> {
  const key = `${from.toISOString()}/${to.toISOString()}`;
  const now = Date.now();
  const hit = salesCache.get(key);
  if (hit && hit.expires > now) return hit.value;
  for (const [k, entry] of salesCache) if (entry.expires <= now) salesCache.delete(k);
  const value = loadSalesCentsByMonth(payload, user, from, to);
  salesCache.set(key, { expires: now + SALES_TTL_MS, value });
  // A failed load must not be served from the cache.
  value.catch(() => salesCache.get(key)?.value === value && salesCache.delete(key));
  return value;
}

/**
 * Sales (the ledger's gross − refunds, ledger.ts) per calendar month of the orders created in it, between two
 * month starts, cancelled orders left out: the same figure as the analytics month row's sales_amount. Only
 * the amounts and the date are read, over the createdAt index; sums are kept in cents.
 */
async function loadSalesCentsByMonth(payload: Payload, user: AdminUser, from: Date, to: Date): Promise<MonthlySales> {
  const where: Where = {
    and: [
      { createdAt: { greater_than_equal: from.toISOString() } },
      { createdAt: { less_than: to.toISOString() } },
      { status: { not_equals: 'CANCELLED' } },
    ],
  };
  const res = await payload.find({
    collection: 'orders',
    where,
    select: {
      transaction_gross_amount: true,
      transaction_refunded_amount: true,
      transaction_reversed_amount: true,
      createdAt: true,
    },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  const cents = new Map<string, number>();
  for (const doc of res.docs as Array<Record<string, unknown>>) {
    const key = monthKey(new Date(String(doc.createdAt)));
    cents.set(key, (cents.get(key) ?? 0) + orderFigures(doc).salesCents);
  }
  return { cents, orders: res.docs.length };
}

/** How many products the dashboard's low-stock list shows, and how many counted products it looks through. */
const LOW_STOCK_SHOWN = 10;
const LOW_STOCK_SCAN = 500;

/**
 * Counted products at or below their threshold, or at 0 (issue 24). Payload's where cannot compare two
 * fields: the counted products with a threshold or at 0 are read, fewest units first, and compared here.
 */
async function lowStockProducts(payload: Payload, user: AdminUser): Promise<DashboardCounts['low_stock']> {
  const res = await payload.find({
    collection: 'products',
    where: {
      and: [
        { stock_quantity: { exists: true } },
        { or: [{ stock_quantity: { equals: 0 } }, { low_stock_threshold: { exists: true } }] },
      ],
    },
    sort: ['stock_quantity', 'name'],
    limit: LOW_STOCK_SCAN,
    depth: 0,
    pagination: false,
    select: { name: true, stock_quantity: true, low_stock_threshold: true },
    user,
    overrideAccess: false,
  });
  return (res.docs as Array<Record<string, unknown>>)
    .map((doc) => ({
      id: String(doc.id),
      name: String(doc.name ?? ''),
      stock_quantity: Number(doc.stock_quantity),
      low_stock_threshold: typeof doc.low_stock_threshold === 'number' ? doc.low_stock_threshold : null,
    }))
    .filter(
      (p) => p.stock_quantity === 0 || (p.low_stock_threshold !== null && p.stock_quantity <= p.low_stock_threshold),
    )
    .slice(0, LOW_STOCK_SHOWN);
}

export async function dashboardCounts(payload: Payload, user: AdminUser, now = new Date()): Promise<DashboardCounts> {
  const thisMonth = monthStart(now, 0);
  const lastMonth = monthStart(now, -1);
  const [sales, newOrders, newNotifications, changelogs, lowStock] = await Promise.all([
    salesCentsByMonth(payload, user, lastMonth, monthStart(now, 1)),
    payload.count({ collection: 'orders', where: { status: { equals: 'NEW' } }, user, overrideAccess: false }),
    payload.count({ collection: 'notifications', where: { status: { equals: 'new' } }, user, overrideAccess: false }),
    payload.find({
      collection: 'changelogs',
      // Drafts and entries scheduled for later are the panel's business, not the dashboard's.
      where: { _status: { equals: 'published' } },
      sort: ['-date', '-createdAt'],
      limit: CHANGELOG_COUNT,
      depth: 0,
      pagination: false,
      user,
      overrideAccess: false,
    }),
    lowStockProducts(payload, user),
  ]);
  const current = sales.cents.get(monthKey(thisMonth)) ?? 0;
  const previous = sales.cents.get(monthKey(lastMonth)) ?? 0;
  const entries = changelogs.docs as Array<Record<string, unknown>>;
  const bodies = await publicRichTextBodies(
    payload,
    entries.map((doc) => doc.body),
  );
  return {
    sell: { current: fromCents(current), previous: fromCents(previous), delta: fromCents(current - previous) },
    orders: newOrders.totalDocs,
    notifications: newNotifications.totalDocs,
    contacts: 0,
    changelogs: entries.map((doc, i) => ({
      id: String(doc.id),
      version: String(doc.version ?? ''),
      title: String(doc.title ?? ''),
      description: richTextPlainText(bodies[i]),
      body: bodies[i],
      date: String(doc.date ?? doc.createdAt ?? ''),
      created_at: String(doc.createdAt ?? ''),
    })),
    low_stock: lowStock,
  };
}

/**
 * The last twelve calendar months, oldest first, x as "Nov 2026". Empty when no order counts in that
 * window, so the control centre hides the chart instead of drawing a flat line.
 */
export async function salesGraph(payload: Payload, user: AdminUser, now = new Date()): Promise<SalesPoint[]> {
  const first = monthStart(now, -(GRAPH_MONTHS - 1));
  const { cents, orders } = await salesCentsByMonth(payload, user, first, monthStart(now, 1));
  if (orders === 0) return [];
  return Array.from({ length: GRAPH_MONTHS }, (_, i) => {
    const month = monthStart(first, i);
    return {
      x: `${MONTH_NAMES[month.getMonth()]} ${month.getFullYear()}`,
      y: fromCents(cents.get(monthKey(month)) ?? 0),
    };
  });
}
