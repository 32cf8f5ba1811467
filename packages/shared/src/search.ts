/**
 * The storefront's product search: what a shopper types against a product's name, description and category
 * names, ignoring case and accents ("caffe" finds "caffè"), best matches first. Pure, so the server ranks
 * with it and tests can state by hand what ranks where.
 */

/** More words than this in one search box is not a person searching. */
export const MAX_SEARCH_WORDS = 6;

/** Lower case without accents: "Caffè" → "caffe", "Ragù" → "ragu". */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The folded words of a search box, at most MAX_SEARCH_WORDS; '%' and '_' are ordinary characters. */
export const searchTerms = (search: string | undefined): string[] =>
  foldText(search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);

export interface SearchableProduct {
  name: string;
  description: string;
  categoryNames: string[];
}

/** Points per word by where it is found; a word counts once, in its best place. */
export const SEARCH_WEIGHTS = {
  nameWordStart: 10,
  name: 6,
  category: 4,
  description: 1,
} as const;

const startsAWord = (haystack: string, needle: string): boolean =>
  haystack.startsWith(needle) || haystack.includes(` ${needle}`) || haystack.includes(`-${needle}`);

/**
 * How well a product matches the search terms (already folded, see searchTerms): 0 when any term is found
 * nowhere (every word must match somewhere), otherwise the sum of each term's best place.
 */
export function searchScore(terms: readonly string[], product: SearchableProduct): number {
  if (terms.length === 0) return 0;
  const name = foldText(product.name);
  const categories = product.categoryNames.map(foldText);
  const description = foldText(product.description);
  let score = 0;
  for (const term of terms) {
    if (startsAWord(name, term)) score += SEARCH_WEIGHTS.nameWordStart;
    else if (name.includes(term)) score += SEARCH_WEIGHTS.name;
    else if (categories.some((c) => c.includes(term))) score += SEARCH_WEIGHTS.category;
    else if (description.includes(term)) score += SEARCH_WEIGHTS.description;
    else return 0;
  }
  return score;
}

/**
 * The products that match, best first; equal scores keep the order they came in (the caller's default
 * order, e.g. most stars first).
 */
export function rankProducts<T extends SearchableProduct>(search: string | undefined, products: readonly T[]): T[] {
  const terms = searchTerms(search);
  if (terms.length === 0) return [...products];
  return products
    .map((product, index) => ({ product, index, score: searchScore(terms, product) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((hit) => hit.product);
}
