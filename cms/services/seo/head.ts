import { documentHead, headTags, type PageHead } from '@shop/shared';

export type { PageHead };

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

/**
 * The head's page-specific part, one tag a line (the tags as @shop/shared's headTags lists them, which the SPA
 * also writes when the shopper moves on). Tags that hold only for this URL carry `data-page-head`: the SPA
 * replaces them with the next page's.
 */
export function renderHead(head: PageHead): string {
  const { title, description } = documentHead(head.meta);
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
  ];
  for (const tag of headTags(head)) {
    const attributes = Object.entries(tag.attributes)
      .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
      .join('');
    const marker = tag.pageOnly ? ' data-page-head' : '';
    lines.push(
      tag.tag === 'script'
        ? `<script${attributes}${marker}>${jsonForScript(tag.json ?? {})}</script>`
        : `<${tag.tag}${attributes}${marker} />`,
    );
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
