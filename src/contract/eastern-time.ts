/**
 * The Eastern Time calendar (America/New_York: EST or EDT as the date has it), the one clock of
 * the sweepstakes rules: the AMOE day, the redemption entry period, the W-9 tax year. Computed
 * with Intl, never with a fixed UTC offset, so the days around a daylight saving change are right
 * (23 and 25 hours long). Framework-free: shared by app and server.
 */
import { lazyDateTimeFormat } from './lazy-date-format.ts';
export const EASTERN_TIME_ZONE = 'America/New_York';

export interface EasternDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

const dateFormat = lazyDateTimeFormat({
  timeZone: EASTERN_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const wallFormat = lazyDateTimeFormat({
  timeZone: EASTERN_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const partsOf = (format: Intl.DateTimeFormat, ms: number) => {
  const parts = format.formatToParts(new Date(ms));
  return (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
};

/** The Eastern Time calendar date of an instant. */
export function easternDateOf(ms: number): EasternDate {
  const n = partsOf(dateFormat(), ms);
  return { year: n('year'), month: n('month'), day: n('day') };
}

/** Offset of the Eastern wall clock from UTC at the instant `ms`, in ms (-5 h or -4 h). */
function offsetMs(ms: number): number {
  const n = partsOf(wallFormat(), ms);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant 12:00am Eastern Time starts the given date. Out-of-range days and months roll
 * over as Date.UTC rolls them (day + 1 on the 31st is the 1st of the next month).
 */
export function easternMidnightMs(year: number, month: number, day: number): number {
  const asUtc = Date.UTC(year, month - 1, day);
  // Two passes: the offset at the first guess may be the other side of a daylight saving change.
  const first = asUtc - offsetMs(asUtc);
  return asUtc - offsetMs(first);
}
