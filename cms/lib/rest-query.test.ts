import type { SanitizedConfig } from 'payload';
import { afterEach, describe, expect, it } from 'vitest';
import { assertSafeRestQuery } from './rest-query';

/** Just what the guard reads of the config: a collection's flattened fields. */
const config = {
  collections: [
    {
      slug: 'products',
      flattenedFields: [
        { name: 'name', type: 'text' },
        { name: 'price', type: 'number' },
      ],
    },
  ],
} as unknown as SanitizedConfig;

const check = (query: string) => () => assertSafeRestQuery(config, '/api/products', new URLSearchParams(query));

const ownPrototypeKeys = () => Object.keys(Object.prototype);

afterEach(() => {
  // Should a planted bug write into the test process's prototype, the other tests must not inherit it.
  for (const key of ownPrototypeKeys()) delete (Object.prototype as Record<string, unknown>)[key];
});

describe('assertSafeRestQuery and prototype names (issue 29)', () => {
  it('when a where key steps through __proto__, constructor or prototype, then 400 and Object.prototype is untouched', () => {
    for (const query of [
      'where[__proto__][equals]=1',
      'where[constructor][prototype][equals]=1',
      'where[name][__proto__]=1',
      'where[or][0][__proto__][equals]=1',
    ]) {
      expect(check(query), query).toThrow(expect.objectContaining({ status: 400 }));
    }
    expect(ownPrototypeKeys()).toEqual([]);
  });

  it('when a field path or a sort names a prototype in one of its segments, then 400', () => {
    for (const query of [
      'where[name.__proto__][equals]=1',
      'where[constructor.name][exists]=true',
      `where=${encodeURIComponent('{"__proto__":{"equals":1}}')}`,
      `where=${encodeURIComponent('{"or":[{"price.prototype":{"equals":1}}]}')}`,
      'sort=__proto__',
      'sort=-name.constructor',
    ]) {
      expect(check(query), query).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('when the words are only values, then the query passes', () => {
    expect(check('where[name][equals]=constructor&where[name][not_equals]=__proto__&sort=-name')).not.toThrow();
  });
});
