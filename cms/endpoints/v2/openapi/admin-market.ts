/** The descriptions of the market routes: endpoints/v2/admin-market.ts (issue 32 §1–3). */
import { z } from 'zod';
import {
  type AdminMarketDay,
  type AdminMarketDayDetail,
  closeMarketDaySchema,
  idSchema,
  MARKET_DAY_STATUSES,
  MARKET_PAYMENTS,
  marketDayInputSchema,
  marketDaysQuerySchema,
  type MarketDayTotals,
  type MarketPickup,
  type MarketProduct,
  type MarketSale,
  marketSaleInputSchema,
  openMarketDaySchema,
} from '@shop/shared/admin';
import type { RouteDoc } from './route-doc';

const TAG = 'Admin: market';

const marketDaySchema = z
  .object({
    id: z.string(),
    place: z.string(),
    date: z.string().meta({ description: 'The market’s calendar day, YYYY-MM-DD' }),
    opens_at: z.string().meta({ description: 'HH:mm' }),
    closes_at: z.string().meta({ description: 'HH:mm' }),
    pickup: z.boolean().meta({ description: 'Whether online shoppers may collect their order there' }),
    status: z.enum(MARKET_DAY_STATUSES),
    opening_cash: z.number().nullable(),
    counted_cash: z.number().nullable(),
    opened_at: z.string().nullable(),
    closed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'MarketDay' });

const marketSaleSchema = z
  .object({
    id: z.string().meta({ description: 'The order the sale is booked as (channel market)' }),
    number: z.string(),
    client_id: z.string(),
    recorded_at: z.string(),
    lines: z.array(
      z.object({
        product_id: z.string(),
        product: z.string(),
        price: z.number().meta({ description: 'One unit after the product’s own discount, as of recorded_at' }),
        quantity: z.number(),
        line_total: z.number(),
      }),
    ),
    subtotal: z.number(),
    discount: z.number(),
    discount_label: z.string().nullable(),
    total: z.number(),
    payment: z.enum(MARKET_PAYMENTS),
    cash_received: z.number().nullable(),
    change_given: z.number().nullable(),
    receipt_email: z.string().nullable(),
    shortfalls: z
      .array(z.object({ product_id: z.string(), product: z.string(), missing: z.number() }))
      .meta({ description: 'Units sold that the stock count did not have (the count stopped at 0)' }),
  })
  .meta({ id: 'MarketSale' });

const marketDayTotalsSchema = z
  .object({
    sales_count: z.number(),
    total: z.number(),
    cash_total: z.number(),
    card_total: z.number(),
    discount_total: z.number(),
    expected_cash: z.number().meta({ description: 'Opening float + the cash sales’ totals' }),
    counted_cash: z.number().nullable(),
    difference: z.number().nullable().meta({ description: 'counted − expected; null until closed' }),
    units: z.array(z.object({ product_id: z.string(), product: z.string(), quantity: z.number(), amount: z.number() })),
  })
  .meta({ id: 'MarketDayTotals' });

const marketPickupSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    name: z.string(),
    email: z.string(),
    total: z.number(),
    status: z.string(),
    pickup_day_id: z.string(),
    items: z.array(z.object({ product: z.string(), quantity: z.number() })),
  })
  .meta({ id: 'MarketPickup' });

const marketDayDetailSchema = marketDaySchema
  .extend({ sales: z.array(marketSaleSchema), totals: marketDayTotalsSchema, pickups: z.array(marketPickupSchema) })
  .meta({ id: 'MarketDayDetail' });

const marketProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    stock_left: z.number().nullable(),
    img_url: z.string().nullable(),
  })
  .meta({ id: 'MarketProduct' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type MarketResponseChecks = [
  Expect<Same<z.output<typeof marketDaySchema>, AdminMarketDay>>,
  Expect<Same<z.output<typeof marketSaleSchema>, MarketSale>>,
  Expect<Same<z.output<typeof marketDayTotalsSchema>, MarketDayTotals>>,
  Expect<Same<z.output<typeof marketPickupSchema>, MarketPickup>>,
  Expect<Same<z.output<typeof marketDayDetailSchema>, AdminMarketDayDetail>>,
  Expect<Same<z.output<typeof marketProductSchema>, MarketProduct>>,
];

const byId = z.object({ id: idSchema });

export const adminMarketDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/admin/market/days',
    tag: TAG,
    access: 'admin',
    summary: 'Market days, by date (a range and a status narrow the list)',
    query: marketDaysQuerySchema,
    reply: { result: z.array(marketDaySchema) },
  },
  {
    method: 'post',
    path: '/admin/market/days',
    tag: TAG,
    access: 'admin',
    summary: 'Plan a market day',
    body: marketDayInputSchema,
    reply: { status: 201, result: marketDaySchema },
  },
  {
    method: 'get',
    path: '/admin/market/catalogue',
    tag: TAG,
    access: 'admin',
    summary: 'What the stall sells: the products on the storefront, the price now and the count left',
    description: 'The price is after the product’s own discount; `stock_left` is null for a product not counted.',
    reply: { result: z.array(marketProductSchema) },
  },
  {
    method: 'get',
    path: '/admin/market/days/:id',
    tag: TAG,
    access: 'admin',
    summary: 'A market day with its sales, their totals and the online orders to hand over there',
    params: byId,
    reply: { result: marketDayDetailSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/admin/market/days/:id/open',
    tag: TAG,
    access: 'admin',
    summary: 'Open a planned day with its cash float',
    params: byId,
    body: openMarketDaySchema,
    reply: { result: marketDaySchema },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/admin/market/days/:id/close',
    tag: TAG,
    access: 'admin',
    summary: 'Close an open day with the counted cash; answers the day with its totals',
    params: byId,
    body: closeMarketDaySchema,
    reply: { result: marketDayDetailSchema },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/admin/market/days/:id/sales',
    tag: TAG,
    access: 'admin',
    summary: 'Record a stall sale (once per client_id)',
    description:
      'Booked as an order of channel `market`, COMPLETED. Prices are the server’s as of `recorded_at`. The same ' +
      '`client_id` again answers 200 with the sale already recorded and changes nothing. A sale is never refused ' +
      'for stock: the count stops at 0 and the shortfall is answered, logged and announced. An open day takes ' +
      'sales; a closed one only those recorded before it closed (409 otherwise, and for a planned day).',
    params: byId,
    body: marketSaleInputSchema,
    reply: { status: 201, result: marketSaleSchema, description: 'The sale, recorded now' },
    alsoReplies: [
      { status: 200, result: marketSaleSchema, description: 'The sale recorded before under this client_id' },
    ],
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/admin/market/days/:id/z-report.pdf',
    tag: TAG,
    access: 'admin',
    summary: 'The day’s Z-report as PDF: its figures, units per product and sales',
    params: byId,
    reply: {
      contentType: 'application/pdf',
      description: 'The Z-report',
      headers: z.object({ 'Content-Disposition': z.string().meta({ description: 'attachment; filename="…"' }) }),
    },
    errors: [404],
  },
];
