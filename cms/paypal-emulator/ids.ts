/**
 * Ids as PayPal makes them: order, capture and refund ids, account ids, debug ids; and PayPal's timestamps.
 */
import { randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal's account ids (payer_id, merchant_id) leave out 0, 1, I and O: `^[2-9A-HJ-NP-Z]{13}$`. */
const ACCOUNT_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function alnum(length: number, alphabet = ALNUM): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}
/** 13 characters, like PayPal's payer and merchant ids (e.g. QYR5Z8XDVJNXQ). */
export const newAccountId = () => alnum(13, ACCOUNT_ID_ALPHABET);
/** 17 uppercase alphanumerics, like PayPal's order and capture ids (e.g. 5O190127TN364715T). */
export const newResourceId = () => alnum(17);
export const newDebugId = () => randomBytes(7).toString('hex').slice(0, 13);
export const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
