/**
 * Market days (issue 32): the contract of /api/v2/admin/market/* and /api/v2/market/pickup-days, shared by the
 * server, the control centre's Market area and the stall screen. Money is in dollars (numbers with at most two
 * decimals), like the rest of the API; dates of a market are the shop's calendar days (YYYY-MM-DD) and hours
 * (HH:mm), not instants.
 */
import { z } from 'zod';
import { idSchema } from './api-types';
import { amount } from './schema-parts';

export const MARKET_DAY_STATUSES = ['PLANNED', 'OPEN', 'CLOSED'] as const;
export type MarketDayStatus = (typeof MARKET_DAY_STATUSES)[number];
export const MARKET_PAYMENTS = ['cash', 'card'] as const;
export type MarketPayment = (typeof MARKET_PAYMENTS)[number];

export const MAX_MARKET_CASH = 100000;
export const MAX_MARKET_SALE_LINES = 100;
export const MAX_MARKET_LINE_QUANTITY = 999;

export const MARKET_DATE_RULE = 'A date is written YYYY-MM-DD';
export const MARKET_TIME_RULE = 'A time is written HH:mm (00:00 to 23:59)';
export const MARKET_HOURS_RULE = 'The market closes after it opens';

const isCalendarDay = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};
export const marketDateSchema = z.string().trim().refine(isCalendarDay, MARKET_DATE_RULE);
export const marketTimeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MARKET_TIME_RULE);

/** POST admin/market/days: plan a day. */
export const marketDayInputSchema = z
  .strictObject({
    place: z.string().trim().min(1, 'Name the place').max(120),
    date: marketDateSchema,
    opens_at: marketTimeSchema,
    closes_at: marketTimeSchema,
    pickup: z.boolean().default(false),
  })
  .refine((day) => day.closes_at > day.opens_at, { path: ['closes_at'], message: MARKET_HOURS_RULE });
export type MarketDayInput = z.input<typeof marketDayInputSchema>;

/** GET admin/market/days: the planned, open and closed days, coming first or a date range. */
export const marketDaysQuerySchema = z.strictObject({
  from: marketDateSchema.optional(),
  to: marketDateSchema.optional(),
  status: z.enum(MARKET_DAY_STATUSES).optional(),
});

/** POST admin/market/days/{id}/open */
export const openMarketDaySchema = z.strictObject({ opening_cash: amount(MAX_MARKET_CASH) });
/** POST admin/market/days/{id}/close */
export const closeMarketDaySchema = z.strictObject({ counted_cash: amount(MAX_MARKET_CASH) });

/** A per-sale discount at the stall: a percent of the goods or cash off them (never more than the goods). */
export const marketDiscountSchema = z.strictObject({
  unit: z.enum(['%', '$']),
  amount: z.number().finite().gt(0, 'A discount is more than 0').max(MAX_MARKET_CASH),
});
export type MarketDiscount = z.infer<typeof marketDiscountSchema>;

/**
 * POST admin/market/days/{id}/sales. `client_id` is made on the phone: the same id again answers 200 with the
 * sale already recorded and changes nothing. Prices come from the server's catalogue as of `recorded_at`.
 */
export const marketSaleInputSchema = z
  .strictObject({
    client_id: z.uuid('client_id is a UUID'),
    recorded_at: z.iso.datetime({ offset: true, error: 'recorded_at is an ISO date and time' }),
    lines: z
      .array(
        z.strictObject({
          product_id: idSchema,
          quantity: z.number().int('A whole number of units').min(1, 'At least 1 unit').max(MAX_MARKET_LINE_QUANTITY),
        }),
      )
      .min(1, 'A sale has at least one product')
      .max(MAX_MARKET_SALE_LINES),
    discount: marketDiscountSchema.optional(),
    payment: z.enum(MARKET_PAYMENTS),
    cash_received: amount(MAX_MARKET_CASH).optional(),
    receipt_email: z.email('Enter a valid email address').max(320).optional(),
  })
  .refine((sale) => sale.payment === 'cash' || sale.cash_received === undefined, {
    path: ['cash_received'],
    message: 'Cash received goes with a cash payment only',
  });
export type MarketSaleInput = z.input<typeof marketSaleInputSchema>;

export interface AdminMarketDay {
  id: string;
  place: string;
  date: string;
  opens_at: string;
  closes_at: string;
  pickup: boolean;
  status: MarketDayStatus;
  opening_cash: number | null;
  counted_cash: number | null;
  opened_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MarketSaleLine {
  /** The product's id when sold; the line keeps its copy of name and price if the product is deleted later. */
  product_id: string;
  product: string;
  /** The unit price charged (after the product's own discount), as of the sale's recorded_at. */
  price: number;
  quantity: number;
  line_total: number;
}

export interface MarketSale {
  /** The order the sale is booked as (channel `market`). */
  id: string;
  number: string;
  client_id: string;
  recorded_at: string;
  lines: MarketSaleLine[];
  /** Goods before the per-sale discount. */
  subtotal: number;
  discount: number;
  discount_label: string | null;
  total: number;
  payment: MarketPayment;
  cash_received: number | null;
  change_given: number | null;
  receipt_email: string | null;
  /** Units the stall sold that the stock count did not have (the count stopped at 0). */
  shortfalls: Array<{ product_id: string; product: string; missing: number }>;
}

export interface MarketDayTotals {
  sales_count: number;
  /** What the day's sales took, cash and card. */
  total: number;
  cash_total: number;
  card_total: number;
  discount_total: number;
  /** Opening float + cash sales (the change is already out of cash_total: a sale's cash is its total). */
  expected_cash: number;
  counted_cash: number | null;
  /** counted − expected; null until closed. */
  difference: number | null;
  units: Array<{ product_id: string; product: string; quantity: number; amount: number }>;
}

/** An online order to collect at the day's stall. */
export interface MarketPickup {
  id: string;
  number: string;
  name: string;
  email: string;
  total: number;
  status: string;
  /** The day it was planned for (an order not picked up stays on the next day's list). */
  pickup_day_id: string;
  items: Array<{ product: string; quantity: number }>;
}

export interface AdminMarketDayDetail extends AdminMarketDay {
  sales: MarketSale[];
  totals: MarketDayTotals;
  pickups: MarketPickup[];
}

/** What the stall sells from: published products with the price charged now, what is left and a picture. */
export interface MarketProduct {
  id: string;
  name: string;
  /** Price after the product's own discount. */
  price: number;
  /** Units left; null when the product's stock is not counted. */
  stock_left: number | null;
  img_url: string | null;
}

/** GET market/pickup-days (public): the coming days open for pickup. */
export interface PickupDay {
  id: string;
  place: string;
  date: string;
  opens_at: string;
  closes_at: string;
}
