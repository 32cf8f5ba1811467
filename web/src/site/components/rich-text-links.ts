/** Where a link of a rich-text body goes, and how it opens. */
export interface LinkTarget {
  href: string;
  /** Another origin: opens in a new tab without handing it this page (rel="noopener noreferrer"). */
  external: boolean;
  newTab: boolean;
}

/** Schemes a body may link to; anything else (javascript:, data:, ...) is not rendered as a link at all. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The storefront's page for a record an internal link points at. */
const INTERNAL_PATHS: Record<string, (id: string) => string> = {
  recipes: (id) => `/site/recipes/${encodeURIComponent(id)}`,
  products: (id) => `/site/shop/${encodeURIComponent(id)}`,
};

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The target of a Lexical link node's `fields` as the shop renders it, seen from a page at `origin`; null
 * when the link has nowhere safe to go (its text is then shown without a link). Internal links become the
 * storefront's own paths; links to another origin always open in a new tab.
 */
export function linkTarget(fields: unknown, origin: string): LinkTarget | null {
  const f = asRecord(fields);
  const newTab = f.newTab === true;
  if (f.linkType === 'internal') {
    const doc = asRecord(f.doc);
    const id = typeof doc.value === 'string' || typeof doc.value === 'number' ? String(doc.value) : '';
    const toPath = typeof doc.relationTo === 'string' ? INTERNAL_PATHS[doc.relationTo] : undefined;
    return id && toPath ? { href: toPath(id), external: false, newTab } : null;
  }
  const url = typeof f.url === 'string' ? f.url.trim() : '';
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.has(parsed.protocol)) return null;
  const external = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin !== origin;
  return { href: url, external, newTab: newTab || external };
}
