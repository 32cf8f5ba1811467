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

const textNode = (text: string): RichTextNode => ({
  type: 'text',
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  text,
  version: 1,
});

export const richTextParagraph = (text: string): RichTextNode => ({
  type: 'paragraph',
  ...block,
  textFormat: 0,
  textStyle: '',
  children: text ? [textNode(text)] : [],
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
        : (node.children ?? []).filter((child) => child.type !== 'list').map(inlineText).join('');
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
