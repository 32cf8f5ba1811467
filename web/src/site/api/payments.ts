import type { PaymentCaptureInput, PaymentCreateInput, PaymentReply } from '@shop/shared';
import { apiGet, apiPost } from '../../lib/api';

/** What payments/create answers on 400 when a cart line cannot be sold any more. */
export interface PaymentCreateRefusal {
  message?: string;
  unavailable?: string[];
}

/** What payments/capture answers on 400 when PayPal's shipping address is outside the shop's countries. */
export interface PaymentCaptureRefusal {
  message?: string;
  country?: string;
}

/**
 * Creates the PayPal order for the cart. Only ids and quantities leave the browser: the server prices the
 * cart itself (DESIGN "Payments"). 201 {status: 'CREATED', id}; 400 {message, unavailable[]}.
 */
export const createPayment = (body: PaymentCreateInput) =>
  apiPost<PaymentReply | PaymentCreateRefusal | null>('payments/create', body);

/**
 * Captures the approved PayPal order: the stored created-payment data plus the approved orderId.
 * 200 {status: 'COMPLETED', id: shop order id}; 202 {status: 'PENDING', id: PayPal order id}; 4xx/5xx failure.
 */
export const capturePayment = (body: PaymentCaptureInput) =>
  apiPost<PaymentReply | PaymentCaptureRefusal | null>('payments/capture', body);

/** Sends the order confirmation email again: 200 {sent: true}; 429 within a minute of the last one. */
export const resendConfirmation = (orderId: string) =>
  apiGet<{ sent: boolean } | null>(`payments/resend/${encodeURIComponent(orderId)}`);
