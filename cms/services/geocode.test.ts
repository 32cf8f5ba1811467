import { describe, expect, it } from 'vitest';
import { coordinatesForPostalCode } from './geocode';

describe('coordinatesForPostalCode', () => {
  it('when a US ZIP is known, then latitude comes first and longitude second', () => {
    const coords = coordinatesForPostalCode('10001', 'US');
    expect(coords).not.toBeNull();
    const [lat, lon] = coords!;
    expect(lat).toBeCloseTo(40.75, 0);
    expect(lon).toBeCloseTo(-74.0, 0);
  });
  it('when the ZIP has the +4 suffix, then the 5-digit part is used', () => {
    expect(coordinatesForPostalCode('95131-1234', 'US')).toEqual(coordinatesForPostalCode('95131', 'US'));
  });
  it('when the address is outside the US or the ZIP is unknown, then there are no coordinates', () => {
    expect(coordinatesForPostalCode('M5V 2T6', 'CA')).toBeNull();
    expect(coordinatesForPostalCode('00000', 'US')).toBeNull();
    expect(coordinatesForPostalCode('', 'US')).toBeNull();
  });
});
