/** Helpers of the wallet tests: sign up a player through the API, read balances and ledger sums in SQL. */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Database, Queryable } from '../db/driver.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireAuth } from '../http/auth.ts';
import { errorHandler } from '../http/errors.ts';
import { answerLedgerKeyConflict } from '../core/ledger/ledger-errors.ts';
import { idempotent, requestKeyOf } from '../http/idempotency.ts';
import { spendSweeps } from '../core/ledger/coin-rules.ts';
import { InsufficientFundsError } from '../core/ledger/ledger.ts';
import { creditPurchase } from '../features/payments/purchase-credit.ts';
import { walletTransaction } from '../core/ledger/wallet-transaction.ts';
import { Client, signUpPayload, type TestContext } from './test-app.ts';

export interface TestPlayer {
  id: string;
  client: Client;
}

/**
 * Signs a player up through the API. As the player's app does before the first round, it then sends
 * a client seed of the player's own (the server never picks one and refuses rounds without it,
 * docs/fairness.md); `clientSeed: null` leaves the player without one.
 */
export async function signUpPlayer(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  options: { clientSeed?: string | null } = {},
): Promise<TestPlayer> {
  const client = new Client(ctx);
  const res = await client.request<{ token: string; user: { id: string } }>('POST', '/users', {
    body: signUpPayload(overrides),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.token = res.body.token;
  const clientSeed = options.clientSeed === undefined ? randomBytes(16).toString('hex') : options.clientSeed;
  if (clientSeed !== null) {
    const seeded = await client.request('PUT', '/games/fairness/client-seed', {
      body: { client_seed: clientSeed },
    });
    if (seeded.status !== 200)
      throw new Error(`client seed refused: ${seeded.status} ${JSON.stringify(seeded.body)}`);
  }
  return { id: res.body.user.id, client };
}

/** Bucket balances of a player in minor units, keyed "currency:bucket". */
export async function bucketBalances(db: Queryable, userId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ currency: string; bucket: string; amount_minor: number | string }>(
    'SELECT currency, bucket, amount_minor FROM wallet_balances WHERE user_id = $1',
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [`${r.currency}:${r.bucket}`, Number(r.amount_minor)]));
}

/**
 * The ledger's invariants, checked in SQL for every player: each balance row equals the sum of its
 * entries, no balance or balance_after is negative, and each entry's balance_after equals the
 * running sum of its bucket up to it, and its currency total the running sum of the currency's
 * spendable buckets. Answers the rows breaking them (none when sound).
 */
export async function ledgerViolations(db: Queryable): Promise<unknown[]> {
  const sums = await db.query(
    `SELECT b.user_id, b.currency, b.bucket, b.amount_minor, coalesce(s.total, 0) AS total
       FROM wallet_balances b
       FULL JOIN (SELECT user_id, currency, bucket, sum(amount_minor) AS total FROM ledger_entries GROUP BY 1, 2, 3) s
         USING (user_id, currency, bucket)
      WHERE b.amount_minor IS DISTINCT FROM coalesce(s.total, 0) OR b.amount_minor < 0`,
  );
  const running = await db.query(
    `SELECT id FROM (
       SELECT id, balance_after_minor,
              sum(amount_minor) OVER (PARTITION BY user_id, currency, bucket ORDER BY id) AS running
         FROM ledger_entries) e
      WHERE e.balance_after_minor <> e.running OR e.balance_after_minor < 0`,
  );
  // The currency total recorded on each entry = running sum of the spendable buckets of that currency.
  const totals = await db.query(
    `SELECT id FROM (
       SELECT id, currency_total_after_minor,
              sum(CASE WHEN bucket <> 'pending_redemption' THEN amount_minor ELSE 0 END)
                OVER (PARTITION BY user_id, currency ORDER BY id) AS running
         FROM ledger_entries) e
      WHERE e.currency_total_after_minor IS DISTINCT FROM e.running`,
  );
  return [...sums, ...running, ...totals];
}

/**
 * A small app with money-changing routes behind the real auth, idempotency middleware and error
 * handler, for tests of those pieces (the product's own money routes belong to payments and games):
 * POST /spend { amount_cents } spends Sweeps; POST /purchase { purchase_id, gold, sweeps_cents }
 * credits a purchase; POST /fail answers 500 once per key then 200; POST /slow waits `ms`.
 */
export function moneyTestApp(ctx: TestContext, options: { waitMs?: number; db?: Database } = {}) {
  const app = new Hono<AppEnv>();
  const db = options.db ?? ctx.db;
  const auth = requireAuth({ ...ctx.deps, db });
  const once = idempotent(db, ctx.deps.now, options);
  const failures = new Set<string>();
  app.post('/spend', auth, once, async (c) => {
    const body = (await c.req.json()) as { amount_cents: number };
    const requestKey = requestKeyOf(c);
    try {
      const r = await walletTransaction(db, c.get('userId'), (tx) =>
        spendSweeps(tx, {
          userId: c.get('userId'),
          amountMinor: body.amount_cents,
          reference: 'test',
          idempotencyKey: requestKey,
        }),
      );
      return c.json({ total_after: r.currencyTotalAfterMinor, parts: r.parts }, 201);
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw new ApiError(400, 'INSUFFICIENT_FUNDS', 'Not enough Sweeps Coins.');
      throw error;
    }
  });
  app.post('/purchase', auth, once, async (c) => {
    const body = (await c.req.json()) as { purchase_id: string; gold: number; sweeps_cents: number };
    const r = await walletTransaction(db, c.get('userId'), (tx) =>
      creditPurchase(tx, {
        userId: c.get('userId'),
        purchaseId: body.purchase_id,
        amountUsdCents: 999,
        goldCoins: body.gold,
        sweepsCents: body.sweeps_cents,
        nowMs: ctx.deps.now(),
        promoSettings: { welcomePromoSweepsCents: 100, goldOnly: false },
      }),
    );
    return c.json({ entry_ids: r.entryIds, balances: r.balances }, 201);
  });
  app.post('/fail', auth, once, async (c) => {
    const k = requestKeyOf(c);
    if (!failures.has(k)) {
      failures.add(k);
      throw new Error('boom');
    }
    return c.json({ ok: true });
  });
  app.post('/slow', auth, once, async (c) => {
    const body = (await c.req.json()) as { ms: number };
    await new Promise((r) => setTimeout(r, body.ms));
    return c.json({ done: true, at: Date.now() });
  });
  const handle = errorHandler(ctx.deps.logger, [answerLedgerKeyConflict]);
  app.onError((error, c) => {
    // WALLET_TEST_DEBUG=1 shows the unexpected errors the silent test logger hides.
    if (process.env.WALLET_TEST_DEBUG && !(error instanceof ApiError)) console.error(error);
    return handle(error, c);
  });
  return app;
}
