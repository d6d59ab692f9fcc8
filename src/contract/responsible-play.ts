/**
 * Responsible play (docs/responsible-play.md): breaks, self-exclusion and the reality check.
 * The server keeps the running restriction in users.play_restriction / play_restricted_until
 * (player-standing.ts) and the play gate enforces it; a running restriction can only be
 * lengthened, never shortened or lifted by the player. Framework-free: app and server.
 */
import {
  array,
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  string,
  type,
  union,
  type Infer,
} from 'superstruct';
import { PLAY_RESTRICTIONS } from './player-standing.ts';

export const RESPONSIBLE_PLAY_PATHS = {
  /** GET -> ResponsiblePlaySettings. */
  settings: '/responsible-play',
  /** POST SetRestrictionRequest -> ResponsiblePlaySettings (201 when it changed, 200 when already as long). */
  restriction: '/responsible-play/restriction',
  /** PUT { minutes: 0 | 15 | 30 | 60 } -> ResponsiblePlaySettings (0 = off). */
  realityCheck: '/responsible-play/reality-check',
  /** GET -> SessionSummary: time and net result of the current sign-in session. */
  session: '/responsible-play/session',
} as const;

export const HOUR_MS = 3_600_000;
export const DAY_HOURS = 24;
/** Take a break: 24 hours to 6 weeks. */
export const BREAK_MIN_HOURS = 24;
export const BREAK_MAX_HOURS = 6 * 7 * DAY_HOURS;
/** The offered breaks, in hours (24 h, 72 h, 1 week, 2 weeks, 6 weeks); any whole number of days in range is also accepted. */
export const BREAK_CHOICES = [
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '72 hours' },
  { hours: 7 * DAY_HOURS, label: '1 week' },
  { hours: 14 * DAY_HOURS, label: '2 weeks' },
  { hours: BREAK_MAX_HOURS, label: '6 weeks' },
] as const;
export const BREAK_MIN_DAYS = 1;
export const BREAK_MAX_DAYS = BREAK_MAX_HOURS / DAY_HOURS;

/** Self-exclusion: 6 months to permanent (months null). */
export const SELF_EXCLUSION_CHOICES = [
  { months: 6, label: '6 months' },
  { months: 12, label: '1 year' },
  { months: 24, label: '2 years' },
  { months: 60, label: '5 years' },
  { months: null, label: 'Permanently' },
] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;

export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/**
 * { restriction: 'break', hours } with hours a whole number of days from 24 to 1008, or
 * { restriction: 'self_exclusion', months } with months 6, 12, 24, 60 or null (permanent).
 * Range rules are checked by the server (RESTRICTION_OUT_OF_RANGE names the field).
 */
export const SetRestrictionRequestSchema = object({
  restriction: enums(PLAY_RESTRICTIONS),
  hours: optional(integer()),
  months: optional(nullable(integer())),
});
export type SetRestrictionRequest = Infer<typeof SetRestrictionRequestSchema>;

export const SetRealityCheckRequestSchema = object({
  minutes: union([literal(0), literal(15), literal(30), literal(60)]),
});

export const ResponsiblePlaySettingsSchema = type({
  /** The running restriction (an ended break reads as none). */
  play_restriction: nullable(enums(PLAY_RESTRICTIONS)),
  /** ISO end; null with a restriction = permanent. */
  play_restricted_until: nullable(string()),
  /** null = off. */
  reality_check_minutes: nullable(number()),
});
export type ResponsiblePlaySettings = Infer<typeof ResponsiblePlaySettingsSchema>;

export const SessionResultSchema = type({
  currency: enums(['gold', 'sweeps'] as const),
  /** Display units (Gold whole coins, Sweeps with 2 decimals). */
  bets: number(),
  wins: number(),
  /** wins minus bets */
  net: number(),
});
export type SessionResult = Infer<typeof SessionResultSchema>;

/**
 * The session is the sign-in session of the access token (from sign-in, kept by token refresh,
 * ended by sign-out or inactivity). Time played counts from its start; bets and wins are the
 * ledger's bet and win entries (less their reversals) written since then, per currency.
 */
export const SessionSummarySchema = type({
  started_at: string(),
  now: string(),
  minutes_played: number(),
  results: array(SessionResultSchema),
  reality_check_minutes: nullable(number()),
});
export type SessionSummary = Infer<typeof SessionSummarySchema>;

export const RESPONSIBLE_PLAY_ERROR_CODES = {
  /** 400: hours or months outside the offered range; field hours or months. */
  RESTRICTION_OUT_OF_RANGE: 'RESTRICTION_OUT_OF_RANGE',
  /** 409: the request would end a running restriction sooner (or lift it); extra.until (null = permanent). */
  RESTRICTION_CANNOT_BE_SHORTENED: 'RESTRICTION_CANNOT_BE_SHORTENED',
} as const;
export type ResponsiblePlayErrorCode =
  (typeof RESPONSIBLE_PLAY_ERROR_CODES)[keyof typeof RESPONSIBLE_PLAY_ERROR_CODES];

export const RESPONSIBLE_PLAY_TEXTS = {
  breakRange: `A break lasts from ${BREAK_MIN_DAYS} to ${BREAK_MAX_DAYS} days (24 hours to 6 weeks), in whole days.`,
  exclusionRange: 'Self-exclusion lasts 6 months, 1 year, 2 years, 5 years or permanently.',
  cannotShorten: 'Your current restriction cannot be shortened or lifted. You can only make it longer.',
  stillOpen:
    'While it runs you can still sign in to redeem your Sweeps Coins, read your history and sign out.',
} as const;

/** The end of a restriction starting at `fromMs`: hours later, calendar months later (UTC), or null (permanent). */
export function restrictionEnd(
  req: { restriction: 'break'; hours: number } | { restriction: 'self_exclusion'; months: number | null },
  fromMs: number,
): number | null {
  if (req.restriction === 'break') return fromMs + req.hours * HOUR_MS;
  if (req.months === null) return null;
  const d = new Date(fromMs);
  d.setUTCMonth(d.getUTCMonth() + req.months);
  return d.getTime();
}

/** A restriction's end for players: US Eastern Time, as the server's PLAY_RESTRICTED message says it. */
export function formatRestrictionEnd(isoTime: string): string {
  return (
    new Date(isoTime).toLocaleString('en-US', {
      timeZone: 'America/New_York',
      dateStyle: 'medium',
      timeStyle: 'short',
    }) + ' ET'
  );
}

/** The running restriction of a user at `nowMs` (an ended break is none); until null = permanent. */
export function runningRestriction(
  user: { play_restriction?: string | null; play_restricted_until?: string | null } | null | undefined,
  nowMs: number,
): { restriction: 'break' | 'self_exclusion'; until: string | null } | null {
  const r = user?.play_restriction;
  if (r !== 'break' && r !== 'self_exclusion') return null;
  const until = user?.play_restricted_until ?? null;
  if (until !== null && Date.parse(until) <= nowMs) return null;
  return { restriction: r, until };
}

/** Milliseconds until the next reality check: every `minutes` counted from the session's start. */
export function msUntilNextRealityCheck(startedAtMs: number, nowMs: number, minutes: number): number {
  const period = minutes * 60_000;
  const elapsed = Math.max(0, nowMs - startedAtMs);
  const left = period - (elapsed % period);
  return left === 0 ? period : left;
}
