/** The shop's name as every page title ends with it. */
export const SHOP_NAME = 'Bottega di Famiglia';

/** Home's title, and what a page shows while its own subject is still loading. */
export const HOME_TITLE = `${SHOP_NAME} — Italian food`;

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
