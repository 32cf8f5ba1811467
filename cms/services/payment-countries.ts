/** EU member states, for a settings entry 'EU' among the allowed payment countries. */
const EU_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** The shipping-country check of SPEC §5: the country must be one of the settings' payment countries. */
export function isCountryAllowed(countryCode: string, allowed: readonly string[]): boolean {
  const code = countryCode.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return false;
  return allowed.some((entry) => entry === code || (entry === 'EU' && EU_COUNTRIES.has(code)));
}
