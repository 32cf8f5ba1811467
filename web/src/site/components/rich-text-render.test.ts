import {
  richTextHeading,
  richTextInternalLink,
  richTextLink,
  richTextList,
  richTextParagraph,
  richTextRoot,
  richTextText,
} from '@shop/shared';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichTextBody } from './RichText';

const SHOP = 'https://shop.example';
const render = (value: Parameters<typeof RichTextBody>[0]['value'], imageAlt = '') =>
  renderToStaticMarkup(createElement(RichTextBody, { value, imageAlt, origin: SHOP }));

/** An image node as the server hands it out: the ImageRef and the asset's alt text. */
const image = (id: string, alt: string, size: { width?: number; height?: number } = {}) => ({
  type: 'upload',
  version: 3,
  format: '',
  relationTo: 'assets',
  value: { id },
  fields: { alt, ...size },
});

describe('RichTextBody', () => {
  it('when a body has a paragraph with a bold word, a heading and a numbered list, then they are p, strong, h2 and ol', () => {
    const html = render(
      richTextRoot([
        richTextParagraph([richTextText('Use '), richTextText('ripe', { bold: true }), richTextText(' tomatoes.')]),
        richTextHeading('Method'),
        richTextList(['Dice.', 'Toast.'], 'number'),
      ]),
    );
    expect(html).toBe(
      '<div class="rich-text"><p>Use <strong>ripe</strong> tomatoes.</p><h2>Method</h2>' +
        '<ol class="list-number"><li class="" value="1">Dice.</li><li class="" value="2">Toast.</li></ol></div>',
    );
  });

  it('when a link goes to another site, then it is an a with rel noopener noreferrer and a new tab', () => {
    const html = render(
      richTextRoot([richTextParagraph([richTextLink('Pesto', 'https://en.wikipedia.org/wiki/Pesto')])]),
    );
    expect(html).toContain(
      '<a href="https://en.wikipedia.org/wiki/Pesto" rel="noopener noreferrer" target="_blank">Pesto</a>',
    );
  });

  it('when a link points at a recipe or a product, then it goes to the storefront page in place', () => {
    const html = render(
      richTextRoot([
        richTextParagraph([
          richTextInternalLink('the sauce', 'recipes', 'r-1'),
          richTextText(' and '),
          richTextInternalLink('our oil', 'products', 'p-1'),
        ]),
      ]),
    );
    expect(html).toContain('<a href="/site/recipes/r-1">the sauce</a> and <a href="/site/shop/p-1">our oil</a>');
  });

  it('when a link has a script url, then its text is shown without a link', () => {
    const html = render(richTextRoot([richTextParagraph([richTextLink('click', 'javascript:alert(1)')])]));
    expect(html).toBe('<div class="rich-text"><p>click</p></div>');
  });

  it('when a body has an image, then it is the shop image from /assets with the asset alt and size, or the fallbacks', () => {
    const html = render(
      richTextRoot([image('a-1', 'Ripe tomatoes', { width: 640, height: 420 }), image('a-2', '')]),
      'Bruschetta',
    );
    expect(html).toBe(
      '<div class="rich-text">' +
        '<figure class="rich-text-figure"><img class="rich-text-img" src="/assets/a-1" alt="Ripe tomatoes" ' +
        'width="640" height="420" loading="lazy" decoding="async"/></figure>' +
        '<figure class="rich-text-figure"><img class="rich-text-img" src="/assets/a-2" alt="Bruschetta" ' +
        'width="800" height="800" loading="lazy" decoding="async"/></figure></div>',
    );
  });

  it('when a body holds a node type the editor does not offer, then it renders as nothing', () => {
    const html = render(richTextRoot([{ type: 'horizontalrule-x', version: 1 }, richTextParagraph('After.')]));
    expect(html).toBe('<div class="rich-text"><p>After.</p></div>');
  });

  it('when there is no body, then nothing is rendered', () => {
    expect(render(null)).toBe('');
  });
});
