import type { RichTextValue } from './rich-text';
import type { ShippingCarrier } from './tracking';
import { z } from 'zod';
import { limitParam, pageParam } from './schema-parts';
import type { DiscountUnit, NotificationType, OrderStatus, RecordStatus } from './enums';
import type { RefundState } from './ledger';
import type { PickupDay } from './market-api';

/** Every reply of /api/v2 (SPEC §7): HTTP status equals `status`. */
export interface Envelope<T> {
  result: T;
  status: number;
  pagination?: { count: number; page?: number; limit?: number };
}

export interface ImageRef {
  id: string;
}

export interface CategoryRef {
  id: string;
  name: string;
}

export interface PublicProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  stars: number;
  img: ImageRef | null;
  img_id: string | null;
  categories: CategoryRef[];
  inventory_stock: boolean;
  quantity_amount: number;
  quantity_unit: string;
  published: boolean;
  apply_discount: boolean;
  discount_unit: DiscountUnit;
  discount_amount: number;
  apply_shipping: boolean;
  updated_at: string;
  /** Units left when few are (a counted product at or below its low-stock threshold); null otherwise. */
  stock_left: number | null;
}

export interface PublicCategory {
  id: string;
  name: string;
  description: string;
  img: ImageRef | null;
  img_id: string | null;
  /** A count in listings. */
  products: number;
  published: boolean;
  updated_at: string;
}

export interface CategoryDetail extends Omit<PublicCategory, 'products'> {
  products: PublicProduct[];
}

export interface Recipe {
  id: string;
  name: string;
  description: string;
  ingredients: string[];
  directions: string[];
  /** The recipe's rich-text method (Lexical JSON); image nodes carry their ImageRef. */
  body: RichTextValue | null;
  img: ImageRef | null;
  created_at: string;
  /** The shop's products the recipe uses, in the editor's order: published ones only. */
  products: RecipeProduct[];
}

/**
 * A product a recipe uses: the storefront's product card fields, plus what one unit sells for after its
 * discount (shared pricing, the cart's own rule), for clients that do not price products themselves.
 */
export interface RecipeProduct extends PublicProduct {
  unit_price: number;
  /** How many of it the recipe uses: what "Add all to cart" adds (1 for lists saved before quantities). */
  recipe_quantity: number;
}

export interface PublicConfig {
  currency_code: string;
  payment_method: string[];
  payment_country: string[];
  shipment_amount: number;
  shipment_method: string;
  /** Where the storefront loads the PayPal JS SDK from, and with which client id. */
  paypal: { client_id: string; sdk_base_url: string | null; env: string };
}

/** A search-box suggestion: the product's name, and its id so that picking it opens the product. */
export interface Suggestion {
  id: string;
  name: string;
}

export interface ShipmentAddress {
  address_line_1: string;
  address_line_2?: string | null;
  admin_area_1: string;
  admin_area_2: string;
  postal_code: string;
  country_code: string;
}

export interface OrderLine {
  id: string;
  product: string;
  price: number;
  quantity: number;
  apply_discount: boolean;
  discount_unit: DiscountUnit;
  discount_amount: number;
}

export interface Order {
  id: string;
  number: string;
  created_at: string;
  status: OrderStatus;
  payer_full_name: string;
  payer_email_address: string;
  shipment_full_name: string;
  shipment_amount: number;
  shipment_method: string;
  shipment_address: ShipmentAddress;
  transaction_id: string;
  transaction_status: string;
  transaction_gross_amount: string;
  transaction_paypal_fee: string;
  transaction_net_amount: string;
  /** What has been returned to the payer so far (numeric string, "0.00" when nothing). */
  transaction_refunded_amount: string;
  /** How much of the gross went back, refunds and reversals together (ledger.ts refundState). */
  refund_state: RefundState;
  currency_code: string;
  coordinates: [number, number] | null;
  products: OrderLine[];
  /** The discount code the order was paid with (issue 24 §3), null without one. */
  coupon_code?: string | null;
  /** What the code took off the goods (0 without one). */
  coupon_discount?: number;
  /** Issue 32 §4: the market day the shopper collects the order at instead of a parcel; null: shipped. */
  pickup_day_id?: string | null;
  /** That day's place, date and hours, on the shopper's order page (GET orders/{id}); null when shipped. */
  pickup?: PickupDay | null;
}

export interface Notification {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  telephone: string | null;
  title: string;
  message: string;
  type: NotificationType;
  status: RecordStatus;
  updated_at: string;
}

// ---- request schemas (zod), validated on the server and reused by the SPA's forms ----

/** Strings must be plain strings: an operator object like {"$ne": null} never passes. */
const text = (max: number) => z.string().trim().min(1).max(max);

export const contactSchema = z.strictObject({
  firstname: text(100),
  lastname: text(100),
  email: z.string().trim().max(200).pipe(z.email()),
  telephone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+()\d\s.-]*$/, 'Only digits, spaces and + ( ) . - are allowed')
    .nullish()
    .transform((v) => (v ? v : null)),
  title: text(200),
  message: text(5000),
});
export type ContactInput = z.input<typeof contactSchema>;

export const listQuerySchema = z.strictObject({
  search: z.string().max(100).optional(),
  page: pageParam.optional(),
  limit: limitParam(100).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export const suggestionsQuerySchema = z.strictObject({ search: z.string().max(100).optional() });

/** Opaque id: uuid on SQLite, ObjectId on MongoDB; the client never parses it. */
export const idSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id');

export const cartShowQuerySchema = z.strictObject({
  products: z.array(idSchema).max(100).default([]),
});

export const cartItemSchema = z.strictObject({
  id: idSchema,
  quantity: z.number().int().min(1).max(999),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.array(cartItemSchema).max(100);

/**
 * What a shopper sees of an order: no PayPal fee or net amount, which are the shop's business; and the parcel,
 * from the order's latest change to SHIPPED.
 */
export interface PublicOrder extends Omit<Order, 'transaction_paypal_fee' | 'transaction_net_amount'> {
  /** The carrier's tracking number given when the order was marked shipped; null before, or without one. */
  tracking_number: string | null;
  /** Where to follow the parcel (the carrier's page, or the shop's link template); null when unknown. */
  tracking_url: string | null;
  /** The carrier the family chose when shipping (issue 31 §12); null when none was chosen. */
  shipping_carrier?: ShippingCarrier | null;
}

/** Order numbers are typed by people: case, spaces and dashes do not matter. */
export const normalizeOrderNumber = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '');
export const orderNumberSchema = z
  .string()
  .max(40)
  .transform(normalizeOrderNumber)
  .pipe(z.string().regex(/^[A-Z0-9]{4,20}$/, 'Invalid order number'));

export const paymentCreateSchema = z.strictObject({
  products: z.array(cartItemSchema).min(1).max(100),
  /** A discount code (issue 24 §3), matched whatever its case; null or absent: none. */
  coupon_code: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  /**
   * Pick up at the market (issue 32 §4): one of GET market/pickup-days' days instead of shipping. The order is
   * priced without the shipping fee and PayPal asks for no address; null or absent: shipped.
   */
  pickup_day_id: idSchema.nullish(),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

/** The created-payment data the client stored ({id, status}) plus the PayPal order id it approved. */
export const paymentCaptureSchema = z.strictObject({
  orderId: z.string().regex(/^[A-Za-z0-9-]{6,64}$/, 'Invalid PayPal order id'),
  id: z.string().max(64).optional(),
  status: z.string().max(20).optional(),
  /** The secret payments/create handed to this browser: without it nobody learns anything about the payment. */
  secret: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid payment secret'),
});
export type PaymentCaptureInput = z.input<typeof paymentCaptureSchema>;

export interface PaymentReply {
  status: 'CREATED' | 'COMPLETED' | 'PENDING';
  id: string;
  /** Only from payments/create: sent back with the capture as the browser's proof. */
  secret?: string;
}

/**
 * GET coupons/{code}: the terms of a code the cart may use now (it prices them with the shared rules). A code
 * that cannot be used answers 400 with the reason.
 */
export interface PublicCoupon {
  code: string;
  kind: 'percent' | 'cash';
  amount: number;
  min_subtotal: number | null;
}
