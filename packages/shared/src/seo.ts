/**
 * The storefront's page titles and descriptions. The server writes them into the HTML it returns for each URL
 * (for crawlers and link previews that run no JavaScript, cms/services/seo) and the SPA sets them again as the
 * shopper moves between pages (web/src/site/lib/use-document-meta.ts): both build them here, so a page
 * carries the same title and description however it was reached.
 */

/** The shop's name as every page title ends with it. */
export const SHOP_NAME = 'Bottega di Famiglia';

/** Home's title, and what a page shows while its own subject is still loading. */
export const HOME_TITLE = `${SHOP_NAME} — Italian food`;

/** Home's description, and that of every page without its own. */
export const SHOP_DESCRIPTION =
  'Bottega di Famiglia: extra virgin olive oil, aged balsamic vinegar, bruschetta spreads and pasta from our Italian family to your table.';

/** Search engines cut snippets at about this many characters; a longer description is shortened at a word. */
export const DESCRIPTION_MAX_LENGTH = 160;

/** "Olio Nuovo · Bottega di Famiglia"; no page name (or a blank one) gives Home's title. */
export function pageTitle(page?: string | null): string {
  const name = page?.replace(/\s+/g, ' ').trim();
  return name ? `${name} · ${SHOP_NAME}` : HOME_TITLE;
}

/**
 * One line of plain text for <meta name="description">: whitespace collapsed, and beyond the limit cut at the
 * last word that fits, with an ellipsis, so a snippet never ends mid-word. Empty input gives ''.
 */
export function metaDescription(text: string | null | undefined, max = DESCRIPTION_MAX_LENGTH): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  // A single word longer than the limit is cut where the limit falls rather than dropped.
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** What a page passes to the document's head: its own name and text, either left out for the shop's. */
export interface PageMeta {
  title?: string | null;
  description?: string | null;
}

/** The pages whose title and description do not depend on a record. */
export const STATIC_PAGE_META = {
  home: {},
  shop: {
    title: 'Shop',
    description:
      'Shop Italian olive oil, balsamic vinegar, bruschetta spreads and pasta from Bottega di Famiglia, shipped to your door.',
  },
  recipes: {
    title: 'Recipes',
    description: 'Family recipes from Bottega di Famiglia: Italian dishes made with our olive oil, vinegar and pasta.',
  },
  about: {
    title: 'About us',
    description:
      'Bottega di Famiglia is a small Italian family business selling its food online and at farmers’ markets.',
  },
  terms: { title: 'Terms and Conditions', description: 'The terms and conditions of shopping at Bottega di Famiglia.' },
  contact: {
    title: 'Contact us',
    description: 'Questions about an order or our products? Write to Bottega di Famiglia or give us a call.',
  },
  cart: { title: 'Your cart' },
  tracking: { title: 'Track your order' },
  order: { title: 'Your order' },
  notFound: { title: 'Page not found' },
} as const satisfies Record<string, PageMeta>;

/** A product's page: its name, and its own text (the shop's when it has none). */
export const productMeta = (product: { name: string; description: string }): PageMeta => ({
  title: product.name,
  description: product.description,
});

/** A category without its own text still describes itself rather than repeating the shop's description. */
export const categoryMeta = (category: { name: string; description: string }): PageMeta => ({
  title: category.name,
  description: category.description || `${category.name} from the ${SHOP_NAME} pantry.`,
});

export const recipeMeta = (recipe: { name: string; description: string }): PageMeta => ({
  title: recipe.name,
  description: recipe.description,
});

/** The title and description the document ends up with for a page's meta. */
export function documentHead(meta: PageMeta): { title: string; description: string } {
  return { title: pageTitle(meta.title), description: metaDescription(meta.description) || SHOP_DESCRIPTION };
}
