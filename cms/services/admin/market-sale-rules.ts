/**
 * Issue 32: a sale at the market stall is an order (channel `market`) that was paid in cash or by card at the
 * stall and handed over there. What the online orders do through PayPal and the post makes no sense for it; every
 * door that would do it answers 409 with these words.
 */

export const isMarketSale = (doc: Record<string, unknown>): boolean => doc.channel === 'market';

export const MARKET_SALE_NO_REFUND =
  'This is a sale at the market stall, paid in cash or by card there: PayPal has nothing to refund. Give the money back at the stall.';

export const MARKET_SALE_NO_STATUS_CHANGE =
  'This is a sale at the market stall: the goods were handed over and paid there, so it stays Completed (there is nothing to ship or cancel).';

export const MARKET_SALE_NO_CONFIRMATION =
  'This is a sale at the market stall: there is no order confirmation to send for it.';
