import { describe, expect, it } from 'vitest';
import {
  isRichTextValue,
  mapRichTextNodes,
  relationId,
  richTextBlocks,
  richTextFromText,
  richTextHeading,
  richTextInternalLink,
  richTextLink,
  richTextList,
  richTextParagraph,
  richTextPlainText,
  richTextRoot,
  richTextText,
  richTextUpload,
  richTextUploadIds,
} from './rich-text';

const plain = (text: string) => ({
  type: 'text',
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  text,
  version: 1,
});

describe('rich-text builders', () => {
  it('when a paragraph is built from text, then it is one Lexical paragraph holding one plain text node', () => {
    expect(richTextParagraph('Boil the water.')).toEqual({
      type: 'paragraph',
      format: '',
      indent: 0,
      version: 1,
      direction: 'ltr',
      textFormat: 0,
      textStyle: '',
      children: [plain('Boil the water.')],
    });
  });

  it('when a paragraph is built from empty text, then it has no children', () => {
    expect(richTextParagraph('').children).toEqual([]);
  });

  it('when text is bold, italic or both, then the format bits are 1, 2 and 3', () => {
    expect(richTextText('a', { bold: true }).format).toBe(1);
    expect(richTextText('a', { italic: true }).format).toBe(2);
    expect(richTextText('a', { bold: true, italic: true }).format).toBe(3);
    expect(richTextText('a').format).toBe(0);
  });

  it('when a paragraph is built from inline nodes, then they are its children in order', () => {
    const bold = richTextText('ripe', { bold: true });
    const link = richTextLink('more', 'https://example.org/');
    expect(richTextParagraph([plain('Use '), bold, link]).children).toEqual([plain('Use '), bold, link]);
  });

  it('when a heading is built, then it carries its tag, h2 unless told', () => {
    expect(richTextHeading('Method')).toMatchObject({ type: 'heading', tag: 'h2', children: [plain('Method')] });
    expect(richTextHeading('Notes', 'h4').tag).toBe('h4');
  });

  it('when a numbered list is built, then it is an ol whose items are numbered from 1', () => {
    const list = richTextList(['Boil.', 'Drain.'], 'number');
    expect(list).toMatchObject({ type: 'list', listType: 'number', tag: 'ol', start: 1 });
    expect(list.children).toEqual([
      { type: 'listitem', value: 1, format: '', indent: 0, version: 1, direction: 'ltr', children: [plain('Boil.')] },
      { type: 'listitem', value: 2, format: '', indent: 0, version: 1, direction: 'ltr', children: [plain('Drain.')] },
    ]);
  });

  it('when a bulleted list is built, then it is a ul', () => {
    expect(richTextList(['a'], 'bullet')).toMatchObject({ listType: 'bullet', tag: 'ul' });
  });

  it('when an external link is built, then it is a custom link with its url and new-tab choice', () => {
    expect(richTextLink('Pesto', 'https://en.wikipedia.org/wiki/Pesto', true)).toEqual({
      type: 'link',
      format: '',
      indent: 0,
      version: 3,
      direction: 'ltr',
      fields: { linkType: 'custom', url: 'https://en.wikipedia.org/wiki/Pesto', newTab: true },
      children: [plain('Pesto')],
    });
    expect(richTextLink('a', '/x').fields).toEqual({ linkType: 'custom', url: '/x', newTab: false });
  });

  it('when an internal link is built, then it points at the collection and id', () => {
    expect(richTextInternalLink('our oil', 'products', 'p-1').fields).toEqual({
      linkType: 'internal',
      newTab: false,
      doc: { relationTo: 'products', value: 'p-1' },
    });
  });

  it('when an internal link is built, then it is a whole Lexical link node holding its text', () => {
    expect(richTextInternalLink('our oil', 'recipes', 'r-1')).toEqual({
      type: 'link',
      format: '',
      indent: 0,
      version: 3,
      direction: 'ltr',
      fields: { linkType: 'internal', newTab: false, doc: { relationTo: 'recipes', value: 'r-1' } },
      children: [plain('our oil')],
    });
  });

  it('when an image is built, then it is an upload node holding the asset id', () => {
    expect(richTextUpload('a-1')).toEqual({
      type: 'upload',
      version: 3,
      format: '',
      fields: {},
      relationTo: 'assets',
      value: 'a-1',
    });
  });

  it('when a body is built from text, then each blank-line-separated block becomes a paragraph', () => {
    const body = richTextFromText('First.\n\n  Second.  \n\n\n');
    expect(body.root.children.map((p) => p.children)).toEqual([[plain('First.')], [plain('Second.')]]);
    expect(richTextFromText('   ').root.children).toEqual([]);
  });

  it('when the blank line between blocks holds spaces, then it still separates paragraphs', () => {
    const body = richTextFromText('First.\n \t \nSecond.');
    expect(body.root.children.map((p) => p.children)).toEqual([[plain('First.')], [plain('Second.')]]);
  });
});

describe('rich-text readers', () => {
  const body = richTextRoot([
    richTextParagraph([richTextText('Serves '), richTextText('four', { bold: true }), richTextText('.')]),
    richTextHeading('Method'),
    richTextList(['Boil.', 'Drain.'], 'number'),
    richTextUpload('img-1'),
    richTextParagraph([richTextText('See '), richTextLink('this', 'https://example.org/'), richTextText(' too.')]),
  ]);

  it('when a body is read, then every paragraph, heading and item is one block of text in order', () => {
    expect(richTextBlocks(body)).toEqual(['Serves four.', 'Method', 'Boil.', 'Drain.', 'See this too.']);
  });

  it('when a quote, a line break, an empty text node or padding is read, then the blocks hold just their text', () => {
    const quoted = richTextRoot([
      { type: 'quote', version: 1, children: [richTextText('  Buono!  ')] },
      richTextParagraph([richTextText('line one'), { type: 'linebreak', version: 1 }, richTextText('line two')]),
      richTextParagraph([{ type: 'text', version: 1 }, richTextText('after an empty run')]),
      richTextParagraph(''),
      richTextParagraph([richTextText('   ')]),
      richTextParagraph([richTextText('before '), { type: 'upload', version: 3, value: 'a-1' }, richTextText('after')]),
    ]);
    expect(richTextBlocks(quoted)).toEqual(['Buono!', 'line one\nline two', 'after an empty run', 'before after']);
  });

  it('when a list item holds a nested list, then the item and each nested item are blocks of their own', () => {
    const nested = richTextRoot([
      {
        type: 'list',
        version: 1,
        children: [
          { type: 'listitem', version: 1, children: [richTextText('Boil.'), richTextList(['Salt it.'], 'bullet')] },
        ],
      },
    ]);
    expect(richTextBlocks(nested)).toEqual(['Boil.', 'Salt it.']);
  });

  it('when a body is read as plain text, then the blocks are separated by a blank line', () => {
    expect(richTextPlainText(richTextRoot([richTextParagraph('a'), richTextHeading('b')]))).toBe('a\n\nb');
  });

  it('when something that is no rich text is read, then it has no text', () => {
    for (const value of [
      null,
      undefined,
      'text',
      42,
      {},
      { root: null },
      { root: 'root' },
      { root: { type: 'root' } },
      { root: { type: 'paragraph', children: [] } },
    ]) {
      expect(richTextBlocks(value)).toEqual([]);
      expect(isRichTextValue(value)).toBe(false);
    }
    expect(isRichTextValue(richTextRoot([]))).toBe(true);
  });

  it('when a relationship is stored as an id or populated, then its id is read', () => {
    expect(relationId('a-1')).toBe('a-1');
    expect(relationId(7)).toBe('7');
    expect(relationId({ id: 'a-2', filename: 'x.webp' })).toBe('a-2');
    expect(relationId('')).toBeNull();
    expect(relationId(null)).toBeNull();
    expect(relationId({ filename: 'x.webp' })).toBeNull();
    expect(relationId(undefined)).toBeNull();
    expect(relationId(true)).toBeNull();
    expect(relationId(Number.NaN)).toBeNull();
    expect(relationId({ id: 12 })).toBe('12');
  });

  it('when a body has images, then their asset ids come once each in document order', () => {
    const withImages = richTextRoot([
      richTextUpload('b'),
      richTextParagraph('x'),
      { ...richTextUpload('a'), value: { id: 'a' } },
      richTextUpload('b'),
    ]);
    expect(richTextUploadIds(withImages)).toEqual(['b', 'a']);
    // A numbered list's items carry a `value` too (their number), which is no image.
    expect(richTextUploadIds(richTextRoot([richTextList(['one', 'two'], 'number'), richTextUpload('c')]))).toEqual([
      'c',
    ]);
    expect(richTextUploadIds(null)).toEqual([]);
  });

  it('when nodes are mapped, then a null drops the node and its children, and the input is left as it was', () => {
    const original = richTextRoot([
      richTextParagraph('keep'),
      richTextList(['drop me'], 'bullet'),
      richTextUpload('a'),
    ]);
    const before = JSON.stringify(original);
    const mapped = mapRichTextNodes(original, (node) =>
      node.type === 'list' ? null : node.type === 'upload' ? { ...node, value: { id: 'a' } } : node,
    );
    expect(mapped.root.children.map((n) => n.type)).toEqual(['paragraph', 'upload']);
    expect(mapped.root.children[1].value).toEqual({ id: 'a' });
    expect(JSON.stringify(original)).toBe(before);
  });

  it('when nodes are mapped, then nested nodes are visited too', () => {
    const visited: string[] = [];
    mapRichTextNodes(richTextRoot([richTextList(['a'], 'bullet')]), (node) => {
      visited.push(node.type);
      return node;
    });
    expect(visited).toEqual(['list', 'listitem', 'text']);
  });
});
