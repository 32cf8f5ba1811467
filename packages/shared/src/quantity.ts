import type { QuantityUnit } from './enums';

/**
 * How each stored unit reads on the storefront. The stored values stay SPEC §3's enum ("Ml", "Kg"); shoppers
 * see the usual symbols, lower case except the litre, whose "L" is the convention that keeps it apart from 1.
 */
export const QUANTITY_UNIT_TEXT: Record<QuantityUnit, string> = {
  Ml: 'ml',
  L: 'L',
  Oz: 'oz',
  g: 'g',
  Kg: 'kg',
  Lb: 'lb',
  Pcs: 'pcs',
};

/** The display text of a unit; a unit the list does not know is shown as stored. */
export function quantityUnitText(unit: string): string {
  return Object.hasOwn(QUANTITY_UNIT_TEXT, unit) ? QUANTITY_UNIT_TEXT[unit as QuantityUnit] : unit;
}

/** "500 ml", "1 L", "12 pcs"; '' when the product states no amount. */
export function formatQuantity(amount: number, unit: string): string {
  if (!(amount > 0)) return '';
  return `${amount} ${quantityUnitText(unit)}`.trim();
}

/** The most of one product a cart line holds (the storefront's cart refuses more). */
export const MAX_CART_QUANTITY = 999;

/** What the shopper typed in a quantity box: a whole number to use, or why it cannot be used. */
export type QuantityInput =
  | { ok: true; quantity: number }
  /** `tooMany`: a whole number above `max` (the page may name the stock behind it, issue 31 §3). */
  | { ok: false; message: string; tooMany?: true };

/**
 * Reads a typed quantity (SPEC §5: at least 1): only digits, optionally with spaces around them, from 1 up to
 * `max`. Nothing is guessed: "2.5", "-3", "1e2" or "3 4" are refused with a message rather than turned into
 * 25, 3, 12 or 34.
 */
export function parseQuantityInput(
  text: string,
  max: number = MAX_CART_QUANTITY,
  /** Said above `max` instead of the cart's limit, e.g. "Only 3 left" when that is what limits it. */
  tooMany = `The quantity is at most ${max}`,
): QuantityInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter a quantity' };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: `Enter a whole number from 1 to ${max}` };
  const quantity = Number(trimmed);
  if (quantity < 1) return { ok: false, message: 'The quantity is at least 1' };
  if (quantity > max) return { ok: false, message: tooMany, tooMany: true };
  return { ok: true, quantity };
}
