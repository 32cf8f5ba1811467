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
  it("when ZIPs are looked up, then each gets the table's own four-decimal coordinates", () => {
    // From node_modules/zipcodes/lib/codes.js: its first two entries, the lowest ZIP (a leading zero) and the highest.
    expect(coordinatesForPostalCode('10001', 'US')).toEqual([40.7484, -73.9967]);
    expect(coordinatesForPostalCode('10002', 'US')).toEqual([40.7152, -73.9877]);
    expect(coordinatesForPostalCode('00501', 'US')).toEqual([40.8154, -73.0451]);
    expect(coordinatesForPostalCode(' 99950 ', 'US')).toEqual([55.3422, -131.6478]);
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
