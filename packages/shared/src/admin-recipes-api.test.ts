import { describe, expect, it } from 'vitest';
import { recipeProductsInputSchema } from './admin-recipes-api';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const one = (id: string) => ({ id, quantity: 1 });
const messages = (input: unknown) => {
  const res = recipeProductsInputSchema.safeParse(input);
  return res.success ? [] : res.error.issues.map((i) => i.message);
};

describe('recipeProductsInputSchema', () => {
  it('when a recipe names no product, or 30 different ones, then the list parses as sent', () => {
    expect(recipeProductsInputSchema.parse({ products: [] })).toEqual({ products: [] });
    expect(recipeProductsInputSchema.parse({ products: ids(30) })).toEqual({ products: ids(30).map(one) });
    expect(recipeProductsInputSchema.parse({ products: ['b', 'a'] })).toEqual({ products: [one('b'), one('a')] });
  });

  it('when a recipe names 31 products, then it is refused with the limit in words', () => {
    expect(messages({ products: ids(31) })).toEqual(['A recipe can name at most 30 products']);
  });

  it('when a product is named twice, then it is refused', () => {
    expect(messages({ products: ['a', 'b', 'a'] })).toEqual(['A product is named more than once']);
  });

  it('when the body has another field or a bad id, then it is refused', () => {
    expect(recipeProductsInputSchema.safeParse({ products: [], name: 'x' }).success).toBe(false);
    expect(messages({ products: ['a b'] })).toEqual(['Invalid id']);
  });
});

describe('recipeProductsInputSchema with quantities (issue 23)', () => {
  it('when entries carry quantities, then they are kept; a bare id is one of it', () => {
    expect(recipeProductsInputSchema.parse({ products: [{ id: 'ragu', quantity: 2 }, 'pasta'] })).toEqual({
      products: [
        { id: 'ragu', quantity: 2 },
        { id: 'pasta', quantity: 1 },
      ],
    });
    expect(recipeProductsInputSchema.parse({ products: [{ id: 'a', quantity: 99 }] }).products[0].quantity).toBe(99);
  });

  it('when a quantity is 0, 100, fractional or missing, or a product comes twice, then it is refused', () => {
    for (const quantity of [0, 100, 1.5, '2', undefined]) {
      expect(recipeProductsInputSchema.safeParse({ products: [{ id: 'a', quantity }] }).success, String(quantity)).toBe(
        false,
      );
    }
    expect(messages({ products: ['a', { id: 'a', quantity: 2 }] })).toEqual(['A product is named more than once']);
  });
});
