/**
 * The reconciliation job on stuck purchases (no client checking them, no webhook delivered) and
 * on idempotency claims left by dead server processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  PAYMENTS_API_PATHS,
  SANDBOX_TEST_CARDS as CARDS,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import { CardProcessorUnavailableError } from '../../providers/card-processor/card-processor.ts';
import { SERVER_PROCESS_ID } from '../../http/idempotency.ts';
import type { Client } from '../../test-support/test-app.ts';
import {
  buyWithCard,
  createPaymentsContext,
  playerWithAddress,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';
import { reconcilePurchases } from './reconcile.ts';
import { startReconciliationJob } from './reconcile-job.ts';

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => ctx?.close());

const GRACE_MS = 60_000;
const reconcile = () => reconcilePurchases(ctx.deps, { orphanGraceMs: GRACE_MS });

const purchase = async (id: string) =>
  (
    await ctx.db.query<{ status: string; error_sub_code: string | null; provider_reference: string | null }>(
      'SELECT status, error_sub_code, provider_reference FROM purchases WHERE id = $1',
      [id],
    )
  )[0]!;

const goldOf = async (client: Client) =>
  (await client.request<{ balance_total_gld: number }>('GET', API_PATHS.balances)).body.balance_total_gld;

describe('reconcilePurchases', () => {
  it('credits a paid purchase nobody checked (webhook lost), once', async () => {
    const client = await playerWithAddress(ctx);
    const before = await goldOf(client);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-499' });
    expect(res.body.status).toBe('processing');
    ctx.clock.advance(5);
    const report = await reconcile();
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await purchase(res.body.purchase_id)).toMatchObject({ status: 'succeeded' });
    expect(await goldOf(client)).toBe(before + 50_000);
    // Webhooks arriving afterwards and a second pass change nothing.
    await ctx.flushWebhooks();
    await reconcile();
    expect(await goldOf(client)).toBe(before + 50_000);
  });

  it('finds the payment of a purchase whose create answer was lost (no provider reference) by its metadata', async () => {
    const client = await playerWithAddress(ctx);
    const before = await goldOf(client);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    // As if the server stopped after the processor created the intent but before storing its id.
    await ctx.db.query('UPDATE purchases SET provider_reference = NULL WHERE id = $1', [
      res.body.purchase_id,
    ]);
    ctx.clock.advance(5);
    await reconcile();
    const row = await purchase(res.body.purchase_id);
    expect(row.status).toBe('succeeded');
    expect(row.provider_reference).toMatch(/^pi_/);
    expect(await goldOf(client)).toBe(before + 20_000);
  });

  it('fails a purchase the processor never saw after the grace period, releasing its hold; not while its request runs', async () => {
    const client = await playerWithAddress(ctx);
    expect((await client.request('PATCH', '/wallet/purchase-limits', { body: { daily: 5 } })).status).toBe(
      200,
    );
    const card = ctx.deps.providers.card;
    const create = card.createPaymentIntent;
    card.createPaymentIntent = () => Promise.reject(new CardProcessorUnavailableError('down'));
    let res;
    try {
      res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-499' });
    } finally {
      card.createPaymentIntent = create;
    }
    expect(res.status).toBe(503);
    const me = await client.request<{ id: string }>('GET', API_PATHS.me);
    const rows = await ctx.db.query<{ id: string; request_key: string }>(
      `SELECT id, request_key FROM purchases WHERE user_id = $1 AND status = 'processing' AND provider_reference IS NULL`,
      [me.body.id],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    // The unpaid purchase holds $4.99 of the $5 limit meanwhile.
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })).status).toBe(409);

    // While a request holds the purchase's Idempotency-Key claim, it is left alone.
    const key = row.request_key.slice(me.body.id.length + 1);
    await ctx.db.query(
      `INSERT INTO idempotency_requests (scope, key, method, path, request_sha256, created_at, claimed_by)
       VALUES ($1, $2, 'POST', '/x', 'x', $3, $4)`,
      [me.body.id, key, new Date(ctx.clock.now).toISOString(), SERVER_PROCESS_ID],
    );
    ctx.clock.advance(GRACE_MS / 1000 + 1);
    await reconcile();
    expect((await purchase(row.id)).status).toBe('processing');
    await ctx.db.query('DELETE FROM idempotency_requests WHERE scope = $1 AND key = $2', [me.body.id, key]);

    // Within the grace period nothing happens; after it the purchase fails: nothing was charged.
    await ctx.db.query(`UPDATE purchases SET created_at = $2 WHERE id = $1`, [
      row.id,
      new Date(ctx.clock.now - 1000).toISOString(),
    ]);
    await reconcile();
    expect((await purchase(row.id)).status).toBe('processing');
    ctx.clock.advance(GRACE_MS / 1000 + 1);
    await reconcile();
    expect(await purchase(row.id)).toMatchObject({
      status: 'failed',
      error_sub_code: 'provider_unavailable',
    });
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })).status).toBe(201);
  });

  it('cancels a 3-D Secure payment abandoned for 15 minutes; the hold is released', async () => {
    const client = await playerWithAddress(ctx);
    expect((await client.request('PATCH', '/wallet/purchase-limits', { body: { daily: 10 } })).status).toBe(
      200,
    );
    const res = await buyWithCard(ctx, client, CARDS.threeDSecure, { package_id: 'gold-999' });
    expect(res.body.status).toBe('requires_action');
    ctx.clock.advance(60);
    await reconcile();
    expect((await purchase(res.body.purchase_id)).status).toBe('requires_action');
    ctx.clock.advance(15 * 60);
    await reconcile();
    expect(await purchase(res.body.purchase_id)).toMatchObject({
      status: 'failed',
      error_sub_code: 'abandoned',
    });
    const status = await client.request<PurchaseResult>(
      'GET',
      PAYMENTS_API_PATHS.cardPurchaseStatus(res.body.purchase_id),
    );
    expect(status.body.status).toBe('failed');
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' })).status).toBe(201);
  });
});

describe('reconcilePurchases and pay-by-bank', () => {
  it('fails a bank authorization left unanswered for 15 minutes (expired); the hold is released', async () => {
    const client = await playerWithAddress(ctx);
    expect((await client.request('PATCH', '/wallet/purchase-limits', { body: { daily: 10 } })).status).toBe(
      200,
    );
    const res = await client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.payByBankPurchases, {
      body: { package_id: 'gold-999', phone: '(312) 555-4321' },
      headers: { [IDEMPOTENCY_HEADER]: `bank-expiry-${ctx.clock.now}` },
    });
    expect(res.body.status).toBe('requires_action');
    ctx.clock.advance(16 * 60);
    await reconcile();
    expect(await purchase(res.body.purchase_id)).toMatchObject({
      status: 'failed',
      error_sub_code: 'expired',
    });
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' })).status).toBe(201);
  });
});

describe('reconciliation job', () => {
  it('releases claims of a dead process at once and keeps those of live ones; settles on its own timer', async () => {
    const client = await playerWithAddress(ctx);
    const me = await client.request<{ id: string }>('GET', API_PATHS.me);
    const now = new Date(ctx.clock.now).toISOString();
    const old = new Date(ctx.clock.now - 3_600_000).toISOString();
    await ctx.db.query(
      `INSERT INTO server_instances (id, home, started_at, heartbeat_at) VALUES
         ('dead-process', 'home-a', $1, $1), ('live-process', 'home-b', $2, $2), ('previous-life', 'test-home', $2, $2)`,
      [old, now],
    );
    const claim = (key: string, by: string) =>
      ctx.db.query(
        `INSERT INTO idempotency_requests (scope, key, method, path, request_sha256, created_at, claimed_by)
         VALUES ($1, $2, 'POST', '/x', 'x', $3, $4)`,
        [me.body.id, key, now, by],
      );
    await claim('claim-of-dead-process', 'dead-process');
    await claim('claim-of-live-process', 'live-process');
    await claim('claim-of-previous-life', 'previous-life');

    const before = await goldOf(client);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-499' });
    ctx.clock.advance(5);
    const job = startReconciliationJob(ctx.deps, {
      intervalMs: 50,
      home: 'test-home',
      processId: 'this-process',
    });
    try {
      await job.runOnce();
      const left = await ctx.db.query<{ key: string }>(
        'SELECT key FROM idempotency_requests WHERE scope = $1 AND status IS NULL ORDER BY key',
        [me.body.id],
      );
      expect(left.map((r) => r.key)).toEqual(['claim-of-live-process']);
      // A retry of a released key runs at once instead of answering 409 IDEMPOTENCY_IN_PROGRESS.
      const retry = await client.request('POST', PAYMENTS_API_PATHS.cardPurchases, {
        body: { package_id: 'nope', payment_method: { type: 'card_token', token: 'tok_x' } },
        headers: { [IDEMPOTENCY_HEADER]: 'claim-of-dead-process' },
      });
      expect(retry.status).toBe(404);
      for (let i = 0; i < 100 && (await purchase(res.body.purchase_id)).status !== 'succeeded'; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect((await purchase(res.body.purchase_id)).status).toBe('succeeded');
      expect(await goldOf(client)).toBe(before + 50_000);
    } finally {
      await job.stop();
    }
    const registered = await ctx.db.query('SELECT 1 FROM server_instances WHERE id = $1', ['this-process']);
    expect(registered).toHaveLength(1);
  });
});
