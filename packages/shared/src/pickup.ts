/**
 * Pick up at the market (issue 32 §4): how a pickup day is written for shoppers, the same in the cart, on the
 * order page and in the mails. A market's date is the shop's calendar day (YYYY-MM-DD) and its hours are the
 * shop's clock (HH:mm), not instants: they are written as they are, never moved into a time zone.
 */
import { MONTHS } from './dates';
import type { PickupDay } from './market-api';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The shipping method an order collected at the market carries. */
export const PICKUP_SHIPMENT_METHOD = 'Pick up at the market';

/** "Saturday, November 28, 2026" (the storefront's plain date with its weekday); the text itself if unreadable. */
export function formatMarketDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Noon UTC of that calendar day: its weekday whatever the runtime's time zone.
  const weekday = new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "8:00 AM" from "08:00" (the admin's 12-hour clock, SPEC §9); the text itself if unreadable. */
export function formatMarketTime(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Saturday, November 28, 2026, 8:00 AM–1:00 PM" */
export const pickupWhen = (day: Pick<PickupDay, 'date' | 'opens_at' | 'closes_at'>): string =>
  `${formatMarketDate(day.date)}, ${formatMarketTime(day.opens_at)}–${formatMarketTime(day.closes_at)}`;

/** "Pick up at Piazza Grande, Saturday, November 28, 2026, 8:00 AM–1:00 PM" */
export const pickupText = (day: Pick<PickupDay, 'place' | 'date' | 'opens_at' | 'closes_at'>): string =>
  `Pick up at ${day.place}, ${pickupWhen(day)}`;
