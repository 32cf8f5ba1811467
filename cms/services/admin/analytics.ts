import type { Payload, SelectType, Where } from 'payload';
import {
  ANALYTICS_FIRST_YEAR,
  type AnalyticsResults,
  type AnalyticsType,
  type Bestseller,
  BESTSELLER_COUNT,
  type CategorySales,
  type CouponSales,
  fromCents,
  type MapPoint,
  type SalesRow,
  toCents,
} from '@shop/shared/admin';
import type { AdminUser } from './sales';

/**
 * SPEC §2 Analytics: the control centre's yearly figures, computed from the paid orders created in a calendar
 * year (the server's time zone), cancelled ones left out.
 *
 * No aggregation query works on both databases, so a year is read in full (50,000 orders in the bench) with
 * only the fields a figure needs, through the database adapter's find: the Local API's payload.find runs
 * access checks and afterRead field hooks for every row, which more than doubles the time of such a read
 * and does nothing here (the endpoint has already checked that an admin asks, and every field read is a
 * plain value). The adapter API is the same on SQLite and MongoDB; nothing here is SQL.
 *
 * A year is read month by month: twelve shorter queries, between which the server answers other requests
 * (a SQLite read holds the event loop while it runs), and date ranges rather than offset pages, which could
 * skip or repeat orders with equal dates.
 *
 * Two reads per year, each kept per process: amounts and locations (for `year`, `month`, `map`) and order
 * lines (for `categories`, `bestseller`). The page asks for all five types at once; they share the reads
 * in flight. The Orders hooks clear the cache on every write; the TTL bounds how stale another app
 * instance can be.
 */

const CACHE_TTL_MS = 10 * 60_000;
const REMOVED_CATEGORY = 'Removed category';

interface YearOrders {
  /** Cents per calendar month, January at index 0. */
  grossCents: number[];
  netCents: number[];
  /** One per distinct location, first order first. */
  points: MapPoint[];
}

interface ProductSales {
  name: string;
  imgId: string | null;
  units: number;
}

interface YearLines {
  unitsByCategory: Map<string, number>;
  salesByProduct: Map<string, ProductSales>;
}

type Source = 'orders' | 'lines' | 'coupons';
const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

export function invalidateAnalyticsCache(): void {
  cache.clear();
}

function cached<T>(source: Source, year: number, load: () => Promise<T>): Promise<T> {
  const key = `${source}:${year}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k);
  const value = load();
  cache.set(key, { expires: now + CACHE_TTL_MS, value });
  // A failed read must not be served from the cache.
  value.catch(() => cache.get(key)?.value === value && cache.delete(key));
  return value;
}

type Row = Record<string, unknown>;

/**
 * Calls `visit` with the paid orders of each month of the year in turn, oldest first, reading only `select`.
 * Months run one after the other so the year's rows are never all in memory at once.
 */
async function eachMonthOfPaidOrders(
  payload: Payload,
  year: number,
  select: SelectType,
  visit: (docs: Row[], month: number) => void,
): Promise<void> {
  for (let month = 0; month < 12; month += 1) {
    const where: Where = {
      and: [
        { createdAt: { greater_than_equal: new Date(year, month, 1).toISOString() } },
        { createdAt: { less_than: new Date(year, month + 1, 1).toISOString() } },
        { status: { not_equals: 'CANCELLED' } },
      ],
    };
    const res = await payload.db.find({ collection: 'orders', where, select, sort: 'createdAt', pagination: false });
    visit(res.docs as Row[], month);
  }
}

/** Transaction amounts are stored as PayPal's numeric strings ("12.50"); anything else counts as 0. */
const amountCents = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? toCents(n) : 0;
};

/** A line's quantity; a missing or broken one sells nothing rather than poisoning the sums with NaN. */
const units = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

function loadOrders(payload: Payload, year: number): Promise<YearOrders> {
  return cached('orders', year, async () => {
    const grossCents = Array<number>(12).fill(0);
    const netCents = Array<number>(12).fill(0);
    // Customers cluster by town: 50,000 orders come from a few hundred places, and one marker is drawn per place.
    const points = new Map<string, MapPoint>();
    const select = {
      transaction_gross_amount: true,
      transaction_net_amount: true,
      latitude: true,
      longitude: true,
    } as const;
    await eachMonthOfPaidOrders(payload, year, select, (docs, month) => {
      for (const doc of docs) {
        grossCents[month] += amountCents(doc.transaction_gross_amount);
        netCents[month] += amountCents(doc.transaction_net_amount);
        const { latitude, longitude } = doc;
        if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) continue;
        const key = `${latitude},${longitude}`;
        if (!points.has(key)) points.set(key, { id: String(doc.id), coordinates: [latitude, longitude] });
      }
    });
    return { grossCents, netCents, points: [...points.values()] };
  });
}

function loadLines(payload: Payload, year: number): Promise<YearLines> {
  return cached('lines', year, async () => {
    const unitsByCategory = new Map<string, number>();
    const salesByProduct = new Map<string, ProductSales>();
    const select = {
      products: { product_id: true, product: true, quantity: true, category_ids: true, img_id: true },
    } as const;
    // Oldest first, so a product's name and image end up as on its latest order.
    await eachMonthOfPaidOrders(payload, year, select, (docs) => {
      for (const doc of docs) {
        for (const line of Array.isArray(doc.products) ? (doc.products as Row[]) : []) {
          const sold = units(line.quantity);
          if (sold === 0 || typeof line.product_id !== 'string') continue;
          const known = salesByProduct.get(line.product_id);
          salesByProduct.set(line.product_id, {
            name: typeof line.product === 'string' ? line.product : (known?.name ?? ''),
            imgId: typeof line.img_id === 'string' && line.img_id !== '' ? line.img_id : null,
            units: (known?.units ?? 0) + sold,
          });
          // A category named twice on one line still counts each unit once.
          const categories = new Set(
            Array.isArray(line.category_ids) ? line.category_ids.filter((id) => typeof id === 'string') : [],
          );
          for (const id of categories) unitsByCategory.set(id, (unitsByCategory.get(id) ?? 0) + sold);
        }
      }
    });
    return { unitsByCategory, salesByProduct };
  });
}

const salesRow = (id: string, grossCents: number, netCents: number): SalesRow => ({
  id,
  gross_amount: fromCents(grossCents),
  net_amount: fromCents(netCents),
});

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function yearlySales(payload: Payload, year: number): Promise<SalesRow[]> {
  const years = Array.from({ length: year - ANALYTICS_FIRST_YEAR + 1 }, (_, i) => ANALYTICS_FIRST_YEAR + i);
  const amounts = await Promise.all(years.map((y) => loadOrders(payload, y)));
  return years.map((y, i) => salesRow(String(y), sum(amounts[i].grossCents), sum(amounts[i].netCents)));
}

/** The months of `year` that have begun by `now`: all twelve of a past year, up to this month of this one. */
export const monthsBegun = (year: number, now: Date = new Date()): number =>
  year < now.getFullYear() ? 12 : year === now.getFullYear() ? now.getMonth() + 1 : 0;

/** This year's chart stops at this month: a month still to come has no sales yet, not $0 (issue 25 §1.8). */
async function monthlySales(payload: Payload, year: number): Promise<SalesRow[]> {
  const { grossCents, netCents } = await loadOrders(payload, year);
  return grossCents
    .slice(0, monthsBegun(year))
    .map((gross, month) => salesRow(String(month + 1), gross, netCents[month]));
}

async function categorySales(payload: Payload, user: AdminUser, year: number): Promise<CategorySales[]> {
  const { unitsByCategory } = await loadLines(payload, year);
  if (unitsByCategory.size === 0) return [];
  const found = await payload.find({
    collection: 'categories',
    where: { id: { in: [...unitsByCategory.keys()] } },
    select: { name: true },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  const names = new Map((found.docs as Row[]).map((doc) => [String(doc.id), String(doc.name ?? '')]));
  return [...unitsByCategory]
    .map(([id, value]) => ({ id, name: names.get(id) ?? REMOVED_CATEGORY, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

async function bestsellers(payload: Payload, user: AdminUser, year: number): Promise<Bestseller[]> {
  const { salesByProduct } = await loadLines(payload, year);
  const top = [...salesByProduct]
    .sort(([idA, a], [idB, b]) => b.units - a.units || a.name.localeCompare(b.name) || idA.localeCompare(idB))
    .slice(0, BESTSELLER_COUNT);
  // An image deleted since the order would show as a broken thumbnail; it is left out instead.
  const imgIds = [...new Set(top.map(([, p]) => p.imgId).filter((id): id is string => id !== null))];
  const existing = new Set<string>();
  if (imgIds.length > 0) {
    const found = await payload.find({
      collection: 'assets',
      where: { id: { in: imgIds } },
      select: { id: true },
      depth: 0,
      pagination: false,
      user,
      overrideAccess: false,
    });
    for (const doc of found.docs as Row[]) existing.add(String(doc.id));
  }
  return top.map(([id, p]) => ({
    id,
    name: p.name,
    img: p.imgId && existing.has(p.imgId) ? { id: p.imgId } : null,
    sells: p.units,
  }));
}

/** Issue 24 §3: the year's paid orders by discount code, most orders first (then most taken off, then by code). */
function couponSales(payload: Payload, year: number): Promise<CouponSales[]> {
  return cached('coupons', year, async () => {
    const byCode = new Map<string, { orders: number; discountCents: number; grossCents: number }>();
    const select = { coupon_code: true, coupon_discount: true, transaction_gross_amount: true } as const;
    await eachMonthOfPaidOrders(payload, year, select, (docs) => {
      for (const doc of docs) {
        if (typeof doc.coupon_code !== 'string' || doc.coupon_code === '') continue;
        const known = byCode.get(doc.coupon_code) ?? { orders: 0, discountCents: 0, grossCents: 0 };
        known.orders += 1;
        known.discountCents += amountCents(doc.coupon_discount);
        known.grossCents += amountCents(doc.transaction_gross_amount);
        byCode.set(doc.coupon_code, known);
      }
    });
    return [...byCode]
      .map(([code, s]) => ({
        code,
        orders: s.orders,
        discount_amount: fromCents(s.discountCents),
        gross_amount: fromCents(s.grossCents),
      }))
      .sort((a, b) => b.orders - a.orders || b.discount_amount - a.discount_amount || a.code.localeCompare(b.code));
  });
}

/** The figures of one analytics type for one year; the year is already checked (2022 … current year). */
export async function analytics<T extends AnalyticsType>(
  payload: Payload,
  user: AdminUser,
  type: T,
  year: number,
): Promise<AnalyticsResults[T]> {
  const compute: { [K in AnalyticsType]: () => Promise<AnalyticsResults[K]> } = {
    year: () => yearlySales(payload, year),
    month: () => monthlySales(payload, year),
    categories: () => categorySales(payload, user, year),
    bestseller: () => bestsellers(payload, user, year),
    map: async () => (await loadOrders(payload, year)).points,
    coupons: () => couponSales(payload, year),
  };
  return compute[type]();
}
