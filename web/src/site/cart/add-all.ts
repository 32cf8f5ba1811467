import type { AddAllResult } from './store';

export interface AddAllMessage {
  tone: 'success' | 'warning';
  title: string;
  /** Empty when everything was added. */
  detail: string;
}

const names = (products: ReadonlyArray<{ name: string }>) =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(products.map((p) => p.name));

const productCount = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/**
 * What a recipe page says after "Add all to cart": how many products went in, and each one that did not by
 * name with the reason (out of stock, or a full cart), so the shopper knows what to buy elsewhere.
 */
export function addAllMessage(result: AddAllResult): AddAllMessage {
  const missing: string[] = [];
  if (result.unavailable.length > 0) missing.push(`Not available at the moment: ${names(result.unavailable)}.`);
  if (result.full.length > 0) {
    missing.push(`Your cart is full, so ${names(result.full)} could not be added.`);
  }
  const units = result.added.reduce((sum, product) => sum + (product.quantity ?? 1), 0);
  const title =
    result.added.length === 0
      ? 'Nothing was added to your cart.'
      : units > result.added.length
        ? `Added ${productCount(result.added.length)} (${units} items) to your cart.`
        : `Added ${productCount(result.added.length)} to your cart.`;
  return { tone: missing.length > 0 ? 'warning' : 'success', title, detail: missing.join(' ') };
}
