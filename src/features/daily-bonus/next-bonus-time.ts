/**
 * When the next Daily Bonus spin opens, in words: "Next bonus in 5 h 12 min" and the Eastern
 * date and time it opens ("Mon, Nov 23, 12:00 AM ET"), the clock of the rules.
 */
import { EASTERN_TIME_ZONE } from '../../contract/eastern-time.ts';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

const easternFormat = lazyDateTimeFormat({
  timeZone: EASTERN_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "5 h 12 min", "12 min", "less than a minute" (minutes rounded up, so 0 only when open). */
export function formatTimeUntil(seconds: number): string {
  if (seconds <= 0) return 'now';
  const minutes = Math.ceil(seconds / 60);
  if (seconds < 60) return 'less than a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The Eastern wall clock of an instant: "Mon, Nov 23, 12:00 AM ET". */
export const formatEasternDateTime = (iso: string): string => `${easternFormat().format(new Date(iso))} ET`;

/** "Next bonus in 5 h 12 min" from the next spin's instant and the time now. */
export function nextBonusText(nextIso: string, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(nextIso) - nowMs) / 1000));
  return seconds === 0 ? 'Your next bonus is ready.' : `Next bonus in ${formatTimeUntil(seconds)}`;
}
