/**
 * Money limits count purchases still being paid (holds), and one player's check + insert never
 * interleave. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with the requests spread
 * over two app instances with their own connection pools (so the database lock, not the
 * in-process queue, is what keeps the limit).
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

async function pay(client: Client, packageId: string, number: string = CARDS.success) {
  const token = await tokenize(ctx, number);
  return client.request<PurchaseResult & { code?: string }>('POST', PAYMENTS_API_PATHS.cardPurchases, {
    body: {
      package_id: packageId,
      payment_method: { type: 'card_token', token: token.body.id },
      confirm_repeat: true,
    },
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
}

/**
 * What the app does after paying: status checks until final, completing 3-D Secure when asked
 * (a first purchase of $50 or more asks for it).
 */
async function settleAll(client: Client, ids: string[]) {
  for (const id of ids) {
    for (let i = 0; i < 5; i++) {
      const res = await client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(id));
      if (res.body.status === 'succeeded' || res.body.status === 'failed') break;
      if (res.body.status === 'requires_action' && res.body.three_d_secure_url)
        await answerChallenge(ctx, res.body.three_d_secure_url, 'completed');
    }
  }
}

async function creditedCents(client: Client): Promise<number> {
  const me = await client.request<{ id: string }>('GET', API_PATHS.me);
  const rows = await ctx.db.query<{ total: string | number | null }>(
    `SELECT COALESCE(sum(amount_usd_cents), 0) AS total FROM purchases WHERE user_id = $1 AND status = 'succeeded'`,
    [me.body.id],
  );
  return Number(rows[0]?.total ?? 0);
}

const setDailyLimit = async (client: Client, usd: number) =>
  expect((await client.request('PATCH', '/wallet/purchase-limits', { body: { daily: usd } })).status).toBe(
    200,
  );

describe('purchase limits count purchases still being paid', () => {
  it('ten $1.99 purchases sent one after another, earlier ones unpaid, stop at the $10 daily limit', async () => {
    const client = await playerWithAddress(ctx);
    await setDailyLimit(client, 10);
    const clients = second.instancesOf(client);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await pay(clients[i % clients.length]!, 'gold-199'));
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted.map((a) => a.body.status)).toEqual(Array(5).fill('processing'));
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(
      Array(5).fill('PURCHASE_LIMIT_DAILY'),
    );
    // The limits page shows the held amount as used.
    const limits = await client.request<{ daily: { used_usd: number } }>('GET', '/wallet/purchase-limits');
    expect(limits.body.daily.used_usd).toBe(9.95);
    await settleAll(
      client,
      accepted.map((a) => a.body.purchase_id),
    );
    expect(await creditedCents(client)).toBe(995);
  });

  it('ten $1.99 purchases each sent 5 ms after the previous one (all in flight) stop at the limit', async () => {
    const client = await playerWithAddress(ctx);
    await setDailyLimit(client, 10);
    const clients = second.instancesOf(client);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => tokenize(ctx, CARDS.success)));
    const inFlight: Array<Promise<{ status: number; body: PurchaseResult }>> = [];
    for (let i = 0; i < 10; i++) {
      inFlight.push(
        clients[i % clients.length]!.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
          body: {
            package_id: 'gold-199',
            payment_method: { type: 'card_token', token: tokens[i]!.body.id },
            confirm_repeat: true,
          },
          headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
        }),
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    const answers = await Promise.all(inFlight);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    await settleAll(
      client,
      answers.filter((a) => a.status === 201).map((a) => a.body.purchase_id),
    );
    expect(await creditedCents(client)).toBe(995);
  });

  it('24 concurrent $99.99 purchases never credit past the $2,000 identity-verification threshold', async () => {
    const client = await playerWithAddress(ctx);
    const clients = second.instancesOf(client);
    const tokens = await Promise.all(Array.from({ length: 24 }, () => tokenize(ctx, CARDS.success)));
    const answers = await Promise.all(
      tokens.map((t, i) =>
        clients[i % clients.length]!.request<PurchaseResult & { code?: string }>(
          'POST',
          PAYMENTS_API_PATHS.cardPurchases,
          {
            body: {
              package_id: 'gold-9999',
              payment_method: { type: 'card_token', token: t.body.id },
              confirm_repeat: true,
            },
            headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
          },
        ),
      ),
    );
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(20);
    expect(answers.filter((a) => a.status === 403).map((a) => a.body.code)).toEqual(
      Array(4).fill('IDENTITY_VERIFICATION_REQUIRED'),
    );
    await settleAll(
      client,
      accepted.map((a) => a.body.purchase_id),
    );
    expect(await creditedCents(client)).toBe(199_980);
  });

  it('a concurrent burst of ten $1.99 purchases stops at the $10 daily limit', async () => {
    const client = await playerWithAddress(ctx);
    await setDailyLimit(client, 10);
    const clients = second.instancesOf(client);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pay(clients[i % clients.length]!, 'gold-199')),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
  });

  it('a failed payment releases its hold: the next purchase passes', async () => {
    const client = await playerWithAddress(ctx);
    await setDailyLimit(client, 10);
    // 3-D Secure card: the $9.99 purchase waits for the card holder and holds $9.99 meanwhile.
    const held = await pay(client, 'gold-999', CARDS.threeDSecure);
    expect(held.body.status).toBe('requires_action');
    const refused = await pay(client, 'gold-199');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PURCHASE_LIMIT_DAILY', extra: { used_usd: 9.99 } });
    // The card holder fails the challenge: the purchase fails, the hold is gone.
    await answerChallenge(ctx, held.body.three_d_secure_url!, 'failed');
    const failed = await client.request<PurchaseResult>(
      'GET',
      PAYMENTS_API_PATHS.cardPurchaseStatus(held.body.purchase_id),
    );
    expect(failed.body.status).toBe('failed');
    const next = await pay(client, 'gold-499');
    expect(next.status).toBe(201);
    // A declined card holds nothing either.
    expect((await pay(client, 'gold-199', CARDS.declined)).body.status).toBe('failed');
    expect((await pay(client, 'gold-499')).status).toBe(201);
  });
});
