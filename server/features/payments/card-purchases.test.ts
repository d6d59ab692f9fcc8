import { randomUUID } from 'node:crypto';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  PAYMENTS_API_PATHS,
  PurchaseResultSchema,
  SANDBOX_TEST_CARDS as CARDS,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import type { Client } from '../../test-support/test-app.ts';
import {
  answerChallenge,
  buyWithCard,
  createPaymentsContext,
  playerWithAddress,
  tokenize,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => ctx?.close());

const balances = async (client: Client) =>
  (await client.request<{ balance_total_gld: number; balance_total_ghc: number }>('GET', API_PATHS.balances))
    .body;

const status = (client: Client, id: string) =>
  client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(id));

describe('card purchases with the sandbox test cards', () => {
  it('4242 succeeds: processing, then the status check credits Gold and Sweeps once', async () => {
    const client = await playerWithAddress(ctx);
    const before = await balances(client);
    const res = await buyWithCard(ctx, client, CARDS.success);
    expect(res.status).toBe(201);
    expect(is(res.body, PurchaseResultSchema)).toBe(true);
    expect(res.body).toMatchObject({
      status: 'processing',
      amount_usd: 4.99,
      quantity_gld: 50_000,
      quantity_ghc: 5,
      card: { brand: 'visa', last4: '4242' },
      error: null,
      balances: null,
    });
    expect(res.body.check_after_ms).toBeGreaterThan(0);
    const checked = await status(client, res.body.purchase_id);
    expect(checked.body).toMatchObject({ status: 'succeeded', is_first_purchase: true, check_after_ms: 0 });
    expect(checked.body.balances).toMatchObject({
      balance_total_gld: before.balance_total_gld + 50_000,
      balance_total_ghc: before.balance_total_ghc + 5,
    });
    // The webhook arrives afterwards and the status is checked again: nothing more is credited.
    await ctx.flushWebhooks();
    await status(client, res.body.purchase_id);
    const after = await balances(client);
    expect(after.balance_total_gld).toBe(before.balance_total_gld + 50_000);
    expect(after.balance_total_ghc).toBe(before.balance_total_ghc + 5);
    const entries = await ctx.db.query('SELECT * FROM ledger_entries WHERE reference = $1', [
      `purchase:${res.body.purchase_id}`,
    ]);
    expect(entries).toHaveLength(2);
  });

  it('the webhook alone confirms and credits the payment', async () => {
    const client = await playerWithAddress(ctx);
    const before = await balances(client);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' });
    expect(res.body.status).toBe('processing');
    // The sandbox settles on its next read; then it sends payment_intent.succeeded.
    await ctx.deps.providers.card.retrievePaymentIntent(
      (
        await ctx.db.query<{ provider_reference: string }>(
          'SELECT provider_reference FROM purchases WHERE id = $1',
          [res.body.purchase_id],
        )
      )[0]!.provider_reference,
    );
    await ctx.flushWebhooks();
    const row = await ctx.db.query<{ status: string }>('SELECT status FROM purchases WHERE id = $1', [
      res.body.purchase_id,
    ]);
    expect(row[0]?.status).toBe('succeeded');
    expect((await balances(client)).balance_total_gld).toBe(before.balance_total_gld + 100_000);
    const second = await status(client, res.body.purchase_id);
    expect(second.body.is_first_purchase).toBe(true);
  });

  it('4000 0000 0000 0002 is declined (card_declined / generic_decline): nothing charged, nothing credited', async () => {
    const client = await playerWithAddress(ctx);
    const before = await balances(client);
    const res = await buyWithCard(ctx, client, CARDS.declined);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'failed',
      error: { code: 'PAYMENT_DECLINED', sub_code: 'generic_decline' },
      balances: null,
    });
    expect(res.body.error?.message).toMatch(/declined/i);
    await ctx.flushWebhooks();
    expect(await balances(client)).toEqual(before);
    expect((await status(client, res.body.purchase_id)).body.status).toBe('failed');
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    const client = await playerWithAddress(ctx);
    const res = await buyWithCard(ctx, client, CARDS.insufficientFunds);
    expect(res.body).toMatchObject({
      status: 'failed',
      error: { code: 'PAYMENT_DECLINED', sub_code: 'insufficient_funds' },
    });
    expect(res.body.error?.message).toMatch(/insufficient funds/i);
  });

  it('the fraud card answers PAYMENT_FRAUD (payment fraud dialog)', async () => {
    const client = await playerWithAddress(ctx);
    const res = await buyWithCard(ctx, client, CARDS.fraudulent);
    expect(res.body).toMatchObject({
      status: 'failed',
      error: { code: 'PAYMENT_FRAUD', sub_code: 'fraudulent' },
    });
  });

  it('4000 0027 6000 3184 needs 3-D Secure: Complete -> succeeded and credited', async () => {
    const client = await playerWithAddress(ctx);
    const before = await balances(client);
    const res = await buyWithCard(ctx, client, CARDS.threeDSecure);
    expect(res.body.status).toBe('requires_action');
    expect(res.body.three_d_secure_url).toMatch(/^http:\/\/localhost:8586\/card\/3ds\/pi_/);
    expect((await status(client, res.body.purchase_id)).body.status).toBe('requires_action');
    const answered = await answerChallenge(ctx, res.body.three_d_secure_url!, 'completed');
    expect(answered.status).toBe(200);
    const done = await status(client, res.body.purchase_id);
    expect(done.body.status).toBe('succeeded');
    expect((await balances(client)).balance_total_gld).toBe(before.balance_total_gld + 50_000);
    // The challenge cannot be answered twice.
    expect((await answerChallenge(ctx, res.body.three_d_secure_url!, 'failed')).status).toBe(409);
  });

  it('4000 0027 6000 3184 with Fail -> failed with the 3-D Secure message, nothing credited', async () => {
    const client = await playerWithAddress(ctx);
    const before = await balances(client);
    const res = await buyWithCard(ctx, client, CARDS.threeDSecure);
    await answerChallenge(ctx, res.body.three_d_secure_url!, 'failed');
    await ctx.flushWebhooks();
    const done = await status(client, res.body.purchase_id);
    expect(done.body).toMatchObject({
      status: 'failed',
      error: { code: 'PAYMENT_DECLINED', sub_code: 'authentication_failed' },
    });
    expect(await balances(client)).toEqual(before);
  });

  it('the challenge page of a wrong secret is refused', async () => {
    const page = await ctx.sandbox.app.request('/card/3ds/pi_nope?challenge=bad');
    expect(page.status).toBe(404);
  });

  it('first purchase at or above first_purchase_3ds_minimum_amount asks for 3-D Secure even with 4242', async () => {
    const client = await playerWithAddress(ctx);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-9999' });
    expect(res.body.status).toBe('requires_action');
    await ctx.db.query(
      "UPDATE named_properties SET value = 'false' WHERE key = 'first_purchase_3ds_enabled'",
    );
    try {
      const other = await playerWithAddress(ctx);
      const res2 = await buyWithCard(ctx, other, CARDS.success, { package_id: 'gold-9999' });
      expect(res2.body.status).toBe('processing');
    } finally {
      await ctx.db.query(
        "UPDATE named_properties SET value = 'true' WHERE key = 'first_purchase_3ds_enabled'",
      );
    }
  });
});

describe('hosted fields tokenization (sandbox validation)', () => {
  it('checks Luhn, expiry, CVC and ZIP', async () => {
    expect((await tokenize(ctx, '4242424242424241')).body.error).toMatchObject({
      code: 'incorrect_number',
      param: 'number',
    });
    expect((await tokenize(ctx, CARDS.success, { exp_year: 2001 })).body.error).toMatchObject({
      code: 'expired_card',
    });
    expect((await tokenize(ctx, CARDS.success, { exp_month: 13 })).body.error).toMatchObject({
      code: 'invalid_expiry',
    });
    expect((await tokenize(ctx, CARDS.success, { cvc: '12' })).body.error).toMatchObject({
      code: 'incorrect_cvc',
    });
    expect((await tokenize(ctx, CARDS.success, { postal_code: '123' })).body.error).toMatchObject({
      code: 'incorrect_zip',
    });
    const ok = await tokenize(ctx, '4242 4242 4242 4242');
    expect(ok.status).toBe(200);
    expect(ok.body.id).toMatch(/^tok_/);
  });

  it('refuses a wrong publishable key and serves the page only to our origin as frame ancestor', async () => {
    const res = await ctx.sandbox.app.request('/card/v1/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer pk_wrong' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    const key = ctx.deps.providers.card.publicConfig().publishableKey;
    const page = await ctx.sandbox.app.request(`/card/hosted-fields?mode=payment&key=${key}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toContain('frame-ancestors http://localhost:8585');
    expect(await page.text()).toContain('data-parent-origin="http://localhost:8585"');
  });

  it('a token is single use', async () => {
    const client = await playerWithAddress(ctx);
    const token = await tokenize(ctx, CARDS.success);
    const pay = (key: string, pkg: string) =>
      client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
        body: { package_id: pkg, payment_method: { type: 'card_token', token: token.body.id } },
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
    expect((await pay(randomUUID(), 'gold-199')).body.status).toBe('processing');
    const again = await pay(randomUUID(), 'gold-999');
    expect(again.body).toMatchObject({
      status: 'failed',
      error: { code: 'PAYMENT_DECLINED', sub_code: 'token_already_used' },
    });
  });
});

describe('idempotent purchase', () => {
  it('replays the first answer for the same key and body; refuses the key with another body', async () => {
    const client = await playerWithAddress(ctx);
    const token = await tokenize(ctx, CARDS.success);
    const key = randomUUID();
    const body = { package_id: 'gold-199', payment_method: { type: 'card_token', token: token.body.id } };
    const first = await client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body,
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    const second = await client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body,
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body.purchase_id).toBe(first.body.purchase_id);
    const rows = await ctx.db.query(
      "SELECT 1 FROM purchases WHERE package_id = 'gold-199' AND user_id = (SELECT user_id FROM purchases WHERE id = $1)",
      [first.body.purchase_id],
    );
    expect(rows).toHaveLength(1);
    const other = await client.request('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body: { ...body, package_id: 'gold-499' },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const none = await client.request('POST', PAYMENTS_API_PATHS.cardPurchases, { body });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
  });
});
