/**
 * Redeeming an AMOE code: free Sweeps Coins (bucket free, ledger kind 'amoe'), once per code, ever.
 *
 * Runs in the caller's wallet transaction (READ COMMITTED). It first locks the player's row, so a
 * player's redemptions run one after another on every server instance: the daily and monthly
 * counts read after the lock include every earlier redemption, and a burst of different codes
 * cannot pass a limit. The code's row is locked too and its redemption row has the code as primary
 * key; the ledger key is derived from the code, not from the request, so even a different
 * Idempotency-Key cannot credit a code twice.
 *
 * Checks, in order: format (12 characters of the alphabet) and existence -> issued to this player
 * -> not redeemed yet -> not expired (180 days after delivery) -> daily limit (Eastern Time day)
 * -> monthly limit (Eastern Time calendar month).
 */
import {
  AMOE_ERROR_CODES,
  AMOE_TEXTS,
  isAmoeCode,
  normalizeAmoeCode,
  type AmoeErrorCode,
} from '../../../src/contract/amoe.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { assertSweepsGrant } from '../../core/sweeps-eligibility.ts';
import { creditCoins } from '../../core/ledger/ledger.ts';
import { amoeCodeHash } from './amoe-codes.ts';
import { easternDay, easternMonthStart, nextEasternMidnight } from '../../core/eastern-day.ts';

export interface AmoeLimits {
  dailyLimit: number;
  monthlyLimit: number;
}

const codeError = (
  status: 400 | 403 | 409 | 410,
  code: AmoeErrorCode,
  message: string,
  extra?: Record<string, unknown>,
) => new ApiError(status, code, message, 'code', extra ?? null);

export const amoeCodeInvalid = (): ApiError =>
  codeError(400, AMOE_ERROR_CODES.AMOE_CODE_INVALID, AMOE_TEXTS.codeInvalid);

export async function redeemAmoeCode(
  tx: Queryable,
  input: { userId: string; rawCode: string; nowMs: number; limits: AmoeLimits },
): Promise<{ amountCents: number }> {
  const code = normalizeAmoeCode(input.rawCode);
  if (!isAmoeCode(code)) throw amoeCodeInvalid();
  const { userId, nowMs } = input;
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  await assertMayAct(tx, userId, 'bonus', nowMs);
  // A resident of a state without Sweeps gets none by mail either (gold-only mode never mounts AMOE).
  await assertSweepsGrant(tx, { goldOnly: false }, userId);

  const hash = amoeCodeHash(code);
  const rows = await tx.query<{
    user_id: string;
    amount_cents: number | string;
    code_hint: string;
    expires_at: Date | string;
    redeemed: boolean;
  }>(
    `SELECT c.user_id, c.amount_cents, c.code_hint, c.expires_at,
            EXISTS (SELECT 1 FROM amoe_redemptions r WHERE r.code_sha256 = c.code_sha256) AS redeemed
       FROM amoe_codes c WHERE c.code_sha256 = $1 FOR UPDATE`,
    [hash],
  );
  const row = rows[0];
  if (!row) throw amoeCodeInvalid();
  if (row.user_id !== userId)
    throw codeError(403, AMOE_ERROR_CODES.AMOE_CODE_NOT_ASSOCIATED, AMOE_TEXTS.notAssociated);
  if (row.redeemed)
    throw codeError(409, AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED, AMOE_TEXTS.alreadyRedeemed);
  const expiresAt = new Date(row.expires_at);
  if (nowMs >= expiresAt.getTime())
    throw codeError(410, AMOE_ERROR_CODES.AMOE_CODE_EXPIRED, AMOE_TEXTS.expired, {
      expired_at: expiresAt.toISOString(),
    });

  const day = easternDay(nowMs);
  const counts = await tx.query<{ today: number | string; month: number | string }>(
    `SELECT count(*) FILTER (WHERE et_day = $2::date) AS today,
            count(*) FILTER (WHERE et_day >= $3::date) AS month
       FROM amoe_redemptions WHERE user_id = $1 AND et_day >= $3::date AND et_day <= $2::date`,
    [userId, day, easternMonthStart(nowMs)],
  );
  const today = Number(counts[0]?.today ?? 0);
  const month = Number(counts[0]?.month ?? 0);
  if (today >= input.limits.dailyLimit) {
    const retryAfter = Math.max(1, Math.ceil((nextEasternMidnight(nowMs) - nowMs) / 1000));
    throw new ApiError(409, AMOE_ERROR_CODES.AMOE_DAILY_LIMIT, AMOE_TEXTS.dailyLimit, null, {
      retry_after_seconds: retryAfter,
    });
  }
  if (month >= input.limits.monthlyLimit)
    throw new ApiError(409, AMOE_ERROR_CODES.AMOE_MONTHLY_LIMIT, AMOE_TEXTS.monthlyLimit);

  const amountCents = Number(row.amount_cents);
  const createdAt = new Date(nowMs).toISOString();
  const [entryId] = await creditCoins(tx, {
    userId,
    goldCoins: 0,
    sweepsCents: amountCents,
    sweepsBucket: 'free',
    kind: 'amoe',
    reference: `amoe:…${row.code_hint}`,
    requestKey: `amoe:${hash}`,
    description: 'Free Sweeps Coins by mail (AMOE)',
    createdAt,
  });
  await tx.query(
    `INSERT INTO amoe_redemptions (code_sha256, user_id, amount_cents, redeemed_at, et_day, ledger_entry_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hash, userId, amountCents, createdAt, day, entryId ?? null],
  );
  return { amountCents };
}
