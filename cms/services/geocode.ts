import zipcodes from 'zipcodes';

/**
 * Latitude and longitude of a US ZIP code from the offline `zipcodes` table (no network at checkout).
 * Addresses outside the US, or ZIPs the table does not know, get no coordinates.
 */
export function coordinatesForPostalCode(
  postalCode: string | null | undefined,
  countryCode: string | null | undefined,
): [number, number] | null {
  if (countryCode !== 'US' || !postalCode) return null;
  const zip5 = /^(\d{5})(?:-\d{4})?$/.exec(postalCode.trim())?.[1];
  if (!zip5) return null;
  const hit = zipcodes.lookup(zip5);
  if (!hit || typeof hit.latitude !== 'number' || typeof hit.longitude !== 'number') return null;
  return [hit.latitude, hit.longitude];
}
