/** The Market area's texts and the plan form's rules (issue 32 §1, §3), kept apart from the screens to be tested. */
import {
  type AdminMarketDay,
  formatLongDate,
  type MarketDayInput,
  marketDayInputSchema,
  type MarketDayStatus,
} from '@shop/shared/admin';
import { type FieldErrors, issuesToErrors } from '../../components/form-errors';

export const MARKET_PATH = '/admin/market';
export const marketDayPath = (id: string) => `${MARKET_PATH}/days/${encodeURIComponent(id)}`;
/** The phone's stall screen of an open day (issue 32 §2). */
export const stallPath = (id: string) => `${MARKET_PATH}/${encodeURIComponent(id)}`;

/** "2026-12-05" as the shop's calendar day, at local noon so no time zone moves it to another day. */
const calendarDay = (date: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) : null;
};

/** "Saturday, December 5th, 2026". */
export function marketDateText(date: string): string {
  const day = calendarDay(date);
  if (!day) return date;
  return `${day.toLocaleDateString('en-US', { weekday: 'long' })}, ${formatLongDate(day)}`;
}

/** "Sat, Dec 5, 2026": the phone's list, where the long date would break inside its words. */
export function marketShortDateText(date: string): string {
  const day = calendarDay(date);
  if (!day) return date;
  return day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
}

/** "14:30" → "2:30 PM" (SPEC §9: the admin's clock has 12 hours). */
export function clockText(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

export const hoursText = (day: Pick<AdminMarketDay, 'opens_at' | 'closes_at'>) =>
  `${clockText(day.opens_at)} – ${clockText(day.closes_at)}`;

export const MARKET_STATUS_TEXT: Record<MarketDayStatus, { text: string; color: string }> = {
  PLANNED: { text: 'Planned', color: 'blue' },
  OPEN: { text: 'Open', color: 'green' },
  CLOSED: { text: 'Closed', color: 'default' },
};

/** Today as the shop's calendar day (YYYY-MM-DD, local time). */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Coming: today and later, and any day still open (closing may be forgotten until the next morning), soonest
 * first. Past: the rest, latest first.
 */
export function splitMarketDays(
  days: readonly AdminMarketDay[],
  today: string,
): { coming: AdminMarketDay[]; past: AdminMarketDay[] } {
  const byDate = (a: AdminMarketDay, b: AdminMarketDay) =>
    a.date.localeCompare(b.date) || a.opens_at.localeCompare(b.opens_at);
  const isComing = (day: AdminMarketDay) => day.status === 'OPEN' || (day.status === 'PLANNED' && day.date >= today);
  return {
    coming: days.filter(isComing).sort(byDate),
    past: days.filter((day) => !isComing(day)).sort((a, b) => byDate(b, a)),
  };
}

export interface MarketDayDraft {
  place: string;
  date: string;
  opens_at: string;
  closes_at: string;
  pickup: boolean;
  /** 1: this day only; n: this day and the same weekday of the n − 1 weeks after it. */
  weeks: number;
}

export type MarketDayField = keyof MarketDayDraft;
export const MARKET_DAY_FIELDS: readonly MarketDayField[] = [
  'place',
  'date',
  'opens_at',
  'closes_at',
  'pickup',
  'weeks',
];
export const MAX_REPEAT_WEEKS = 12;

export const newMarketDayDraft = (): MarketDayDraft => ({
  place: '',
  date: '',
  opens_at: '08:00',
  closes_at: '13:00',
  pickup: true,
  weeks: 1,
});

/** The date `weeks` weeks after `date` (YYYY-MM-DD), across month and year ends. */
export function weeksLater(date: string, weeks: number): string {
  const day = calendarDay(date);
  if (!day) return date;
  day.setDate(day.getDate() + 7 * weeks);
  return todayText(day);
}

/** Checks the draft with the schema the server uses; one body per week asked for. */
export function validateMarketDay(
  draft: MarketDayDraft,
): { ok: true; inputs: MarketDayInput[] } | { ok: false; errors: FieldErrors<MarketDayField> } {
  const input: MarketDayInput = {
    place: draft.place.trim(),
    date: draft.date,
    opens_at: draft.opens_at,
    closes_at: draft.closes_at,
    pickup: draft.pickup,
  };
  const parsed = marketDayInputSchema.safeParse(input);
  const errors = parsed.success ? {} : issuesToErrors(parsed.error.issues, MARKET_DAY_FIELDS);
  if (!Number.isInteger(draft.weeks) || draft.weeks < 1 || draft.weeks > MAX_REPEAT_WEEKS) {
    errors.weeks = `From 1 to ${MAX_REPEAT_WEEKS} weeks`;
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    if (Object.keys(errors).length === 0) errors.place = parsed.error?.issues[0]?.message ?? 'Check this day';
    return { ok: false, errors };
  }
  const inputs = Array.from({ length: draft.weeks }, (_, week) => ({ ...input, date: weeksLater(input.date, week) }));
  return { ok: true, inputs };
}

/** The cash the till should hold, and what the count says against it, in whole cents (no float drift). */
export function cashDifference(expectedCash: number, countedCash: number | null): number | null {
  if (countedCash === null || !Number.isFinite(countedCash)) return null;
  return (Math.round(countedCash * 100) - Math.round(expectedCash * 100)) / 100;
}

/** "over", "short" or "exact" after the difference, so a sign is never the only clue. */
export const differenceWord = (difference: number) => (difference > 0 ? 'over' : difference < 0 ? 'short' : 'exact');
