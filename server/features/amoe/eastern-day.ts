/**
 * The AMOE day: 12:00am to 11:59pm Eastern Time (America/New_York, so EST or EDT as the date
 * has it). Limits count redemptions per such day and per calendar month of such days. Computed
 * with Intl, never with a fixed UTC offset, so the days around a daylight saving change are right
 * (23 and 25 hours long).
 */
import { AMOE_TIME_ZONE } from '../../../src/contract/amoe.ts';

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: AMOE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number): Wall {
  const parts = Object.fromEntries(dateParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The Eastern Time calendar day of an instant, "YYYY-MM-DD". */
export function easternDay(ms: number): string {
  const w = wallClock(ms);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** First day of the Eastern Time calendar month of an instant, "YYYY-MM-01". */
export function easternMonthStart(ms: number): string {
  return `${easternDay(ms).slice(0, 7)}-01`;
}

/** The instant an Eastern wall-clock time happens (the first, if the clock shows it twice). */
function easternWallToUtc(year: number, month: number, day: number): number {
  // Start from the same wall time read as UTC, then correct by the zone's offset at that guess;
  // a second pass settles the guess when the offset changes in between (DST days).
  const target = Date.UTC(year, month - 1, day);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(guess);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += target - shown;
  }
  return guess;
}

/** When the next Eastern Time day starts (12:00am ET) after the instant. */
export function nextEasternMidnight(ms: number): number {
  const w = wallClock(ms);
  const tomorrow = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return easternWallToUtc(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate());
}
