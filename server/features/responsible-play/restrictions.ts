/**
 * Breaks and self-exclusion set by the player (docs/responsible-play.md). The running one is
 * users.play_restriction / play_restricted_until, read by the play gate; every change is also
 * appended to play_restriction_changes. A running restriction can only be lengthened: a request
 * that would end it sooner, lift it, or turn a self-exclusion into a break is refused; an ended
 * break lifts itself (the gate ignores an end in the past). The player's row is locked, so
 * parallel requests apply one after the other and the longest one wins.
 */
import {
  BREAK_MAX_HOURS,
  BREAK_MIN_HOURS,
  DAY_HOURS,
  RESPONSIBLE_PLAY_ERROR_CODES,
  RESPONSIBLE_PLAY_TEXTS,
  SELF_EXCLUSION_MONTHS,
  restrictionEnd,
  type ResponsiblePlaySettings,
  type SetRestrictionRequest,
} from '../../../src/contract/responsible-play.ts';
import { accountStatusOfRestriction, type PlayRestriction } from '../../../src/contract/player-standing.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { accountStateRefusal } from '../../http/account-status.ts';
import { activeRestriction } from '../../core/play-gate.ts';

export type CheckedRestriction =
  { restriction: 'break'; hours: number } | { restriction: 'self_exclusion'; months: number | null };

const outOfRange = (message: string, field: string) =>
  new ApiError(400, RESPONSIBLE_PLAY_ERROR_CODES.RESTRICTION_OUT_OF_RANGE, message, field);

/** Range rules: a break of whole days from 24 hours to 6 weeks; self-exclusion 6, 12, 24, 60 months or permanent. */
export function checkRestriction(req: SetRestrictionRequest): CheckedRestriction {
  if (req.restriction === 'break') {
    if (req.months !== undefined) throw outOfRange('A break is set in hours, not months.', 'months');
    const hours = req.hours;
    if (hours === undefined || hours < BREAK_MIN_HOURS || hours > BREAK_MAX_HOURS || hours % DAY_HOURS !== 0)
      throw outOfRange(RESPONSIBLE_PLAY_TEXTS.breakRange, 'hours');
    return { restriction: 'break', hours };
  }
  if (req.hours !== undefined) throw outOfRange('Self-exclusion is set in months, not hours.', 'hours');
  const months = req.months;
  if (
    months === undefined ||
    (months !== null && !(SELF_EXCLUSION_MONTHS as readonly number[]).includes(months))
  )
    throw outOfRange(RESPONSIBLE_PLAY_TEXTS.exclusionRange, 'months');
  return { restriction: 'self_exclusion', months };
}

type RestrictionRow = {
  play_restriction: PlayRestriction | null;
  play_restricted_until: Date | string | null;
  reality_check_minutes: number | string | null;
};

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function settingsOf(row: RestrictionRow, nowMs: number): ResponsiblePlaySettings {
  const running = activeRestriction(
    { playRestriction: row.play_restriction, playRestrictedUntil: iso(row.play_restricted_until) },
    nowMs,
  );
  return {
    play_restriction: running?.restriction ?? null,
    play_restricted_until: running?.until ?? null,
    reality_check_minutes: row.reality_check_minutes === null ? null : Number(row.reality_check_minutes),
  };
}

const SETTINGS_COLUMNS = 'play_restriction, play_restricted_until, reality_check_minutes';

export async function readSettings(
  db: Queryable,
  userId: string,
  nowMs: number,
): Promise<ResponsiblePlaySettings> {
  const rows = await db.query<RestrictionRow>(`SELECT ${SETTINGS_COLUMNS} FROM users WHERE id = $1`, [
    userId,
  ]);
  const row = rows[0];
  if (!row) throw new Error('player not found');
  return settingsOf(row, nowMs);
}

/** Sets or lengthens the player's restriction; `changed` false when the running one already ends as late. */
export async function setRestriction(
  tx: Queryable,
  userId: string,
  wanted: CheckedRestriction,
  nowMs: number,
): Promise<{ settings: ResponsiblePlaySettings; changed: boolean }> {
  const rows = await tx.query<RestrictionRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error('player not found');
  const running = activeRestriction(
    { playRestriction: row.play_restriction, playRestrictedUntil: iso(row.play_restricted_until) },
    nowMs,
  );
  const end = restrictionEnd(wanted, nowMs);
  const endValue = end ?? Infinity;
  if (running) {
    const runningEnd = running.until === null ? Infinity : Date.parse(running.until);
    const weaker = running.restriction === 'self_exclusion' && wanted.restriction === 'break';
    if (endValue < runningEnd || weaker)
      throw accountStateRefusal(
        409,
        RESPONSIBLE_PLAY_ERROR_CODES.RESTRICTION_CANNOT_BE_SHORTENED,
        RESPONSIBLE_PLAY_TEXTS.cannotShorten,
        accountStatusOfRestriction(running.restriction),
        { restriction: running.restriction, until: running.until },
      );
    if (endValue === runningEnd && running.restriction === wanted.restriction)
      return { settings: settingsOf(row, nowMs), changed: false };
  }
  const until = end === null ? null : new Date(end).toISOString();
  const updated = await tx.query<RestrictionRow>(
    `UPDATE users SET play_restriction = $2, play_restricted_until = $3, updated_at = $4 WHERE id = $1
     RETURNING ${SETTINGS_COLUMNS}`,
    [userId, wanted.restriction, until, new Date(nowMs).toISOString()],
  );
  await tx.query(
    `INSERT INTO play_restriction_changes (user_id, restriction, restricted_until, previous_restriction, previous_until, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      userId,
      wanted.restriction,
      until,
      running?.restriction ?? null,
      running?.until ?? null,
      new Date(nowMs).toISOString(),
    ],
  );
  return { settings: settingsOf(updated[0]!, nowMs), changed: true };
}

export async function setRealityCheck(
  db: Queryable,
  userId: string,
  minutes: number,
  nowMs: number,
): Promise<ResponsiblePlaySettings> {
  const rows = await db.query<RestrictionRow>(
    `UPDATE users SET reality_check_minutes = $2, updated_at = $3 WHERE id = $1 RETURNING ${SETTINGS_COLUMNS}`,
    [userId, minutes === 0 ? null : minutes, new Date(nowMs).toISOString()],
  );
  const row = rows[0];
  if (!row) throw new Error('player not found');
  return settingsOf(row, nowMs);
}
