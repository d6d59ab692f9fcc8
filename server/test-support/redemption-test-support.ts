/** Helpers of the redemption tests: a player with an address, an identity state and won (redeemable) Sweeps. */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { REDEMPTION_API_PATHS } from '../../src/contract/redemption.ts';
import type { Queryable } from '../db/driver.ts';
import type { Client, JsonResponse, TestContext } from './test-app.ts';
import { creditWin } from '../core/ledger/coin-rules.ts';
import { creditCoins } from '../core/ledger/ledger.ts';
import { walletTransaction } from '../core/ledger/wallet-transaction.ts';
import { signUpPlayer, type TestPlayer } from './wallet-test-helpers.ts';

export interface PlayerSetup {
  /** Sweeps won in play, in cents (lands in redeemable). */
  wonCents?: number;
  /** Promotional Sweeps never played, in cents (lands in free). */
  freeCents?: number;
  identity?: 'none' | 'required' | 'pending' | 'rejected' | 'verified';
  address?: boolean;
  state?: string;
}

export async function redemptionPlayer(ctx: TestContext, setup: PlayerSetup = {}): Promise<TestPlayer> {
  const player = await signUpPlayer(ctx);
  const { db } = ctx;
  if (setup.address !== false)
    await db.query(
      `UPDATE users SET address_line_1 = '1 Main St', city = 'Chicago', state_or_province = $2 WHERE id = $1`,
      [player.id, setup.state ?? 'IL'],
    );
  await db.query('UPDATE users SET identity_state = $2 WHERE id = $1', [
    player.id,
    setup.identity ?? 'verified',
  ]);
  await giveWon(ctx, player.id, setup.wonCents ?? 100_00);
  if (setup.freeCents)
    await walletTransaction(db, player.id, (tx) =>
      creditCoins(tx, {
        userId: player.id,
        goldCoins: 0,
        sweepsCents: setup.freeCents!,
        sweepsBucket: 'free',
        kind: 'bonus',
        reference: 'test',
        requestKey: `free:${randomUUID()}`,
        description: 'test bonus',
      }),
    );
  return player;
}

/** Sweeps won in play: what a game round credits (redeemable). */
export async function giveWon(ctx: TestContext, userId: string, cents: number): Promise<void> {
  if (cents <= 0) return;
  await walletTransaction(ctx.db, userId, (tx) =>
    creditWin(tx, {
      userId,
      currency: 'sweeps',
      amountMinor: cents,
      reference: 'test-round',
      idempotencyKey: `win:${randomUUID()}`,
    }),
  );
}

/** Answers as the assertions read them: any field, any depth. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions walk answers of every shape
export type Loose = any;
export type Answer = JsonResponse<Record<string, Loose>>;

export function redeem(
  client: Client,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<Answer> {
  return client.request('POST', REDEMPTION_API_PATHS.create, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export function cancel(client: Client, redemptionId: string, key: string = randomUUID()): Promise<Answer> {
  return client.request('POST', REDEMPTION_API_PATHS.cancel, {
    body: { redemption_id: redemptionId },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export function cashOut(client: Client, amount: number, key: string = randomUUID()): Promise<Answer> {
  return client.request('POST', REDEMPTION_API_PATHS.cashOut, {
    body: { amount },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export const paypal = (amount: number, email = 'winner@example.com') => ({
  method: 'paypal',
  amount,
  paypal_email: email,
});

/** Sweeps buckets of a player in cents. */
export async function sweeps(db: Queryable, userId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ bucket: string; amount_minor: number | string }>(
    `SELECT bucket, amount_minor FROM wallet_balances WHERE user_id = $1 AND currency = 'sweeps'`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.bucket, Number(r.amount_minor)]));
}
