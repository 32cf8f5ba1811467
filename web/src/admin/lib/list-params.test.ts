import { describe, expect, it } from 'vitest';
import { pageFromSearchParam, pageSizeFromSearchParam } from './list-params';

describe('a list page and page size from the URL', () => {
  it('when the page is a plain number from 1 to 100000, then it is read', () => {
    expect(pageFromSearchParam('1')).toBe(1);
    expect(pageFromSearchParam('37')).toBe(37);
    expect(pageFromSearchParam('100000')).toBe(100000);
  });

  it('when the page is missing, zero, negative, a float, an exponent or too large, then the default comes', () => {
    for (const value of [null, '', '0', '-2', '2.5', '1e3', '100001', '9999999', ' 3', 'three']) {
      expect(pageFromSearchParam(value), String(value)).toBe(1);
    }
    expect(pageFromSearchParam('abc', 4)).toBe(4);
  });

  it('when the size is one of the list’s sizes, then it is read, and anything else gives the default', () => {
    expect(pageSizeFromSearchParam('50', [10, 20, 50], 10)).toBe(50);
    for (const value of [null, '', '7', '1000', 'abc', '20.0x']) {
      expect(pageSizeFromSearchParam(value, [10, 20, 50], 10), String(value)).toBe(10);
    }
  });
});
