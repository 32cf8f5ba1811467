import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY } from './enums';

/** Money is computed in whole cents so that sums of many lines never drift. */
export const toCents = (amount: number): number => Math.round(amount * 100 + Number.EPSILON * Math.sign(amount));
export const fromCents = (cents: number): number => cents / 100;
export const roundToCents = (amount: number): number => fromCents(toCents(amount));

export function currencySymbol(code: string | null | undefined): string {
  if (code && code in CURRENCIES) return CURRENCIES[code as CurrencyCode];
  return CURRENCIES[DEFAULT_CURRENCY];
}

/** The minus sign of typography (U+2212), not the hyphen. */
export const MINUS_SIGN = '\u2212';

/**
 * "$12.50": prices and sums always show two decimals with the config's currency symbol. Negative money is
 * written one way everywhere (issue 30), the minus sign before the symbol: "−$2.93", never "$-2.93"; an amount
 * that rounds to zero is "$0.00", never "−$0.00".
 */
export function formatMoney(amount: number | string | null | undefined, currencyCode?: string | null): string {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : (amount ?? 0);
  const rounded = roundToCents(Number.isFinite(value) ? value : 0);
  const sign = rounded < 0 ? MINUS_SIGN : '';
  return `${sign}${currencySymbol(currencyCode)}${Math.abs(rounded).toFixed(2)}`;
}

/** PayPal wants amounts as strings with exactly two decimals. */
export const toAmountString = (amount: number): string => roundToCents(amount).toFixed(2);
