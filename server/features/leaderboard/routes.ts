/**
 * GET /leaderboards/:id (docs/api.md, "Leaderboards"): the challenge's current week, for anyone;
 * with a valid sign-in also the player's own rank and points. A request carrying a token that is
 * not valid is refused like any signed-in call (401), so the app refreshes it instead of showing
 * a signed-out board to a signed-in player.
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  LEADERBOARD_API_PATHS,
  LEADERBOARD_ERROR_CODES,
  LEADERBOARD_ID_PATTERN,
  LEADERBOARD_TEXTS,
  maskDisplayName,
  type LeaderboardAnswer,
} from '../../../src/contract/leaderboard.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { authenticateWith } from '../../http/auth.ts';
import { centsToDisplay } from '../../core/ledger/money.ts';
import { challengeGames, findActiveChallenge, ownPlace, prizesOf, rankedEntries } from './board.ts';
import { challengeWeekOf } from './challenge-week.ts';

const notFound = () =>
  new ApiError(404, LEADERBOARD_ERROR_CODES.LEADERBOARD_NOT_FOUND, LEADERBOARD_TEXTS.notFound);

export function leaderboardRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(LEADERBOARD_API_PATHS.leaderboardPattern, async (c) => {
    const id = c.req.param('id');
    if (!LEADERBOARD_ID_PATTERN.test(id))
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        'A leaderboard id is lower-case letters, digits and dashes.',
        'id',
      );
    let userId: string | null = null;
    if (c.req.header('Authorization') !== undefined) {
      await authenticateWith(deps, c, { columns: '', joins: '' });
      userId = c.get('userId');
    }
    const challenge = await findActiveChallenge(deps.db, id);
    if (!challenge) throw notFound();
    const nowMs = deps.now();
    const week = challengeWeekOf(nowMs);
    const goldOnly = deps.config.goldOnly;
    const [games, prizes, board, me] = await Promise.all([
      challengeGames(deps.db, challenge.game_ids),
      prizesOf(deps.db, challenge.id),
      rankedEntries(deps.db, challenge.id, week.start, challenge.board_size),
      userId === null ? Promise.resolve(null) : ownPlace(deps.db, challenge.id, week.start, userId),
    ]);
    const sweepsRate = challenge.sweeps_cents_per_point;
    const answer: LeaderboardAnswer = {
      id: challenge.id,
      name: challenge.name,
      week_start: week.start,
      starts_at: new Date(week.startsAtMs).toISOString(),
      ends_at: new Date(week.endsAtMs).toISOString(),
      as_of: new Date(nowMs).toISOString(),
      games,
      gold_coins_per_point:
        challenge.gold_coins_per_point === null ? null : Number(challenge.gold_coins_per_point),
      sweeps_coins_per_point: goldOnly || sweepsRate === null ? null : centsToDisplay(Number(sweepsRate)),
      prizes: prizes
        .map((p) => ({
          rank_from: p.rank_from,
          rank_to: p.rank_to,
          gold_coins: Number(p.gold_coins),
          sweeps_coins: goldOnly ? 0 : centsToDisplay(Number(p.sweeps_cents)),
        }))
        .filter((p) => p.gold_coins > 0 || p.sweeps_coins > 0),
      board: board.map((r) => ({
        rank: Number(r.rank),
        display_name: maskDisplayName(r.first_name),
        points: Number(r.points),
      })),
      me,
    };
    c.header('Cache-Control', 'private, no-store');
    return c.json(answer);
  });
  return app;
}
