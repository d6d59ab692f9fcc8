/**
 * Attempt throttling kept in the database (table auth_throttle), so any number of stateless
 * server instances on one database share the counts. Each attempt is counted BEFORE the work it
 * guards (a password check, a scrypt hash, a mail): one INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING per rule increments the counter and answers the new count in one atomic statement,
 * so a burst of parallel requests cannot slip past the limit (the row lock orders them on
 * PostgreSQL; PGlite runs statements one at a time).
 *
 * A rule allows `limit` attempts per subject in a fixed window that opens with the subject's
 * first attempt and lasts `windowSeconds`; beyond it the caller answers 429 with Retry-After
 * (the seconds until the window closes).
 */
import { ERROR_CODES, ERROR_TEXTS } from '../../src/contract/errors.ts';
import type { Queryable } from '../db/driver.ts';
import { ApiError } from '../http/api-error.ts';
import { UNKNOWN_CLIENT } from '../http/client-ip.ts';

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** One rule applied to one subject (an email, a client address, or both joined). */
export type ThrottleCheck = readonly [ThrottleRule, string];

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/** Sign-in attempts per account and client address: a stranger's guesses lock only the stranger. */
export const LOGIN_PER_ACCOUNT_AND_CLIENT: ThrottleRule = {
  scope: 'login_account_ip',
  limit: 5,
  windowSeconds: FIFTEEN_MINUTES,
};
/** Sign-in attempts per account from every address together: bounds a guess spread over many addresses. */
export const LOGIN_PER_ACCOUNT: ThrottleRule = {
  scope: 'login_account',
  limit: 20,
  windowSeconds: FIFTEEN_MINUTES,
};
/**
 * Accounts that failed to sign in from one client address (password spraying: a few guesses at
 * many accounts). Each account counts once per window however many typos it takes, and an account
 * that then signs in is taken off again, so a household or a carrier's shared address, whose
 * people get in, never adds up; a sprayer's accounts do. Past the limit every password sign-in
 * from the address is refused until the window closes (docs/security.md).
 */
export const LOGIN_ACCOUNTS_PER_CLIENT: ThrottleRule = {
  scope: 'login_accounts_ip',
  limit: 10,
  windowSeconds: FIFTEEN_MINUTES,
};
/** Sign-in attempts per client address over all accounts (a bound on all guessing from one address). */
export const LOGIN_PER_CLIENT: ThrottleRule = {
  scope: 'login_ip',
  limit: 30,
  windowSeconds: FIFTEEN_MINUTES,
};
/** Accounts created per client address (each costs a 128 MiB scrypt); the limit is SIGN_UPS_PER_ADDRESS_PER_HOUR. */
export const SIGN_UP_PER_CLIENT: ThrottleRule = { scope: 'signup_ip', limit: 10, windowSeconds: ONE_HOUR };
/** Sign-in link mails per target email (known or not, so answers reveal nothing) and per client address. */
export const RECOVERY_PER_EMAIL: ThrottleRule = {
  scope: 'recovery_email',
  limit: 3,
  windowSeconds: ONE_HOUR,
};
export const RECOVERY_PER_CLIENT: ThrottleRule = { scope: 'recovery_ip', limit: 10, windowSeconds: ONE_HOUR };
/** Sign-in link redemptions per client address. */
export const SIGN_IN_LINK_PER_CLIENT: ThrottleRule = {
  scope: 'signin_link_ip',
  limit: 20,
  windowSeconds: FIFTEEN_MINUTES,
};

/** The longest window of any rule: rows older than this are swept. */
const LONGEST_WINDOW_SECONDS = ONE_HOUR;
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Queryable, number>();

const iso = (ms: number): string => new Date(ms).toISOString();

export const tooManyAttempts = (retryAfterSeconds: number): ApiError =>
  new ApiError(
    429,
    ERROR_CODES.TOO_MANY_ATTEMPTS,
    ERROR_TEXTS.serverBusy,
    null,
    { retry_after_seconds: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );

interface CountedRow {
  attempts: number;
  windowStartMs: number;
}

/** Increments the subject's counter (a new window once the old one closed) and answers the new count. */
async function bump(db: Queryable, rule: ThrottleRule, subject: string, nowMs: number): Promise<CountedRow> {
  const rows = await db.query<{ attempts: number | string; window_start: Date | string }>(
    `INSERT INTO auth_throttle (scope, subject, window_start, attempts) VALUES ($1, $2, $3, 1)
     ON CONFLICT (scope, subject) DO UPDATE SET
       attempts = CASE WHEN auth_throttle.window_start <= $4 THEN 1 ELSE auth_throttle.attempts + 1 END,
       window_start = CASE WHEN auth_throttle.window_start <= $4 THEN EXCLUDED.window_start
                           ELSE auth_throttle.window_start END
     RETURNING attempts, window_start`,
    [rule.scope, subject, iso(nowMs), iso(nowMs - rule.windowSeconds * 1000)],
  );
  await sweepExpired(db, nowMs);
  const row = rows[0];
  return row
    ? { attempts: Number(row.attempts), windowStartMs: new Date(row.window_start).getTime() }
    : { attempts: 0, windowStartMs: nowMs };
}

/** Null within the limit, else the seconds until the row's window closes. */
function waitOf(rule: ThrottleRule, row: CountedRow, nowMs: number): number | null {
  if (row.attempts <= rule.limit) return null;
  const closesAt = row.windowStartMs + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((closesAt - nowMs) / 1000));
}

/**
 * Counts one attempt under the rule. Answers null when the attempt is within the limit, or the
 * seconds until the subject may try again.
 */
export async function countAttempt(
  db: Queryable,
  rule: ThrottleRule,
  subject: string,
  nowMs: number,
): Promise<number | null> {
  return waitOf(rule, await bump(db, rule, subject, nowMs), nowMs);
}

/** The subject's count in its open window, without counting anything (0 when no window is open). */
async function currentCount(
  db: Queryable,
  rule: ThrottleRule,
  subject: string,
  nowMs: number,
): Promise<CountedRow> {
  const rows = await db.query<{ attempts: number | string; window_start: Date | string }>(
    'SELECT attempts, window_start FROM auth_throttle WHERE scope = $1 AND subject = $2 AND window_start > $3',
    [rule.scope, subject, iso(nowMs - rule.windowSeconds * 1000)],
  );
  const row = rows[0];
  return row
    ? { attempts: Number(row.attempts), windowStartMs: new Date(row.window_start).getTime() }
    : { attempts: 0, windowStartMs: nowMs };
}

/**
 * Counts one attempt under each check, narrowest first, and throws 429 at the first one over its
 * limit. Later checks are not counted then, so attempts refused at a stranger's own address do
 * not use up the account-wide allowance.
 */
export async function enforceAttempts(
  db: Queryable,
  checks: readonly ThrottleCheck[],
  nowMs: number,
): Promise<void> {
  for (const [rule, subject] of checks) {
    const wait = await countAttempt(db, rule, subject, nowMs);
    if (wait !== null) throw tooManyAttempts(wait);
  }
}

/** Gives one attempt back (a sign-in that succeeded should not count against the player). */
export async function refundAttempt(db: Queryable, rule: ThrottleRule, subject: string): Promise<void> {
  await db.query(
    'UPDATE auth_throttle SET attempts = attempts - 1 WHERE scope = $1 AND subject = $2 AND attempts > 0',
    [rule.scope, subject],
  );
}

export async function resetAttempts(db: Queryable, rule: ThrottleRule, subject: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE scope = $1 AND subject = $2', [rule.scope, subject]);
}

/** Keeps the table small: at most once a minute per database handle, rows whose window closed long ago go. */
async function sweepExpired(db: Queryable, nowMs: number): Promise<void> {
  const last = lastSweep.get(db) ?? 0;
  if (nowMs - last < SWEEP_EVERY_MS && nowMs >= last) return;
  lastSweep.set(db, nowMs);
  await db.query('DELETE FROM auth_throttle WHERE window_start < $1', [
    iso(nowMs - LONGEST_WINDOW_SECONDS * 1000),
  ]);
}

/** The sign-in checks of one attempt, narrowest first; per-address rules only for a known address. */
export function loginChecks(email: string, ip: string): ThrottleCheck[] {
  if (ip === UNKNOWN_CLIENT) return [[LOGIN_PER_ACCOUNT, email]];
  return [
    [LOGIN_PER_ACCOUNT_AND_CLIENT, `${email} ${ip}`],
    [LOGIN_ACCOUNTS_PER_CLIENT, ip],
    [LOGIN_PER_CLIENT, ip],
    [LOGIN_PER_ACCOUNT, email],
  ];
}

/**
 * Counts one password sign-in under `loginChecks` (as enforceAttempts does) and throws 429 at the
 * first check over its limit. The accounts-per-address counter grows only with an account's first
 * attempt from the address in its window (its per-account-and-address counter answers 1); a later
 * attempt for an account already counted is refused while the address is past that limit, without
 * counting again.
 */
export async function enforceLoginAttempts(
  db: Queryable,
  checks: readonly ThrottleCheck[],
  nowMs: number,
): Promise<void> {
  let firstFromAddress = false;
  for (const [rule, subject] of checks) {
    let wait: number | null;
    if (rule === LOGIN_ACCOUNTS_PER_CLIENT && !firstFromAddress) {
      wait = waitOf(rule, await currentCount(db, rule, subject, nowMs), nowMs);
    } else {
      const row = await bump(db, rule, subject, nowMs);
      if (rule === LOGIN_PER_ACCOUNT_AND_CLIENT) firstFromAddress = row.attempts === 1;
      wait = waitOf(rule, row, nowMs);
    }
    if (wait !== null) throw tooManyAttempts(wait);
  }
}

/**
 * A password sign-in that succeeded: its account's misses from this address are forgiven, the
 * account leaves the address's failed-accounts count, and the wider counters give back this one
 * attempt (others' misses still count).
 */
export async function forgiveLoginAttempts(db: Queryable, checks: readonly ThrottleCheck[]): Promise<void> {
  for (const [rule, subject] of checks) {
    if (rule === LOGIN_PER_ACCOUNT_AND_CLIENT) await resetAttempts(db, rule, subject);
    else await refundAttempt(db, rule, subject);
  }
}
