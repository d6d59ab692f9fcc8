/** Reading a player's referrals for the referrals page: the newest first, and this month's rewards. */
import type { ReferralNoRewardReason, ReferralState } from '../../../src/contract/referrals.ts';
import type { Queryable } from '../../db/driver.ts';

export type ReferralListRow = {
  id: string;
  first_name: string;
  last_name: string;
  state: ReferralState;
  joined_at: Date | string;
  qualified_at: Date | string | null;
  rewarded_at: Date | string | null;
  no_reward_reason: ReferralNoRewardReason | null;
  referrer_gold_coins: number | string;
  referrer_sweeps_cents: number | string;
};

/** The player's `limit` newest referrals with the friend's name. */
export async function listReferrals(
  db: Queryable,
  referrerId: string,
  limit: number,
): Promise<ReferralListRow[]> {
  return db.query<ReferralListRow>(
    `SELECT r.id, u.first_name, u.last_name, r.state, r.joined_at, r.qualified_at, r.rewarded_at,
            r.no_reward_reason, r.referrer_gold_coins, r.referrer_sweeps_cents
       FROM referrals r JOIN users u ON u.id = r.friend_id
      WHERE r.referrer_id = $1
      ORDER BY r.joined_at DESC, r.id
      LIMIT ${Math.trunc(limit)}`,
    [referrerId],
  );
}

/** How many of the player's referrals were rewarded in the Eastern month `month` (YYYY-MM). */
export async function rewardedInMonth(db: Queryable, referrerId: string, month: string): Promise<number> {
  const rows = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM referrals WHERE referrer_id = $1 AND state = 'rewarded' AND reward_month = $2`,
    [referrerId, month],
  );
  return Number(rows[0]?.n ?? 0);
}
