import { describe, expect, it } from 'vitest';
import { isCountryAllowed } from './payment-countries';

describe('isCountryAllowed', () => {
  it('when the country is listed, then it is allowed', () => {
    expect(isCountryAllowed('US', ['US'])).toBe(true);
    expect(isCountryAllowed('ca', ['US', 'CA'])).toBe(true);
  });
  it('when EU is listed, then every member state is allowed but not other countries', () => {
    expect(isCountryAllowed('IT', ['EU'])).toBe(true);
    expect(isCountryAllowed('CH', ['EU'])).toBe(false);
  });
  it('when the country is not listed or empty, then it is refused', () => {
    expect(isCountryAllowed('GB', ['US'])).toBe(false);
    expect(isCountryAllowed('', ['US'])).toBe(false);
  });
});
