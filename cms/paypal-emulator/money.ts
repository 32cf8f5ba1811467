/**
 * PayPal's money: currencies and their decimals, minor units, and the emulator's fee schedule.
 */
import type { PayPalMoney } from '../services/paypal/types';

/** PayPal's supported currencies; these three have no decimals. */
export const CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(' '),
);
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
export const decimalsOf = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/** "12.5" → 1250 (minor units). Only call on values that passed validation. */
export function toMinor(value: string, currency: string): number {
  const d = decimalsOf(currency);
  const negative = value.startsWith('-');
  const [int, frac = ''] = value.replace(/^-/, '').split('.');
  const minor = Number(int || '0') * 10 ** d + Number((frac + '00').slice(0, d) || '0');
  return negative ? -minor : minor;
}
export function fromMinor(minor: number, currency: string): string {
  const d = decimalsOf(currency);
  if (d === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
export const money = (currency: string, minor: number): PayPalMoney => ({
  currency_code: currency,
  value: fromMinor(minor, currency),
});

/** The emulator's fee schedule: 3.49 % + 0.49 (in the capture's currency), rounded to the minor unit. */
export function paypalFeeMinor(grossMinor: number, currency: string): number {
  return Math.round((grossMinor * 349) / 10_000) + (decimalsOf(currency) === 2 ? 49 : 0);
}
/**
 * The fee a refund of `refundMinor` gives back when `earlierMinor` of the capture was refunded before: like
 * PayPal, the percentage part in proportion to the amount refunded, never the fixed 0.49. Worked out on the
 * running total, so the parts of a capture refunded piece by piece add up to the percentage of the whole.
 */
export function refundedFeeMinor(earlierMinor: number, refundMinor: number): number {
  const percentOf = (minor: number) => Math.round((minor * 349) / 10_000);
  return percentOf(earlierMinor + refundMinor) - percentOf(earlierMinor);
}
