import { describe, expect, it } from 'vitest';
import {
  categoryMeta,
  documentHead,
  HOME_TITLE,
  metaDescription,
  pageTitle,
  productMeta,
  recipeMeta,
  SHOP_DESCRIPTION,
  STATIC_PAGE_META,
} from './seo';

const SHOP_TEXT =
  'Bottega di Famiglia: extra virgin olive oil, aged balsamic vinegar, bruschetta spreads and pasta from our Italian family to your table.';

describe('pageTitle', () => {
  it('when a page has a name, then the title is the name, a middle dot and the shop', () => {
    expect(pageTitle('Olio Nuovo')).toBe('Olio Nuovo · Bottega di Famiglia');
  });

  it('when the name has runs of spaces and line breaks, then they become single spaces and the ends are trimmed', () => {
    expect(pageTitle('  Olio \n\t Nuovo  ')).toBe('Olio Nuovo · Bottega di Famiglia');
  });

  it('when there is no name or only blanks, then the title is Home’s', () => {
    expect(pageTitle()).toBe('Bottega di Famiglia — Italian food');
    expect(pageTitle(null)).toBe('Bottega di Famiglia — Italian food');
    expect(pageTitle(' \n ')).toBe('Bottega di Famiglia — Italian food');
    expect(HOME_TITLE).toBe('Bottega di Famiglia — Italian food');
  });
});

describe('metaDescription', () => {
  it('when there is no text, then the description is empty', () => {
    expect(metaDescription(null)).toBe('');
    expect(metaDescription(undefined)).toBe('');
    expect(metaDescription('  \n ')).toBe('');
  });

  it('when the text has line breaks and runs of spaces, then it is one trimmed line', () => {
    expect(metaDescription('  Cold pressed.\n\n  Harvested   in October. ')).toBe(
      'Cold pressed. Harvested in October.',
    );
  });

  it('when the text is exactly as long as the limit, then it is kept whole', () => {
    expect(metaDescription('abcde fghi', 10)).toBe('abcde fghi');
  });

  it('when the text is one character over the limit, then it is cut at the last word that fits, with an ellipsis', () => {
    expect(metaDescription('abcde fghij', 10)).toBe('abcde…');
  });

  it('when the word before the cut ends in punctuation or dashes, then they are dropped before the ellipsis', () => {
    expect(metaDescription('abcd,; efghij', 10)).toBe('abcd…');
    expect(metaDescription('ab — cd efghij', 10)).toBe('ab — cd…');
    expect(metaDescription('abc.:- efghij', 10)).toBe('abc…');
  });

  it('when the punctuation is inside the kept words, then it stays', () => {
    expect(metaDescription('a,b.c d efghij', 10)).toBe('a,b.c d…');
  });

  it('when a single word is longer than the limit, then it is cut where the limit falls', () => {
    expect(metaDescription('abcdefghijkl', 10)).toBe('abcdefghi…');
  });

  it('when the only space is after the first word, then that word alone is kept', () => {
    expect(metaDescription('a bcdefghijk', 10)).toBe('a…');
  });

  it('when no limit is given, then 160 characters are kept and 161 are cut', () => {
    const word = 'abcdefghi '; // 10 characters
    const exactly160 = `${word.repeat(15)}abcdefghi`;
    expect(exactly160).toHaveLength(159);
    expect(metaDescription(`${exactly160}x`)).toBe(`${exactly160}x`);
    expect(metaDescription(`${exactly160}xy`)).toBe(`${word.repeat(15).trim()}…`);
  });
});

describe('documentHead and the page metas', () => {
  it('when a page names nothing, then it has Home’s title and the shop’s description', () => {
    expect(documentHead(STATIC_PAGE_META.home)).toEqual({
      title: 'Bottega di Famiglia — Italian food',
      description: SHOP_TEXT,
    });
    expect(SHOP_DESCRIPTION).toBe(SHOP_TEXT);
  });

  it('when a page has a title only, then the description is the shop’s', () => {
    expect(documentHead(STATIC_PAGE_META.cart)).toEqual({
      title: 'Your cart · Bottega di Famiglia',
      description: SHOP_TEXT,
    });
    expect(documentHead(STATIC_PAGE_META.tracking)).toEqual({
      title: 'Track your order · Bottega di Famiglia',
      description: SHOP_TEXT,
    });
    expect(documentHead(STATIC_PAGE_META.order)).toEqual({
      title: 'Your order · Bottega di Famiglia',
      description: SHOP_TEXT,
    });
    expect(documentHead(STATIC_PAGE_META.notFound)).toEqual({
      title: 'Page not found · Bottega di Famiglia',
      description: SHOP_TEXT,
    });
  });

  it('when a static page has its own text, then its head carries it', () => {
    expect(documentHead(STATIC_PAGE_META.shop)).toEqual({
      title: 'Shop · Bottega di Famiglia',
      description:
        'Shop Italian olive oil, balsamic vinegar, bruschetta spreads and pasta from Bottega di Famiglia, shipped to your door.',
    });
    expect(documentHead(STATIC_PAGE_META.recipes)).toEqual({
      title: 'Recipes · Bottega di Famiglia',
      description:
        'Family recipes from Bottega di Famiglia: Italian dishes made with our olive oil, vinegar and pasta.',
    });
    expect(documentHead(STATIC_PAGE_META.about)).toEqual({
      title: 'About us · Bottega di Famiglia',
      description:
        'Bottega di Famiglia is a small Italian family business selling its food online and at farmers’ markets.',
    });
    expect(documentHead(STATIC_PAGE_META.terms)).toEqual({
      title: 'Terms and Conditions · Bottega di Famiglia',
      description: 'The terms and conditions of shopping at Bottega di Famiglia.',
    });
    expect(documentHead(STATIC_PAGE_META.contact)).toEqual({
      title: 'Contact us · Bottega di Famiglia',
      description: 'Questions about an order or our products? Write to Bottega di Famiglia or give us a call.',
    });
  });

  it('when a product has a description, then its page carries its name and text', () => {
    expect(productMeta({ name: 'Olio Nuovo', description: 'First pressing.' })).toEqual({
      title: 'Olio Nuovo',
      description: 'First pressing.',
    });
    expect(documentHead(productMeta({ name: 'Olio Nuovo', description: 'First pressing.' }))).toEqual({
      title: 'Olio Nuovo · Bottega di Famiglia',
      description: 'First pressing.',
    });
  });

  it('when a product has no description, then its page falls back to the shop’s', () => {
    expect(documentHead(productMeta({ name: 'Olio Nuovo', description: '' }))).toEqual({
      title: 'Olio Nuovo · Bottega di Famiglia',
      description: SHOP_TEXT,
    });
  });

  it('when a category has its own text, then it is used; without it, the category describes itself', () => {
    expect(categoryMeta({ name: 'Pasta', description: 'Bronze-cut shapes.' })).toEqual({
      title: 'Pasta',
      description: 'Bronze-cut shapes.',
    });
    expect(categoryMeta({ name: 'Pasta', description: '' })).toEqual({
      title: 'Pasta',
      description: 'Pasta from the Bottega di Famiglia pantry.',
    });
  });

  it('when a recipe is shown, then its page carries its name and text', () => {
    expect(recipeMeta({ name: 'Pesto', description: 'Basil and pine nuts.' })).toEqual({
      title: 'Pesto',
      description: 'Basil and pine nuts.',
    });
  });
});
