import { describe, expect, it } from 'vitest';
import { publicAnswerKey } from './public-response-cache';

const key = (path: string, query: string) => publicAnswerKey(path, new URLSearchParams(query));

describe('publicAnswerKey', () => {
  it('when the same list is asked with its parameters in another order, then both share one key', () => {
    expect(key('/api/v2/products', 'page=2&limit=10&search=olive')).toBe(
      'http:/api/v2/products?limit=10&page=2&search=olive',
    );
    expect(key('/api/v2/products', 'search=olive&page=2&limit=10')).toBe(
      'http:/api/v2/products?limit=10&page=2&search=olive',
    );
    expect(key('/api/v2/categories', '')).toBe('http:/api/v2/categories');
    expect(key('/api/v2/products/cart/show', 'products=b2&products=a1')).toBe(
      'http:/api/v2/products/cart/show?products=b2&products=a1',
    );
  });

  it('when a request carries a parameter no catalogue route reads, or one twice, then it is not looked up in the cache', () => {
    expect(key('/api/v2/categories', 'cachebuster=123')).toBeNull();
    expect(key('/api/v2/products', 'page=1&utm_source=mail')).toBeNull();
    expect(key('/api/v2/products', 'page=1&page=2')).toBeNull();
  });
});
