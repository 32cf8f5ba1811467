import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY } from './enums';

/** Money is computed in whole cents so that sums of many lines never drift. */
export const toCents = (amount: number): number => Math.round(amount * 100 + Number.EPSILON * Math.sign(amount));
export const fromCents = (cents: number): number => cents / 100;
export const roundToCents = (amount: number): number => fromCents(toCents(amount));

export function currencySymbol(code: string | null | undefined): string {
  if (code && code in CURRENCIES) return CURRENCIES[code as CurrencyCode];
  return CURRENCIES[DEFAULT_CURRENCY];
}

/** "$12.50": prices and dashboard sums always show two decimals with the config's currency symbol. */
export function formatMoney(amount: number | string | null | undefined, currencyCode?: string | null): string {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : (amount ?? 0);
  const safe = Number.isFinite(value) ? value : 0;
  return `${currencySymbol(currencyCode)}${roundToCents(safe).toFixed(2)}`;
}

/** PayPal wants amounts as strings with exactly two decimals. */
export const toAmountString = (amount: number): string => roundToCents(amount).toFixed(2);
