import type { Payload, SelectType, Where } from 'payload';
import {
  ANALYTICS_FIRST_YEAR,
  type AnalyticsResults,
  type AnalyticsType,
  type Bestseller,
  BESTSELLER_COUNT,
  type CategorySales,
  type ChannelSalesRow,
  type CouponSales,
  amountCents,
  fromCents,
  lineTotal,
  type MapPoint,
  type MoneyFigures,
  NO_MONEY,
  orderFigures,
  type PlaceSales,
  refundState,
  type SalesRow,
  sumFigures,
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
  /** The ledger's figures per calendar month, January at index 0. */
  months: MoneyFigures[];
  /** One per distinct location, first order first. */
  points: MapPoint[];
  /** Issue 32: each month's Sales by channel, in cents, January at index 0. */
  channels: ChannelCents[];
  /** Issue 32: the stall's sales per market day (its id). */
  marketDays: Map<string, { sales: number; cashCents: number; cardCents: number }>;
}

interface ChannelCents {
  onlineCents: number;
  cashCents: number;
  cardCents: number;
}

/** A stall sale paid by card; any other stall sale is cash (the API knows only the two). */
const isCardSale = (doc: Row) => doc.payment_method === 'card';
const isMarketSale = (doc: Row) => doc.channel === 'market';

interface ProductSales {
  name: string;
  imgId: string | null;
  units: number;
  salesCents: number;
}

interface CategoryTotals {
  units: number;
  salesCents: number;
}

interface YearLines {
  byCategory: Map<string, CategoryTotals>;
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

/** A line's quantity; a missing or broken one sells nothing rather than poisoning the sums with NaN. */
const units = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** The order fields the ledger reads (ledger.ts); transaction_reversed_amount may be absent on older rows. */
const MONEY_SELECT = {
  transaction_gross_amount: true,
  transaction_refunded_amount: true,
  transaction_reversed_amount: true,
  transaction_paypal_fee: true,
} as const;

function loadOrders(payload: Payload, year: number): Promise<YearOrders> {
  return cached('orders', year, async () => {
    const months = Array.from({ length: 12 }, () => ({ ...NO_MONEY }));
    const channels = Array.from({ length: 12 }, () => ({ onlineCents: 0, cashCents: 0, cardCents: 0 }));
    const marketDays: YearOrders['marketDays'] = new Map();
    // Customers cluster by town: 50,000 orders come from a few hundred places, and one marker is drawn per place.
    const points = new Map<string, MapPoint>();
    const select = {
      ...MONEY_SELECT,
      latitude: true,
      longitude: true,
      channel: true,
      payment_method: true,
      market_day_id: true,
    } as const;
    await eachMonthOfPaidOrders(payload, year, select, (docs, month) => {
      months[month] = sumFigures([months[month], ...docs.map((doc) => orderFigures(doc))]);
      for (const doc of docs) {
        // The channel split adds up to the month's Sales: every order is online unless it is a stall sale.
        const { salesCents } = orderFigures(doc);
        if (!isMarketSale(doc)) channels[month].onlineCents += salesCents;
        else {
          if (isCardSale(doc)) channels[month].cardCents += salesCents;
          else channels[month].cashCents += salesCents;
          const dayId = typeof doc.market_day_id === 'string' ? doc.market_day_id : '';
          const day = marketDays.get(dayId) ?? { sales: 0, cashCents: 0, cardCents: 0 };
          day.sales += 1;
          if (isCardSale(doc)) day.cardCents += salesCents;
          else day.cashCents += salesCents;
          marketDays.set(dayId, day);
        }
        const { latitude, longitude } = doc;
        if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) continue;
        const key = `${latitude},${longitude}`;
        if (!points.has(key)) points.set(key, { id: String(doc.id), coordinates: [latitude, longitude] });
      }
    });
    return { months, points: [...points.values()], channels, marketDays };
  });
}

/**
 * What one order sold of one product; a partly refunded order's are kept until the units that went back to
 * stock are known.
 */
interface SoldProduct {
  orderId: string;
  productId: string;
  categories: Set<string>;
  units: number;
  salesCents: number;
}

/**
 * Units and sales net of what came back (issue 30 §3). An order refunded in full (refunds and reversals
 * together) sold nothing. A partly refunded order loses, per product, the units the shop put back to stock
 * from it (products' stock_returns, services/admin/restock.ts), which is the only record of which goods came
 * back: a refund here is an amount, not lines. Its money is taken off every line in proportion to the line's
 * value (each line keeps sales/gross of what it came to), because nothing says which line a partial refund
 * paid back: each line keeps the share of its value that the order keeps of its gross, and a product's sales
 * never go below zero.
 */
function loadLines(payload: Payload, year: number): Promise<YearLines> {
  return cached('lines', year, async () => {
    const salesByProduct = new Map<string, ProductSales>();
    const byCategory = new Map<string, CategoryTotals>();
    const partlyRefunded: SoldProduct[] = [];
    const select = {
      ...MONEY_SELECT,
      products: {
        product_id: true,
        product: true,
        quantity: true,
        category_ids: true,
        img_id: true,
        price: true,
        apply_discount: true,
        discount_unit: true,
        discount_amount: true,
      },
    } as const;
    const add = (sold: SoldProduct) => {
      const product = salesByProduct.get(sold.productId);
      if (product) {
        product.units += sold.units;
        product.salesCents += sold.salesCents;
      }
      for (const id of sold.categories) {
        const sum = byCategory.get(id) ?? { units: 0, salesCents: 0 };
        byCategory.set(id, { units: sum.units + sold.units, salesCents: sum.salesCents + sold.salesCents });
      }
    };
    // Oldest first, so a product's name and image end up as on its latest order.
    await eachMonthOfPaidOrders(payload, year, select, (docs) => {
      for (const doc of docs) {
        const state = refundState(doc);
        if (state === 'FULLY') continue;
        const { grossCents, salesCents } = orderFigures(doc);
        // A partial refund is taken off each line in proportion to its value (see above).
        const kept = (cents: number) =>
          state === 'NONE' || grossCents <= 0 ? cents : Math.round((cents * Math.max(0, salesCents)) / grossCents);
        // A product on two lines of one order went back to stock once, for both (services/stock.ts).
        const perProduct = new Map<string, SoldProduct>();
        for (const line of Array.isArray(doc.products) ? (doc.products as Row[]) : []) {
          const sold = units(line.quantity);
          if (sold === 0 || typeof line.product_id !== 'string') continue;
          const known = salesByProduct.get(line.product_id);
          salesByProduct.set(line.product_id, {
            name: typeof line.product === 'string' ? line.product : (known?.name ?? ''),
            imgId: typeof line.img_id === 'string' && line.img_id !== '' ? line.img_id : null,
            units: known?.units ?? 0,
            salesCents: known?.salesCents ?? 0,
          });
          const sum = perProduct.get(line.product_id) ?? {
            orderId: String(doc.id),
            productId: line.product_id,
            // A category named twice on one line still counts each unit once.
            categories: new Set<string>(),
            units: 0,
            salesCents: 0,
          };
          if (Array.isArray(line.category_ids))
            for (const id of line.category_ids) if (typeof id === 'string') sum.categories.add(id);
          sum.units += sold;
          sum.salesCents += toCents(lineTotal(toPricedLine(line, sold)));
          perProduct.set(line.product_id, sum);
        }
        for (const sold of perProduct.values()) {
          if (state === 'PARTLY') partlyRefunded.push({ ...sold, salesCents: kept(sold.salesCents) });
          else add(sold);
        }
      }
    });
    const returned = await unitsBackInStock(payload, partlyRefunded);
    for (const sold of partlyRefunded) {
      const back = returned.get(sold.productId)?.[sold.orderId];
      add({ ...sold, units: Math.max(0, sold.units - (typeof back === 'number' ? back : 0)) });
    }
    return { byCategory, salesByProduct };
  });
}

/** A line's price rule as stored on the order, with its (checked) quantity. */
const toPricedLine = (line: Row, quantity: number) => ({
  price: typeof line.price === 'number' && Number.isFinite(line.price) ? line.price : 0,
  apply_discount: line.apply_discount === true,
  discount_unit: typeof line.discount_unit === 'string' ? line.discount_unit : null,
  discount_amount: typeof line.discount_amount === 'number' ? line.discount_amount : null,
  quantity,
});

/** stock_returns (order id → units) of the products of partly refunded orders; one read for the year. */
async function unitsBackInStock(payload: Payload, lines: SoldProduct[]): Promise<Map<string, Record<string, unknown>>> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const returned = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return returned;
  const res = await payload.db.find({
    collection: 'products',
    where: { id: { in: ids } },
    select: { stock_returns: true },
    limit: ids.length,
    pagination: false,
  });
  for (const doc of res.docs as Row[]) {
    const returns = doc.stock_returns;
    if (returns && typeof returns === 'object') returned.set(String(doc.id), returns as Record<string, unknown>);
  }
  return returned;
}

const salesRow = (id: string, f: MoneyFigures): SalesRow => ({
  id,
  gross_amount: fromCents(f.grossCents),
  refunded_amount: fromCents(f.refundsCents),
  fee_amount: fromCents(f.feesCents),
  sales_amount: fromCents(f.salesCents),
  net_amount: fromCents(f.netCents),
});

async function yearlySales(payload: Payload, year: number): Promise<SalesRow[]> {
  const years = Array.from({ length: year - ANALYTICS_FIRST_YEAR + 1 }, (_, i) => ANALYTICS_FIRST_YEAR + i);
  const amounts = await Promise.all(years.map((y) => loadOrders(payload, y)));
  return years.map((y, i) => salesRow(String(y), sumFigures(amounts[i].months)));
}

/** The months of `year` that have begun by `now`: all twelve of a past year, up to this month of this one. */
export const monthsBegun = (year: number, now: Date = new Date()): number =>
  year < now.getFullYear() ? 12 : year === now.getFullYear() ? now.getMonth() + 1 : 0;

/** This year's chart stops at this month: a month still to come has no sales yet, not $0 (issue 25 §1.8). */
async function monthlySales(payload: Payload, year: number): Promise<SalesRow[]> {
  const { months } = await loadOrders(payload, year);
  return months.slice(0, monthsBegun(year)).map((figures, month) => salesRow(String(month + 1), figures));
}

/** Issue 32: each begun month's Sales online and at the stall (cash and card). */
async function channelSales(payload: Payload, year: number): Promise<ChannelSalesRow[]> {
  const { channels } = await loadOrders(payload, year);
  return channels.slice(0, monthsBegun(year)).map((c, month) => ({
    id: String(month + 1),
    online_amount: fromCents(c.onlineCents),
    market_amount: fromCents(c.cashCents + c.cardCents),
    market_cash_amount: fromCents(c.cashCents),
    market_card_amount: fromCents(c.cardCents),
  }));
}

/** A stall sale whose market day is gone (or never named) still counts, under this place. */
const UNKNOWN_PLACE = 'Unknown market';

/** Issue 32: the year's stall sales per market place: its days' sales together, most sold first. */
async function placeSales(payload: Payload, user: AdminUser, year: number): Promise<PlaceSales[]> {
  const { marketDays } = await loadOrders(payload, year);
  if (marketDays.size === 0) return [];
  const found = await payload.find({
    collection: 'market-days',
    where: { id: { in: [...marketDays.keys()].filter((id) => id !== '') } },
    select: { place: true },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  const places = new Map((found.docs as Row[]).map((doc) => [String(doc.id), String(doc.place ?? '')]));
  const byPlace = new Map<string, PlaceSales & { cashCents: number; cardCents: number }>();
  for (const [dayId, day] of marketDays) {
    const place = places.get(dayId) || UNKNOWN_PLACE;
    const sum = byPlace.get(place) ?? {
      place,
      days: 0,
      sales_count: 0,
      sales_amount: 0,
      cash_amount: 0,
      card_amount: 0,
      cashCents: 0,
      cardCents: 0,
    };
    sum.days += 1;
    sum.sales_count += day.sales;
    sum.cashCents += day.cashCents;
    sum.cardCents += day.cardCents;
    byPlace.set(place, sum);
  }
  return [...byPlace.values()]
    .map(({ cashCents, cardCents, ...sum }) => ({
      ...sum,
      sales_amount: fromCents(cashCents + cardCents),
      cash_amount: fromCents(cashCents),
      card_amount: fromCents(cardCents),
    }))
    .sort((a, b) => b.sales_amount - a.sales_amount || a.place.localeCompare(b.place));
}

async function categorySales(payload: Payload, user: AdminUser, year: number): Promise<CategorySales[]> {
  const { byCategory } = await loadLines(payload, year);
  if (byCategory.size === 0) return [];
  const found = await payload.find({
    collection: 'categories',
    where: { id: { in: [...byCategory.keys()] } },
    select: { name: true },
    depth: 0,
    pagination: false,
    user,
    overrideAccess: false,
  });
  const names = new Map((found.docs as Row[]).map((doc) => [String(doc.id), String(doc.name ?? '')]));
  return [...byCategory]
    .map(([id, c]) => ({
      id,
      name: names.get(id) ?? REMOVED_CATEGORY,
      value: c.units,
      sales_amount: fromCents(c.salesCents),
    }))
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
    sales_amount: fromCents(p.salesCents),
  }));
}

/**
 * Issue 24 §3: the year's orders by discount code, most paid uses first (then most taken off, then by code).
 * Issue 30 §3: an order refunded in full is not a paid use; it is counted in refunded_orders, its money in
 * gross and refunded (so sales = gross − refunded, as everywhere), and what the code took off it is left out.
 */
function couponSales(payload: Payload, year: number): Promise<CouponSales[]> {
  return cached('coupons', year, async () => {
    const byCode = new Map<
      string,
      { orders: number; refundedOrders: number; discountCents: number; money: MoneyFigures }
    >();
    const select = { ...MONEY_SELECT, coupon_code: true, coupon_discount: true } as const;
    await eachMonthOfPaidOrders(payload, year, select, (docs) => {
      for (const doc of docs) {
        if (typeof doc.coupon_code !== 'string' || doc.coupon_code === '') continue;
        const known = byCode.get(doc.coupon_code) ?? {
          orders: 0,
          refundedOrders: 0,
          discountCents: 0,
          money: NO_MONEY,
        };
        if (refundState(doc) === 'FULLY') known.refundedOrders += 1;
        else {
          known.orders += 1;
          known.discountCents += amountCents(doc.coupon_discount);
        }
        known.money = sumFigures([known.money, orderFigures(doc)]);
        byCode.set(doc.coupon_code, known);
      }
    });
    return [...byCode]
      .map(([code, s]) => ({
        code,
        orders: s.orders,
        refunded_orders: s.refundedOrders,
        discount_amount: fromCents(s.discountCents),
        gross_amount: fromCents(s.money.grossCents),
        refunded_amount: fromCents(s.money.refundsCents),
        sales_amount: fromCents(s.money.salesCents),
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
    channels: () => channelSales(payload, year),
    places: () => placeSales(payload, user, year),
  };
  return compute[type]();
}
