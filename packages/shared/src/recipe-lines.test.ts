import { describe, expect, it } from 'vitest';
import { MAX_RECIPE_PRODUCT_QUANTITY, recipeLines, recipeQuantity } from './recipe-lines';

describe('recipeLines', () => {
  it('when the stored list holds rows of product and quantity, then the lines keep their order and quantities', () => {
    expect(
      recipeLines([
        { id: 'row1', product: 'ragu', quantity: 2 },
        { id: 'row2', product: 'pasta', quantity: 1 },
      ]),
    ).toEqual([
      { id: 'ragu', quantity: 2 },
      { id: 'pasta', quantity: 1 },
    ]);
  });

  it('when the stored list is plain ids from before quantities, then each is one of it', () => {
    expect(recipeLines(['a', 'b'])).toEqual([
      { id: 'a', quantity: 1 },
      { id: 'b', quantity: 1 },
    ]);
  });

  it('when a row holds a populated product, then its id is used', () => {
    expect(recipeLines([{ product: { id: 'oil', name: 'Oil' }, quantity: 3 }])).toEqual([{ id: 'oil', quantity: 3 }]);
  });

  it('when a row has no product or names one twice, then it is skipped', () => {
    expect(
      recipeLines([
        { product: null, quantity: 2 },
        { product: 'a', quantity: 2 },
        { product: 'a', quantity: 5 },
      ]),
    ).toEqual([{ id: 'a', quantity: 2 }]);
  });

  it('when the value is not a list, then there are no lines', () => {
    expect(recipeLines(undefined)).toEqual([]);
    expect(recipeLines('a')).toEqual([]);
  });
});

describe('recipeQuantity', () => {
  it('when the quantity is missing, fractional or below 1, then it is 1; above the limit, the limit', () => {
    expect([undefined, null, 0, -2, 1.5, 'x'].map(recipeQuantity)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(recipeQuantity(2)).toBe(2);
    expect(recipeQuantity('4')).toBe(4);
    expect(recipeQuantity(1000)).toBe(MAX_RECIPE_PRODUCT_QUANTITY);
  });
});
