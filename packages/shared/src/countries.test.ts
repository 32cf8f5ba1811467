import { describe, expect, it } from 'vitest';
import { countryName } from './countries';

describe('countryName', () => {
  it('when the code is a known region, then its English name', () => {
    expect(countryName('IT')).toBe('Italy');
  });

  it('when the code is malformed, then the code as sent', () => {
    expect(countryName('not a code')).toBe('not a code');
  });

  it('when the code is empty, then nothing', () => {
    expect(countryName('')).toBe('');
  });
});
