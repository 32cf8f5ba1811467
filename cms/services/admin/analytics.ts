import type { Payload } from 'payload';
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
import {
  type DayKey,
  dayStates,
  daysIn,
  daysRange,
  type MonthKey,
  type MonthState,
  monthStates,
  ordersBetween,
  storedSummaries,
  storeSummaries,
  storeSummary,
} from '../../lib/analytics-months';
import type { AdminUser } from './sales';

/**
 * SPEC §2 Analytics: the control centre's yearly figures, computed from the paid orders created in a calendar
 * year (the server's time zone), cancelled ones left out.
 *
 * Issue 33 §2: every figure is a sum over the year's months, so each month's part is kept as a summary in
 * the database (lib/analytics-months.ts) and an order write marks only its own month stale (Orders hooks,
 * services/admin/sales-figures.ts). A read recomputes the stale months from their orders and takes the
 * others as stored; a year of 100,000 orders then costs one month's read after a new order, not twelve. A
 * month is the sum of its days' summaries, kept the same way, so a stale month reads again only the orders of
 * its stale days (one day's after a new order) and adds the rest as stored.
 * The mark lives in the database, so every app instance sees it at once; each process keeps the summaries
 * it has parsed, checked against the stored generations on every read (one small query).
 *
 * The months run one after the other, oldest first, so the year's rows are never all in memory at once and
 * the server answers other requests between them (a SQLite read holds the event loop while it runs). The
 * page asks for all five types at once; they share a month's read in flight.
 */

const REMOVED_CATEGORY = 'Removed category';

interface ChannelCents {
  onlineCents: number;
  cashCents: number;
  cardCents: number;
}

interface MarketDaySales {
  sales: number;
  cashCents: number;
  cardCents: number;
}

interface CategoryTotals {
  units: number;
  salesCents: number;
}

interface ProductSales {
  name: string;
  imgId: string | null;
  units: number;
  salesCents: number;
}

interface CouponTotals {
  orders: number;
  refundedOrders: number;
  discountCents: number;
  money: MoneyFigures;
}

/**
 * One month's part of every figure, as stored (JSON). Maps are kept as entry lists in the order first met,
 * and the products' names and images as the month's latest order has them (null: none of its lines named it).
 */
interface MonthSummary {
  money: MoneyFigures;
  /** Issue 32: Sales by channel, in cents. */
  channel: ChannelCents;
  /** Issue 32: the stall's sales per market day (its id). */
  marketDays: Array<[string, MarketDaySales]>;
  /** One per distinct location, the month's first order first. */
  points: MapPoint[];
  categories: Array<[string, CategoryTotals]>;
  products: Array<[string, { name: string | null; imgId: string | null; units: number; salesCents: number }]>;
  coupons: Array<[string, CouponTotals]>;
}

/** A stall sale paid by card; any other stall sale is cash (the API knows only the two). */
const isCardSale = (doc: Row) => doc.payment_method === 'card';
const isMarketSale = (doc: Row) => doc.channel === 'market';

type Row = Record<string, unknown>;

/** A line's quantity; a missing or broken one sells nothing rather than poisoning the sums with NaN. */
const units = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

// ---------------------------------------------------------------------------------------------------------
// One month from its orders

/**
 * A month from its days: the days whose stored summary is stale (or, with `reuseStoredDays` false, every day)
 * are read from their orders in one read from the first to the last of them, and stored; the rest are taken
 * as stored. Every part of a summary is a sum, or kept in the order first met, so the days added up in order
 * give what the month's orders would.
 */
async function computeMonth(
  payload: Payload,
  key: MonthKey,
  reuseStoredDays: boolean,
  countDay: (day: DayKey) => void,
): Promise<MonthSummary> {
  const states = new Map((await dayStates(payload, key)).map((s) => [s.day, s]));
  const days: MonthSummary[] = [];
  const stale: number[] = [];
  for (let day = 1; day <= daysIn(key); day += 1) {
    const fresh = reuseStoredDays ? states.get(day)?.freshSummary : null;
    if (fresh) days[day] = JSON.parse(fresh) as MonthSummary;
    else stale.push(day);
  }
  if (stale.length > 0) {
    // The generations were taken before the orders are read: a write meanwhile leaves its day stale.
    const docs = await ordersBetween(payload, daysRange(key, stale[0], stale[stale.length - 1]));
    const byDay = new Map<number, Row[]>(stale.map((day) => [day, []]));
    for (const doc of docs) byDay.get(new Date(doc.createdAt as string).getDate())?.push(doc);
    const computed: Parameters<typeof storeSummaries>[1] = [];
    for (const [day, dayDocs] of byDay) {
      countDay({ ...key, day });
      days[day] = await summaryOf(payload, dayDocs);
      computed.push({
        key: { ...key, day },
        generation: states.get(day)?.generation ?? 0,
        summary: JSON.stringify(days[day]),
      });
    }
    await storeSummaries(payload, computed);
  }
  return addedUp(days.filter(Boolean));
}

/** One day's part of every figure, from its orders (oldest first). */
async function summaryOf(payload: Payload, docs: Row[]): Promise<MonthSummary> {
  return {
    ...moneyAndPlaces(docs),
    ...(await lineSales(payload, docs)),
    coupons: couponTotals(docs),
  };
}

/** Summaries (days of a month) added up, the earliest first. */
function addedUp(parts: MonthSummary[]): MonthSummary {
  const products = new Map<string, MonthSummary['products'][number][1]>();
  for (const part of parts) {
    for (const [id, p] of part.products) {
      const sum = products.get(id);
      // As on the latest order that sold it: a later day's name unless it had none, its image always.
      products.set(id, {
        name: p.name ?? sum?.name ?? null,
        imgId: p.imgId,
        units: (sum?.units ?? 0) + p.units,
        salesCents: (sum?.salesCents ?? 0) + p.salesCents,
      });
    }
  }
  const channel = { onlineCents: 0, cashCents: 0, cardCents: 0 };
  for (const { channel: c } of parts) {
    channel.onlineCents += c.onlineCents;
    channel.cashCents += c.cashCents;
    channel.cardCents += c.cardCents;
  }
  return {
    money: sumFigures(parts.map((p) => p.money)),
    channel,
    marketDays: [...yearMarketDays(parts)],
    points: yearPoints(parts),
    categories: [...yearCategories(parts)],
    products: [...products],
    coupons: [...couponsAddedUp(parts)],
  };
}

function moneyAndPlaces(docs: Row[]): Pick<MonthSummary, 'money' | 'channel' | 'marketDays' | 'points'> {
  const money = sumFigures(docs.map((doc) => orderFigures(doc)));
  const channel = { onlineCents: 0, cashCents: 0, cardCents: 0 };
  const marketDays = new Map<string, MarketDaySales>();
  // Customers cluster by town: 50,000 orders come from a few hundred places, and one marker is drawn per place.
  const points = new Map<string, MapPoint>();
  for (const doc of docs) {
    // The channel split adds up to the month's Sales: every order is online unless it is a stall sale.
    const { salesCents } = orderFigures(doc);
    if (!isMarketSale(doc)) channel.onlineCents += salesCents;
    else {
      if (isCardSale(doc)) channel.cardCents += salesCents;
      else channel.cashCents += salesCents;
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
  return { money, channel, marketDays: [...marketDays], points: [...points.values()] };
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
 * from it (products' stock_returns, services/admin/restock.ts, which marks the order's month stale), which is
 * the only record of which goods came back: a refund here is an amount, not lines. Its money is taken off
 * every line in proportion to the line's value (each line keeps sales/gross of what it came to), because
 * nothing says which line a partial refund paid back: each line keeps the share of its value that the order
 * keeps of its gross, and a product's sales never go below zero.
 */
async function lineSales(payload: Payload, docs: Row[]): Promise<Pick<MonthSummary, 'categories' | 'products'>> {
  const salesByProduct = new Map<string, MonthSummary['products'][number][1]>();
  const byCategory = new Map<string, CategoryTotals>();
  const partlyRefunded: SoldProduct[] = [];
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
        name: typeof line.product === 'string' ? line.product : (known?.name ?? null),
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
  const returned = await unitsBackInStock(payload, partlyRefunded);
  for (const sold of partlyRefunded) {
    const back = returned.get(sold.productId)?.[sold.orderId];
    add({ ...sold, units: Math.max(0, sold.units - (typeof back === 'number' ? back : 0)) });
  }
  return { categories: [...byCategory], products: [...salesByProduct] };
}

/** A line's price rule as stored on the order, with its (checked) quantity. */
const toPricedLine = (line: Row, quantity: number) => ({
  price: typeof line.price === 'number' && Number.isFinite(line.price) ? line.price : 0,
  apply_discount: line.apply_discount === true,
  discount_unit: typeof line.discount_unit === 'string' ? line.discount_unit : null,
  discount_amount: typeof line.discount_amount === 'number' ? line.discount_amount : null,
  quantity,
});

/** stock_returns (order id → units) of the products of partly refunded orders; one read for the month. */
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

/**
 * Issue 24 §3, issue 30 §3: an order refunded in full is not a paid use; it is counted in refunded_orders,
 * its money in gross and refunded (so sales = gross − refunded, as everywhere), and what the code took off it
 * is left out.
 */
function couponTotals(docs: Row[]): MonthSummary['coupons'] {
  const byCode = new Map<string, CouponTotals>();
  for (const doc of docs) {
    if (typeof doc.coupon_code !== 'string' || doc.coupon_code === '') continue;
    const known = byCode.get(doc.coupon_code) ?? { orders: 0, refundedOrders: 0, discountCents: 0, money: NO_MONEY };
    if (refundState(doc) === 'FULLY') known.refundedOrders += 1;
    else {
      known.orders += 1;
      known.discountCents += amountCents(doc.coupon_discount);
    }
    known.money = sumFigures([known.money, orderFigures(doc)]);
    byCode.set(doc.coupon_code, known);
  }
  return [...byCode];
}

// ---------------------------------------------------------------------------------------------------------
// The months of some years: kept in memory, checked against the stored generations

const monthId = ({ year, month }: MonthKey) => `${year}-${month}`;

/** What one Payload instance (one app instance; tests run two on one file) holds of the months. */
interface Held {
  /** Parsed or computed summaries, with the generation each holds. */
  known: Map<string, { generation: number; summary: MonthSummary }>;
  /** A month's read in flight, by month and generation: the page's five types share it. */
  computing: Map<string, Promise<MonthSummary>>;
  /** The months read from their orders, and how often (tests prove that only a touched month is). */
  computed: Map<string, number>;
  /** The days read from their orders, and how often ("2025-0-31" is 31 January 2025). */
  daysComputed: Map<string, number>;
  /**
   * After a write that did not say which orders it touched (invalidateAnalyticsCache), the months read from
   * their orders since: neither a held nor a stored summary of any other month is trusted. Null: no such write.
   */
  trusted: Set<string> | null;
  /** The forgetAll it has caught up with. */
  epoch: number;
}

const held = new WeakMap<Payload, Held>();
let forgetAll = 0;

function heldBy(payload: Payload): Held {
  let state = held.get(payload);
  if (!state) {
    state = {
      known: new Map(),
      computing: new Map(),
      computed: new Map(),
      daysComputed: new Map(),
      trusted: null,
      epoch: forgetAll,
    };
    held.set(payload, state);
  }
  if (state.epoch !== forgetAll) {
    state.known.clear();
    state.trusted = new Set();
    state.epoch = forgetAll;
  }
  return state;
}

/**
 * For a write below the Orders hooks that cannot name its months (a test's adapter writes): every month is
 * read from its orders again in this process. Order writes name their months (markMonthsStale), which other
 * processes see too.
 */
export function invalidateAnalyticsCache(): void {
  forgetAll += 1;
}

/** How often each month ("2025-0" is January 2025) was read from its orders by this Payload instance. */
export const analyticsMonthsComputed = (payload: Payload): ReadonlyMap<string, number> =>
  new Map(heldBy(payload).computed);

/** How often each day ("2025-0-31" is 31 January 2025) was read from its orders by this Payload instance. */
export const analyticsDaysComputed = (payload: Payload): ReadonlyMap<string, number> =>
  new Map(heldBy(payload).daysComputed);

function computeShared(payload: Payload, key: MonthKey, generation: number): Promise<MonthSummary> {
  const state = heldBy(payload);
  const id = monthId(key);
  const { trusted, epoch } = state;
  // A read begun before a forgetAll may have missed what it announced: not shared after it.
  const flight = `${id}@${generation}@${epoch}`;
  const inFlight = state.computing.get(flight);
  if (inFlight) return inFlight;
  const work = (async () => {
    state.computed.set(id, (state.computed.get(id) ?? 0) + 1);
    // After a write that named no month, a day's stored summary is trusted no more than its month's.
    const summary = await computeMonth(payload, key, !trusted || trusted.has(id), (day) => {
      const dayId = `${id}-${day.day}`;
      state.daysComputed.set(dayId, (state.daysComputed.get(dayId) ?? 0) + 1);
    });
    await storeSummary(payload, key, generation, JSON.stringify(summary));
    if (state.epoch !== epoch) return summary;
    // A newer generation held meanwhile (another read after a later write) stays.
    if ((state.known.get(id)?.generation ?? -1) <= generation) state.known.set(id, { generation, summary });
    trusted?.add(id);
    return summary;
  })();
  state.computing.set(flight, work);
  const done = () => state.computing.get(flight) === work && state.computing.delete(flight);
  work.then(done, done);
  return work;
}

/** The summaries of every month of these years, by monthId; stale or missing months are read from orders. */
async function monthSummaries(payload: Payload, years: number[]): Promise<Map<string, MonthSummary>> {
  const states = new Map<string, MonthState>();
  for (const state of await monthStates(payload, Math.min(...years), Math.max(...years))) {
    states.set(monthId(state), state);
  }
  const state = heldBy(payload);
  const result = new Map<string, MonthSummary>();
  const toLoad: Array<MonthKey & { generation: number }> = [];
  const toCompute: Array<MonthKey & { generation: number }> = [];
  for (const year of years) {
    for (let month = 0; month < 12; month += 1) {
      const id = monthId({ year, month });
      const stored = states.get(id);
      const generation = stored?.generation ?? 0;
      const trusted = !state.trusted || state.trusted.has(id);
      const mine = state.known.get(id);
      if (trusted && mine && mine.generation === generation) result.set(id, mine.summary);
      else if (trusted && stored && stored.computedGeneration === generation) toLoad.push({ year, month, generation });
      else toCompute.push({ year, month, generation });
    }
  }
  for (const stored of await storedSummaries(payload, toLoad)) {
    const wanted = toLoad.find((k) => k.year === stored.year && k.month === stored.month);
    if (!wanted || stored.computedGeneration !== wanted.generation) continue;
    const summary = JSON.parse(stored.summary) as MonthSummary;
    state.known.set(monthId(wanted), { generation: wanted.generation, summary });
    result.set(monthId(wanted), summary);
  }
  // A month whose stored summary went stale between the two reads is read from its orders too.
  for (const key of toLoad) if (!result.has(monthId(key))) toCompute.push(key);
  for (const key of toCompute) result.set(monthId(key), await computeShared(payload, key, key.generation));
  return result;
}

/** The year's twelve months, January first. */
async function yearMonths(payload: Payload, year: number): Promise<MonthSummary[]> {
  const summaries = await monthSummaries(payload, [year]);
  return Array.from({ length: 12 }, (_, month) => summaries.get(monthId({ year, month })) as MonthSummary);
}

/** The year's map: one point per distinct location, the year's first order there first. */
function yearPoints(months: MonthSummary[]): MapPoint[] {
  const points = new Map<string, MapPoint>();
  for (const m of months) {
    for (const point of m.points) {
      const key = `${point.coordinates[0]},${point.coordinates[1]}`;
      if (!points.has(key)) points.set(key, point);
    }
  }
  return [...points.values()];
}

function yearMarketDays(months: MonthSummary[]): Map<string, MarketDaySales> {
  const days = new Map<string, MarketDaySales>();
  for (const m of months) {
    for (const [dayId, day] of m.marketDays) {
      const sum = days.get(dayId) ?? { sales: 0, cashCents: 0, cardCents: 0 };
      days.set(dayId, {
        sales: sum.sales + day.sales,
        cashCents: sum.cashCents + day.cashCents,
        cardCents: sum.cardCents + day.cardCents,
      });
    }
  }
  return days;
}

function yearCategories(months: MonthSummary[]): Map<string, CategoryTotals> {
  const byCategory = new Map<string, CategoryTotals>();
  for (const m of months) {
    for (const [id, c] of m.categories) {
      const sum = byCategory.get(id) ?? { units: 0, salesCents: 0 };
      byCategory.set(id, { units: sum.units + c.units, salesCents: sum.salesCents + c.salesCents });
    }
  }
  return byCategory;
}

function couponsAddedUp(parts: MonthSummary[]): Map<string, CouponTotals> {
  const byCode = new Map<string, CouponTotals>();
  for (const m of parts) {
    for (const [code, c] of m.coupons) {
      const sum = byCode.get(code) ?? { orders: 0, refundedOrders: 0, discountCents: 0, money: NO_MONEY };
      byCode.set(code, {
        orders: sum.orders + c.orders,
        refundedOrders: sum.refundedOrders + c.refundedOrders,
        discountCents: sum.discountCents + c.discountCents,
        money: sumFigures([sum.money, c.money]),
      });
    }
  }
  return byCode;
}

/** A product's name and image as on its latest order of the year; a month that did not name it keeps the older. */
function yearProducts(months: MonthSummary[]): Map<string, ProductSales> {
  const byProduct = new Map<string, ProductSales>();
  for (const m of months) {
    for (const [id, p] of m.products) {
      const sum = byProduct.get(id);
      byProduct.set(id, {
        name: p.name ?? sum?.name ?? '',
        imgId: p.imgId,
        units: (sum?.units ?? 0) + p.units,
        salesCents: (sum?.salesCents ?? 0) + p.salesCents,
      });
    }
  }
  return byProduct;
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
  const summaries = await monthSummaries(payload, years);
  return years.map((y) =>
    salesRow(
      String(y),
      sumFigures(
        Array.from({ length: 12 }, (_, month) => (summaries.get(monthId({ year: y, month })) as MonthSummary).money),
      ),
    ),
  );
}

/** The months of `year` that have begun by `now`: all twelve of a past year, up to this month of this one. */
export const monthsBegun = (year: number, now: Date = new Date()): number =>
  year < now.getFullYear() ? 12 : year === now.getFullYear() ? now.getMonth() + 1 : 0;

/** This year's chart stops at this month: a month still to come has no sales yet, not $0 (issue 25 §1.8). */
async function monthlySales(payload: Payload, year: number): Promise<SalesRow[]> {
  const months = await yearMonths(payload, year);
  return months.slice(0, monthsBegun(year)).map((m, month) => salesRow(String(month + 1), m.money));
}

/** Issue 32: each begun month's Sales online and at the stall (cash and card). */
async function channelSales(payload: Payload, year: number): Promise<ChannelSalesRow[]> {
  const months = await yearMonths(payload, year);
  return months.slice(0, monthsBegun(year)).map(({ channel: c }, month) => ({
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
  const marketDays = yearMarketDays(await yearMonths(payload, year));
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
  const byCategory = yearCategories(await yearMonths(payload, year));
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
  const salesByProduct = yearProducts(await yearMonths(payload, year));
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
async function couponSales(payload: Payload, year: number): Promise<CouponSales[]> {
  return [...couponsAddedUp(await yearMonths(payload, year))]
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
    map: async () => yearPoints(await yearMonths(payload, year)),
    coupons: () => couponSales(payload, year),
    channels: () => channelSales(payload, year),
    places: () => placeSales(payload, user, year),
  };
  return compute[type]();
}
