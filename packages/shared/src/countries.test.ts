import { describe, expect, it } from 'vitest';
import { countryName, isCountryAllowed, joinNames, shippingDestinations } from './countries';

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

describe('shippingDestinations', () => {
  it('when the settings say US, EU and CA, then readable names in that order and the EU with its 27 members', () => {
    const list = shippingDestinations(['US', 'EU', 'CA']);
    expect(list.map((d) => d.name)).toEqual(['United States', 'the European Union', 'Canada']);
    const eu = list[1]!;
    expect(eu.members).toHaveLength(27);
    expect(eu.members?.slice(0, 3)).toEqual(['Austria', 'Belgium', 'Bulgaria']);
    expect(eu.members).toContain('Italy');
    expect(eu.members).not.toContain('United Kingdom');
    expect(list[0]!.members).toBeUndefined();
  });

  it('when codes repeat, differ in case or are blank, then each place once', () => {
    expect(shippingDestinations(['us', ' US ', '', 'it']).map((d) => d.code)).toEqual(['US', 'IT']);
  });

  it('when nothing is configured, then an empty list', () => {
    expect(shippingDestinations([])).toEqual([]);
  });
});

describe('joinNames', () => {
  it('when there are one, two or three names, then they read as a sentence', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Canada'])).toBe('Canada');
    expect(joinNames(['United States', 'Canada'])).toBe('United States and Canada');
    expect(joinNames(['United States', 'Canada', 'the European Union'])).toBe(
      'United States, Canada and the European Union',
    );
  });
});

describe('isCountryAllowed', () => {
  it('when the settings say EU, then a member state passes and a neighbour outside does not', () => {
    expect(isCountryAllowed('it', ['EU'])).toBe(true);
    expect(isCountryAllowed('CH', ['EU'])).toBe(false);
    expect(isCountryAllowed('US', ['US'])).toBe(true);
    expect(isCountryAllowed('USA', ['US'])).toBe(false);
  });
});
