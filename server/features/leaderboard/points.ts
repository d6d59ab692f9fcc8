/**
 * Challenge points, written by the money transaction of the play itself (a finished house round,
 * a placed or rolled-back vendor bet), so a play and its points commit or roll back together.
 *
 * A play adds its coins wagered to the player's entry of the week it is settled in, for every
 * active challenge counting its game and currency; the entry's points are each currency's weekly
 * total divided by the challenge's coins per point (rounded down), so small plays add up. Each
 * play counts once per challenge (unique source). When a play raises the points, the entry
 * remembers that play and its time: equal points rank by who reached them first.
 *
 * A voided play (a vendor bet rolled back and refunded) takes its coins off the entry again; the
 * time the remaining points were reached is then found again from the plays that still count.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import type { Queryable } from '../../db/driver.ts';
import { challengeWeekOf } from './challenge-week.ts';

export interface SettledPlay {
  /** Unique per play: 'round:<round id>' or 'vendor-bet:<transaction id>'. */
  source: string;
  userId: string;
  gameId: string;
  currency: Currency;
  /** Everything staked on the play, minor units (Gold coins or Sweeps cents). */
  wageredMinor: number;
  /** When the play was settled (the app clock). */
  atMs: number;
}

type Rates = {
  gold_coins_per_point: number | string | null;
  sweeps_cents_per_point: number | string | null;
};

type EntryRow = {
  gold_wagered_minor: number | string;
  sweeps_wagered_minor: number | string;
  points: number | string;
};

/** Points of a week's totals under a challenge's rates. */
export function pointsOf(rates: Rates, goldMinor: number, sweepsMinor: number): number {
  const per = (total: number, rate: number | string | null): number =>
    rate === null ? 0 : Math.floor(total / Number(rate));
  return per(goldMinor, rates.gold_coins_per_point) + per(sweepsMinor, rates.sweeps_cents_per_point);
}

const rateColumn = (currency: Currency): string =>
  currency === 'gold' ? 'gold_coins_per_point' : 'sweeps_cents_per_point';

/** Adds a settled play's coins to every active challenge that counts its game and currency. */
export async function recordPlayPoints(tx: Queryable, play: SettledPlay): Promise<void> {
  if (!Number.isSafeInteger(play.wageredMinor) || play.wageredMinor <= 0) return;
  const challenges = await tx.query<Rates & { id: string }>(
    `SELECT id, gold_coins_per_point, sweeps_cents_per_point FROM leaderboard_challenges
      WHERE active AND $1 = ANY (game_ids) AND ${rateColumn(play.currency)} IS NOT NULL`,
    [play.gameId],
  );
  if (challenges.length === 0) return;
  const week = challengeWeekOf(play.atMs).start;
  const atIso = new Date(play.atMs).toISOString();
  for (const challenge of challenges) {
    const inserted = await tx.query<{ id: number | string }>(
      `INSERT INTO leaderboard_points (challenge_id, week_start, user_id, source, game_id, currency, wagered_minor, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (challenge_id, source) DO NOTHING RETURNING id`,
      [challenge.id, week, play.userId, play.source, play.gameId, play.currency, play.wageredMinor, atIso],
    );
    const pointId = inserted[0]?.id;
    // Counted already (the same play settled twice is not expected, but never counts twice).
    if (pointId === undefined) continue;
    const entry = await lockEntry(tx, challenge.id, week, play.userId);
    const gold = Number(entry.gold_wagered_minor) + (play.currency === 'gold' ? play.wageredMinor : 0);
    const sweeps = Number(entry.sweeps_wagered_minor) + (play.currency === 'sweeps' ? play.wageredMinor : 0);
    const points = pointsOf(challenge, gold, sweeps);
    const raised = points > Number(entry.points);
    await tx.query(
      `UPDATE leaderboard_entries SET gold_wagered_minor = $4, sweeps_wagered_minor = $5, points = $6,
         reached_at = CASE WHEN $7 THEN $8::timestamptz ELSE reached_at END,
         reached_point_id = CASE WHEN $7 THEN $9::bigint ELSE reached_point_id END
       WHERE challenge_id = $1 AND week_start = $2 AND user_id = $3`,
      [challenge.id, week, play.userId, gold, sweeps, points, raised, atIso, pointId],
    );
  }
}

/** The player's entry of the week, created empty when missing, locked until the transaction ends. */
async function lockEntry(
  tx: Queryable,
  challengeId: string,
  week: string,
  userId: string,
): Promise<EntryRow> {
  await tx.query(
    `INSERT INTO leaderboard_entries (challenge_id, week_start, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (challenge_id, week_start, user_id) DO NOTHING`,
    [challengeId, week, userId],
  );
  const rows = await tx.query<EntryRow>(
    `SELECT gold_wagered_minor, sweeps_wagered_minor, points FROM leaderboard_entries
      WHERE challenge_id = $1 AND week_start = $2 AND user_id = $3 FOR UPDATE`,
    [challengeId, week, userId],
  );
  if (!rows[0]) throw new Error('The leaderboard entry just written cannot be read');
  return rows[0];
}

/** Takes a voided play's coins off its entries (every challenge it counted for). */
export async function voidPlayPoints(tx: Queryable, source: string, atMs: number): Promise<void> {
  const voided = await tx.query<{
    challenge_id: string;
    week_start: string;
    user_id: string;
  }>(
    `UPDATE leaderboard_points SET voided_at = $2 WHERE source = $1 AND voided_at IS NULL
     RETURNING challenge_id, week_start, user_id`,
    [source, new Date(atMs).toISOString()],
  );
  for (const v of voided) await recomputeEntry(tx, v.challenge_id, v.week_start, v.user_id);
}

/** Rebuilds an entry from the plays that still count: totals, points, and when they were reached. */
async function recomputeEntry(
  tx: Queryable,
  challengeId: string,
  week: string,
  userId: string,
): Promise<void> {
  await lockEntry(tx, challengeId, week, userId);
  const [rates] = await tx.query<Rates>(
    'SELECT gold_coins_per_point, sweeps_cents_per_point FROM leaderboard_challenges WHERE id = $1',
    [challengeId],
  );
  if (!rates) return;
  const plays = await tx.query<{
    id: number | string;
    currency: Currency;
    wagered_minor: number | string;
    created_at: Date | string;
  }>(
    `SELECT id, currency, wagered_minor, created_at FROM leaderboard_points
      WHERE challenge_id = $1 AND week_start = $2 AND user_id = $3 AND voided_at IS NULL ORDER BY id`,
    [challengeId, week, userId],
  );
  let gold = 0;
  let sweeps = 0;
  let points = 0;
  let reached: { id: number; at: string } | null = null;
  for (const p of plays) {
    if (p.currency === 'gold') gold += Number(p.wagered_minor);
    else sweeps += Number(p.wagered_minor);
    const now = pointsOf(rates, gold, sweeps);
    if (now > points) reached = { id: Number(p.id), at: new Date(p.created_at).toISOString() };
    points = now;
  }
  await tx.query(
    `UPDATE leaderboard_entries SET gold_wagered_minor = $4, sweeps_wagered_minor = $5, points = $6,
       reached_at = $7, reached_point_id = $8
     WHERE challenge_id = $1 AND week_start = $2 AND user_id = $3`,
    [
      challengeId,
      week,
      userId,
      gold,
      sweeps,
      points,
      points > 0 ? reached?.at : null,
      points > 0 ? reached?.id : null,
    ],
  );
}
