/** Texts of the weekly challenge page that are computed: the countdown and times in Eastern Time. */
import { EASTERN_TIME_ZONE } from '../../contract/eastern-time.ts';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

const pad = (n: number): string => String(n).padStart(2, '0');

/** "2d 04h 13m 09s" (days only when there are some); "0h 00m 00s" once it has passed. */
export function countdownText(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${days > 0 ? pad(hours) : hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** The countdown for screen readers, in words: "2 days, 4 hours, 13 minutes". */
export function countdownWords(remainingMs: number): string {
  const totalMinutes = Math.max(0, Math.floor(remainingMs / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    days > 0 ? unit(days, 'day') : null,
    days > 0 || hours > 0 ? unit(hours, 'hour') : null,
    unit(minutes, 'minute'),
  ];
  return parts.filter((p): p is string => p !== null).join(', ');
}

const easternFormat = lazyDateTimeFormat({
  timeZone: EASTERN_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Sun, Nov 29, 11:59 PM ET". */
export const easternTimeText = (ms: number): string => `${easternFormat().format(new Date(ms))} ET`;

/** The week's last second (the week ends at the next Monday 12:00am). */
export const weekLastSecondMs = (endsAtIso: string): number => Date.parse(endsAtIso) - 1000;
