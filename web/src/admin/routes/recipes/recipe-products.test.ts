import { describe, expect, it } from 'vitest';
import { mergeSelection, moveItem, productLines, refusalLines } from './recipe-products';

describe('mergeSelection', () => {
  it('when a product is added, then it goes last and the others keep their order', () => {
    expect(mergeSelection(['b', 'a'], ['a', 'b', 'c'])).toEqual(['b', 'a', 'c']);
  });

  it('when a product is removed, then the rest keep their order', () => {
    expect(mergeSelection(['c', 'a', 'b'], ['a', 'b'])).toEqual(['a', 'b']);
    expect(mergeSelection(['c', 'a', 'b'], ['b', 'c'])).toEqual(['c', 'b']);
  });
});

describe('moveItem', () => {
  it('when an entry moves up or down, then it swaps with its neighbour', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('when the entry is already at that end, then nothing changes', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('refusalLines', () => {
  it("when the server names issues, then each issue's message is a line", () => {
    expect(
      refusalLines([
        { path: 'products', message: 'Unknown products: x' },
        { path: 'products', message: 'Not published, so shoppers could not buy them: Oil (y)' },
      ]),
    ).toEqual(['Unknown products: x', 'Not published, so shoppers could not buy them: Oil (y)']);
  });

  it('when the reply is a sentence or something else, then the sentence or nothing', () => {
    expect(refusalLines('Recipe not found')).toEqual(['Recipe not found']);
    expect(refusalLines({ unexpected: true })).toEqual([]);
  });
});

describe('productLines', () => {
  it('when the drawer saves, then each chosen product goes in its order with its quantity, 1 when none was typed', () => {
    expect(productLines(['b', 'a', 'c'], { a: 2, b: 3 })).toEqual([
      { id: 'b', quantity: 3 },
      { id: 'a', quantity: 2 },
      { id: 'c', quantity: 1 },
    ]);
  });

  it('when the stored list is given, then its quantities are used, so a changed quantity shows as a change', () => {
    const stored = [{ id: 'a', quantity: 2 }];
    expect(productLines(['a'], { a: 5 }, stored)).toEqual([{ id: 'a', quantity: 2 }]);
    expect(productLines(['a'], { a: 5 })).not.toEqual(productLines(['a'], { a: 5 }, stored));
  });
});
