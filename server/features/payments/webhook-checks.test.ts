/**
 * A correctly signed webhook is still only a claim: it must name the payment stored on the
 * purchase, with its amount and currency, and the processor's own copy decides what happened.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '../../../src/contract/api-paths.ts';
import {
  PAYMENTS_API_PATHS,
  SANDBOX_TEST_CARDS as CARDS,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../src/contract/payments.ts';
import { signWebhook } from '../../providers/card-processor/webhook-signature.ts';
import type { Client } from '../../test-support/test-app.ts';
import {
  answerBank,
  answerChallenge,
  buyWithCard,
  createPaymentsContext,
  playerWithAddress,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => ctx?.close());

let n = 0;
const send = (path: string, object: Record<string, unknown>, type: string, secret?: string) => {
  const raw = JSON.stringify({ id: `evt_check_${++n}`, type, created: 1, data: { object } });
  const key = secret ?? ctx.sandbox.card.options.webhookSecret;
  return ctx.app.request(`${API_PREFIX}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(key, raw, ctx.clock.now),
    },
    body: raw,
  });
};
const cardEvent = (object: Record<string, unknown>, type = 'payment_intent.succeeded', secret?: string) =>
  send(PAYMENTS_API_PATHS.cardProcessorWebhook, object, type, secret);

const goldOf = async (client: Client) =>
  (await client.request<{ balance_total_gld: number }>('GET', API_PATHS.balances)).body.balance_total_gld;
const statusOf = async (id: string) =>
  (await ctx.db.query<{ status: string }>('SELECT status FROM purchases WHERE id = $1', [id]))[0]!.status;
const referenceOf = async (id: string) =>
  (
    await ctx.db.query<{ provider_reference: string }>(
      'SELECT provider_reference FROM purchases WHERE id = $1',
      [id],
    )
  )[0]!.provider_reference;

describe('card processor webhook checks', () => {
  it('a signed event with another intent id and 1 cent credits nothing; the correct event still credits', async () => {
    const client = await playerWithAddress(ctx);
    const before = await goldOf(client);
    // The real intent waits for 3-D Secure.
    const target = await buyWithCard(ctx, client, CARDS.threeDSecure, { package_id: 'gold-999' });
    expect(target.body.status).toBe('requires_action');
    const realId = await referenceOf(target.body.purchase_id);
    // Another intent that did succeed (1 cent is below any price; a real one of another player too).
    const other = await playerWithAddress(ctx);
    const otherPurchase = await buyWithCard(ctx, other, CARDS.success, { package_id: 'gold-199' });
    const otherId = await referenceOf(otherPurchase.body.purchase_id);
    const metadata = { purchase_id: target.body.purchase_id };

    const attacks = [
      { id: 'pi_forged', status: 'succeeded', amount: 1, currency: 'usd', metadata },
      { id: otherId, status: 'succeeded', amount: 1, currency: 'usd', metadata },
      { id: otherId, status: 'succeeded', amount: 199, currency: 'usd', metadata },
      { id: realId, status: 'succeeded', amount: 1, currency: 'usd', metadata },
      { id: realId, status: 'succeeded', amount: 999, currency: 'eur', metadata },
      // Right id, amount and currency, but the processor says it still waits for 3-D Secure.
      { id: realId, status: 'succeeded', amount: 999, currency: 'usd', metadata },
    ];
    for (const object of attacks) {
      const res = await cardEvent(object);
      expect(res.status, JSON.stringify(object)).toBe(200);
      expect(await statusOf(target.body.purchase_id)).toBe('requires_action');
    }
    expect(await goldOf(client)).toBe(before);
    expect(await referenceOf(target.body.purchase_id)).toBe(realId);

    // The holder completes the challenge; the processor's genuine event credits once.
    await answerChallenge(ctx, target.body.three_d_secure_url!, 'completed');
    const pi = await ctx.deps.providers.card.retrievePaymentIntent(realId);
    expect(pi.status).toBe('succeeded');
    expect((await cardEvent(pi as unknown as Record<string, unknown>)).status).toBe(200);
    expect(await statusOf(target.body.purchase_id)).toBe('succeeded');
    expect(await goldOf(client)).toBe(before + 100_000);
  });

  it('a purchase without a stored reference takes only an intent created for it, re-fetched from the processor', async () => {
    const client = await playerWithAddress(ctx);
    const before = await goldOf(client);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-499' });
    const realId = await referenceOf(res.body.purchase_id);
    await ctx.db.query('UPDATE purchases SET provider_reference = NULL WHERE id = $1', [
      res.body.purchase_id,
    ]);
    const metadata = { purchase_id: res.body.purchase_id };
    // A signed body claiming an unknown intent for it: the processor does not know it.
    await cardEvent({ id: 'pi_unknown', status: 'succeeded', amount: 499, currency: 'usd', metadata });
    expect(await statusOf(res.body.purchase_id)).toBe('processing');
    const pi = await ctx.deps.providers.card.retrievePaymentIntent(realId);
    await cardEvent(pi as unknown as Record<string, unknown>);
    expect(await statusOf(res.body.purchase_id)).toBe('succeeded');
    expect(await referenceOf(res.body.purchase_id)).toBe(realId);
    expect(await goldOf(client)).toBe(before + 50_000);
  });

  it('the webhook secret is not derived from the CSRF secret', async () => {
    const fromCsrf = `whsec_${createHmac('sha256', ctx.deps.secrets.csrfSecret)
      .update('payments-sandbox:card-webhook')
      .digest('hex')
      .slice(0, 32)}`;
    expect(ctx.sandbox.card.options.webhookSecret).not.toBe(fromCsrf);
    const res = await cardEvent(
      { id: 'pi_x', status: 'succeeded', amount: 1, currency: 'usd' },
      undefined,
      fromCsrf,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
  });
});

describe('pay-by-bank webhook checks', () => {
  it('refuses another payment id or amount; the genuine event settles', async () => {
    const client = await playerWithAddress(ctx);
    const before = await goldOf(client);
    const res = await client.request<{ purchase_id: string; authorization_url: string }>(
      'POST',
      PAYMENTS_API_PATHS.payByBankPurchases,
      {
        body: { package_id: 'gold-999', phone: '(312) 555-7788' },
        headers: { 'Idempotency-Key': `bank-check-${Date.now()}` },
      },
    );
    expect(res.status).toBe(201);
    const realId = await referenceOf(res.body.purchase_id);
    const bankSecret = ctx.sandbox.bank.options.webhookSecret;
    const metadata = { purchase_id: res.body.purchase_id };
    const bankEvent = (object: Record<string, unknown>) =>
      send(PAYMENTS_API_PATHS.payByBankWebhook, object, 'payment.succeeded', bankSecret);
    await bankEvent({ id: 'bp_forged', status: 'succeeded', amount: 1, metadata });
    await bankEvent({ id: realId, status: 'succeeded', amount: 1, metadata });
    await bankEvent({ id: realId, status: 'succeeded', amount: 999, metadata });
    expect(await statusOf(res.body.purchase_id)).toBe('requires_action');
    expect(await goldOf(client)).toBe(before);

    await answerBank(ctx, res.body.authorization_url, 'approved');
    const payment = await ctx.deps.providers.bank.retrievePayment(realId);
    await bankEvent(payment as unknown as Record<string, unknown>);
    expect(await statusOf(res.body.purchase_id)).toBe('succeeded');
    expect(await goldOf(client)).toBe(before + 100_000);
  });
});
