/**
 * The sweepstakes entry period the redemption limit counts in: the calendar day in US Eastern
 * time, 12:00am to 11:59pm ET — the same day the Official Sweepstakes Rules and the mail-in (AMOE)
 * limits use, so a player has one clock for every sweepstakes limit. A rolling 24 hours would be
 * stricter, but players could not tell when it resets; the day's end is shown with the error.
 */
export const ENTRY_PERIOD_TIME_ZONE = 'America/New_York';

/** Offset of the zone's wall clock from UTC at the instant `ms`, in ms (New York: −5 h or −4 h). */
function zoneOffsetMs(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ENTRY_PERIOD_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant of 00:00 ET on the given Eastern calendar date. */
function midnightMs(year: number, month: number, day: number): number {
  const asUtc = Date.UTC(year, month - 1, day);
  // Two passes: the offset at the first guess may be the other side of a DST change.
  const first = asUtc - zoneOffsetMs(asUtc);
  return asUtc - zoneOffsetMs(first);
}

export interface EntryPeriod {
  /** First instant of the period (inclusive). */
  startMs: number;
  /** First instant of the next period (exclusive). */
  endMs: number;
}

export function entryPeriodOf(nowMs: number): EntryPeriod {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ENTRY_PERIOD_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(nowMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const [y, m, d] = [n('year'), n('month'), n('day')];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return {
    startMs: midnightMs(y, m, d),
    endMs: midnightMs(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}

/** "Nov 23, 2026, 12:00 AM ET": when the next period starts, as the limit message shows it. */
export const formatPeriodEnd = (endMs: number): string =>
  new Date(endMs).toLocaleString('en-US', {
    timeZone: ENTRY_PERIOD_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }) + ' ET';
