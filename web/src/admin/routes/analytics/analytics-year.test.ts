import { describe, expect, it } from 'vitest';
import { analyticsYearToSearchParams, defaultAnalyticsYear, parseAnalyticsYear } from './analytics-year';

const now = new Date(2026, 10, 23, 12);
const parse = (search: string) => parseAnalyticsYear(new URLSearchParams(search), now);

describe('the analytics year in the URL', () => {
  it('when the URL has no year, then the previous year is shown', () => {
    expect(parse('')).toBe(2025);
  });
  it('when the URL names 2022 or the current year, then that year is shown', () => {
    expect(parse('year=2022')).toBe(2022);
    expect(parse('year=2026')).toBe(2026);
  });
  it('when the URL names 2021, next year, a word or a fraction, then the previous year is shown', () => {
    expect(parse('year=2021')).toBe(2025);
    expect(parse('year=2027')).toBe(2025);
    expect(parse('year=last')).toBe(2025);
    expect(parse('year=2024.5')).toBe(2025);
  });
  it('when it is still 2022, then the default is 2022, never a year before the data starts', () => {
    expect(defaultAnalyticsYear(new Date(2022, 5, 1))).toBe(2022);
  });
  it('when a year is chosen, then it goes to the URL as ?year=', () => {
    expect(analyticsYearToSearchParams(2024).toString()).toBe('year=2024');
  });
});
