/**
 * The Daily Bonus day is the Eastern Time calendar day (src/contract/eastern-time.ts), so the
 * days around a daylight saving change are 23 and 25 hours long and a day always starts at
 * 12:00am ET. Days are written "YYYY-MM-DD", which sorts and compares as text.
 */
import { easternDateOf, easternMidnightMs } from '../../../src/contract/eastern-time.ts';

const pad = (n: number): string => String(n).padStart(2, '0');
const dayText = (year: number, month: number, day: number): string => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** The Eastern day of an instant. */
export function easternDay(ms: number): string {
  const d = easternDateOf(ms);
  return dayText(d.year, d.month, d.day);
}

/** The day before a "YYYY-MM-DD" day. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return dayText(y!, m!, d! - 1);
}

/** When the Eastern day of the instant started (12:00am ET). */
export function startOfEasternDay(ms: number): number {
  const d = easternDateOf(ms);
  return easternMidnightMs(d.year, d.month, d.day);
}

/** When the next Eastern day starts after the instant. */
export function nextEasternMidnight(ms: number): number {
  const d = easternDateOf(ms);
  return easternMidnightMs(d.year, d.month, d.day + 1);
}
