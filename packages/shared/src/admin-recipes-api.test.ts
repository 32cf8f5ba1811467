import { describe, expect, it } from 'vitest';
import { recipeProductsInputSchema } from './admin-recipes-api';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const messages = (input: unknown) => {
  const res = recipeProductsInputSchema.safeParse(input);
  return res.success ? [] : res.error.issues.map((i) => i.message);
};

describe('recipeProductsInputSchema', () => {
  it('when a recipe names no product, or 30 different ones, then the list parses as sent', () => {
    expect(recipeProductsInputSchema.parse({ products: [] })).toEqual({ products: [] });
    expect(recipeProductsInputSchema.parse({ products: ids(30) })).toEqual({ products: ids(30) });
    expect(recipeProductsInputSchema.parse({ products: ['b', 'a'] })).toEqual({ products: ['b', 'a'] });
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
