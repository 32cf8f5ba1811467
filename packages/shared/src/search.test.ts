import { describe, expect, it } from 'vitest';
import { foldText, rankProducts, searchScore, searchTerms } from './search';

const product = (name: string, description = '', categoryNames: string[] = []) => ({
  name,
  description,
  categoryNames,
});

describe('foldText and searchTerms', () => {
  it('when text has accents and capitals, then they fold to plain lower case', () => {
    expect(foldText('Caffè Ragù ÀÉÎ')).toBe('caffe ragu aei');
  });

  it('when a search has extra spaces, accents and more than six words, then six folded words remain', () => {
    expect(searchTerms('  Caffè   e  pane  uno due tre quattro ')).toEqual(['caffe', 'e', 'pane', 'uno', 'due', 'tre']);
  });

  it('when a search is empty or only blanks, then it has no words', () => {
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms(' \t ')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
  });

  it('when a search holds % and _, then they are ordinary characters of the words', () => {
    expect(searchTerms('50% off_now')).toEqual(['50%', 'off_now']);
  });
});

describe('searchScore', () => {
  it('when a word starts a word of the name, then it scores 10; inside the name 6; in a category 4; in the description 1', () => {
    const p = product('Olio Novello', 'cold pressed oil', ['Extra Virgin Olive Oils']);
    expect(searchScore(['novello'], p)).toBe(10);
    expect(searchScore(['vello'], p)).toBe(6);
    expect(searchScore(['virgin'], p)).toBe(4);
    expect(searchScore(['pressed'], p)).toBe(1);
  });

  it('when one word is found nowhere, then the product does not match at all', () => {
    expect(searchScore(['olio', 'tartufo'], product('Olio Novello', 'green and peppery'))).toBe(0);
  });

  it('when several words match in different places, then their points add up', () => {
    const p = product('Trofie Liguri', 'twisted pasta for pesto', ['Artisanal Pasta']);
    // "trofie" starts the name (10), "pasta" is in the category (4), "pesto" in the description (1).
    expect(searchScore(['trofie', 'pasta', 'pesto'], p)).toBe(15);
  });

  it('when the product name has accents, then a search without them finds it', () => {
    expect(searchScore(['caffe'], product('Caffè del Nonno'))).toBe(10);
  });

  it('when only a category name has accents, then a search without them finds it in the category', () => {
    expect(searchScore(['specialita'], product('Taralli', 'crunchy rings', ['Specialità Pugliesi']))).toBe(4);
    expect(searchScore(['pugliesi'], product('Taralli', 'crunchy rings', ['Dolci', 'SPECIALITÀ PUGLIESI']))).toBe(4);
  });

  it('when only the description has accents, then a search without them finds it in the description', () => {
    expect(searchScore(['crepes'], product('Crema di Pistacchio', 'Spalmabile sulle crêpes'))).toBe(1);
    expect(searchScore(['perche'], product('Crema di Pistacchio', 'PERCHÉ NO'))).toBe(1);
  });

  it('when the search has accents and the category or description has none, then it is found there too', () => {
    const p = product('Taralli', 'crunchy rings', ['Pugliese Snacks']);
    expect(searchScore(searchTerms('Pùglìese'), p)).toBe(4);
    expect(searchScore(searchTerms('crünchy'), p)).toBe(1);
  });
});

describe('rankProducts', () => {
  const shelf = [
    product('Olio Novello 500 ml', 'first harvest', ['Extra Virgin Olive Oils']),
    product('Spaghetti di Gragnano 500 g', 'bronze-cut', ['Artisanal Pasta']),
    product('Pesto Genovese', 'for pasta and bruschetta', ['Spreads']),
    product('Paccheri 500 g', 'large tubes', ['Artisanal Pasta']),
    product('Pasta Gift Box', 'three shapes', ['Gift Boxes']),
  ];

  it('when the search is "pasta", then the name match comes first, then the category ones in their order, then the description one', () => {
    expect(rankProducts('pasta', shelf).map((p) => p.name)).toEqual([
      'Pasta Gift Box',
      'Spaghetti di Gragnano 500 g',
      'Paccheri 500 g',
      'Pesto Genovese',
    ]);
  });

  it('when the search is empty, then every product comes back in the order given', () => {
    expect(rankProducts('  ', shelf)).toHaveLength(5);
    expect(rankProducts(undefined, shelf)[0].name).toBe('Olio Novello 500 ml');
  });

  it('when the search has no accent, then the products whose category or description has it are ranked in', () => {
    const accented = [
      product('Taralli', 'crunchy rings', ['Specialità']),
      product('Crema di Pistacchio', 'per le specialità dolci', ['Spreads']),
      product('Specialita Box', 'a gift', ['Gift Boxes']),
    ];
    expect(rankProducts('specialita', accented).map((p) => p.name)).toEqual([
      'Specialita Box',
      'Taralli',
      'Crema di Pistacchio',
    ]);
  });

  it('when nothing matches, then the result is empty', () => {
    expect(rankProducts('tartufo', shelf)).toEqual([]);
  });
});
