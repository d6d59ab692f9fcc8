/**
 * Featured package countdown (spec section 4): seconds left to end_time, ticking every second,
 * closing at zero. When a package has no end_time the spec uses a default end date constant
 * whose value it does not give; ours is the end of 2099 (UTC), far enough that such an offer
 * simply never expires on its own, and the dialog shows no countdown for it.
 */
export const DEFAULT_FEATURED_PACKAGE_END_TIME = '2099-12-31T23:59:59Z';

/** Whole seconds from `now` to the end (0 when passed; an unreadable end_time counts as the default). */
export function featuredSecondsLeft(endTime: string | null | undefined, now: number): number {
  let end = endTime ? Date.parse(endTime) : NaN;
  if (Number.isNaN(end)) end = Date.parse(DEFAULT_FEATURED_PACKAGE_END_TIME);
  return Math.max(0, Math.floor((end - now) / 1000));
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** 3725 -> "01:02:05"; 90061 -> "1d 01:01:01". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hms = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}

/** Spoken form for screen readers: "1 hour, 2 minutes and 5 seconds". */
export function describeCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, string][] = [
    [Math.floor(s / 86_400), 'day'],
    [Math.floor((s % 86_400) / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s % 60, 'second'],
  ];
  const words = parts.filter(([n]) => n > 0).map(([n, w]) => `${n} ${w}${n === 1 ? '' : 's'}`);
  if (words.length === 0) return '0 seconds';
  if (words.length === 1) return words[0] as string;
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
