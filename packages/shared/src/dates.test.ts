import { describe, expect, it } from 'vitest';
import { formatAdminDate, formatLongDate, formatTableDate, ordinal } from './dates';

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
});
