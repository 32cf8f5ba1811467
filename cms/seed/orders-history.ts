import type { Payload, PayloadRequest } from 'payload';
import { ORDER_NUMBER_ALPHABET, ORDER_NUMBER_LENGTH } from '../lib/order-number';
import type { OrderLineRecord } from '../lib/order-line-record';
import zipcodes from 'zipcodes';
import {
  cartTotals,
  type CartLine,
  type DiscountUnit,
  fromCents,
  type OrderStatus,
  toAmountString,
  toCents,
} from '@shop/shared';
import { FIRST_NAMES, LAST_NAMES, ORDER_ZIPS, STREET_NAMES } from './catalog-data';
import { createRng, type Rng } from './prng';

/** What the order history needs to know about a created product. */
export interface SellableProduct {
  id: string;
  name: string;
  price: number;
  discount: { unit: DiscountUnit; amount: number } | null;
  apply_shipping: boolean;
  inventory_stock: boolean;
  published: boolean;
  category_ids: string[];
  /** Gift boxes sell more in November and December. */
  isGift: boolean;
  img_id: string | null;
  popularity: number;
  addedDaysAgo: number;
}

export type OrderLineData = OrderLineRecord;

export interface OrderData {
  number: string;
  status: OrderStatus;
  payer_full_name: string;
  payer_email_address: string;
  shipment_full_name: string;
  shipment_amount: number;
  shipment_method: string;
  shipment_address: {
    address_line_1: string;
    address_line_2?: string;
    admin_area_1: string;
    admin_area_2: string;
    postal_code: string;
    country_code: 'US';
  };
  latitude: number;
  longitude: number;
  paypal_order_id: string;
  transaction_id: string;
  transaction_status: 'COMPLETED';
  transaction_gross_amount: string;
  transaction_paypal_fee: string;
  transaction_net_amount: string;
  currency_code: 'USD';
  products: OrderLineData[];
  confirmation_sent_at: string;
  shop_notified_at: string;
  demo: true;
  createdAt: string;
  updatedAt: string;
}

const DAY = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 730;
/** Average orders per day before seasonality and growth. */
const BASE_RATE = 1.05;
/** Jan … Dec: quiet summer, busy holidays. */
const SEASON = [0.8, 0.75, 0.9, 1, 1, 0.9, 0.75, 0.7, 0.95, 1.1, 1.7, 2.2];
/** Sun … Sat. */
const WEEKDAY = [1.2, 0.9, 0.95, 1, 1, 1.05, 1.15];
/** Current product discounts started this many days ago; before that, full price. */
const CURRENT_PROMO_DAYS = 45;
const PAYPAL_PERCENT_FEE = 0.0349;
const PAYPAL_FIXED_FEE_CENTS = 49;
const PICKUP_METHOD = 'Pickup at the market stall';

interface Customer {
  first: string;
  last: string;
  email: string;
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  line1: string;
  line2?: string;
  loyalty: number;
}

function poisson(rng: Rng, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k += 1;
    p *= rng.next();
  }
  return k;
}

function makeCustomers(rng: Rng, count: number): Customer[] {
  const places = ORDER_ZIPS.map(([zip, weight]) => {
    const info = zipcodes.lookup(zip);
    if (!info) throw new Error(`Unknown ZIP code in the seed list: ${zip}`);
    return { zip, weight, info };
  });
  const usedEmails = new Set<string>();
  const customers: Customer[] = [];
  for (let i = 0; i < count; i += 1) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${base}@example.com`;
    for (let n = 2; usedEmails.has(email); n += 1) email = `${base}${n}@example.com`;
    usedEmails.add(email);
    const place = rng.weighted(places, (p) => p.weight);
    const line2 = rng.chance(0.3)
      ? rng.chance(0.75)
        ? `Apt ${rng.int(1, 24)}${rng.pick(['A', 'B', 'C', 'D', 'F'])}`
        : `Suite ${rng.int(100, 950)}`
      : undefined;
    customers.push({
      first,
      last,
      email,
      zip: place.zip,
      city: place.info.city,
      state: place.info.state,
      latitude: place.info.latitude,
      longitude: place.info.longitude,
      line1: `${rng.int(1, 2999)} ${rng.pick(STREET_NAMES)}`,
      line2,
      // A few regulars order again and again; most customers order once or twice.
      loyalty: rng.chance(0.12) ? rng.range(4, 10) : rng.range(0.5, 1.5),
    });
  }
  return customers;
}

/** Orders placed this many days ago move through the statuses like real ones would. */
function statusForAge(rng: Rng, ageDays: number): OrderStatus {
  const pick = (table: [OrderStatus, number][]) => rng.weighted(table, ([, w]) => w)[0];
  if (ageDays < 2)
    return pick([
      ['NEW', 70],
      ['PROCESSING', 30],
    ]);
  if (ageDays < 6)
    return pick([
      ['NEW', 10],
      ['PROCESSING', 45],
      ['SHIPPED', 40],
      ['CANCELLED', 5],
    ]);
  if (ageDays < 14)
    return pick([
      ['PROCESSING', 5],
      ['SHIPPED', 45],
      ['DELIVERED', 42],
      ['CANCELLED', 8],
    ]);
  if (ageDays < 30)
    return pick([
      ['SHIPPED', 5],
      ['DELIVERED', 50],
      ['COMPLETED', 38],
      ['CANCELLED', 7],
    ]);
  if (ageDays < 60)
    return pick([
      ['DELIVERED', 8],
      ['COMPLETED', 86],
      ['CANCELLED', 6],
    ]);
  return pick([
    ['COMPLETED', 94],
    ['CANCELLED', 6],
  ]);
}

/** Days after the order at which it reached its status (updatedAt). */
const STATUS_DELAY: Record<OrderStatus, number> = {
  NEW: 0,
  PROCESSING: 0.5,
  SHIPPED: 1.5,
  DELIVERED: 4,
  COMPLETED: 10,
  CANCELLED: 1,
};

/** Black Friday to Cyber Monday, more or less: gift boxes 15 % off. */
const isHolidayPromo = (d: Date) =>
  (d.getUTCMonth() === 10 && d.getUTCDate() >= 24) || (d.getUTCMonth() === 11 && d.getUTCDate() <= 2);

function uniqueCode(rng: Rng, used: Set<string>, make: () => string): string {
  let code = make();
  while (used.has(code)) code = make();
  used.add(code);
  return code;
}

/**
 * About two years of orders up to `now`, the same on every run: seasonality with a busy holiday season,
 * slow growth, statuses that follow the order's age, real ZIP codes and totals from the shared pricing.
 */
export function buildOrderHistory(
  products: SellableProduct[],
  settings: { shipment_amount: number; shipment_method: string },
  now: Date = new Date(),
): OrderData[] {
  const rng = createRng(20240601);
  const customers = makeCustomers(rng, 460);
  const usedNumbers = new Set<string>();
  const usedPaypalIds = new Set<string>();
  const orders: OrderData[] = [];
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  for (let age = HISTORY_DAYS; age >= 0; age -= 1) {
    const day = new Date(todayStart - age * DAY);
    const growth = 0.8 + 0.4 * (1 - age / HISTORY_DAYS);
    const rate = BASE_RATE * SEASON[day.getUTCMonth()] * WEEKDAY[day.getUTCDay()] * growth;
    const count = poisson(rng, rate);
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      // 13:00–04:00 UTC is 8 am to 11 pm on the East Coast.
      const t = day.getTime() + (13 * 60 + rng.int(0, 15 * 60)) * 60 * 1000 + rng.int(0, 59) * 1000;
      if (t < now.getTime() - 60 * 1000) times.push(t);
    }
    times.sort((a, b) => a - b);

    for (const time of times) {
      const created = new Date(time);
      const ageDays = (now.getTime() - time) / DAY;
      const season = created.getUTCMonth() >= 10;
      const available = products.filter(
        (p) =>
          p.published &&
          p.popularity > 0 &&
          p.addedDaysAgo >= ageDays &&
          // Sold-out products stopped selling a few weeks ago.
          (p.inventory_stock || ageDays > 25),
      );
      const lineCount = Math.min(
        available.length,
        rng.weighted([1, 2, 3, 4, 5], (n) => [40, 30, 18, 8, 4][n - 1]),
      );
      const chosen: SellableProduct[] = [];
      while (chosen.length < lineCount) {
        const p = rng.weighted(available, (x) =>
          chosen.includes(x) ? 0 : x.popularity * (season && x.isGift ? 3 : 1),
        );
        chosen.push(p);
      }
      const lines: OrderLineData[] = chosen.map((p) => {
        const current = ageDays <= CURRENT_PROMO_DAYS ? p.discount : null;
        const discount =
          current ?? (p.isGift && isHolidayPromo(created) ? { unit: '%' as DiscountUnit, amount: 15 } : null);
        return {
          product_id: p.id,
          product: p.name,
          price: p.price,
          quantity: rng.weighted([1, 2, 3, 4], (q) => [70, 22, 6, 2][q - 1]),
          apply_discount: Boolean(discount),
          discount_unit: discount?.unit ?? '%',
          discount_amount: discount?.amount ?? 0,
          apply_shipping: p.apply_shipping,
          category_ids: p.category_ids,
          img_id: p.img_id,
        };
      });

      const ships = lines.some((l) => l.apply_shipping);
      const totals = cartTotals(lines satisfies CartLine[], settings.shipment_amount);
      const grossCents = toCents(totals.total);
      const feeCents = Math.round(grossCents * PAYPAL_PERCENT_FEE) + PAYPAL_FIXED_FEE_CENTS;

      const customer = rng.weighted(customers, (c) => c.loyalty);
      const payer = `${customer.first} ${customer.last}`;
      const recipient = rng.chance(0.14) ? `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}` : payer;
      const status = statusForAge(rng, ageDays);
      const updated = Math.min(now.getTime(), time + STATUS_DELAY[status] * DAY + rng.int(0, 8 * 60) * 60 * 1000);

      orders.push({
        number: uniqueCode(rng, usedNumbers, () =>
          Array.from({ length: ORDER_NUMBER_LENGTH }, () => rng.pick([...ORDER_NUMBER_ALPHABET])).join(''),
        ),
        status,
        payer_full_name: payer,
        payer_email_address: customer.email,
        shipment_full_name: recipient,
        shipment_amount: totals.shipping,
        shipment_method: ships ? settings.shipment_method : PICKUP_METHOD,
        shipment_address: {
          address_line_1: customer.line1,
          ...(customer.line2 ? { address_line_2: customer.line2 } : {}),
          admin_area_1: customer.state,
          admin_area_2: customer.city,
          postal_code: customer.zip,
          country_code: 'US',
        },
        latitude: customer.latitude,
        longitude: customer.longitude,
        paypal_order_id: uniqueCode(rng, usedPaypalIds, () => `SEED${rng.hex(13).toUpperCase()}`),
        transaction_id: Array.from({ length: 17 }, () => rng.pick([...'0123456789ABCDEFGHJKLMNPRSTUVWXY'])).join(''),
        transaction_status: 'COMPLETED',
        transaction_gross_amount: toAmountString(totals.total),
        transaction_paypal_fee: toAmountString(fromCents(feeCents)),
        transaction_net_amount: toAmountString(fromCents(grossCents - feeCents)),
        currency_code: 'USD',
        products: lines,
        // Demo orders never send mail: marked, and both mails recorded as long since sent.
        demo: true,
        confirmation_sent_at: new Date(time + 30 * 1000).toISOString(),
        shop_notified_at: new Date(time + 30 * 1000).toISOString(),
        createdAt: created.toISOString(),
        updatedAt: new Date(updated).toISOString(),
      });
    }
  }
  ensureEveryStatus(orders);
  return orders;
}

/** The orders screens show one tab per status: make sure the most recent orders cover the open ones. */
function ensureEveryStatus(orders: OrderData[]): void {
  const wanted: OrderStatus[] = ['NEW', 'PROCESSING', 'SHIPPED', 'DELIVERED'];
  wanted.forEach((status, rank) => {
    if (orders.some((o) => o.status === status)) return;
    const recent = orders.length - 1 - rank * 2;
    if (recent >= 0) orders[recent].status = status;
  });
}

/**
 * Creates the orders through the Local API one after the other: inside the caller's transaction (req) that
 * is about 5 ms an order on SQLite, against 25 ms with a transaction per order.
 */
export async function createOrders(payload: Payload, orders: OrderData[], req?: PayloadRequest): Promise<number> {
  for (const data of orders) {
    await payload.create({ collection: 'orders', data, depth: 0, select: { id: true }, overrideAccess: true, req });
  }
  return orders.length;
}
