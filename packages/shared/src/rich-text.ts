/**
 * The stored shape of a Lexical rich-text value (Payload's richText field), reduced to what the shop writes
 * and reads outside the editor: building a body from plain text (migrations, seed data) and reading its text
 * back (teasers, structured data). Rendering is the converter's job (@payloadcms/richtext-lexical/react).
 */
export interface RichTextNode {
  type: string;
  version: number;
  children?: RichTextNode[];
  text?: string;
  [key: string]: unknown;
}

export interface RichTextValue {
  root: RichTextNode & { type: 'root'; children: RichTextNode[] };
}

const block = { format: '', indent: 0, version: 1, direction: 'ltr' } as const;

/** Lexical's text format bits (the editor offers bold and italic). */
const TEXT_FORMAT = { bold: 1, italic: 2 } as const;

/** A run of text, optionally bold and/or italic. */
export const richTextText = (text: string, style: { bold?: boolean; italic?: boolean } = {}): RichTextNode => ({
  type: 'text',
  detail: 0,
  format: (style.bold ? TEXT_FORMAT.bold : 0) | (style.italic ? TEXT_FORMAT.italic : 0),
  mode: 'normal',
  style: '',
  text,
  version: 1,
});

const textNode = (text: string): RichTextNode => richTextText(text);

/** A paragraph of plain text, or of inline nodes (text runs, links). */
export const richTextParagraph = (content: string | RichTextNode[]): RichTextNode => ({
  type: 'paragraph',
  ...block,
  textFormat: 0,
  textStyle: '',
  children: typeof content === 'string' ? (content ? [textNode(content)] : []) : content,
});

/** A link to a page of another site (`newTab` opens it in a new tab, as the editor's checkbox does). */
export const richTextLink = (text: string, url: string, newTab = false): RichTextNode => ({
  type: 'link',
  ...block,
  version: 3,
  fields: { linkType: 'custom', url, newTab },
  children: [textNode(text)],
});

/** A link to a recipe or a product of the shop; the storefront turns it into its own path. */
export const richTextInternalLink = (text: string, relationTo: 'recipes' | 'products', id: string): RichTextNode => ({
  type: 'link',
  ...block,
  version: 3,
  fields: { linkType: 'internal', newTab: false, doc: { relationTo, value: id } },
  children: [textNode(text)],
});

/** An image from the assets collection, stored as Payload stores it (the asset's id). */
export const richTextUpload = (assetId: string): RichTextNode => ({
  type: 'upload',
  version: 3,
  format: '',
  fields: {},
  relationTo: 'assets',
  value: assetId,
});

export const richTextHeading = (text: string, tag: 'h2' | 'h3' | 'h4' = 'h2'): RichTextNode => ({
  type: 'heading',
  tag,
  ...block,
  children: [textNode(text)],
});

export const richTextList = (items: string[], kind: 'number' | 'bullet'): RichTextNode => ({
  type: 'list',
  listType: kind,
  start: 1,
  tag: kind === 'number' ? 'ol' : 'ul',
  ...block,
  children: items.map((item, index) => ({
    type: 'listitem',
    value: index + 1,
    ...block,
    children: [textNode(item)],
  })),
});

export const richTextRoot = (children: RichTextNode[]): RichTextValue => ({
  root: { type: 'root', ...block, children },
});

/** Plain paragraphs, one per non-empty line-separated block; an empty text gives an empty body. */
export function richTextFromText(text: string): RichTextValue {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return richTextRoot(paragraphs.map(richTextParagraph));
}

export function isRichTextValue(value: unknown): value is RichTextValue {
  if (typeof value !== 'object' || value === null) return false;
  const root = (value as { root?: unknown }).root;
  return (
    typeof root === 'object' &&
    root !== null &&
    (root as { type?: unknown }).type === 'root' &&
    Array.isArray((root as { children?: unknown }).children)
  );
}

const BLOCK_TYPES = new Set(['paragraph', 'heading', 'listitem', 'quote']);

/**
 * The text of a body, one entry per paragraph, heading or list item, in document order. Inline formatting and
 * links keep their text; images have none. Whatever is not a rich-text value reads as no text.
 */
export function richTextBlocks(value: unknown): string[] {
  if (!isRichTextValue(value)) return [];
  const blocks: string[] = [];
  const inlineText = (node: RichTextNode): string =>
    node.type === 'text'
      ? String(node.text ?? '')
      : node.type === 'linebreak'
        ? '\n'
        : (node.children ?? [])
            .filter((child) => child.type !== 'list')
            .map(inlineText)
            .join('');
  const walk = (node: RichTextNode) => {
    if (BLOCK_TYPES.has(node.type)) {
      const text = inlineText(node).trim();
      if (text) blocks.push(text);
    }
    for (const child of node.children ?? []) if (child.type !== 'text') walk(child);
  };
  walk(value.root);
  return blocks;
}

/** The body as one plain-text string (paragraphs separated by a blank line). */
export const richTextPlainText = (value: unknown): string => richTextBlocks(value).join('\n\n');

/** The id a relationship holds, whether stored (an id) or populated (a document with an id). */
export function relationId(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'object' && value !== null && 'id' in value) return relationId((value as { id: unknown }).id);
  return null;
}

/**
 * A copy of a body with every node below the root passed through `visit`, parents before their children;
 * `null` drops the node with its children. The value given is not changed.
 */
export function mapRichTextNodes(
  value: RichTextValue,
  visit: (node: RichTextNode) => RichTextNode | null,
): RichTextValue {
  const mapChildren = (children: RichTextNode[]): RichTextNode[] =>
    children.flatMap((child) => {
      const mapped = visit(child);
      if (!mapped) return [];
      return [Array.isArray(mapped.children) ? { ...mapped, children: mapChildren(mapped.children) } : mapped];
    });
  return { root: { ...value.root, children: mapChildren(value.root.children) } };
}

/** The ids of the assets a body's image (upload) nodes point at, each once, in document order. */
export function richTextUploadIds(value: unknown): string[] {
  if (!isRichTextValue(value)) return [];
  const ids = new Set<string>();
  mapRichTextNodes(value, (node) => {
    const id = node.type === 'upload' ? relationId(node.value) : null;
    if (id) ids.add(id);
    return node;
  });
  return [...ids];
}
