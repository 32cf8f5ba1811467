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
