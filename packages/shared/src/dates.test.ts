import { describe, expect, it } from 'vitest';
import { formatAdminDate, formatLongDate, formatPlainDate, formatTableDate, ordinal } from './dates';

describe('dates', () => {
  it('when numbers end in 1, 2, 3 or the teens, then the ordinal suffix is right', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
  it('when a date is given, then the long form reads like January 1st, 2024', () => {
    expect(formatLongDate(new Date(2024, 0, 1, 10))).toBe('January 1st, 2024');
  });
  it('when the date is empty or invalid, then a dash is shown', () => {
    expect(formatLongDate(null)).toBe('-');
    expect(formatTableDate('not a date')).toBe('-');
  });
  it('when formatting for tables and the admin, then MM/DD/YYYY HH:mm and a 12-hour clock are used', () => {
    const d = new Date(2024, 6, 4, 14, 5);
    expect(formatTableDate(d)).toBe('07/04/2024 14:05');
    expect(formatAdminDate(d)).toBe('07/04/2024 2:05 PM');
    expect(formatAdminDate(new Date(2024, 6, 4, 0, 30))).toBe('07/04/2024 12:30 AM');
  });
  it('when each month of a year is printed, then it carries its English name', () => {
    expect(Array.from({ length: 12 }, (_, month) => formatPlainDate(new Date(2025, month, 9, 12)))).toEqual([
      'January 9, 2025',
      'February 9, 2025',
      'March 9, 2025',
      'April 9, 2025',
      'May 9, 2025',
      'June 9, 2025',
      'July 9, 2025',
      'August 9, 2025',
      'September 9, 2025',
      'October 9, 2025',
      'November 9, 2025',
      'December 9, 2025',
    ]);
    expect(formatLongDate(new Date(2023, 11, 22, 8))).toBe('December 22nd, 2023');
  });
  it('when a date is given as text or a timestamp, then it is read like a Date', () => {
    const local = new Date(2024, 1, 29, 9, 7);
    expect(formatTableDate(local.toISOString())).toBe('02/29/2024 09:07');
    expect(formatTableDate(local.getTime())).toBe('02/29/2024 09:07');
  });
  it('when the plain or admin date is missing or invalid, then a dash is shown', () => {
    expect(formatPlainDate(undefined)).toBe('-');
    expect(formatPlainDate('')).toBe('-');
    expect(formatAdminDate(null)).toBe('-');
    expect(formatAdminDate('31/31/2024')).toBe('-');
  });
  it('when the admin clock passes noon, then 12 PM, 1 PM and 11:59 PM follow 11:59 AM', () => {
    expect(
      [
        [11, 59],
        [12, 0],
        [13, 0],
        [23, 59],
      ].map(([h, m]) => formatAdminDate(new Date(2024, 0, 2, h, m))),
    ).toEqual(['01/02/2024 11:59 AM', '01/02/2024 12:00 PM', '01/02/2024 1:00 PM', '01/02/2024 11:59 PM']);
  });
});
