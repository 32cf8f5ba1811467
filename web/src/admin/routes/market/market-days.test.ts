import type { AdminMarketDay } from '@shop/shared/admin';
import { describe, expect, it } from 'vitest';
import {
  cashDifference,
  clockText,
  marketShortDateText,
  splitMarketDays,
  validateMarketDay,
  weeksLater,
} from './market-days';

const day = (id: string, date: string, status: AdminMarketDay['status']): AdminMarketDay => ({
  id,
  place: 'Union Square',
  date,
  opens_at: '08:00',
  closes_at: '13:00',
  pickup: true,
  status,
  opening_cash: null,
  counted_cash: null,
  opened_at: null,
  closed_at: null,
  created_at: '',
  updated_at: '',
});

describe('splitMarketDays', () => {
  it('when days lie before, on and after today, then coming holds today, later and any open day, soonest first; past the rest, latest first', () => {
    const days = [
      day('a', '2026-11-21', 'CLOSED'),
      day('b', '2026-12-05', 'PLANNED'),
      day('c', '2026-11-28', 'PLANNED'),
      day('d', '2026-11-27', 'OPEN'),
      day('e', '2026-11-14', 'CLOSED'),
      day('f', '2026-11-29', 'CLOSED'),
    ];
    const { coming, past } = splitMarketDays(days, '2026-11-28');
    expect(coming.map((d) => d.id)).toEqual(['d', 'c', 'b']);
    expect(past.map((d) => d.id)).toEqual(['f', 'a', 'e']);
  });
});

describe('validateMarketDay', () => {
  const draft = {
    place: ' Union Square ',
    date: '2026-12-26',
    opens_at: '08:00',
    closes_at: '13:00',
    pickup: true,
    weeks: 3,
  };

  it('when the day repeats for 3 weeks, then three bodies a week apart, across the year end', () => {
    const checked = validateMarketDay(draft);
    expect(checked.ok && checked.inputs.map((i) => [i.place, i.date])).toEqual([
      ['Union Square', '2026-12-26'],
      ['Union Square', '2027-01-02'],
      ['Union Square', '2027-01-09'],
    ]);
  });

  it('when fields are wrong, then each message sits under its own field', () => {
    const checked = validateMarketDay({ ...draft, place: ' ', date: '2026-02-30', closes_at: '07:00', weeks: 13 });
    expect(checked.ok ? null : checked.errors).toEqual({
      place: 'Name the place',
      date: 'A date is written YYYY-MM-DD',
      closes_at: 'The market closes after it opens',
      weeks: 'From 1 to 12 weeks',
    });
    expect(validateMarketDay({ ...draft, closes_at: '07:00' })).toEqual({
      ok: false,
      errors: { closes_at: 'The market closes after it opens' },
    });
  });
});

describe('money and time texts', () => {
  it('when the till is counted, then the difference is counted − expected in whole cents', () => {
    expect(cashDifference(70.1, 69.9)).toBe(-0.2);
    expect(cashDifference(100, 102.5)).toBe(2.5);
    expect(cashDifference(100, null)).toBeNull();
  });

  it('when hours are shown, then on a 12-hour clock', () => {
    expect([clockText('00:05'), clockText('08:00'), clockText('12:30'), clockText('17:45')]).toEqual([
      '12:05 AM',
      '8:00 AM',
      '12:30 PM',
      '5:45 PM',
    ]);
    expect(weeksLater('2026-02-26', 1)).toBe('2026-03-05');
    expect(marketShortDateText('2026-12-05')).toBe('Sat, Dec 5, 2026');
  });
});
