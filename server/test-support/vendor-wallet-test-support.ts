/** Helpers of the vendor wallet tests: a funded player, a launched session, signed wallet calls. */
import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '../../src/contract/api-paths.ts';
import type { Currency } from '../../src/contract/currency.ts';
import { GAMES_API_PATHS, VENDOR_GAME_ID } from '../../src/contract/games.ts';
import { VENDOR_WALLET_PATHS } from '../../src/contract/vendor-wallet.ts';
import { signedHeaders } from '../providers/vendor-games/wallet-signature.ts';
import type { TestContext } from './test-app.ts';
import { creditCoins } from '../core/ledger/ledger.ts';
import { signUpPlayer, type TestPlayer } from './wallet-test-helpers.ts';
import { walletTransaction } from '../core/ledger/wallet-transaction.ts';

export interface SignedReply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * A signed wallet call as the vendor makes it; `signAt` / `secret` / `tamper` / `signFor` (the
 * method and path the signature is made for, instead of the call's own) break it on purpose.
 */
export async function vendorCall(
  ctx: TestContext,
  path: string,
  body: unknown,
  o: {
    signAt?: number;
    secret?: string;
    tamper?: (raw: string) => string;
    headers?: Record<string, string>;
    signFor?: { method?: string; path?: string };
  } = {},
): Promise<SignedReply> {
  const raw = JSON.stringify(body);
  const signed = {
    method: o.signFor?.method ?? 'POST',
    path: o.signFor?.path ?? `${API_PREFIX}${path}`,
    rawBody: raw,
  };
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...signedHeaders(o.secret ?? ctx.deps.secrets.vendorWalletSecret, signed, o.signAt ?? ctx.clock.now),
    ...o.headers,
  };
  const res = await ctx.app.request(`${API_PREFIX}${path}`, {
    method: 'POST',
    headers,
    body: o.tamper ? o.tamper(raw) : raw,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

/** Gives a player Gold (main) and Sweeps (paid / free, cents). */
export async function fund(
  ctx: TestContext,
  userId: string,
  coins: { gold?: number; paidCents?: number; freeCents?: number },
): Promise<void> {
  await walletTransaction(ctx.db, userId, async (tx) => {
    const key = randomUUID();
    await creditCoins(tx, {
      userId,
      goldCoins: coins.gold ?? 0,
      sweepsCents: coins.paidCents ?? 0,
      sweepsBucket: 'paid',
      kind: 'bonus',
      reference: 'test',
      requestKey: `test-fund-paid:${key}`,
      description: 'test funds',
    });
    if (coins.freeCents)
      await creditCoins(tx, {
        userId,
        goldCoins: 0,
        sweepsCents: coins.freeCents,
        sweepsBucket: 'free',
        kind: 'bonus',
        reference: 'test',
        requestKey: `test-fund-free:${key}`,
        description: 'test funds',
      });
  });
}

export interface LaunchedSession {
  player: TestPlayer;
  token: string;
  launch: { launch_url: string; vendor_origin: string; expires_at: string };
}

/** Signs a player up, opens the vendor game with `currency` and answers the session token. */
export async function launchedPlayer(ctx: TestContext, currency: Currency): Promise<LaunchedSession> {
  const player = await signUpPlayer(ctx);
  const res = await player.client.request<LaunchedSession['launch']>(
    'POST',
    GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID),
    { body: { currency } },
  );
  if (res.status !== 200) throw new Error(`launch failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = new URL(res.body.launch_url).searchParams.get('token');
  if (!token) throw new Error('launch URL without a token');
  return { player, token, launch: res.body };
}

let counter = 0;
/** A fresh vendor transaction id. */
export const txId = (prefix = 'tx'): string => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

export const bet = (token: string, transactionId: string, amount: number, roundId = 'round-1') => ({
  session_token: token,
  transaction_id: transactionId,
  round_id: roundId,
  amount,
});
export const win = (
  token: string,
  transactionId: string,
  betId: string,
  amount: number,
  roundId = 'round-1',
) => ({
  session_token: token,
  transaction_id: transactionId,
  bet_transaction_id: betId,
  round_id: roundId,
  amount,
});
export const rollback = (token: string, transactionId: string, betId: string) => ({
  session_token: token,
  transaction_id: transactionId,
  bet_transaction_id: betId,
});

export { VENDOR_WALLET_PATHS as PATHS };
