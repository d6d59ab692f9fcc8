/**
 * Granting, reading and acknowledging the login bonus. The grant runs at sign-in (startSession):
 * one wallet transaction checks the play gate, inserts the day's login_bonus_grants row (the
 * primary key lets one of any number of parallel sign-ins insert it) and credits the ledger
 * (kind 'bonus', keys login-bonus:<player>:<day>:<currency>:<bucket>), so the coins, the history
 * lines and the grant exist together or not at all.
 */
import type { Database, Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { LOGIN_BONUS_TEXTS, type LoginBonusCoins } from '../../../src/contract/login-bonus.ts';
import { easternDay } from '../../core/eastern-day.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { sweepsEligibility } from '../store/public.ts';
import { readProhibitedStatesValue } from '../../core/sweeps-eligibility.ts';
import { entryKey, postLedgerEntry } from '../../core/ledger/ledger.ts';
import { centsToDisplay } from '../../core/ledger/money.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { loginBonusOffer } from './login-bonus-rule.ts';

export interface GrantedLoginBonus {
  goldCoins: number;
  sweepsCents: number;
}

const NONE: GrantedLoginBonus = { goldCoins: 0, sweepsCents: 0 };

export const toLoginBonusCoins = (g: GrantedLoginBonus): LoginBonusCoins => ({
  quantity_ghc: centsToDisplay(g.sweepsCents),
  quantity_gld: g.goldCoins,
});

/** The ledger request key of a player's bonus of one Eastern day. */
export const loginBonusKey = (userId: string, day: string): string => `login-bonus:${userId}:${day}`;

/**
 * Credits the day's login bonus when this sign-in is the day's first and the rule gives one.
 * Answers what this sign-in earned (0s for every other sign-in). Never throws: a refused
 * player or a failure of the bonus leaves the sign-in working (nothing is granted, so a later
 * sign-in that day may still earn it).
 */
export async function grantLoginBonus(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  user: { id: string; created_at: Date | string; state_or_province: string },
  nowMs: number,
): Promise<GrantedLoginBonus> {
  const offer = loginBonusOffer({
    nowMs,
    joinedAtMs: new Date(user.created_at).getTime(),
    sweepsEligible: sweepsEligibility(
      deps.config,
      user.state_or_province,
      await readProhibitedStatesValue(deps.db),
    ).eligible,
    settings: { goldCoins: deps.config.loginBonusGoldCoins, sweepsCents: deps.config.loginBonusSweepsCents },
  });
  if (!offer) return NONE;
  try {
    return await walletTransaction(deps.db, user.id, async (tx) => {
      await assertMayAct(tx, user.id, 'bonus', nowMs);
      const inserted = await tx.query<{ user_id: string }>(
        `INSERT INTO login_bonus_grants (user_id, et_day, gold_coins, sweeps_cents, granted_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, et_day) DO NOTHING RETURNING user_id`,
        [user.id, offer.day, offer.goldCoins, offer.sweepsCents, new Date(nowMs).toISOString()],
      );
      if (inserted.length === 0) return NONE;
      const key = loginBonusKey(user.id, offer.day);
      const common = {
        userId: user.id,
        kind: 'bonus' as const,
        reference: key,
        description: LOGIN_BONUS_TEXTS.historyDescription,
        createdAt: new Date(nowMs).toISOString(),
      };
      if (offer.goldCoins > 0)
        await postLedgerEntry(tx, {
          ...common,
          currency: 'gold',
          bucket: 'main',
          amountMinor: offer.goldCoins,
          idempotencyKey: entryKey(key, 'gold', 'main'),
        });
      if (offer.sweepsCents > 0)
        await postLedgerEntry(tx, {
          ...common,
          currency: 'sweeps',
          bucket: 'free',
          amountMinor: offer.sweepsCents,
          idempotencyKey: entryKey(key, 'sweeps', 'free'),
        });
      return { goldCoins: offer.goldCoins, sweepsCents: offer.sweepsCents };
    });
  } catch (error) {
    // The play gate's refusal is expected (suspended, on a break, self-excluded): no bonus, no noise.
    if (!(error instanceof ApiError))
      deps.logger.warn('login_bonus_grant_failed', { userId: user.id, error: String(error) });
    return NONE;
  }
}

/** Today's granted bonus the player has not acknowledged yet (0s when none). */
export async function pendingLoginBonus(
  db: Queryable,
  userId: string,
  nowMs: number,
): Promise<GrantedLoginBonus> {
  const rows = await db.query<{ gold_coins: number | string; sweeps_cents: number | string }>(
    `SELECT gold_coins, sweeps_cents FROM login_bonus_grants
      WHERE user_id = $1 AND et_day = $2 AND acknowledged_at IS NULL`,
    [userId, easternDay(nowMs)],
  );
  const row = rows[0];
  return row ? { goldCoins: Number(row.gold_coins), sweepsCents: Number(row.sweeps_cents) } : NONE;
}

/** The player has seen their bonus: nothing of theirs is pending any more. */
export async function acknowledgeLoginBonus(db: Database, userId: string, nowMs: number): Promise<void> {
  await db.query(
    'UPDATE login_bonus_grants SET acknowledged_at = $2 WHERE user_id = $1 AND acknowledged_at IS NULL',
    [userId, new Date(nowMs).toISOString()],
  );
}
