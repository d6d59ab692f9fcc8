/**
 * The sweepstakes entry period the redemption limit counts in: the calendar day in US Eastern
 * time, 12:00am to 11:59pm ET — the same day the Official Sweepstakes Rules and the mail-in (AMOE)
 * limits use, so a player has one clock for every sweepstakes limit. A rolling 24 hours would be
 * stricter, but players could not tell when it resets; the day's end is shown with the error.
 */
import { EASTERN_TIME_ZONE, easternDateOf, easternMidnightMs } from '../../../src/contract/eastern-time.ts';

export const ENTRY_PERIOD_TIME_ZONE = EASTERN_TIME_ZONE;

export interface EntryPeriod {
  /** First instant of the period (inclusive). */
  startMs: number;
  /** First instant of the next period (exclusive). */
  endMs: number;
}

export function entryPeriodOf(nowMs: number): EntryPeriod {
  const { year, month, day } = easternDateOf(nowMs);
  return { startMs: easternMidnightMs(year, month, day), endMs: easternMidnightMs(year, month, day + 1) };
}

/** "Nov 23, 2026, 12:00 AM ET": when the next period starts, as the limit message shows it. */
export const formatPeriodEnd = (endMs: number): string =>
  new Date(endMs).toLocaleString('en-US', {
    timeZone: ENTRY_PERIOD_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }) + ' ET';
