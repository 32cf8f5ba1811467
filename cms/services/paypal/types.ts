/**
 * The subset of PayPal's Orders v2 / Payments v2 / Notifications v1 REST shapes that the shop uses.
 * Field names are PayPal's own (snake_case). Optional fields are those PayPal may omit.
 * Reference: https://developer.paypal.com/docs/api/orders/v2/
 */

/** A money amount; `value` is a decimal string ("12.50"), never a number. */
export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalAmountBreakdown {
  item_total?: PayPalMoney;
  shipping?: PayPalMoney;
  handling?: PayPalMoney;
  tax_total?: PayPalMoney;
  insurance?: PayPalMoney;
  shipping_discount?: PayPalMoney;
  discount?: PayPalMoney;
}

export interface PayPalAmountWithBreakdown extends PayPalMoney {
  breakdown?: PayPalAmountBreakdown;
}

export interface PayPalItem {
  name: string;
  unit_amount: PayPalMoney;
  /** Whole number as a string ("2"). */
  quantity: string;
  sku?: string;
  description?: string;
  category?: 'DIGITAL_GOODS' | 'PHYSICAL_GOODS' | 'DONATION';
  tax?: PayPalMoney;
}

export interface PayPalName {
  given_name?: string;
  surname?: string;
}

export interface PayPalAddress {
  address_line_1?: string;
  address_line_2?: string;
  /** State / province (e.g. "CA"). */
  admin_area_1?: string;
  /** City. */
  admin_area_2?: string;
  postal_code?: string;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
}

export interface PayPalShipping {
  type?: 'SHIPPING' | 'PICKUP_IN_PERSON';
  name?: { full_name: string };
  address?: PayPalAddress;
}

export type PayPalShippingPreference = 'GET_FROM_FILE' | 'NO_SHIPPING' | 'SET_PROVIDED_ADDRESS';

export interface PayPalExperienceContext {
  brand_name?: string;
  locale?: string;
  shipping_preference?: PayPalShippingPreference;
  user_action?: 'CONTINUE' | 'PAY_NOW';
  return_url?: string;
  cancel_url?: string;
}

export interface PayPalPurchaseUnitRequest {
  reference_id?: string;
  description?: string;
  /** Merchant's own reference, echoed back on captures and webhooks (≤127 chars). */
  custom_id?: string;
  /** Merchant's invoice number; PayPal rejects a reused one (DUPLICATE_INVOICE_ID) on live accounts. */
  invoice_id?: string;
  soft_descriptor?: string;
  amount: PayPalAmountWithBreakdown;
  items?: PayPalItem[];
  shipping?: PayPalShipping;
}

export interface PayPalCreateOrderRequest {
  intent: 'CAPTURE';
  purchase_units: PayPalPurchaseUnitRequest[];
  payment_source?: { paypal?: { experience_context?: PayPalExperienceContext } };
  /** Deprecated by PayPal in favour of payment_source.paypal.experience_context, still accepted. */
  application_context?: PayPalExperienceContext;
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'HEAD' | 'CONNECT' | 'OPTIONS';
}

export type PayPalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export type PayPalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PayPalSellerReceivableBreakdown {
  gross_amount: PayPalMoney;
  paypal_fee?: PayPalMoney;
  net_amount?: PayPalMoney;
}

export interface PayPalCapture {
  id: string;
  status: PayPalCaptureStatus;
  /** Present when status is PENDING (e.g. reason PENDING_REVIEW, ECHECK) or DECLINED. */
  status_details?: { reason: string };
  amount: PayPalMoney;
  final_capture?: boolean;
  custom_id?: string;
  invoice_id?: string;
  seller_protection?: { status: string; dispute_categories?: string[] };
  /** Absent on a DECLINED capture. */
  seller_receivable_breakdown?: PayPalSellerReceivableBreakdown;
  links?: PayPalLink[];
  create_time: string;
  update_time?: string;
  /** Only on webhook resources: the order the capture belongs to. */
  supplementary_data?: { related_ids: { order_id: string } };
}

export type PayPalRefundStatus = 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED';

/**
 * What the merchant pays back: paypal_fee is the part of the capture's fee PayPal gives back (the percentage
 * part in proportion; it keeps the fixed part), net_amount = gross_amount − paypal_fee leaves the balance.
 */
export interface PayPalSellerPayableBreakdown {
  gross_amount: PayPalMoney;
  paypal_fee: PayPalMoney;
  net_amount: PayPalMoney;
  /** Every completed refund of the capture so far. */
  total_refunded_amount: PayPalMoney;
}

/** A refund of a capture (Payments v2: POST /v2/payments/captures/{id}/refund, GET /v2/payments/refunds/{id}). */
export interface PayPalRefund {
  id: string;
  status: PayPalRefundStatus;
  /** Present when status is PENDING (e.g. reason ECHECK) or FAILED. */
  status_details?: { reason: string };
  amount: PayPalMoney;
  note_to_payer?: string;
  invoice_id?: string;
  custom_id?: string;
  seller_payable_breakdown?: PayPalSellerPayableBreakdown;
  /** The merchant who paid the money back (Payments v2 calls it `payer` on a refund). */
  payer?: { email_address?: string; merchant_id?: string };
  create_time: string;
  update_time: string;
  /** self → /v2/payments/refunds/{id}, up → /v2/payments/captures/{capture_id}. */
  links: PayPalLink[];
}

/** Body of POST /v2/payments/captures/{id}/refund; without `amount` PayPal refunds all not yet refunded. */
export interface PayPalRefundRequest {
  amount?: PayPalMoney;
  /** ≤ 255 characters, shown to the buyer. */
  note_to_payer?: string;
  invoice_id?: string;
  custom_id?: string;
}

export interface PayPalPurchaseUnit extends PayPalPurchaseUnitRequest {
  reference_id: string;
  payee?: { email_address?: string; merchant_id?: string };
  /** `refunds`: the refunds of this unit's captures, as Orders v2 GET shows them. */
  payments?: { captures?: PayPalCapture[]; refunds?: PayPalRefund[] };
}

export interface PayPalPayer {
  name?: PayPalName;
  email_address?: string;
  /** PayPal account id of the buyer (13 uppercase alphanumerics). */
  payer_id?: string;
  address?: PayPalAddress;
}

export interface PayPalOrder {
  id: string;
  status: PayPalOrderStatus;
  intent?: 'CAPTURE' | 'AUTHORIZE';
  payment_source?: {
    paypal?: {
      email_address?: string;
      account_id?: string;
      account_status?: 'VERIFIED' | 'UNVERIFIED';
      name?: PayPalName;
      address?: PayPalAddress;
    };
  };
  purchase_units?: PayPalPurchaseUnit[];
  payer?: PayPalPayer;
  create_time?: string;
  update_time?: string;
  links?: PayPalLink[];
}

export interface PayPalErrorDetail {
  issue: string;
  description?: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
}

/** PayPal's REST error body. */
export interface PayPalErrorBody {
  name: string;
  message: string;
  debug_id?: string;
  details?: PayPalErrorDetail[];
  links?: PayPalLink[];
}

/** OAuth2 error body from /v1/oauth2/token (a different shape from the REST errors). */
export interface PayPalOAuthErrorBody {
  error: string;
  error_description?: string;
}

export interface PayPalTokenResponse {
  scope: string;
  access_token: string;
  token_type: 'Bearer';
  app_id: string;
  /** Seconds. */
  expires_in: number;
  nonce: string;
}

export interface PayPalWebhookEvent<R = PayPalCapture> {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: R;
  links?: PayPalLink[];
}

/** Body of POST /v1/notifications/verify-webhook-signature; the first five come from the webhook's headers. */
export interface PayPalVerifyWebhookSignatureRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  /** The id of the webhook as registered with PayPal (PAYPAL_WEBHOOK_ID), not the event id. */
  webhook_id: string;
  webhook_event: unknown;
}

export interface PayPalVerifyWebhookSignatureResponse {
  verification_status: 'SUCCESS' | 'FAILURE';
}

/** The webhook headers PayPal sends (lower-case, as Node delivers them). */
export interface PayPalWebhookHeaders {
  'paypal-auth-algo': string;
  'paypal-cert-url': string;
  'paypal-transmission-id': string;
  'paypal-transmission-sig': string;
  'paypal-transmission-time': string;
}
