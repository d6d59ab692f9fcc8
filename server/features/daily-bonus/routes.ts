/**
 * Daily Bonus routes: the player's state (GET) and the spin (POST, Idempotency-Key). Mounted in
 * gold-only mode too, where the wheel pays Gold Coins only; so does it for a player who may not
 * get Sweeps (a state without Sweeps, server/core/sweeps-eligibility.ts).
 */
import { Hono } from 'hono';
import { DAILY_BONUS_API_PATHS, DailyBonusPlayRequestSchema } from '../../../src/contract/daily-bonus.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { check, readJson } from '../../http/validate.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { sweepsGrantHold } from '../../core/sweeps-eligibility.ts';
import { claimDailyBonus, readDailyBonusState } from './daily-bonus.ts';

export function dailyBonusRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const auth = requireAuth(deps);
  const { config } = deps;

  app.get(DAILY_BONUS_API_PATHS.state, auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    const userId = c.get('userId');
    const goldOnly = (await sweepsGrantHold(db, config, userId)) !== null;
    return c.json(await readDailyBonusState(db, { userId, nowMs: deps.now(), goldOnly }));
  });

  app.post(DAILY_BONUS_API_PATHS.play, auth, idempotent(db, deps.now), async (c) => {
    // The call takes no fields: an empty body, or a JSON object without keys.
    if ((await c.req.text()).trim() !== '') check(await readJson(c), DailyBonusPlayRequestSchema);
    const userId = c.get('userId');
    const nowMs = deps.now();
    const answer = await walletTransaction(db, userId, async (tx) =>
      claimDailyBonus(tx, { userId, nowMs, goldOnly: (await sweepsGrantHold(tx, config, userId)) !== null }),
    );
    return c.json(answer);
  });

  return app;
}
