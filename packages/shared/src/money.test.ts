import { describe, expect, it } from 'vitest';
import { formatMoney, toAmountString } from './money';

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
});
