/**
 * Checks shared by the request validations of orders and refunds (PayPal: schema → 400, business rules → 422).
 */
import type { PayPalErrorDetail, PayPalMoney } from '../services/paypal/types';
import { detail } from './errors';
import { CURRENCIES, decimalsOf, toMinor } from './money';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const AMOUNT_PATTERN = /^-?(\d+|\d*\.\d+)$/;

export interface Problems {
  syntax: PayPalErrorDetail[];
  business: PayPalErrorDetail[];
}

/** Checks a money object; returns it when usable for arithmetic. */
export function checkMoney(
  v: unknown,
  field: string,
  p: Problems,
  opts: { positive?: boolean } = {},
): PayPalMoney | null {
  if (v === undefined) {
    p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', field));
    return null;
  }
  if (!isObject(v)) {
    p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', field));
    return null;
  }
  let ok = true;
  const { currency_code: currency, value } = v;
  if (currency === undefined) {
    p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/currency_code`));
    ok = false;
  } else if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    p.syntax.push(detail('INVALID_PARAMETER_VALUE', `${field}/currency_code`, 'body', String(currency)));
    ok = false;
  } else if (!CURRENCIES.has(currency)) {
    p.business.push(detail('INVALID_CURRENCY_CODE', `${field}/currency_code`, 'body', currency));
    ok = false;
  }
  if (value === undefined) {
    p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/value`));
    return null;
  }
  if (typeof value !== 'string' || value.length > 32 || !AMOUNT_PATTERN.test(value)) {
    p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', `${field}/value`, 'body', String(value)));
    return null;
  }
  if (!ok) return null;
  const decimals = (value.split('.')[1] ?? '').length;
  const allowed = decimalsOf(currency as string);
  if (decimals > allowed) {
    p.business.push(
      detail(allowed === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION', `${field}/value`, 'body', value),
    );
    return null;
  }
  const minor = toMinor(value, currency as string);
  if (opts.positive ? minor <= 0 : minor < 0) {
    p.business.push(
      detail(opts.positive ? 'CANNOT_BE_ZERO_OR_NEGATIVE' : 'CANNOT_BE_NEGATIVE', `${field}/value`, 'body', value),
    );
    return null;
  }
  return { currency_code: currency as string, value };
}

export function checkString(v: unknown, field: string, max: number, p: Problems, required = false): void {
  if (v === undefined) {
    if (required) p.syntax.push(detail('MISSING_REQUIRED_PARAMETER', field));
    return;
  }
  if (typeof v !== 'string' || (required && v.length === 0)) p.syntax.push(detail('INVALID_PARAMETER_SYNTAX', field));
  else if (v.length > max) p.syntax.push(detail('INVALID_STRING_LENGTH', field, 'body', v));
}
