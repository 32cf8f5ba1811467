import { documentHead, type PageMeta, SHOP_NAME } from '@shop/shared';

/** Everything the server writes into a storefront page's <head> for one URL. */
export interface PageHead {
  meta: PageMeta;
  /** Absolute URL of the page; none for a page that is not found. */
  canonical: string | null;
  ogType: 'website' | 'product' | 'article';
  /** Absolute URL of the page's picture. */
  image: string | null;
  /** schema.org objects, each written as its own JSON-LD block. */
  jsonLd: object[];
  /** Search engines are asked to leave the page out of their index (a missing record, a shopper's own page). */
  noindex: boolean;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in an element's content and in a double- or single-quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * JSON for a <script type="application/ld+json"> block. The HTML parser ends a script element at the first
 * `</script`, whatever the JSON means, so `<` is never written raw (a product named `</script>…` stays data);
 * `>` and `&` go too, and the two line separators JavaScript once refused inside strings. JSON parsers read
 * the \u escapes back as the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const metaName = (name: string, content: string, pageOnly = false) =>
  `<meta name="${name}" content="${escapeHtml(content)}"${pageOnly ? ' data-page-head' : ''} />`;
const metaProperty = (property: string, content: string, pageOnly = false) =>
  `<meta property="${property}" content="${escapeHtml(content)}"${pageOnly ? ' data-page-head' : ''} />`;

/**
 * The head's page-specific part, one tag a line. Tags that hold only for this URL carry `data-page-head`: the
 * SPA drops them when the shopper moves on (web/src/site/lib/use-document-meta.ts); title and description
 * copies it keeps up to date itself.
 */
export function renderHead(head: PageHead): string {
  const { title, description } = documentHead(head.meta);
  const lines = [`<title>${escapeHtml(title)}</title>`, metaName('description', description)];
  if (head.noindex) lines.push(metaName('robots', 'noindex', true));
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" data-page-head />`);
  lines.push(
    metaProperty('og:site_name', SHOP_NAME),
    metaProperty('og:type', head.ogType, true),
    metaProperty('og:title', title),
    metaProperty('og:description', description),
  );
  if (head.canonical) lines.push(metaProperty('og:url', head.canonical, true));
  if (head.image) lines.push(metaProperty('og:image', head.image, true));
  lines.push(
    metaName('twitter:card', head.image ? 'summary_large_image' : 'summary', true),
    metaName('twitter:title', title),
    metaName('twitter:description', description),
  );
  if (head.image) lines.push(metaName('twitter:image', head.image, true));
  for (const data of head.jsonLd) {
    lines.push(`<script type="application/ld+json" data-page-head>${jsonForScript(data)}</script>`);
  }
  return lines.join('\n    ');
}

/**
 * index.html with its own title and description replaced by the page's head. The built file names the
 * current bundles, so it is the template rather than a copy of it; a template without a <title> gets the head
 * just before </head>.
 */
export function fillTemplate(template: string, head: string): string {
  const withoutDescription = template.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  const titled = withoutDescription.replace(/<title>[\s\S]*?<\/title>/i, () => head);
  return titled !== withoutDescription ? titled : withoutDescription.replace(/<\/head>/i, () => `${head}\n  </head>`);
}
