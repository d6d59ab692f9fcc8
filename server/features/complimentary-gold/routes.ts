/**
 * Complimentary Gold Coins API: the offer check (what an accept would credit now) and the accept
 * call, which changes coins and so needs an Idempotency-Key. Rules in complimentary-gold.ts.
 */
import { Hono } from 'hono';
import {
  AcceptComplimentaryGoldRequestSchema,
  COMPLIMENTARY_GOLD_API_PATHS,
  type AcceptComplimentaryGoldResponse,
} from '../../../src/contract/complimentary-gold.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { GAME_ID_PATTERN } from '../../../src/contract/game-ids.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { readBody } from '../../http/validate.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { acceptComplimentaryGold, complimentaryGoldOffer } from './complimentary-gold.ts';

export function complimentaryGoldRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);

  app.get(COMPLIMENTARY_GOLD_API_PATHS.offer, auth, async (c) => {
    const gameId = c.req.query('gameId') ?? '';
    if (!GAME_ID_PATTERN.test(gameId))
      throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'gameId must name a game.', 'gameId');
    c.header('Cache-Control', 'no-store');
    return c.json(
      await complimentaryGoldOffer(deps.db, { userId: c.get('userId'), gameId, nowMs: deps.now() }),
    );
  });

  app.post(COMPLIMENTARY_GOLD_API_PATHS.accept, auth, idempotent(deps.db, deps.now), async (c) => {
    const userId = c.get('userId');
    const body = await readBody(c, AcceptComplimentaryGoldRequestSchema);
    const nowMs = deps.now();
    const accepted = await walletTransaction(deps.db, userId, (tx) =>
      acceptComplimentaryGold(tx, {
        userId,
        gameId: body.gameId,
        clientBetValue: body.goldCoinsBetValue ?? null,
        nowMs,
      }),
    );
    const answer: AcceptComplimentaryGoldResponse = {
      balances: accepted.balances,
      awarded_gld: accepted.awardedGold,
      awards_left_today: accepted.awardsLeftToday,
    };
    return c.json(answer);
  });

  return app;
}
