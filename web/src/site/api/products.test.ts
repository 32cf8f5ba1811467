import { describe, expect, it } from 'vitest';
import { cartProductsKey, hasMorePages, productsKey, shouldSuggest } from './products';

describe('shouldSuggest', () => {
  it('when the left-trimmed text has more than 2 characters, then suggestions are asked for', () => {
    expect(shouldSuggest('oli')).toBe(true);
    expect(shouldSuggest('   oli')).toBe(true);
  });
  it('when the left-trimmed text has 2 characters or fewer, then no suggestions are asked for', () => {
    expect(shouldSuggest('ol')).toBe(false);
    expect(shouldSuggest('     ol')).toBe(false);
    expect(shouldSuggest('')).toBe(false);
  });
});

describe('hasMorePages', () => {
  it('when the count exceeds 10 times the pages loaded, then another page may load', () => {
    expect(hasMorePages(11, 1)).toBe(true);
    expect(hasMorePages(25, 2)).toBe(true);
  });
  it('when the loaded pages already hold the count, then nothing more loads', () => {
    expect(hasMorePages(10, 1)).toBe(false);
    expect(hasMorePages(20, 2)).toBe(false);
    expect(hasMorePages(0, 0)).toBe(false);
  });
});

describe('keys', () => {
  it('when the search is empty, then it is left out of the products query', () => {
    expect(productsKey('', 1)).toBe('products?limit=10&page=1');
    expect(productsKey(' oil ', 2)).toBe('products?search=oil&limit=10&page=2');
  });
  it('when cart ids are given, then they become products[i]=id', () => {
    expect(cartProductsKey(['a', 'b'])).toBe('products/cart/show?products[0]=a&products[1]=b');
  });
});
