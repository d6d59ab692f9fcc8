/**
 * Referrals call (spec section 7, "Referrals | GET | none | list"): the player's code (made on
 * first use), the reward rules and the player's referrals, newest first. Mounted in gold-only mode
 * too (rewards are then Gold only; the gold-only edge zeroes every Sweeps amount).
 */
import { Hono } from 'hono';
import {
  REFERRAL_MONTHLY_CAP,
  REFERRAL_REWARD,
  REFERRALS_API_PATHS,
  referralLinkPath,
  type Referral,
  type ReferralsResponse,
} from '../../../src/contract/referrals.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { centsToDisplay } from '../../core/ledger/money.ts';
import { referralCodeOf } from './referral-codes.ts';
import { easternMonthOf } from './referral-rewards.ts';
import { listReferrals, rewardedInMonth } from './referral-store.ts';

/** Newest referrals shown; older ones stay in the table (and count as they did). */
const LIST_LIMIT = 200;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** "Alex R.": a friend the player will recognise, without their full name. */
export const friendName = (first: string, last: string): string => {
  const initial = [...last.trim()][0];
  return initial ? `${first.trim()} ${initial.toUpperCase()}.` : first.trim();
};

export function referralRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get(REFERRALS_API_PATHS.referrals, requireAuth(deps), async (c) => {
    const userId = c.get('userId');
    const nowMs = deps.now();
    const code = await referralCodeOf(db, userId, nowMs);
    const rows = await listReferrals(db, userId, LIST_LIMIT);
    const rewardedThisMonth = await rewardedInMonth(db, userId, easternMonthOf(nowMs));
    const results: Referral[] = rows.map((r) => ({
      id: r.id,
      friend_name: friendName(r.first_name, r.last_name),
      state: r.state,
      joined_at: iso(r.joined_at)!,
      qualified_at: iso(r.qualified_at),
      rewarded_at: iso(r.rewarded_at),
      no_reward_reason: r.no_reward_reason,
      reward_gld: Number(r.referrer_gold_coins),
      reward_ghc: centsToDisplay(Number(r.referrer_sweeps_cents)),
    }));
    const reward = (share: { goldCoins: number; sweepsCents: number }) => ({
      reward_gld: share.goldCoins,
      reward_ghc: deps.config.goldOnly ? 0 : centsToDisplay(share.sweepsCents),
    });
    const answer: ReferralsResponse = {
      code,
      link_path: referralLinkPath(code),
      referrer_reward: reward(REFERRAL_REWARD.referrer),
      friend_reward: reward(REFERRAL_REWARD.friend),
      monthly_cap: REFERRAL_MONTHLY_CAP,
      rewarded_this_month: rewardedThisMonth,
      results,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  return app;
}
