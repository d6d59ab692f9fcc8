/**
 * A promotion's rules hold atomically with the charge: the purchase that is reserved with a promo
 * code claims the promotion (per-player uses, the time lock between promotional purchases, uses
 * left in total) until it is credited or fails, so parallel purchases with different
 * Idempotency-Keys (two tabs, a double tap) cannot all pass the check and all be charged. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL with the requests spread over two app
 * instances with their own pools (docs/payments.md, "Promotions claimed before charging").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  PAYMENTS_API_PATHS,
  SANDBOX_TEST_CARDS as CARDS,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import { openSecondInstance, type Client, type SecondInstance } from '../../test-support/test-app.ts';
import {
  answerChallenge,
  createPaymentsContext,
  playerWithAddress,
  tokenize,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';

let ctx: PaymentsTestContext;
let second: SecondInstance;

beforeAll(async () => {
  ctx = await createPaymentsContext();
  second = await openSecondInstance(ctx);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

type Answer = { status: number; body: PurchaseResult & { code?: string; extra?: Record<string, unknown> } };

async function buy(
  client: Client,
  promo: string | null,
  number: string = CARDS.success,
  packageId = 'gold-199',
): Promise<Answer> {
  const token = await tokenize(ctx, number);
  return client.request('POST', PAYMENTS_API_PATHS.cardPurchases, {
    body: {
      package_id: packageId,
      payment_method: { type: 'card_token', token: token.body.id },
      confirm_repeat: true,
      ...(promo ? { promo_code: promo } : {}),
    },
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
}

/** The six purchases of a double-tapping player in two tabs: all sent at once, different keys. */
async function burst(client: Client, n: number, promo: string): Promise<Answer[]> {
  const clients = second.instancesOf(client);
  return Promise.all(Array.from({ length: n }, (_, i) => buy(clients[i % clients.length]!, promo)));
}

/** What the app does after paying: status checks until final. */
async function settle(client: Client, id: string): Promise<PurchaseResult> {
  let last: PurchaseResult | null = null;
  for (let i = 0; i < 5; i++) {
    last = (await client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(id))).body;
    if (last.status === 'succeeded' || last.status === 'failed') break;
  }
  return last!;
}

async function userIdOf(client: Client): Promise<string> {
  return (await client.request<{ id: string }>('GET', API_PATHS.me)).body.id;
}

/** Charges made at the processor and promotions credited, as the database records them. */
async function ledgerOf(
  client: Client,
): Promise<{ charged: number; promoPurchases: number; promoCredits: number }> {
  const id = await userIdOf(client);
  const [charged, promoPurchases, promoCredits] = await Promise.all([
    ctx.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM purchases WHERE user_id = $1 AND provider_reference IS NOT NULL`,
      [id],
    ),
    ctx.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM purchases WHERE user_id = $1 AND promo_code IS NOT NULL AND provider_reference IS NOT NULL`,
      [id],
    ),
    ctx.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'promo'`,
      [id],
    ),
  ]);
  return {
    charged: Number(charged[0]!.n),
    promoPurchases: Number(promoPurchases[0]!.n),
    promoCredits: Number(promoCredits[0]!.n),
  };
}

describe('GOLDRUSH (5 uses per player, 120 s between promotional purchases)', () => {
  it('six purchases sent at once: one is charged with the promotion, five are refused before charging', async () => {
    const client = await playerWithAddress(ctx);
    const answers = await burst(client, 6, 'GOLDRUSH');
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(
      Array(5).fill([409, 'PROMO_PURCHASE_TIME_LOCKED']),
    );
    expect(refused.every((a) => Number(a.body.extra?.retry_after_seconds) > 0)).toBe(true);
    const done = await settle(client, accepted[0]!.body.purchase_id);
    expect(done.status).toBe('succeeded');
    // One charge, recorded as the one promotional purchase; the promotion credited once (Gold + Sweeps).
    expect(await ledgerOf(client)).toEqual({ charged: 1, promoPurchases: 1, promoCredits: 2 });
  });

  it('one after another while the first is still being paid: the second is refused before charging', async () => {
    const client = await playerWithAddress(ctx);
    const first = await buy(client, 'GOLDRUSH');
    expect(first.status).toBe(201);
    expect(first.body.status).not.toBe('succeeded');
    const next = await buy(client, 'GOLDRUSH');
    expect(next.status).toBe(409);
    expect(next.body.code).toBe('PROMO_PURCHASE_TIME_LOCKED');
    // A purchase without the promotion is not held back by it.
    expect((await buy(client, null)).status).toBe(201);
    expect((await settle(client, first.body.purchase_id)).status).toBe('succeeded');
    expect(await ledgerOf(client)).toEqual({ charged: 2, promoPurchases: 1, promoCredits: 2 });
  });

  it('a declined purchase releases its claim: the next purchase gets the promotion', async () => {
    const client = await playerWithAddress(ctx);
    const declined = await buy(client, 'GOLDRUSH', CARDS.declined);
    expect(declined.status).toBe(201);
    expect(declined.body.status).toBe('failed');
    const next = await buy(client, 'GOLDRUSH');
    expect(next.status).toBe(201);
    expect((await settle(client, next.body.purchase_id)).status).toBe('succeeded');
    expect((await ledgerOf(client)).promoCredits).toBe(2);
  });

  it('a purchase waiting for 3-D Secure holds the promotion until its challenge fails', async () => {
    const client = await playerWithAddress(ctx);
    const waiting = await buy(client, 'GOLDRUSH', CARDS.threeDSecure);
    expect(waiting.body.status).toBe('requires_action');
    expect((await buy(client, 'GOLDRUSH')).body.code).toBe('PROMO_PURCHASE_TIME_LOCKED');
    await answerChallenge(ctx, waiting.body.three_d_secure_url!, 'failed');
    expect((await settle(client, waiting.body.purchase_id)).status).toBe('failed');
    const next = await buy(client, 'GOLDRUSH');
    expect(next.status).toBe(201);
    expect((await settle(client, next.body.purchase_id)).status).toBe('succeeded');
    expect((await ledgerOf(client)).promoCredits).toBe(2);
  });
});

describe('a code with uses left in total', () => {
  it('two players buying with the last use at once: one is charged with it, the other is refused', async () => {
    const code = `LAST${randomUUID().slice(0, 6).toUpperCase()}`;
    await ctx.db.query(
      `INSERT INTO promo_codes (code, description, gold_coins, sweeps_cents, applies_at, max_uses_total, max_uses_per_player)
       VALUES ($1, 'last use', 1000, 0, 'purchase', 1, 1)`,
      [code],
    );
    const players = await Promise.all([playerWithAddress(ctx), playerWithAddress(ctx)]);
    const answers = await Promise.all(
      players.map((p, i) => buy(second.instancesOf(p)[i % second.instancesOf(p).length]!, code)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body.code).toBe('INVALID_PROMO_CODE');
    const winner = players[answers.findIndex((a) => a.status === 201)]!;
    const done = await settle(winner, answers.find((a) => a.status === 201)!.body.purchase_id);
    expect(done.status).toBe('succeeded');
    expect((await ledgerOf(winner)).promoCredits).toBe(1);
  });

  it('two purchases of one player with a once-per-player code at once: one is charged with it', async () => {
    const code = `ONCE${randomUUID().slice(0, 6).toUpperCase()}`;
    await ctx.db.query(
      `INSERT INTO promo_codes (code, description, gold_coins, sweeps_cents, applies_at, max_uses_per_player)
       VALUES ($1, 'once', 1000, 0, 'purchase', 1)`,
      [code],
    );
    const client = await playerWithAddress(ctx);
    const answers = await burst(client, 4, code);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.code)).toEqual(
      Array(3).fill('INVALID_PROMO_CODE'),
    );
    await settle(client, answers.find((a) => a.status === 201)!.body.purchase_id);
    expect(await ledgerOf(client)).toEqual({ charged: 1, promoPurchases: 1, promoCredits: 1 });
  });
});
