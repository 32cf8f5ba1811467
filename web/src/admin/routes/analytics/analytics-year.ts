/** The analytics screen's one filter, the year, kept in the URL as ?year= (SPEC §2 Analytics). */
import { ANALYTICS_FIRST_YEAR } from '@shop/shared/admin';

export const latestAnalyticsYear = (now: Date = new Date()) => now.getFullYear();

/** SPEC §2: the previous year, unless that is before the first year there is data for. */
export const defaultAnalyticsYear = (now: Date = new Date()) =>
  Math.max(ANALYTICS_FIRST_YEAR, latestAnalyticsYear(now) - 1);

/** The year in the URL when it is a whole year from 2022 to this year; otherwise the default. */
export function parseAnalyticsYear(params: URLSearchParams, now: Date = new Date()): number {
  const raw = params.get('year') ?? '';
  if (!/^\d{4}$/.test(raw)) return defaultAnalyticsYear(now);
  const year = Number(raw);
  return year >= ANALYTICS_FIRST_YEAR && year <= latestAnalyticsYear(now) ? year : defaultAnalyticsYear(now);
}

export const analyticsYearToSearchParams = (year: number) => new URLSearchParams({ year: String(year) });
