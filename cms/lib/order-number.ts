import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L or 5/S pairs: the number is read out over the phone at the market stall. */
export const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZ2346789';
export const ORDER_NUMBER_LENGTH = 8;

/** 8 characters of a 29-letter alphabet ≈ 5·10¹¹ numbers: random, short, and not guessable by counting. */
export function generateOrderNumber(): string {
  let out = '';
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i += 1)
    out += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return out;
}
