import { describe, expect, it } from 'vitest';
import { NoSuchPage, renderKey } from './render';

const key = (path: string, query: string) => renderKey(path, new URLSearchParams(query));

describe('renderKey', () => {
  it('when the shop is asked with a search, a page and parameters it does not read, then only the search and the page make the key', () => {
    expect(key('/site/shop', 'utm_source=mail&page=3&search=%20olive%20&x=1')).toBe('/site/shop?search=olive&page=3');
    expect(key('/site/shop', 'page=1&fbclid=abc')).toBe('/site/shop');
    expect(key('/site/shop', 'page=0007')).toBe('/site/shop?page=7');
  });

  it('when another page is asked with any parameters, then the key is its path alone', () => {
    expect(key('/site/about', 'page=3&search=olive&z=1')).toBe('/site/about');
    expect(key('/site/shop/0123456789abcdef01234567', 'page=z1')).toBe('/site/shop/0123456789abcdef01234567');
  });

  it.each(['z1', '', '0', '-2', '1.5', '1e3', ' 2', '100001', '99999999999999999999'])(
    'when the shop is asked for page "%s", then there is no such page',
    (page) => {
      expect(() => key('/site/shop', `page=${encodeURIComponent(page)}`)).toThrow(NoSuchPage);
    },
  );

  it('when home is asked with the missing-order notice, then the notice is in the key, and any other notice or parameter is not', () => {
    expect(key('/site', 'notice=order-not-found&utm_source=mail')).toBe('/site?notice=order-not-found');
    expect(key('/site', 'notice=something-else')).toBe('/site');
    expect(key('/site', 'utm_source=mail')).toBe('/site');
    expect(key('/site/about', 'notice=order-not-found')).toBe('/site/about');
  });

  it('when the shop is asked for two pages at once, then there is no such page', () => {
    expect(() => key('/site/shop', 'page=2&page=3')).toThrow(NoSuchPage);
  });

  it('when the shop is asked for the last page a list may have, then that page is its key', () => {
    expect(key('/site/shop', 'page=100000')).toBe('/site/shop?page=100000');
  });
});
