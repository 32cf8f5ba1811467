/**
 * The replies of /api/v2 as zod schemas: what the API description (GET /api/v2/openapi.json) is generated
 * from, and what a client may parse a reply with. Each schema mirrors a reply interface of api-types.ts,
 * admin-api.ts or admin-catalog-api.ts; the checks at the end of this file fail type-checking as soon as the
 * two disagree, so a field added to an interface must be added here too.
 *
 * A separate entry ('@shop/shared/responses'): neither SPA needs these at run time, and zod schemas built
 * when a module loads would otherwise ride along in their downloads. `meta({ id })` names a schema as a
 * component of the document.
 */
import { z } from 'zod';
import {
  DISCOUNT_UNITS,
  NOTIFICATION_TYPES,
  ORDER_CHANNELS,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES,
  RECORD_STATUSES,
  type AnalyticsType,
} from './enums';
import { REFUND_SOURCES, REFUND_STATUSES, type Refund } from './refunds';
import { COUPON_KINDS } from './pricing';
import { PAYMENT_ALERTS } from './payment-alerts';
import { SHIPPING_CARRIERS } from './tracking';
import type { AdminCoupon } from './admin-coupons-api';
import type { PickupDay } from './market-api';
import type { RichTextNode, RichTextValue } from './rich-text';
import type {
  CategoryDetail,
  CategoryRef,
  ImageRef,
  Notification,
  OrderLine,
  PaymentReply,
  PublicCategory,
  PublicConfig,
  PublicCoupon,
  PublicOrder,
  PublicProduct,
  Recipe,
  RecipeProduct,
  ShipmentAddress,
  Suggestion,
} from './api-types';
import {
  AUDIT_OPERATIONS,
  ORDER_EVENT_TYPES,
  type AdminConfig,
  type AdminNotification,
  type AdminNotificationDetail,
  type AdminOrder,
  type AdminOrderListItem,
  type AdminSession,
  type AuditEntry,
  type BulkOrderResult,
  type Changelog,
  type DashboardCounts,
  type InviteCheck,
  type NotificationReply,
  type OrderEvent,
  type OrderStatusChange,
  type SalesPoint,
} from './admin-api';
import {
  USER_ROLES,
  type AdminAsset,
  type AdminCategory,
  type AdminProduct,
  type AdminUser,
  type AnalyticsResults,
  type Bestseller,
  type CategorySales,
  type MapPoint,
  type SalesRow,
} from './admin-catalog-api';
import { RECIPE_ADMIN_STATUSES, type AdminRecipe, type AdminRecipeProduct } from './admin-recipes-api';
import type { AdminCustomer, AdminCustomerDetail } from './admin-customers-api';

/** Dates travel as ISO 8601 text. */
const isoDateTime = z.string().meta({ format: 'date-time' });
const orderStatus = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });
const discountUnit = z.enum(DISCOUNT_UNITS);
/** How much of an order's gross went back (ledger.ts refundState): the marker beside its status. */
const refundStateSchema = z.enum(['NONE', 'PARTLY', 'FULLY']).meta({ id: 'RefundState' });

// ---------------------------------------------------------------------------------------------------------
// The envelope (SPEC §7)

export const paginationSchema = z
  .object({
    count: z.number().int().min(0),
    page: z.number().int().min(1).optional(),
    limit: z.number().int().optional(),
  })
  .meta({ id: 'Pagination', description: 'Lists only: how many records match, and the page shown.' });

/** `{result, status}` with `status` equal to the HTTP status; lists add `pagination`. */
export const envelopeOf = <T extends z.ZodType>(result: T, status: number, paginated = false) =>
  paginated
    ? z.object({ result, status: z.literal(status), pagination: paginationSchema })
    : z.object({ result, status: z.literal(status) });

/** One failed check of a request: the field's dotted path ('' for the whole body) and why. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() }).meta({ id: 'FieldIssue' });

/**
 * What an error's `result` holds: a sentence; the failed checks of a request's fields (400); a notice with a
 * title and a description (429 and the sign-in's rate limit); or a sentence with details (a checkout that
 * names unavailable products, a declined or refused payment).
 */
export const errorResultSchema = z
  .union([
    z.string(),
    z.array(fieldIssueSchema),
    z.object({ title: z.string(), description: z.string() }),
    z.looseObject({ message: z.string() }),
  ])
  .meta({ id: 'ErrorResult' });

const errorEnvelopes = new Map<number, z.ZodType>();
/** The error envelope of one HTTP status; one schema per status, so the document names it once. */
export function errorEnvelopeOf(status: number): z.ZodType {
  let schema = errorEnvelopes.get(status);
  if (!schema) {
    schema = z.object({ result: errorResultSchema, status: z.literal(status) }).meta({ id: `Error${status}` });
    errorEnvelopes.set(status, schema);
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------------------
// Storefront (api-types.ts)

export const imageRefSchema = z.object({ id: z.string() }).meta({ id: 'ImageRef' });
export const categoryRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'CategoryRef' });

const productShape = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  stars: z.number(),
  img: imageRefSchema.nullable(),
  img_id: z.string().nullable(),
  categories: z.array(categoryRefSchema),
  inventory_stock: z.boolean(),
  quantity_amount: z.number(),
  quantity_unit: z.string(),
  published: z.boolean(),
  apply_discount: z.boolean(),
  discount_unit: discountUnit,
  discount_amount: z.number(),
  apply_shipping: z.boolean(),
  updated_at: isoDateTime,
  stock_left: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Units left when few are (at or below the low-stock threshold); null otherwise.' }),
};
export const publicProductSchema = z.object(productShape).meta({ id: 'Product' });

const categoryShape = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  img: imageRefSchema.nullable(),
  img_id: z.string().nullable(),
  published: z.boolean(),
  updated_at: isoDateTime,
};
export const publicCategorySchema = z
  .object({ ...categoryShape, products: z.number().int().meta({ description: 'How many products it holds.' }) })
  .meta({ id: 'Category' });
export const categoryDetailSchema = z
  .object({ ...categoryShape, products: z.array(publicProductSchema) })
  .meta({ id: 'CategoryDetail' });

export const richTextNodeSchema: z.ZodType<RichTextNode> = z
  .looseObject({
    type: z.string(),
    version: z.number(),
    get children() {
      return z.array(richTextNodeSchema).optional();
    },
    text: z.string().optional(),
  })
  .meta({ id: 'RichTextNode' });
export const richTextValueSchema: z.ZodType<RichTextValue> = z
  .object({
    root: z.looseObject({ type: z.literal('root'), version: z.number(), children: z.array(richTextNodeSchema) }),
  })
  .meta({ id: 'RichText', description: 'A Lexical rich-text value; image nodes carry their ImageRef.' });

export const recipeProductSchema = z
  .object({
    ...productShape,
    unit_price: z.number().meta({ description: 'One unit after its discount.' }),
    recipe_quantity: z.number().int().min(1).meta({ description: 'How many of it the recipe uses.' }),
  })
  .meta({ id: 'RecipeProduct' });

export const recipeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    ingredients: z.array(z.string()),
    directions: z.array(z.string()),
    body: richTextValueSchema.nullable(),
    img: imageRefSchema.nullable(),
    created_at: isoDateTime,
    products: z.array(recipeProductSchema),
  })
  .meta({ id: 'Recipe' });

export const publicConfigSchema = z
  .object({
    currency_code: z.string(),
    payment_method: z.array(z.string()),
    payment_country: z.array(z.string()),
    shipment_amount: z.number(),
    shipment_method: z.string(),
    paypal: z.object({ client_id: z.string(), sdk_base_url: z.string().nullable(), env: z.string() }),
  })
  .meta({ id: 'PublicConfig' });

export const suggestionSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'Suggestion' });

export const shipmentAddressSchema = z
  .object({
    address_line_1: z.string(),
    address_line_2: z.string().nullish(),
    admin_area_1: z.string(),
    admin_area_2: z.string(),
    postal_code: z.string(),
    country_code: z.string(),
  })
  .meta({ id: 'ShipmentAddress' });

export const orderLineSchema = z
  .object({
    id: z.string(),
    product: z.string(),
    price: z.number(),
    quantity: z.number().int(),
    apply_discount: z.boolean(),
    discount_unit: discountUnit,
    discount_amount: z.number(),
  })
  .meta({ id: 'OrderLine' });

/** A coming market day an online order may be collected at (issue 32 §4). */
export const pickupDaySchema = z
  .object({ id: z.string(), place: z.string(), date: z.string(), opens_at: z.string(), closes_at: z.string() })
  .meta({ id: 'PickupDay' });

const publicOrderShape = {
  id: z.string(),
  number: z.string(),
  created_at: isoDateTime,
  status: orderStatus,
  payer_full_name: z.string(),
  payer_email_address: z.string(),
  shipment_full_name: z.string(),
  shipment_amount: z.number(),
  shipment_method: z.string(),
  shipment_address: shipmentAddressSchema,
  transaction_id: z.string(),
  transaction_status: z.string(),
  transaction_gross_amount: z.string(),
  transaction_refunded_amount: z.string(),
  refund_state: refundStateSchema,
  currency_code: z.string(),
  coordinates: z.tuple([z.number(), z.number()]).nullable(),
  products: z.array(orderLineSchema),
  coupon_code: z.string().nullable().optional(),
  coupon_discount: z.number().optional(),
  pickup_day_id: z.string().nullable().optional(),
  pickup: pickupDaySchema.nullable().optional(),
};
export const publicOrderSchema = z
  .object({
    ...publicOrderShape,
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    shipping_carrier: z.enum(SHIPPING_CARRIERS).nullable().optional(),
  })
  .meta({ id: 'PublicOrder' });

export const paymentReplySchema = z
  .object({
    status: z.enum(['CREATED', 'COMPLETED', 'PENDING']),
    id: z.string(),
    secret: z.string().optional(),
  })
  .meta({ id: 'PaymentReply' });

/** A created or deleted record, or an order found by its number. */
export const idResultSchema = z.object({ id: z.string() }).meta({ id: 'IdResult' });
export const confirmationResentSchema = z.object({ sent: z.literal(true) });
export const webhookReceiptSchema = z.object({ received: z.literal(true), order: z.string().nullable() });

// ---------------------------------------------------------------------------------------------------------
// Control centre (admin-api.ts, admin-catalog-api.ts)

export const adminSessionSchema = z
  .object({ id: z.string(), email: z.string(), firstname: z.string(), lastname: z.string() })
  .meta({ id: 'AdminSession' });
export const inviteCheckSchema = z.object({ email: z.string(), role: z.enum(USER_ROLES) }).meta({ id: 'InviteCheck' });

export const changelogSchema = z
  .object({
    id: z.string(),
    version: z.string(),
    title: z.string(),
    description: z.string(),
    body: richTextValueSchema.nullable(),
    date: isoDateTime,
    created_at: isoDateTime,
  })
  .meta({ id: 'Changelog' });

export const dashboardCountsSchema = z
  .object({
    sell: z.object({ current: z.number(), previous: z.number(), delta: z.number() }),
    orders: z.number().int(),
    notifications: z.number().int(),
    contacts: z.literal(0),
    changelogs: z.array(changelogSchema),
    low_stock: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          stock_quantity: z.number().int(),
          low_stock_threshold: z.number().int().nullable(),
        })
        .meta({ id: 'LowStockProduct' }),
    ),
  })
  .meta({ id: 'DashboardCounts' });

export const adminConfigReplySchema = z
  .object({
    shop: z.object({
      categories_order: z.array(z.string()),
      currency_code: z.string(),
      shipment_amount: z.number(),
      shipment_method: z.string(),
      admin_email: z.string(),
      shop_name: z.string(),
      shop_address: z.string(),
      tracking_url_template: z.string(),
      payment_method: z.array(z.string()),
      payment_country: z.array(z.string()),
    }),
    paypal_env: z.string(),
    constants: z.object({
      quantity_units: z.array(z.object({ value: z.string() })),
      discount_units: z.array(z.object({ value: z.string() })),
    }),
  })
  .meta({ id: 'AdminConfig' });

export const adminOrderListItemSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    created_at: isoDateTime,
    status: orderStatus,
    payer_full_name: z.string(),
    payer_email_address: z.string(),
    transaction_gross_amount: z.string(),
    transaction_status: z.string(),
    currency_code: z.string(),
    refund_state: refundStateSchema,
    channel: z.enum(ORDER_CHANNELS).optional(),
    payment_method: z.enum(ORDER_PAYMENT_METHODS).optional(),
  })
  .meta({ id: 'AdminOrderListItem' });

export const orderStatusChangeRecordSchema = z
  .object({
    from: orderStatus.nullable(),
    to: orderStatus,
    at: isoDateTime,
    by_id: z.string().nullable(),
    by: z.string(),
  })
  .meta({ id: 'OrderStatusChange' });

export const refundSchema = z
  .object({
    id: z.string(),
    amount: z.string(),
    currency_code: z.string(),
    reason: z.string(),
    status: z.enum(REFUND_STATUSES),
    source: z.enum(REFUND_SOURCES),
    created_at: isoDateTime,
    paypal_refund_id: z.string().nullable(),
    by: z.string(),
    internal_note: z.string().optional(),
  })
  .meta({ id: 'Refund' });

export const adminOrderSchema = z
  .object({
    ...publicOrderShape,
    transaction_paypal_fee: z.string(),
    transaction_net_amount: z.string(),
    history: z.array(orderStatusChangeRecordSchema),
    refunds: z.array(refundSchema),
    refundable_amount: z.string(),
    customer_id: z.string().nullable().optional(),
    restock: z
      .array(
        z.object({
          product_id: z.string(),
          product: z.string(),
          quantity: z.number().int(),
          restocked: z.number().int().nullable(),
        }),
      )
      .optional(),
    payment_alert: z.enum(PAYMENT_ALERTS).nullable().optional(),
    payment_alert_reason: z.string().nullable().optional(),
    transaction_reversed_amount: z.string().optional(),
    shipping_carrier: z.enum(SHIPPING_CARRIERS).nullable().optional(),
    tracking_url: z.string().nullable().optional(),
    channel: z.enum(ORDER_CHANNELS).optional(),
    payment_method: z.enum(ORDER_PAYMENT_METHODS).optional(),
    market_day_id: z.string().nullable().optional(),
  })
  .meta({ id: 'AdminOrder' });

const adminCustomerShape = {
  id: z.string(),
  name: z.string(),
  email: z.string(),
  orders_count: z.number().int(),
  total_spent: z.string(),
  currency_code: z.string(),
  first_order_at: isoDateTime,
  last_order_at: isoDateTime,
};
export const adminCustomerSchema = z.object(adminCustomerShape).meta({ id: 'AdminCustomer' });
export const adminCustomerDetailSchema = z
  .object({ ...adminCustomerShape, orders: z.array(adminOrderListItemSchema) })
  .meta({ id: 'AdminCustomerDetail' });

export const publicCouponSchema = z
  .object({
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    amount: z.number(),
    min_subtotal: z.number().nullable(),
  })
  .meta({ id: 'PublicCoupon' });

export const adminCouponSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    amount: z.number(),
    min_subtotal: z.number().nullable(),
    starts_at: isoDateTime.nullable(),
    ends_at: isoDateTime.nullable(),
    max_uses: z.number().int().nullable(),
    uses_count: z.number().int(),
    active: z.boolean(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'AdminCoupon' });

export const salesPointSchema = z.object({ x: z.string(), y: z.number() }).meta({ id: 'SalesPoint' });

const notificationShape = {
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(RECORD_STATUSES),
  updated_at: isoDateTime,
};
export const adminNotificationSchema = z
  .object({ ...notificationShape, created_at: isoDateTime })
  .meta({ id: 'Notification' });

export const adminNotificationReplySchema = z
  .object({
    id: z.string(),
    message: z.string(),
    by: z.string(),
    by_id: z.string().nullable(),
    created_at: isoDateTime,
    mail_sent: z.boolean(),
  })
  .meta({ id: 'NotificationReply' });

export const adminNotificationDetailSchema = z
  .object({ ...notificationShape, created_at: isoDateTime, replies: z.array(adminNotificationReplySchema) })
  .meta({ id: 'NotificationDetail' });

export const bulkOrderResultSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    ok: z.boolean(),
    from: orderStatus.nullable(),
    to: orderStatus,
    error: z.string().optional(),
  })
  .meta({ id: 'BulkOrderResult' });

export const orderEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(ORDER_EVENT_TYPES),
    at: isoDateTime,
    by: z.string(),
    by_id: z.string().nullable(),
    from: orderStatus.nullable(),
    to: orderStatus.nullable(),
    tracking_number: z.string().nullable(),
    note: z.string().nullable(),
    amount: z.string().nullable(),
  })
  .meta({ id: 'OrderEvent' });

export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: isoDateTime,
    by: z.string(),
    user_id: z.string().nullable(),
    collection: z.string(),
    record_id: z.string(),
    record_name: z.string().nullable(),
    operation: z.enum(AUDIT_OPERATIONS),
    changes: z.record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() })),
  })
  .meta({ id: 'AuditEntry' });

const publishedShape = { publish_at: isoDateTime.nullable(), created_at: isoDateTime };
export const adminProductSchema = z
  .object({
    ...productShape,
    ...publishedShape,
    stock_quantity: z.number().int().nullable(),
    low_stock_threshold: z.number().int().nullable(),
  })
  .meta({ id: 'AdminProduct' });
export const adminCategorySchema = z
  .object({ ...categoryShape, products: z.number().int(), ...publishedShape })
  .meta({ id: 'AdminCategory' });

export const adminAssetSchema = z
  .object({
    id: z.string(),
    created_at: isoDateTime,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    filesize: z.number().int().nullable(),
  })
  .meta({ id: 'Asset' });

export const adminUserSchema = z
  .object({
    id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    telephone: z.string().nullable(),
    role: z.enum(USER_ROLES),
    active: z.boolean(),
    invited: z.boolean(),
    last_access: isoDateTime.nullable(),
    updated_at: isoDateTime,
  })
  .meta({ id: 'User' });

export const salesRowSchema = z
  .object({
    id: z.string(),
    gross_amount: z.number(),
    refunded_amount: z.number().meta({ description: 'Refunds and reversals of those orders.' }),
    fee_amount: z.number().meta({ description: "PayPal's fees on their captures." }),
    sales_amount: z.number().meta({ description: 'gross − refunded.' }),
    net_amount: z.number().meta({ description: 'sales − fee.' }),
  })
  .meta({ id: 'SalesRow' });
export const categorySalesSchema = z
  .object({ id: z.string(), name: z.string(), value: z.number(), sales_amount: z.number() })
  .meta({ id: 'CategorySales' });
export const bestsellerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    img: imageRefSchema.nullable(),
    sells: z.number(),
    sales_amount: z.number(),
  })
  .meta({ id: 'Bestseller' });
export const mapPointSchema = z
  .object({ id: z.string(), coordinates: z.tuple([z.number(), z.number()]) })
  .meta({ id: 'MapPoint' });

export const adminRecipeProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    published: z.boolean(),
    inventory_stock: z.boolean(),
    quantity: z.number().int().min(1).meta({ description: 'How many of it the recipe uses.' }),
  })
  .meta({ id: 'AdminRecipeProduct' });
export const adminRecipeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(RECIPE_ADMIN_STATUSES),
    products: z.array(adminRecipeProductSchema),
    updated_at: isoDateTime,
  })
  .meta({ id: 'AdminRecipe' });

/** GET analytics/{type}: each type's rows. */
export const analyticsResultSchemas = {
  year: z.array(salesRowSchema),
  month: z.array(salesRowSchema),
  categories: z.array(categorySalesSchema),
  bestseller: z.array(bestsellerSchema),
  map: z.array(mapPointSchema),
  coupons: z.array(
    z
      .object({
        code: z.string(),
        orders: z.number().int().meta({ description: 'Paid uses: orders with the code not refunded in full.' }),
        refunded_orders: z.number().int().meta({ description: 'Orders with the code refunded in full.' }),
        discount_amount: z.number(),
        gross_amount: z.number(),
        refunded_amount: z.number(),
        sales_amount: z.number().meta({ description: 'gross − refunded.' }),
      })
      .meta({ id: 'CouponSales' }),
  ),
  channels: z.array(
    z
      .object({
        id: z.string().meta({ description: 'The month, "1".."12".' }),
        online_amount: z.number().meta({ description: 'Sales (gross − refunded) of the online orders.' }),
        market_amount: z.number().meta({ description: 'Sales of the market stall (cash and card).' }),
        market_cash_amount: z.number(),
        market_card_amount: z.number(),
      })
      .meta({ id: 'ChannelSalesRow' }),
  ),
  places: z.array(
    z
      .object({
        place: z.string(),
        days: z.number().int().meta({ description: 'Market days there with at least one sale.' }),
        sales_count: z.number().int(),
        sales_amount: z.number(),
        cash_amount: z.number(),
        card_amount: z.number(),
      })
      .meta({ id: 'PlaceSales' }),
  ),
} satisfies Record<AnalyticsType, z.ZodType>;

// ---------------------------------------------------------------------------------------------------------
// Each schema agrees with its interface both ways: type-checking fails when either side changes alone.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agrees<S extends z.ZodType, T> = Same<z.output<S>, T>;
type Expect<T extends true> = T;

export type ResponseContractChecks = [
  Expect<Agrees<typeof imageRefSchema, ImageRef>>,
  Expect<Agrees<typeof categoryRefSchema, CategoryRef>>,
  Expect<Agrees<typeof publicProductSchema, PublicProduct>>,
  Expect<Agrees<typeof publicCategorySchema, PublicCategory>>,
  Expect<Agrees<typeof categoryDetailSchema, CategoryDetail>>,
  Expect<Agrees<typeof recipeProductSchema, RecipeProduct>>,
  Expect<Agrees<typeof recipeSchema, Recipe>>,
  Expect<Agrees<typeof publicConfigSchema, PublicConfig>>,
  Expect<Agrees<typeof suggestionSchema, Suggestion>>,
  Expect<Agrees<typeof shipmentAddressSchema, ShipmentAddress>>,
  Expect<Agrees<typeof orderLineSchema, OrderLine>>,
  Expect<Agrees<typeof publicOrderSchema, PublicOrder>>,
  Expect<Agrees<typeof pickupDaySchema, PickupDay>>,
  Expect<Agrees<typeof publicCouponSchema, PublicCoupon>>,
  Expect<Agrees<typeof adminCouponSchema, AdminCoupon>>,
  Expect<Agrees<typeof paymentReplySchema, PaymentReply>>,
  Expect<Agrees<typeof adminSessionSchema, AdminSession>>,
  Expect<Agrees<typeof inviteCheckSchema, InviteCheck>>,
  Expect<Agrees<typeof changelogSchema, Changelog>>,
  Expect<Agrees<typeof dashboardCountsSchema, DashboardCounts>>,
  Expect<Agrees<typeof adminConfigReplySchema, AdminConfig>>,
  Expect<Agrees<typeof adminOrderListItemSchema, AdminOrderListItem>>,
  Expect<Agrees<typeof orderStatusChangeRecordSchema, OrderStatusChange>>,
  Expect<Agrees<typeof adminOrderSchema, AdminOrder>>,
  Expect<Agrees<typeof refundSchema, Refund>>,
  Expect<Agrees<typeof adminCustomerSchema, AdminCustomer>>,
  Expect<Agrees<typeof adminCustomerDetailSchema, AdminCustomerDetail>>,
  Expect<Agrees<typeof salesPointSchema, SalesPoint>>,
  Expect<Agrees<typeof adminNotificationSchema, AdminNotification>>,
  Expect<Same<Omit<z.output<typeof adminNotificationSchema>, 'created_at'>, Notification>>,
  Expect<Agrees<typeof adminNotificationReplySchema, NotificationReply>>,
  Expect<Agrees<typeof adminNotificationDetailSchema, AdminNotificationDetail>>,
  Expect<Agrees<typeof bulkOrderResultSchema, BulkOrderResult>>,
  Expect<Agrees<typeof orderEventSchema, OrderEvent>>,
  Expect<Agrees<typeof auditEntrySchema, AuditEntry>>,
  Expect<Agrees<typeof adminProductSchema, AdminProduct>>,
  Expect<Agrees<typeof adminCategorySchema, AdminCategory>>,
  Expect<Agrees<typeof adminAssetSchema, AdminAsset>>,
  Expect<Agrees<typeof adminUserSchema, AdminUser>>,
  Expect<Agrees<typeof adminRecipeProductSchema, AdminRecipeProduct>>,
  Expect<Agrees<typeof adminRecipeSchema, AdminRecipe>>,
  Expect<Agrees<typeof salesRowSchema, SalesRow>>,
  Expect<Agrees<typeof categorySalesSchema, CategorySales>>,
  Expect<Agrees<typeof bestsellerSchema, Bestseller>>,
  Expect<Agrees<typeof mapPointSchema, MapPoint>>,
  Expect<Same<{ [K in AnalyticsType]: z.output<(typeof analyticsResultSchemas)[K]> }, AnalyticsResults>>,
];
