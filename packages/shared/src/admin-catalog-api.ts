/**
 * The control centre's contract, part two (SPEC §7 Admin: products, categories, assets, users, analytics):
 * reply types and the zod schemas the server validates with and the forms reuse.
 */
import { z } from 'zod';
import { DISCOUNT_UNITS, FALLBACK_QUANTITY_UNIT, PERCENT_UNIT, QUANTITY_UNITS, CASH_UNIT } from './enums';
import type { ImageRef, PublicCategory, PublicProduct } from './api-types';
import { amount, limitParam, pageParam, sortDirection } from './schema-parts';

const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id');
const trimmedName = (max: number) => z.string().trim().min(1, 'Required').max(max);
/** ISO date-time, or null for "publish now". */
const publishAt = z.iso.datetime({ offset: true }).nullable().optional();

// ---------------------------------------------------------------------------------------------------------
// Products (SPEC §2 Products tab, Product form; §4 form defaults; §5 product form rules)

export interface AdminProduct extends PublicProduct {
  /** When a published product becomes visible on the storefront; null = as soon as it is published. */
  publish_at: string | null;
  created_at: string;
  /** Units left, or null when the product's stock is not counted (issue 24). */
  stock_quantity: number | null;
  /** At or below it the storefront says "Only N left"; null: never. */
  low_stock_threshold: number | null;
}

/** The most units one product may count. */
export const MAX_STOCK_QUANTITY = 1_000_000;
const stockCount = z.number().int('A whole number').min(0, 'At least 0').max(MAX_STOCK_QUANTITY);

export const PRODUCT_SORT_COLUMNS = ['name', 'price', 'updated_at'] as const;

/** GET admin/products. `inventory`: 'true' in stock only, 'false' out of stock only. */
export const adminProductsQuerySchema = z.strictObject({
  page: pageParam.optional(),
  limit: limitParam(100).optional(),
  search: z.string().trim().max(100).optional(),
  inventory: z.enum(['true', 'false']).optional(),
  sort: z.tuple([z.enum(PRODUCT_SORT_COLUMNS), sortDirection]).optional(),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuerySchema>;

export const MAX_PRODUCT_PRICE = 100000;
export const MAX_PRODUCT_CATEGORIES = 50;

/** Issue 25 §1.1: a published product sells, so it needs a price; a draft may wait for one. */
export const PUBLISHED_PRICE_NEEDED = 'A published product needs a price above zero';

export const PERCENT_DISCOUNT_RULE = 'A percentage discount cannot exceed 100';
export const CASH_DISCOUNT_RULE = 'The discount cannot exceed the price';

/**
 * Why a product's price and discount do not go together, by field, or [] (issue 29 §4): a published product
 * needs a price above zero, a percentage discount is at most 100 and a cash one at most the price. The form's
 * schema below and the collection's hook (every door: /api/v2, Payload's REST, the /cms panel) both ask it.
 * An empty unit is a percentage, as the form's fallback says (SPEC §5).
 */
export function productPricingIssues(p: {
  published?: unknown;
  price?: unknown;
  discount_unit?: unknown;
  discount_amount?: unknown;
}): Array<{ path: 'price' | 'discount_amount'; message: string }> {
  const issues: Array<{ path: 'price' | 'discount_amount'; message: string }> = [];
  const price = Number(p.price ?? 0);
  const discount = Number(p.discount_amount ?? 0);
  if (p.published !== false && !(price > 0)) issues.push({ path: 'price', message: PUBLISHED_PRICE_NEEDED });
  if ((p.discount_unit || PERCENT_UNIT) === PERCENT_UNIT && discount > 100) {
    issues.push({ path: 'discount_amount', message: PERCENT_DISCOUNT_RULE });
  }
  if (p.discount_unit === CASH_UNIT && discount > price) {
    issues.push({ path: 'discount_amount', message: CASH_DISCOUNT_RULE });
  }
  return issues;
}

/** Issue 25 §1.7: category names are unique whatever their case ("Gift Boxes" and "gift boxes" are one). */
export const CATEGORY_NAME_TAKEN = 'A category with this name already exists';

/**
 * POST admin/products and PUT admin/products/{id}. `id` may be sent (SPEC §7) and is ignored: the path
 * names the product. Empty units fall back as SPEC §5 says (discount %, quantity Oz).
 */
export const productInputSchema = z
  .strictObject({
    id: z.string().max(64).nullish(),
    name: trimmedName(160),
    description: z.string().max(5000).default(''),
    price: amount(MAX_PRODUCT_PRICE),
    categories: z.array(id).min(1, 'Choose at least one category').max(MAX_PRODUCT_CATEGORIES),
    img_id: id.nullish(),
    quantity_amount: amount(100000).default(0),
    quantity_unit: z
      .union([z.enum(QUANTITY_UNITS), z.literal('')])
      .nullish()
      .transform((v) => v || FALLBACK_QUANTITY_UNIT),
    discount_amount: amount(MAX_PRODUCT_PRICE).default(0),
    discount_unit: z
      .union([z.enum(DISCOUNT_UNITS), z.literal('')])
      .nullish()
      .transform((v) => v || PERCENT_UNIT),
    apply_discount: z.boolean().default(false),
    apply_shipping: z.boolean().default(true),
    inventory_stock: z.boolean().default(true),
    // Not sent: kept as stored (a form of before issue 24 leaves the count alone). null: not counted.
    stock_quantity: stockCount.nullish(),
    low_stock_threshold: stockCount.nullish(),
    published: z.boolean().default(true),
    publish_at: publishAt,
  })
  .superRefine((p, ctx) => {
    for (const issue of productPricingIssues(p))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type ProductInput = z.input<typeof productInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Categories

export interface AdminCategory extends PublicCategory {
  publish_at: string | null;
  created_at: string;
}

/** GET admin/categories: the forms ask for up to 1000 at once (SPEC §9). */
export const adminCategoriesQuerySchema = z.strictObject({
  page: pageParam.optional(),
  limit: limitParam(1000).optional(),
  search: z.string().trim().max(100).optional(),
});

export const categoryInputSchema = z.strictObject({
  id: z.string().max(64).nullish(),
  name: trimmedName(120),
  description: z.string().max(2000).default(''),
  img_id: id.nullish(),
  published: z.boolean().default(true),
  publish_at: publishAt,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Assets (images)

export interface AdminAsset extends ImageRef {
  id: string;
  created_at: string;
  width: number | null;
  height: number | null;
  /** Bytes of the stored WebP. */
  filesize: number | null;
}

/** GET assets: 20 a page by default (SPEC §9), newest first. */
export const assetsQuerySchema = z.strictObject({
  page: pageParam.optional(),
  limit: limitParam(100).optional(),
  sort: z.tuple([z.literal('created_at'), sortDirection]).optional(),
});

/** The multipart field of POST assets (SPEC §7), one image per request. */
export const ASSET_UPLOAD_FIELD = 'avatar';
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Decompression bombs: a tiny file can declare a huge canvas. 50 megapixels is well above any camera photo. */
export const MAX_UPLOAD_PIXELS = 50_000_000;

// ---------------------------------------------------------------------------------------------------------
// Users (admin accounts)

/**
 * admin: the control centre and the /cms panel. editor: the /cms panel's content only (recipes, changelog,
 * assets, products' descriptive fields); signed out of the control centre.
 */
export const USER_ROLES = ['admin', 'editor'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', editor: 'Editor' };

/**
 * 403 of POST auth/login for an editor, answered only once the password was right (it tells nothing to
 * someone without it), with no session made.
 */
export const EDITOR_SIGN_IN_REFUSED = 'This account is for the content panel at /cms.';

export interface AdminUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  telephone: string | null;
  role: UserRole;
  active: boolean;
  /**
   * Invited and no password chosen yet (issue 25 §1.11): the account still holds its invite link and has never
   * signed in. Setting a password through the link, or signing in, ends it.
   */
  invited: boolean;
  last_access: string | null;
  updated_at: string;
}

const telephone = z
  .string()
  .trim()
  .max(40)
  .regex(/^[+()\d\s.-]*$/, 'Only digits, spaces and + ( ) . - are allowed')
  .nullish()
  .transform((v) => (v ? v : null));

/** POST users: creates the account without a password and mails an invite link (SPEC §2 Users). */
export const userCreateSchema = z.strictObject({
  id: z.string().max(64).nullish(),
  firstname: trimmedName(100),
  lastname: trimmedName(100),
  email: z.string().trim().toLowerCase().max(320).pipe(z.email()),
  telephone,
  role: z.enum(USER_ROLES).default('admin'),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** PUT users/{id}: the email is locked on edit; it may be sent back unchanged and a different one is refused. */
export const userUpdateSchema = z.strictObject({
  id: z.string().max(64).nullish(),
  firstname: trimmedName(100),
  lastname: trimmedName(100),
  email: z.string().trim().toLowerCase().max(320).optional(),
  telephone,
  active: z.boolean().optional(),
  /** Absent: unchanged. Nobody changes their own role, and the last active admin stays an admin. */
  role: z.enum(USER_ROLES).optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Analytics (SPEC §2 Analytics, §3)

export const ANALYTICS_FIRST_YEAR = 2022;

/** How many products the best-sellers table lists. */
export const BESTSELLER_COUNT = 10;

/**
 * `year`: one row per year from 2022 to the chosen year (id "2024"); `month`: twelve rows of the chosen year
 * (id "1".."12"). Amounts are money, rounded to cents; cancelled orders are left out. The figures are the
 * ledger's (ledger.ts) of the orders created in that period: gross − refunded = sales, sales − fee = net, to
 * the cent.
 */
export interface SalesRow {
  id: string;
  gross_amount: number;
  /** Refunds and reversals of those orders. */
  refunded_amount: number;
  /** PayPal's fees on their captures. */
  fee_amount: number;
  /** gross − refunded. */
  sales_amount: number;
  /** sales − fee. */
  net_amount: number;
}

/**
 * Units sold per category in the year (a product in two categories counts in both), most sold first; `id`
 * is the category's id, `name` its current name or "Removed category".
 */
export interface CategorySales {
  id: string;
  name: string;
  /** Units sold, net of units that came back (refunded in full, or returned to stock after a refund). */
  value: number;
  /** Sales (ledger) of those units: what the lines came to, less what went back. */
  sales_amount: number;
}

/** The year's ten most sold products, most units first; `id` is the product's id, `name` as last ordered. */
export interface Bestseller {
  id: string;
  name: string;
  img: ImageRef | null;
  /** Units sold, net of units that came back. */
  sells: number;
  /** Sales (ledger) of those units. */
  sales_amount: number;
}

/**
 * One point per distinct order location in the year (orders from one address share one marker); `id` is
 * the first of those orders.
 */
export interface MapPoint {
  id: string;
  /** Latitude then longitude (SPEC §3). */
  coordinates: [number, number];
}

/**
 * Issue 24 §3: the year's paid orders by discount code, most orders first: how many, what the code took off
 * the products, and what PayPal charged for them (cancelled orders left out).
 */
export interface CouponSales {
  code: string;
  /** Paid uses: orders with the code not refunded in full. */
  orders: number;
  /** Orders with the code refunded in full: not paid uses. */
  refunded_orders: number;
  /** What the code took off the goods on the paid uses. */
  discount_amount: number;
  gross_amount: number;
  refunded_amount: number;
  /** gross − refunded (ledger). */
  sales_amount: number;
}

/**
 * Issue 32: a month's Sales (the ledger's gross − refunds) by channel: the online shop and the market stall,
 * and the market's split by how it was paid. `id` is the month, "1".."12"; online + market = the month's Sales.
 */
export interface ChannelSalesRow {
  id: string;
  online_amount: number;
  market_amount: number;
  market_cash_amount: number;
  market_card_amount: number;
}

/** Issue 32: the year's market sales per market place (days at one place together), most sold first. */
export interface PlaceSales {
  place: string;
  /** Market days at the place with at least one sale in the year. */
  days: number;
  sales_count: number;
  /** Sales (ledger) of the stall's sales there; cash + card = sales. */
  sales_amount: number;
  cash_amount: number;
  card_amount: number;
}

/** What each type answers. */
export interface AnalyticsResults {
  year: SalesRow[];
  month: SalesRow[];
  categories: CategorySales[];
  bestseller: Bestseller[];
  map: MapPoint[];
  coupons: CouponSales[];
  channels: ChannelSalesRow[];
  places: PlaceSales[];
}

/** `year` runs from 2022 to the current year (the server's clock and time zone). */
export const analyticsQuerySchema = z.strictObject({
  year: z
    .string()
    .regex(/^\d{4}$/, 'Must be a year')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(ANALYTICS_FIRST_YEAR, `Must be ${ANALYTICS_FIRST_YEAR} or later`)
        .refine((year) => year <= new Date().getFullYear(), 'Must not be after the current year'),
    ),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** POST admin/products/{id}/stock: a change of the count (a market day's sales: negative) and why. */
export const stockAdjustmentSchema = z.strictObject({
  change: z
    .number()
    .int('A whole number')
    .min(-MAX_STOCK_QUANTITY)
    .max(MAX_STOCK_QUANTITY)
    .refine((n) => n !== 0, 'A change other than 0'),
  reason: z.string().trim().min(1, 'Say why').max(200),
});
export type StockAdjustment = z.input<typeof stockAdjustmentSchema>;
