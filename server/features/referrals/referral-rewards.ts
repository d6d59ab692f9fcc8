/**
 * The referral reward: when a referred friend's first purchase is credited, the referral is
 * qualified and both players are rewarded once (ledger kind 'bonus', Sweeps in the free bucket),
 * unless a limit applies. Called by the purchase credit path inside its transaction, so the
 * reward commits or rolls back with the purchase credit.
 *
 * Exactly once: the referral row is locked (FOR UPDATE) and only a 'joined' row moves on; a second
 * credit racing the first waits on the lock and then finds it settled. The ledger entries are also
 * keyed by the referral id, a second guard.
 * Monthly cap: the referrer's user row is locked before the month's rewarded referrals are counted,
 * so the friends of one referrer qualifying at the same moment are counted one after the other.
 * Play gate: each player's share is checked with assertMayAct(..., 'bonus'); a refused player's
 * share is withheld for good (the error code is kept on the row), the other player is still paid.
 */
import { easternDateOf } from '../../../src/contract/eastern-time.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  REFERRAL_MONTHLY_CAP,
  REFERRAL_REWARD,
  type ReferralNoRewardReason,
} from '../../../src/contract/referrals.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { creditCoins } from '../../core/ledger/ledger.ts';

export interface ReferralRewardSettings {
  /** Gold-only mode: the reward is Gold only. */
  goldOnly: boolean;
}

/** 'YYYY-MM' of the Eastern Time calendar month holding `ms`. */
export function easternMonthOf(ms: number): string {
  const d = easternDateOf(ms);
  return `${d.year}-${String(d.month).padStart(2, '0')}`;
}

/**
 * One mailbox however the address is written: case, a "+tag" after the local part, and the dots
 * Gmail ignores ("a.b+x@gmail.com" is "ab@gmail.com").
 */
export function mailboxKey(email: string): string {
  const lower = email.normalize('NFKC').trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/**
 * The person (names and birth date). A key marked '|duplicate:<id>' (two accounts one person
 * opened before the person key lost its ZIP, migration 0033) is still that person.
 */
const identityKey = (personKey: string): string => personKey.split('|').slice(0, 3).join('|');

export type ReferralParty = {
  email: string;
  phone: string | null;
  person_key: string;
  /** The address's household (null until the player gives an address). */
  household_key: string | null;
  account_state?: string;
};

/**
 * Whether a referral between these two accounts may be rewarded: not the same person (one
 * mailbox, one phone number, one name and birth date) and not one household (one address, the
 * household key of migration 0033). Answers the reason when it may not.
 */
export function relationBetween(
  referrer: ReferralParty,
  friend: ReferralParty,
): Extract<ReferralNoRewardReason, 'same_person' | 'same_household'> | null {
  if (mailboxKey(referrer.email) === mailboxKey(friend.email)) return 'same_person';
  if (referrer.phone && friend.phone && referrer.phone === friend.phone) return 'same_person';
  if (identityKey(referrer.person_key) === identityKey(friend.person_key)) return 'same_person';
  if (referrer.household_key && referrer.household_key === friend.household_key) return 'same_household';
  return null;
}

type ReferralRow = { id: string; referrer_id: string; friend_id: string; state: string };

const PARTY_COLUMNS = 'email, phone, person_key, household_key, account_state';

/**
 * Why this player may not receive a bonus now (an error code), or null when they may: a closed
 * account receives nothing, then the play gate decides.
 */
async function bonusRefusal(
  tx: Queryable,
  userId: string,
  party: Pick<ReferralParty, 'account_state'>,
  nowMs: number,
): Promise<string | null> {
  if (party.account_state === 'closed') return ERROR_CODES.ACCOUNT_CLOSED;
  try {
    await assertMayAct(tx, userId, 'bonus', nowMs);
    return null;
  } catch (error) {
    // Only the gate's own refusal is a decision; a database error must still fail the transaction.
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

export type ReferralOutcome =
  | { kind: 'none' }
  | { kind: 'not_rewarded'; referralId: string; reason: ReferralNoRewardReason }
  | { kind: 'rewarded'; referralId: string; referrerPaid: boolean; friendPaid: boolean };

/**
 * Purchase hook: `friendId`'s first successful purchase `purchaseId` was just credited in `tx`.
 * Settles the friend's referral, if any and not settled yet. Never throws for a rule: the purchase
 * credit must go through whatever happens to the reward.
 */
export async function settleReferralOnFirstPurchase(
  tx: Queryable,
  input: { friendId: string; purchaseId: string; nowMs: number },
  settings: ReferralRewardSettings,
): Promise<ReferralOutcome> {
  const found = await tx.query<ReferralRow>(
    'SELECT id, referrer_id, friend_id, state FROM referrals WHERE friend_id = $1 FOR UPDATE',
    [input.friendId],
  );
  const referral = found[0];
  if (!referral || referral.state !== 'joined') return { kind: 'none' };
  const now = new Date(input.nowMs).toISOString();
  const month = easternMonthOf(input.nowMs);

  // The referrer's row first: the monthly count below is then exact among their friends.
  const referrerRows = await tx.query<ReferralParty>(
    `SELECT ${PARTY_COLUMNS} FROM users WHERE id = $1 FOR NO KEY UPDATE`,
    [referral.referrer_id],
  );
  const friendRows = await tx.query<ReferralParty>(`SELECT ${PARTY_COLUMNS} FROM users WHERE id = $1`, [
    referral.friend_id,
  ]);
  const referrer = referrerRows[0];
  const friend = friendRows[0];
  if (!referrer || !friend) return { kind: 'none' };

  const notRewarded = async (reason: ReferralNoRewardReason): Promise<ReferralOutcome> => {
    await tx.query(
      `UPDATE referrals SET state = 'qualified', qualified_at = $2, qualifying_purchase_id = $3, no_reward_reason = $4
        WHERE id = $1`,
      [referral.id, now, input.purchaseId, reason],
    );
    return { kind: 'not_rewarded', referralId: referral.id, reason };
  };

  const relation = relationBetween(referrer, friend);
  if (relation) return notRewarded(relation);
  const counted = await tx.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM referrals WHERE referrer_id = $1 AND state = 'rewarded' AND reward_month = $2`,
    [referral.referrer_id, month],
  );
  if (Number(counted[0]?.n ?? 0) >= REFERRAL_MONTHLY_CAP) return notRewarded('monthly_cap');

  const referrerRefusal = await bonusRefusal(tx, referral.referrer_id, referrer, input.nowMs);
  const friendRefusal = await bonusRefusal(tx, referral.friend_id, friend, input.nowMs);
  if (referrerRefusal && friendRefusal) return notRewarded('account_restricted');

  const sweeps = (cents: number) => (settings.goldOnly ? 0 : cents);
  const referrerShare = referrerRefusal
    ? { goldCoins: 0, sweepsCents: 0 }
    : {
        goldCoins: REFERRAL_REWARD.referrer.goldCoins,
        sweepsCents: sweeps(REFERRAL_REWARD.referrer.sweepsCents),
      };
  const friendShare = friendRefusal
    ? { goldCoins: 0, sweepsCents: 0 }
    : {
        goldCoins: REFERRAL_REWARD.friend.goldCoins,
        sweepsCents: sweeps(REFERRAL_REWARD.friend.sweepsCents),
      };

  const reference = `referral:${referral.id}`;
  await creditCoins(tx, {
    userId: referral.referrer_id,
    ...referrerShare,
    sweepsBucket: 'free',
    kind: 'bonus',
    reference,
    requestKey: `${reference}:referrer`,
    description: 'Referral reward: a friend you invited made a first purchase',
    createdAt: now,
  });
  await creditCoins(tx, {
    userId: referral.friend_id,
    ...friendShare,
    sweepsBucket: 'free',
    kind: 'bonus',
    reference,
    requestKey: `${reference}:friend`,
    description: 'Referral reward: welcome from the friend who invited you',
    createdAt: now,
  });
  await tx.query(
    `UPDATE referrals SET state = 'rewarded', qualified_at = $2, rewarded_at = $2, qualifying_purchase_id = $3,
       reward_month = $4, referrer_gold_coins = $5, referrer_sweeps_cents = $6, friend_gold_coins = $7,
       friend_sweeps_cents = $8, referrer_withheld_code = $9, friend_withheld_code = $10
     WHERE id = $1`,
    [
      referral.id,
      now,
      input.purchaseId,
      month,
      referrerShare.goldCoins,
      referrerShare.sweepsCents,
      friendShare.goldCoins,
      friendShare.sweepsCents,
      referrerRefusal,
      friendRefusal,
    ],
  );
  return {
    kind: 'rewarded',
    referralId: referral.id,
    referrerPaid: !referrerRefusal,
    friendPaid: !friendRefusal,
  };
}
