import fs from 'node:fs';
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/** US ZIP codes in ascending order, and each one's latitude and longitude in ten-thousandths of a degree. */
interface ZipTable {
  zips: Int32Array;
  coordinates: Int32Array;
}

let table: ZipTable | null = null;

/**
 * The `zipcodes` package's US table is a 5 MB script of 43,000 objects; kept as loaded, it would hold some
 * 20 MiB of the server's memory for one lookup per order. It is read once, on the first lookup, into two
 * typed arrays (about half a MiB), and the text and its objects are collected. Its coordinates have four
 * decimals, which the integers keep exactly.
 */
function zipTable(): ZipTable {
  if (table) return table;
  // The file's first line is `exports.codes = {…JSON…};`. Read as data rather than run as a module, nothing
  // of it stays behind (a required module stays referenced from its parent even once out of the cache).
  const firstLine = fs.readFileSync(requireFromHere.resolve('zipcodes/lib/codes.js'), 'utf8').split('\n', 1)[0];
  const json = /^exports\.codes\s*=\s*(\{.*\});?\s*$/.exec(firstLine)?.[1];
  if (!json) throw new Error('zipcodes/lib/codes.js is not laid out as expected: check the zipcodes package version');
  const codes = JSON.parse(json) as Record<string, { latitude?: unknown; longitude?: unknown }>;
  const rows = Object.entries(codes)
    .filter(
      ([zip, info]) => /^\d{5}$/.test(zip) && typeof info.latitude === 'number' && typeof info.longitude === 'number',
    )
    .map(([zip, info]) => [
      Number(zip),
      Math.round((info.latitude as number) * 1e4),
      Math.round((info.longitude as number) * 1e4),
    ])
    .sort((a, b) => a[0] - b[0]);
  const zips = new Int32Array(rows.length);
  const coordinates = new Int32Array(rows.length * 2);
  rows.forEach(([zip, lat, lon], i) => {
    zips[i] = zip;
    coordinates[i * 2] = lat;
    coordinates[i * 2 + 1] = lon;
  });
  table = { zips, coordinates };
  return table;
}

function findZip(zips: Int32Array, zip: number): number {
  let low = 0;
  let high = zips.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (zips[mid] === zip) return mid;
    if (zips[mid] < zip) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

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
  const { zips, coordinates } = zipTable();
  const at = findZip(zips, Number(zip5));
  if (at < 0) return null;
  return [coordinates[at * 2] / 1e4, coordinates[at * 2 + 1] / 1e4];
}
