/**
 * Reading a challenge and its board. The ranking is one ORDER BY used everywhere (board, the
 * player's own place, the week's close): points, highest first; equal points by who reached them
 * first (the time, then the play's insertion order for plays in the same millisecond). Only
 * entries with at least one point are ranked.
 */
import type { Queryable } from '../../db/driver.ts';

export type ChallengeRow = {
  id: string;
  name: string;
  game_ids: string[];
  gold_coins_per_point: number | string | null;
  sweeps_cents_per_point: number | string | null;
  board_size: number;
};

export type PrizeRow = {
  rank_from: number;
  rank_to: number;
  gold_coins: number | string;
  sweeps_cents: number | string;
};

export const RANK_ORDER = 'e.points DESC, e.reached_at ASC, e.reached_point_id ASC';

export async function findActiveChallenge(db: Queryable, id: string): Promise<ChallengeRow | null> {
  const rows = await db.query<ChallengeRow>(
    `SELECT id, name, game_ids, gold_coins_per_point, sweeps_cents_per_point, board_size
       FROM leaderboard_challenges WHERE id = $1 AND active`,
    [id],
  );
  return rows[0] ?? null;
}

/** The challenge's games (id and name) in the catalogue's order. */
export async function challengeGames(
  db: Queryable,
  gameIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  return db.query<{ id: string; name: string }>(
    'SELECT id, name FROM games WHERE id = ANY ($1::text[]) ORDER BY sort_order, id',
    [gameIds],
  );
}

export async function prizesOf(db: Queryable, challengeId: string): Promise<PrizeRow[]> {
  return db.query<PrizeRow>(
    `SELECT rank_from, rank_to, gold_coins, sweeps_cents FROM leaderboard_prizes
      WHERE challenge_id = $1 ORDER BY rank_from`,
    [challengeId],
  );
}

/** The prize of a final rank: the first row whose range holds it, or null. */
export function prizeOfRank(prizes: readonly PrizeRow[], rank: number): PrizeRow | null {
  return prizes.find((p) => rank >= p.rank_from && rank <= p.rank_to) ?? null;
}

export type RankedEntry = {
  user_id: string;
  first_name: string;
  points: number | string;
  rank: number | string;
};

/** The top `limit` of a week (every ranked entry when limit is null). */
export async function rankedEntries(
  db: Queryable,
  challengeId: string,
  week: string,
  limit: number | null,
): Promise<RankedEntry[]> {
  return db.query<RankedEntry>(
    `SELECT e.user_id, u.first_name, e.points, row_number() OVER (ORDER BY ${RANK_ORDER}) AS rank
       FROM leaderboard_entries e JOIN users u ON u.id = e.user_id
      WHERE e.challenge_id = $1 AND e.week_start = $2 AND e.points > 0
      ORDER BY ${RANK_ORDER}${limit === null ? '' : ' LIMIT $3'}`,
    limit === null ? [challengeId, week] : [challengeId, week, limit],
  );
}

/** The player's points and rank in a week (rank null without a point). */
export async function ownPlace(
  db: Queryable,
  challengeId: string,
  week: string,
  userId: string,
): Promise<{ rank: number | null; points: number }> {
  const rows = await db.query<{ points: number | string; ahead: number | string }>(
    `SELECT e.points,
            (SELECT count(*) FROM leaderboard_entries o
              WHERE o.challenge_id = e.challenge_id AND o.week_start = e.week_start AND o.points > 0
                AND (-o.points, o.reached_at, o.reached_point_id) < (-e.points, e.reached_at, e.reached_point_id)
            ) AS ahead
       FROM leaderboard_entries e
      WHERE e.challenge_id = $1 AND e.week_start = $2 AND e.user_id = $3`,
    [challengeId, week, userId],
  );
  const row = rows[0];
  const points = Number(row?.points ?? 0);
  return { points, rank: row && points > 0 ? Number(row.ahead) + 1 : null };
}
