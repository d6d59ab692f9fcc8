/**
 * The AMOE day: 12:00am to 11:59pm Eastern Time (America/New_York, so EST or EDT as the date
 * has it). Limits count redemptions per such day and per calendar month of such days. The
 * Eastern calendar is src/contract/eastern-time.ts, so the days around a daylight saving change
 * are right (23 and 25 hours long).
 */
import { easternDateOf, easternMidnightMs } from '../../src/contract/eastern-time.ts';

const pad = (n: number): string => String(n).padStart(2, '0');

/** The Eastern Time calendar day of an instant, "YYYY-MM-DD". */
export function easternDay(ms: number): string {
  const d = easternDateOf(ms);
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** First day of the Eastern Time calendar month of an instant, "YYYY-MM-01". */
export function easternMonthStart(ms: number): string {
  return `${easternDay(ms).slice(0, 7)}-01`;
}

/** When the next Eastern Time day starts (12:00am ET) after the instant. */
export function nextEasternMidnight(ms: number): number {
  const d = easternDateOf(ms);
  return easternMidnightMs(d.year, d.month, d.day + 1);
}
