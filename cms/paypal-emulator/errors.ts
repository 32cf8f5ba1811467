/**
 * PayPal's error answers: the names, messages and issue descriptions, word for word from its documents.
 */
import type { Response } from 'express';
import type { PayPalErrorDetail, PayPalLink } from '../services/paypal/types';
import { newDebugId } from './ids';

const MESSAGES = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  VALIDATION_ERROR: 'Invalid request - see details',
  INTERNAL_SERVER_ERROR: 'An internal server error occurred.',
} as const;

/**
 * PayPal's descriptions, word for word from the vendored documents (paypal-specs/: the create order's 400 and
 * 422 lists, the order capture's and the refund's 422 lists); spec-conformance.test.ts holds them to it.
 */
const ISSUE_TEXT: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required parameter is missing.',
  INVALID_PARAMETER_VALUE: 'A parameter value is not valid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  REFERENCE_ID_REQUIRED:
    "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: '`reference_id` must be unique if multiple `purchase_unit` are provided.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  INVALID_CURRENCY_CODE:
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
  MULTI_CURRENCY_ORDER:
    'Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_NEGATIVE:
    'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  TAX_TOTAL_REQUIRED:
    'If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required.',
  TAX_TOTAL_MISMATCH: 'Should equal sum of (tax * quantity) across all items for a given purchase_unit.',
  AMOUNT_MISMATCH:
    'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  CAPTURE_NOT_PENDING: 'Emulator: only a PENDING capture can be completed.',
  // Payments v2 refund issues (PayPal's wording where PayPal publishes one).
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture',
  PENDING_CAPTURE:
    'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.',
  REFUND_NOT_ALLOWED: 'Capture cannot be refunded.',
  REFUND_NOT_PENDING: 'Emulator: only a PENDING refund can be completed.',
};

export const detail = (
  issue: string,
  field?: string,
  location: PayPalErrorDetail['location'] = 'body',
  value?: string,
): PayPalErrorDetail => ({
  ...(field ? { field } : {}),
  ...(value !== undefined ? { value } : {}),
  ...(field ? { location } : {}),
  issue,
  description: ISSUE_TEXT[issue] ?? issue,
});

export function sendError(
  res: Response,
  status: number,
  name: keyof typeof MESSAGES,
  details?: PayPalErrorDetail[],
  docs: 'orders' | 'payments' = 'orders',
): void {
  const debugId = String(res.getHeader('paypal-debug-id') ?? newDebugId());
  const links: PayPalLink[] =
    details && details[0]
      ? [
          {
            href: `https://developer.paypal.com/docs/api/${docs}/v2/#error-${details[0].issue}`,
            rel: 'information_link',
            method: 'GET',
          },
        ]
      : [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }];
  res.status(status).json({
    name,
    ...(details ? { details } : {}),
    message: MESSAGES[name],
    ...(name === 'AUTHENTICATION_FAILURE' ? {} : { debug_id: debugId }),
    links,
  });
}

export const notFound = (res: Response, location: 'path' = 'path') =>
  sendError(res, 404, 'RESOURCE_NOT_FOUND', [detail('INVALID_RESOURCE_ID', undefined, location)]);
