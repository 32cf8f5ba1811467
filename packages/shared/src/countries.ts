/** "US" → "United States"; an unknown or malformed code is shown as sent rather than breaking the page. */
export function countryName(code: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The member states of the European Union, for a payment-countries entry "EU". */
export const EU_MEMBER_STATES: readonly string[] = [
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
];

/** The shipping-country check of SPEC §5: the country must be one of the allowed payment countries ("EU": its members). */
export function isCountryAllowed(countryCode: string, allowed: readonly string[]): boolean {
  const code = countryCode.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return false;
  return allowed.some((entry) => entry === code || (entry === 'EU' && EU_MEMBER_STATES.includes(code)));
}

/** One place the shop ships to, as the cart names it: a country, or the EU with its member states. */
export interface ShippingDestination {
  code: string;
  name: string;
  /** For "EU": the member states' names, alphabetical. */
  members?: string[];
}

/**
 * The payment countries of the public config, readable: "US" → "United States", "EU" → "the European Union"
 * with its member states. Upper-cased, once each, in the settings' order; empty entries are skipped.
 */
export function shippingDestinations(codes: readonly string[]): ShippingDestination[] {
  const seen = new Set<string>();
  const out: ShippingDestination[] = [];
  for (const raw of codes) {
    const code = raw.trim().toUpperCase();
    if (code === '' || seen.has(code)) continue;
    seen.add(code);
    if (code === 'EU') {
      const members = EU_MEMBER_STATES.map(countryName).sort((a, b) => a.localeCompare(b, 'en'));
      out.push({ code, name: 'the European Union', members });
    } else {
      out.push({ code, name: countryName(code) });
    }
  }
  return out;
}

/** "United States", "United States and Canada", "United States, Canada and the European Union". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
