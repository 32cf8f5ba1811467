import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { MESSAGES } from '@shop/shared';
import { env } from './env';
import { sendEnvelope } from './express-helpers';

/**
 * Per-IP limits for what a shopper can send. Counters live in process memory; several app instances would
 * move them to a shared store (see DESIGN.md, scale-out).
 */
export function createRateLimiters(): Record<
  'contact' | 'orderLookup' | 'payment' | 'capture' | 'webhook',
  RequestHandler
> {
  const limited: RequestHandler = (_req, res) => sendEnvelope(res, MESSAGES.rateLimited, 429);
  return {
    contact: rateLimit({
      windowMs: 10 * 60 * 1000,
      limit: env.contactRateLimit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: limited,
    }),
    // Each create opens an order at PayPal: a script must not be able to open thousands.
    payment: rateLimit({
      windowMs: 60 * 1000,
      limit: Number(process.env.PAYMENT_RATE_LIMIT ?? 30),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: limited,
    }),
    // Same budget as create, counted apart: a shopper who retries a capture must not be stopped by their create.
    capture: rateLimit({
      windowMs: 60 * 1000,
      limit: Number(process.env.PAYMENT_RATE_LIMIT ?? 30),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: limited,
    }),
    // PayPal sends a few webhooks per order; a flood from one address is not PayPal.
    webhook: rateLimit({
      windowMs: 60 * 1000,
      limit: Number(process.env.WEBHOOK_RATE_LIMIT ?? 120),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: limited,
    }),
    orderLookup: rateLimit({
      windowMs: 60 * 1000,
      limit: Number(process.env.ORDER_LOOKUP_RATE_LIMIT ?? 20),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: limited,
    }),
  };
}
