/**
 * Date texts of SPEC §9. Written without a date library so that server mails and the SPA print the same text.
 * All functions format in the runtime's local time zone.
 */
/** Month names, January first (also the market days' dates, pickup.ts). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** "January 1st, 2024", or a dash when there is no date (orders list). */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  return `${MONTHS[d.getMonth()]} ${ordinal(d.getDate())}, ${d.getFullYear()}`;
}

/** "01/31/2024 14:05" for tables and the gallery. */
export function formatTableDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "01/31/2024 2:05 PM": the admin's month/day/year with a 12-hour clock. */
export function formatAdminDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const ampm = d.getHours() < 12 ? 'AM' : 'PM';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${hours}:${pad(d.getMinutes())} ${ampm}`;
}

/** "January 1, 2025": the storefront's plain date (recipes, terms). */
export function formatPlainDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}
