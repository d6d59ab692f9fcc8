/**
 * The challenge week: Monday 12:00am to the next Monday 12:00am Eastern Time (Sunday 11:59:59pm
 * is its last second), named by its Monday on the Eastern calendar. Computed with the Eastern
 * calendar of src/contract/eastern-time.ts, so the week holding a daylight saving change is
 * 167 or 169 hours long and still starts and ends at local midnight.
 */
import { easternDateOf, easternMidnightMs } from '../../../src/contract/eastern-time.ts';

export interface ChallengeWeek {
  /** The Monday, YYYY-MM-DD (Eastern calendar). */
  start: string;
  startsAtMs: number;
  /** Exclusive: the next Monday 12:00am Eastern Time. */
  endsAtMs: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function weekFromMonday(year: number, month: number, day: number): ChallengeWeek {
  const monday = new Date(Date.UTC(year, month - 1, day));
  return {
    start: `${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`,
    startsAtMs: easternMidnightMs(year, month, day),
    endsAtMs: easternMidnightMs(year, month, day + 7),
  };
}

/** The week holding the instant `ms`. */
export function challengeWeekOf(ms: number): ChallengeWeek {
  const d = easternDateOf(ms);
  // 0 = Sunday ... 6 = Saturday; Monday is day 0 of the week.
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return weekFromMonday(d.year, d.month, d.day - ((weekday + 6) % 7));
}

/** The week named by its Monday (YYYY-MM-DD). */
export function challengeWeekStarting(start: string): ChallengeWeek {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  return weekFromMonday(year, month, day);
}
