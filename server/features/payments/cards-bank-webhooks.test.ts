import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '../../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  PAYMENTS_API_PATHS,
  SANDBOX_TEST_CARDS as CARDS,
  WEBHOOK_SIGNATURE_HEADER,
  type CardsResponse,
  type PurchaseResult,
  type SavedCard,
  type SetupIntentResponse,
} from '../../../src/contract/payments.ts';
import type { Client } from '../../test-support/test-app.ts';
import { signWebhook } from '../../providers/card-processor/webhook-signature.ts';
import {
  answerBank,
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

/** The whole add-card flow: setup intent, the hosted fields confirming it, then saving it with our API. */
async function addCard(client: Client, number: string, makeDefault?: boolean) {
  const si = await client.request<SetupIntentResponse>('POST', PAYMENTS_API_PATHS.setupIntents);
  expect(si.status).toBe(201);
  const key = ctx.deps.providers.card.publicConfig().publishableKey;
  const confirm = await ctx.sandbox.app.request(`/card/v1/setup_intents/${si.body.setup_intent_id}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({
      client_secret: si.body.client_secret,
      number,
      exp_month: 8,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
      postal_code: '60606',
    }),
  });
  const save = await client.request<SavedCard>('POST', PAYMENTS_API_PATHS.cards, {
    body: {
      setup_intent_id: si.body.setup_intent_id,
      ...(makeDefault === undefined ? {} : { make_default: makeDefault }),
    },
  });
  return { si: si.body, confirm, save };
}

describe('saved cards', () => {
  it('add (setup intent + hosted fields), list, make default, delete; first card is the default', async () => {
    const client = await playerWithAddress(ctx);
    const first = await addCard(client, CARDS.success);
    expect(first.confirm.status).toBe(200);
    expect(first.save.status).toBe(201);
    expect(first.save.body).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 8, is_default: true });
    const second = await addCard(client, '5555555555554444');
    expect(second.save.body).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false });
    let list = (await client.request<CardsResponse>('GET', PAYMENTS_API_PATHS.cards)).body.results;
    expect(list.map((c) => [c.last4, c.is_default])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    list = (
      await client.request<CardsResponse>('POST', PAYMENTS_API_PATHS.cardDefault(second.save.body.card_id))
    ).body.results;
    expect(list.find((c) => c.is_default)?.last4).toBe('4444');
    // Saving the same setup intent again (or the webhook doing it) does not duplicate the card.
    await ctx.flushWebhooks();
    const again = await client.request<SavedCard>('POST', PAYMENTS_API_PATHS.cards, {
      body: { setup_intent_id: second.si.setup_intent_id },
    });
    expect(again.body.card_id).toBe(second.save.body.card_id);
    list = (await client.request<CardsResponse>('DELETE', PAYMENTS_API_PATHS.card(second.save.body.card_id)))
      .body.results;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ last4: '4242', is_default: true });
  });

  it('pays with a saved card', async () => {
    const client = await playerWithAddress(ctx);
    const { save } = await addCard(client, CARDS.success);
    const before = await balances(client);
    const res = await client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body: { package_id: 'gold-1999', payment_method: { type: 'saved_card', card_id: save.body.card_id } },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(res.body).toMatchObject({ status: 'processing', card: { last4: '4242' } });
    const done = await client.request<PurchaseResult>(
      'GET',
      PAYMENTS_API_PATHS.cardPurchaseStatus(res.body.purchase_id),
    );
    expect(done.body.status).toBe('succeeded');
    expect((await balances(client)).balance_total_gld).toBe(before.balance_total_gld + 210_000);
  });

  it('a new card paid with save_card is kept once the payment succeeds', async () => {
    const client = await playerWithAddress(ctx);
    const token = await tokenize(ctx, '5555555555554444');
    const buy = await client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body: {
        package_id: 'gold-499',
        payment_method: { type: 'card_token', token: token.body.id, save_card: true },
      },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    await client.request('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(buy.body.purchase_id));
    const list = (await client.request<CardsResponse>('GET', PAYMENTS_API_PATHS.cards)).body.results;
    expect(list.map((c) => c.last4)).toEqual(['4444']);
  });

  it('a declined card cannot be saved', async () => {
    const client = await playerWithAddress(ctx);
    const { confirm, save } = await addCard(client, CARDS.declined);
    expect(confirm.status).toBe(402);
    expect(((await confirm.json()) as { error: { decline_code: string } }).error.decline_code).toBe(
      'generic_decline',
    );
    expect(save.status).toBe(409);
    expect(save.body).toMatchObject({ code: 'SETUP_INTENT_NOT_SUCCEEDED' });
  });

  it('only the owner sees, defaults, deletes or pays with a card', async () => {
    const owner = await playerWithAddress(ctx);
    const other = await playerWithAddress(ctx);
    const { save, si } = await addCard(owner, CARDS.success);
    const id = save.body.card_id;
    expect((await other.request<CardsResponse>('GET', PAYMENTS_API_PATHS.cards)).body.results).toEqual([]);
    expect((await other.request('POST', PAYMENTS_API_PATHS.cardDefault(id))).body).toMatchObject({
      code: 'CARD_NOT_FOUND',
    });
    expect((await other.request('DELETE', PAYMENTS_API_PATHS.card(id))).status).toBe(404);
    const pay = await other.request('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body: { package_id: 'gold-199', payment_method: { type: 'saved_card', card_id: id } },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(pay.status).toBe(404);
    // Another player's setup intent cannot be claimed.
    await other.request('POST', PAYMENTS_API_PATHS.setupIntents);
    const claim = await other.request('POST', PAYMENTS_API_PATHS.cards, {
      body: { setup_intent_id: si.setup_intent_id },
    });
    expect(claim.status).toBe(404);
    expect((await owner.request<CardsResponse>('GET', PAYMENTS_API_PATHS.cards)).body.results).toHaveLength(
      1,
    );
  });
});

describe('webhooks', () => {
  const post = (raw: string, signature?: string) =>
    ctx.app.request(`${API_PREFIX}${PAYMENTS_API_PATHS.cardProcessorWebhook}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {}),
      },
      body: raw,
    });

  it('refuses a missing, wrong or stale signature (no CSRF or JWT needed, signature instead)', async () => {
    const raw = JSON.stringify({
      id: 'evt_x',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: {} },
    });
    expect((await post(raw)).status).toBe(400);
    expect((await post(raw, signWebhook('whsec_wrong', raw, ctx.clock.now))).status).toBe(400);
    const secret = ctx.sandbox.card.options.webhookSecret;
    expect((await post(raw, signWebhook(secret, raw, ctx.clock.now - 3_600_000))).status).toBe(400);
    const body = await (await post(raw, signWebhook(secret, `${raw} `, ctx.clock.now))).json();
    expect(body).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
  });

  it('a forged success cannot credit; a genuine event replayed changes nothing', async () => {
    const client = await playerWithAddress(ctx);
    const before = await balances(client);
    const res = await buyWithCard(ctx, client, CARDS.declined, { package_id: 'gold-199' });
    expect(res.body.status).toBe('failed');
    const ref = (
      await ctx.db.query<{ provider_reference: string }>(
        'SELECT provider_reference FROM purchases WHERE id = $1',
        [res.body.purchase_id],
      )
    )[0]!.provider_reference;
    const forged = JSON.stringify({
      id: 'evt_forged',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: { id: ref, status: 'succeeded', metadata: {} } },
    });
    expect((await post(forged, signWebhook('whsec_guess', forged, ctx.clock.now))).status).toBe(400);
    expect(await balances(client)).toEqual(before);

    // Genuine success event: deliver, then replay the same signed delivery.
    const ok = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-499' });
    const okRef = (
      await ctx.db.query<{ provider_reference: string }>(
        'SELECT provider_reference FROM purchases WHERE id = $1',
        [ok.body.purchase_id],
      )
    )[0]!.provider_reference;
    const pi = await ctx.deps.providers.card.retrievePaymentIntent(okRef);
    const event = JSON.stringify({
      id: 'evt_genuine_1',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: pi },
    });
    const signature = signWebhook(ctx.sandbox.card.options.webhookSecret, event, ctx.clock.now);
    const first = await post(event, signature);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const replay = await post(event, signature);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await balances(client)).balance_total_gld).toBe(before.balance_total_gld + 50_000);
  });

  it('webhook and status check racing credit exactly once', async () => {
    for (let i = 0; i < 5; i++) {
      const client = await playerWithAddress(ctx);
      const before = await balances(client);
      const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' });
      const ref = (
        await ctx.db.query<{ provider_reference: string }>(
          'SELECT provider_reference FROM purchases WHERE id = $1',
          [res.body.purchase_id],
        )
      )[0]!.provider_reference;
      const pi = await ctx.deps.providers.card.retrievePaymentIntent(ref); // settles at the sandbox, queues the webhook
      expect(pi.status).toBe('succeeded');
      const event = JSON.stringify({
        id: `evt_race_${i}`,
        type: 'payment_intent.succeeded',
        created: 1,
        data: { object: pi },
      });
      const sig = signWebhook(ctx.sandbox.card.options.webhookSecret, event, ctx.clock.now);
      await Promise.all([
        client.request('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(res.body.purchase_id)),
        ctx.flushWebhooks(),
        post(event, sig),
        client.request('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(res.body.purchase_id)),
      ]);
      expect((await balances(client)).balance_total_gld).toBe(before.balance_total_gld + 100_000);
      const entries = await ctx.db.query('SELECT 1 FROM ledger_entries WHERE reference = $1', [
        `purchase:${res.body.purchase_id}`,
      ]);
      expect(entries).toHaveLength(2);
    }
  });
});

describe('pay-by-bank', () => {
  const start = (client: Client, body: Record<string, unknown>, key = randomUUID()) =>
    client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.payByBankPurchases, {
      body: { package_id: 'gold-999', ...body },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
  const check = (client: Client, id: string) =>
    client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.payByBankPurchaseStatus(id));
  let n = 0;
  const newPhone = () => `(312) 555-${String(1000 + ++n).padStart(4, '0')}`;

  it('validates the phone: (xxx) xxx-xxxx or 10 digits', async () => {
    const client = await playerWithAddress(ctx);
    for (const phone of ['555-1234', '(312)5551234', '31255512345', 'abc']) {
      const res = await start(client, { phone });
      expect(res.status, phone).toBe(400);
      expect(res.body, phone).toMatchObject({ code: 'INVALID_PHONE', field: 'phone' });
    }
  });

  it('approve at the bank -> processing -> succeeded (own status check), phone kept on the account', async () => {
    const client = await playerWithAddress(ctx);
    const before = await balances(client);
    const phone = newPhone();
    const res = await start(client, { phone });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ method: 'pay_by_bank', status: 'requires_action' });
    expect(res.body.authorization_url).toMatch(/^http:\/\/localhost:8586\/bank\/authorize\/bp_/);
    const page = await ctx.sandbox.app.request(
      new URL(res.body.authorization_url!).pathname + new URL(res.body.authorization_url!).search,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(phone);
    expect((await answerBank(ctx, res.body.authorization_url!, 'approved')).status).toBe(200);
    const done = await check(client, res.body.purchase_id);
    expect(done.body.status).toBe('succeeded');
    expect((await balances(client)).balance_total_gld).toBe(before.balance_total_gld + 100_000);
    const me = await client.request<{ phone: string }>('GET', API_PATHS.me);
    expect(me.body.phone).toBe(phone.replace(/\D/g, ''));
    // The card status check does not answer bank purchases (separate status checks).
    expect(
      (await client.request('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(res.body.purchase_id))).status,
    ).toBe(404);
    // Another phone than the account's is refused.
    const other = await start(client, { phone: newPhone(), package_id: 'gold-199' });
    expect(other.body).toMatchObject({ code: 'INVALID_PHONE' });
  });

  it('decline and insufficient funds fail with the PAY BY BANK PAYMENT ERROR codes and messages', async () => {
    const client = await playerWithAddress(ctx);
    const phone = newPhone();
    const before = await balances(client);
    const a = await start(client, { phone, package_id: 'gold-199' });
    await answerBank(ctx, a.body.authorization_url!, 'declined');
    await ctx.flushWebhooks();
    expect((await check(client, a.body.purchase_id)).body).toMatchObject({
      status: 'failed',
      error: { code: 'PAY_BY_BANK_ERROR', sub_code: 'user_declined' },
    });
    const b = await start(client, { phone, package_id: 'gold-499' });
    await answerBank(ctx, b.body.authorization_url!, 'insufficient_funds');
    const failed = await check(client, b.body.purchase_id);
    expect(failed.body.error).toMatchObject({ code: 'PAY_BY_BANK_ERROR', sub_code: 'insufficient_funds' });
    expect(await balances(client)).toEqual(before);
  });

  it('the bank webhook settles a payment too', async () => {
    const client = await playerWithAddress(ctx);
    const res = await start(client, { phone: newPhone(), package_id: 'gold-4999' });
    await answerBank(ctx, res.body.authorization_url!, 'approved');
    const id = (
      await ctx.db.query<{ provider_reference: string }>(
        'SELECT provider_reference FROM purchases WHERE id = $1',
        [res.body.purchase_id],
      )
    )[0]!.provider_reference;
    await ctx.deps.providers.bank.retrievePayment(id); // settles, queues payment.succeeded
    await ctx.flushWebhooks();
    const row = await ctx.db.query<{ status: string }>('SELECT status FROM purchases WHERE id = $1', [
      res.body.purchase_id,
    ]);
    expect(row[0]?.status).toBe('succeeded');
  });

  it('an unverified phone claimed by another account locks nobody: the purchase goes on, the pair is kept for review', async () => {
    const first = await playerWithAddress(ctx);
    const phone = newPhone();
    expect((await start(first, { phone })).status).toBe(201);
    // The real owner of the number signs up later and uses it: not locked out.
    const second = await playerWithAddress(ctx);
    const res = await start(second, { phone, package_id: 'gold-199' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ method: 'pay_by_bank', status: 'requires_action' });
    await answerBank(ctx, res.body.authorization_url!, 'approved');
    expect((await check(second, res.body.purchase_id)).body.status).toBe('succeeded');
    const card = await buyWithCard(ctx, second, CARDS.success);
    expect(card.status).toBe(201);
    const again = await start(second, { phone, package_id: 'gold-1999' });
    expect(again.status).toBe(201);
    const ids = async (client: Client) => (await client.request<{ id: string }>('GET', API_PATHS.me)).body.id;
    const [firstId, secondId] = [await ids(first), await ids(second)];
    expect(await ctx.db.query('SELECT 1 FROM payment_account_locks WHERE user_id = $1', [secondId])).toEqual(
      [],
    );
    const reviews = await ctx.db.query<{ other_user_id: string; attempts: number; reviewed_at: unknown }>(
      'SELECT other_user_id, attempts, reviewed_at FROM payment_phone_reviews WHERE user_id = $1 AND phone = $2',
      [secondId, phone.replace(/\D/g, '')],
    );
    expect(reviews).toEqual([{ other_user_id: firstId, attempts: 2, reviewed_at: null }]);
  });
});
