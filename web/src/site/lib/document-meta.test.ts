import { describe, expect, it } from 'vitest';
import { metaDescription, pageTitle } from './document-meta';

describe('pageTitle', () => {
  it('when a page has a name, then the title is the name, a middle dot and the shop', () => {
    expect(pageTitle('Olio Nuovo 500 ml')).toBe('Olio Nuovo 500 ml · Bottega di Famiglia');
  });

  it('when the name has stray whitespace, then it is collapsed and trimmed', () => {
    expect(pageTitle('  Order\n #1042 ')).toBe('Order #1042 · Bottega di Famiglia');
  });

  it('when there is no name (loading, or Home), then the title is the shop’s own', () => {
    expect(pageTitle(undefined)).toBe('Bottega di Famiglia — Italian food');
    expect(pageTitle('   ')).toBe('Bottega di Famiglia — Italian food');
  });
});

describe('metaDescription', () => {
  it('when the text fits, then it comes back on one line with whitespace collapsed', () => {
    expect(metaDescription('Cold pressed.\n\n  Green and  peppery. ')).toBe('Cold pressed. Green and peppery.');
  });

  it('when the text is longer than the limit, then it is cut at the last whole word with an ellipsis', () => {
    // Limit 20: the first 19 characters are "Aged twelve years i", whose last whole word ends at "years".
    expect(metaDescription('Aged twelve years in oak barrels', 20)).toBe('Aged twelve years…');
  });

  it('when the cut falls after punctuation, then the punctuation goes before the ellipsis', () => {
    // Limit 16: "Fig, walnut, ho" → last space after "walnut," → "Fig, walnut" + "…".
    expect(metaDescription('Fig, walnut, honey and more', 16)).toBe('Fig, walnut…');
  });

  it('when one word is longer than the limit, then it is cut at the limit', () => {
    expect(metaDescription('Supercalifragilistic', 10)).toBe('Supercali…');
  });

  it('when there is no text, then the description is empty', () => {
    expect(metaDescription(null)).toBe('');
    expect(metaDescription('  \n ')).toBe('');
  });

  it('when the text is exactly the limit, then it is kept whole', () => {
    expect(metaDescription('abcde fghij', 11)).toBe('abcde fghij');
  });
});
