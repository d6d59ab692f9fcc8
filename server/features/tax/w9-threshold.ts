/**
 * The W-9 threshold (docs/tax.md): a W-9 is required before a redemption that brings the
 * player's redemptions of the calendar year, in Eastern Time, to $600 or more. Every redemption
 * counts except cancelled and rejected ones (pending, approved, sent and paid are all prizes the
 * player asked for in that year). Once required, the play gate stops play and redemption until
 * the W-9 is confirmed.
 */
import { easternDateOf, easternMidnightMs } from '../../../src/contract/eastern-time.ts';
import { W9_THRESHOLD_USD_CENTS } from '../../../src/contract/tax.ts';
import type { Queryable } from '../../db/driver.ts';
import { readPlayerStanding } from '../../core/play-gate.ts';

export { W9_THRESHOLD_USD_CENTS };

export interface TaxYear {
  /** The calendar year in Eastern Time. */
  year: number;
  /** First instant of the year (1 January 00:00 ET), inclusive. */
  startMs: number;
  /** First instant of the next year, exclusive. */
  endMs: number;
}

/** The Eastern Time calendar year holding the instant `nowMs`, as a [start, end) range of instants. */
export function easternCalendarYear(nowMs: number): TaxYear {
  const { year } = easternDateOf(nowMs);
  return { year, startMs: easternMidnightMs(year, 1, 1), endMs: easternMidnightMs(year + 1, 1, 1) };
}

/** USD cents of the player's redemptions in the tax year of `nowMs`, cancelled and rejected ones aside. */
export async function redeemedThisTaxYearCents(
  db: Queryable,
  userId: string,
  nowMs: number,
): Promise<number> {
  const { startMs, endMs } = easternCalendarYear(nowMs);
  const rows = await db.query<{ total: number | string | null }>(
    `SELECT coalesce(sum(usd_cents), 0) AS total FROM redemptions
      WHERE user_id = $1 AND status NOT IN ('cancelled', 'rejected')
        AND created_at >= $2 AND created_at < $3`,
    [userId, new Date(startMs).toISOString(), new Date(endMs).toISOString()],
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * Whether a W-9 must come before a redemption of `requestUsdCents` asked at `nowMs`: true when
 * the tax year's redemptions plus this one reach the threshold and the player's W-9 is not
 * confirmed. Then it also marks the W-9 required (a not_required player becomes required; a
 * mismatched one stays mismatched) in its own statement: call it with the database handle,
 * before and outside the redemption's transaction, so the mark stays when that request is
 * refused with 403 W9_REQUIRED.
 */
export async function w9RequiredBeforeRedemption(
  db: Queryable,
  userId: string,
  requestUsdCents: number,
  nowMs: number,
): Promise<boolean> {
  const state = (await readPlayerStanding(db, userId))?.w9State;
  if (state === undefined || state === 'confirmed') return false;
  const total = (await redeemedThisTaxYearCents(db, userId, nowMs)) + requestUsdCents;
  if (total < W9_THRESHOLD_USD_CENTS) return state === 'required' || state === 'mismatched';
  await db.query(`UPDATE users SET w9_state = 'required' WHERE id = $1 AND w9_state = 'not_required'`, [
    userId,
  ]);
  return true;
}
