/**
 * Enumerations of SPEC §3 with the display texts and tag colours of SPEC §4.
 * Both the server (Payload select options, zod) and the SPA (tags, filters) read them from here.
 */

export const ORDER_STATUSES = ['NEW', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'COMPLETED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_DISPLAY: Record<OrderStatus, { text: string; color: string }> = {
  NEW: { text: 'Order Received', color: 'blue' },
  PROCESSING: { text: 'Order Processing', color: 'yellow' },
  SHIPPED: { text: 'Shipped to destination address', color: 'cyan' },
  DELIVERED: { text: 'Delivered to destination address', color: 'cyan' },
  CANCELLED: { text: 'Order Cancelled', color: 'red' },
  COMPLETED: { text: 'Order Completed', color: 'green' },
};

export const OPEN_ORDER_STATUSES = [
  'NEW',
  'PROCESSING',
  'SHIPPED',
  'DELIVERED',
] as const satisfies readonly OrderStatus[];
export const ARCHIVE_ORDER_STATUSES = ['COMPLETED', 'CANCELLED'] as const satisfies readonly OrderStatus[];
/** The admin selector never offers NEW: opening a new order moves it to PROCESSING (SPEC §4). */
export const ADMIN_SETTABLE_ORDER_STATUSES = [
  'PROCESSING',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'COMPLETED',
] as const satisfies readonly OrderStatus[];

export const NOTIFICATION_TYPES = ['contact', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_COLORS: Record<NotificationType, string> = { info: 'blue', contact: 'volcano' };

export const RECORD_STATUSES = ['new', 'read', 'resolved', 'approved', 'deleted'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_COLORS: Record<RecordStatus, string> = {
  approved: 'green',
  new: 'blue',
  resolved: 'green',
  deleted: 'red',
  read: 'cyan',
};

export const PAYMENT_METHODS = [
  'applepay',
  'bancontact',
  'blik',
  'boleto',
  'card',
  'credit',
  'eps',
  'giropay',
  'ideal',
  'itau',
  'maxima',
  'mercadopago',
  'multiblanco',
  'mybank',
  'oxxo',
  'p24',
  'paylater',
  'paypal',
  'payu',
  'sepa',
  'sofort',
  'trustly',
  'venmo',
  'verkkopankki',
  'wechatpay',
  'zimpler',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const REGIONS = ['US', 'EU', 'CA'] as const;
export type Region = (typeof REGIONS)[number];

export const CURRENCIES = { USD: '$', EUR: '€' } as const;
export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export const ENVIRONMENTS = ['development', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Discount units as stored: '%' takes a percentage of the price, 'CASH' subtracts an amount. */
export const DISCOUNT_UNITS = ['%', 'CASH'] as const;
export type DiscountUnit = (typeof DISCOUNT_UNITS)[number];
export const PERCENT_UNIT: DiscountUnit = '%';
export const CASH_UNIT: DiscountUnit = 'CASH';

export const QUANTITY_UNITS = ['Ml', 'L', 'Oz', 'g', 'Kg', 'Lb', 'Pcs'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
/** The product form starts on Ml; an empty unit on submit falls back to Oz (SPEC §4, §5). */
export const DEFAULT_FORM_QUANTITY_UNIT: QuantityUnit = 'Ml';
export const FALLBACK_QUANTITY_UNIT: QuantityUnit = 'Oz';

/**
 * CREATED → CAPTURING (the shop asked PayPal to capture) → CAPTURED (PayPal took the money; the record holds
 * what the order is made from) → COMPLETED (the order exists). ABANDONED: never captured, and PayPal no
 * longer holds it.
 */
export const PAYMENT_STATUSES = [
  'COMPLETED',
  'CREATED',
  'CAPTURING',
  'CAPTURED',
  'ABANDONED',
  'DECLINED',
  'PARTIALLY_REFUNDED',
  'PENDING',
  'REFUNDED',
  'FAILED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Payment statuses as a person reads them (issue 30 §1): the shop's own (PAYMENT_STATUSES) and PayPal's capture
 * statuses an order keeps in transaction_status. Every screen, file and mail writes them through
 * paymentStatusText, never raw ("Partially refunded", not PARTIALLY_REFUNDED).
 */
export const PAYMENT_STATUS_TEXT: Record<PaymentStatus | 'REVERSED', string> = {
  COMPLETED: 'Completed',
  CREATED: 'Created',
  CAPTURING: 'Being captured',
  CAPTURED: 'Captured',
  ABANDONED: 'Abandoned',
  DECLINED: 'Declined',
  PARTIALLY_REFUNDED: 'Partially refunded',
  PENDING: 'Pending',
  REFUNDED: 'Refunded',
  FAILED: 'Failed',
  REVERSED: 'Reversed',
};

/**
 * The words for a stored payment status, whatever its case; one the table does not know (PayPal may add one) is
 * still written as words ("SOME_NEW_STATE" → "Some new state"); empty stays empty.
 */
export function paymentStatusText(status: string | null | undefined): string {
  const key = (status ?? '').trim().toUpperCase();
  if (!key) return '';
  if (Object.hasOwn(PAYMENT_STATUS_TEXT, key)) return PAYMENT_STATUS_TEXT[key as keyof typeof PAYMENT_STATUS_TEXT];
  const words = key
    .replace(/[_\s-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const ANALYTICS_TYPES = [
  'year',
  'month',
  'categories',
  'bestseller',
  'map',
  'coupons',
  'channels',
  'places',
] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];

/** Where an order was made (issue 32): the online shop, or a sale at the market stall. */
export const ORDER_CHANNELS = ['online', 'market'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** How it was paid: through PayPal online; cash or the family's own card reader at the stall. */
export const ORDER_PAYMENT_METHODS = ['paypal', 'cash', 'card'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
