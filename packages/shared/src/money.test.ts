import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, fromCents, roundToCents, toAmountString, toCents } from './money';

describe('money', () => {
  it('when the currency is known, then its symbol prefixes a two-decimal amount', () => {
    expect(formatMoney(12.5, 'USD')).toBe('$12.50');
    expect(formatMoney('7', 'EUR')).toBe('€7.00');
  });
  it('when the currency is missing or unknown, then USD is the default', () => {
    expect(formatMoney(1, undefined)).toBe('$1.00');
    expect(formatMoney(1, 'XYZ')).toBe('$1.00');
  });
  it('when the amount is not a number, then zero is shown rather than NaN', () => {
    expect(formatMoney('abc', 'USD')).toBe('$0.00');
  });
  it('when an amount goes to PayPal, then it has exactly two decimals', () => {
    expect(toAmountString(10)).toBe('10.00');
    expect(toAmountString(0.1 + 0.2)).toBe('0.30');
  });
  it('when an amount is exactly half a cent, then it rounds up to the next cent', () => {
    expect(toAmountString(0.005)).toBe('0.01');
    expect(formatMoney(0.125, 'USD')).toBe('$0.13');
  });
  it('when an amount is a whole number of cents, then cents convert both ways unchanged', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(1999)).toBe(19.99);
    expect(roundToCents(2.675)).toBe(2.68);
  });
  it('when the currency code is known, then its symbol is returned; otherwise the dollar', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol(null)).toBe('$');
  });
});

describe('formatMoney with negative amounts', () => {
  it('when the amount is negative, then it is written −$2.93 with the minus sign, never $-2.93', () => {
    expect(formatMoney(-2.93, 'USD')).toBe('\u2212$2.93');
    expect(formatMoney('-6.9', 'EUR')).toBe('\u2212€6.90');
  });

  it('when a negative amount rounds to zero, then it is $0.00 without a sign', () => {
    expect(formatMoney(-0.004, 'USD')).toBe('$0.00');
    expect(formatMoney(-0, 'USD')).toBe('$0.00');
  });
});
