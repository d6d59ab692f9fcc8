/**
 * Card fee pass-through, a cash balance applied to a purchase, and first_purchase_name
 * (docs/payments.md, "Card fee" and "Cash balance applied to a purchase").
 */
import { randomUUID } from 'node:crypto';
import { is } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  PAYMENTS_API_PATHS,
  PurchaseQuoteSchema,
  SANDBOX_TEST_CARDS as CARDS,
  type PurchaseQuote,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import { yearlySummaryPath, type YearlySummary } from '../../../src/contract/wallet.ts';
import { OPERATOR_API_PATHS } from '../../../src/contract/operator.ts';
import { signedInOperator } from '../../test-support/operator-test-support.ts';
import { creditWin } from '../../core/ledger/coin-rules.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { transaction } from '../../db/transaction.ts';
import { CardProcessorUnavailableError } from '../../providers/card-processor/card-processor.ts';
import { applyObservation } from './purchases.ts';
import { reconcilePurchases } from './reconcile.ts';
import { refundDuePurchases } from './refunds.ts';
import { Client, signUpPayload } from '../../test-support/test-app.ts';
import {
  VALID_ADDRESS,
  answerBank,
  answerChallenge,
  buyWithCard,
  createPaymentsContext,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => ctx?.close());

let street = 100;
/** A signed-up player with a billing address of its own (one household each). */
async function playerWithAddress(c: PaymentsTestContext): Promise<Client> {
  const client = new Client(c);
  const res = await client.request<{ token: string }>('POST', API_PATHS.users, { body: signUpPayload() });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  client.token = res.body.token;
  street += 1;
  const addr = await client.request('PATCH', PAYMENTS_API_PATHS.address, {
    body: { ...VALID_ADDRESS, address_line_1: `${street} S. Wacker Dr` },
  });
  if (addr.status !== 200) throw new Error(`address failed: ${JSON.stringify(addr.body)}`);
  return client;
}

const setCardFee = (percent: string) =>
  ctx.db.query(
    `INSERT INTO named_properties (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2`,
    [PROPERTY_NAMES.cardFeePercent, percent],
  );
beforeEach(async () => {
  await setCardFee('0');
});

const userIdOf = async (client: Client): Promise<string> =>
  (await client.request<{ id: string }>('GET', API_PATHS.me)).body.id;

/** Sweeps won in play (redeemable): the player's cash balance at 1 Sweeps per USD. */
async function win(client: Client, cents: number): Promise<string> {
  const userId = await userIdOf(client);
  await walletTransaction(ctx.db, userId, (tx) =>
    creditWin(tx, {
      userId,
      currency: 'sweeps',
      amountMinor: cents,
      reference: 'test-round',
      idempotencyKey: `win:${randomUUID()}`,
    }),
  );
  return userId;
}

const redeemable = async (userId: string): Promise<number> =>
  Number(
    (
      await ctx.db.query<{ amount_minor: string }>(
        `SELECT amount_minor FROM wallet_balances WHERE user_id = $1 AND currency = 'sweeps' AND bucket = 'redeemable'`,
        [userId],
      )
    )[0]?.amount_minor ?? 0,
  );

const quote = (client: Client, query: string) =>
  client.request<PurchaseQuote & { code?: string; field?: string }>(
    'GET',
    `${PAYMENTS_API_PATHS.purchaseQuote}?${query}`,
  );

const status = (client: Client, id: string) =>
  client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(id));

const purchaseRow = async (id: string) =>
  (
    await ctx.db.query<{ provider_reference: string | null; status: string; charge_usd_cents: number }>(
      'SELECT provider_reference, status, charge_usd_cents FROM purchases WHERE id = $1',
      [id],
    )
  )[0]!;

const chargedAtProcessor = async (purchaseId: string): Promise<number> => {
  const row = await purchaseRow(purchaseId);
  return (await ctx.deps.providers.card.retrievePaymentIntent(row.provider_reference!)).amount;
};

/** A purchase paid with the cash balance alone. */
const buyWithBalance = (client: Client, applyUsd: number, body: Record<string, unknown> = {}) =>
  client.request<PurchaseResult & { code?: string; field?: string }>(
    'POST',
    PAYMENTS_API_PATHS.cardPurchases,
    {
      body: {
        package_id: 'gold-499',
        payment_method: { type: 'cash_balance' },
        apply_balance_usd: applyUsd,
        ...body,
      },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    },
  );

describe('card fee pass-through (card_fee_percent)', () => {
  it('the operator sets the fee in the named properties: 0 to 10 with 2 decimals, audited', async () => {
    const op = await signedInOperator(ctx);
    const put = (value: string) =>
      op.client.request<{ code?: string; field?: string }>(
        'PUT',
        OPERATOR_API_PATHS.property(PROPERTY_NAMES.cardFeePercent),
        { body: { value, reason: 'processor fee passed through' } },
      );
    for (const bad of ['10.5', '-1', '2.999', 'abc', '']) expect((await put(bad)).status, bad).toBe(400);
    expect((await put('3.5')).status).toBe(200);
    const client = await playerWithAddress(ctx);
    // 3.5 % of $4.99 = 17.47 cents -> $0.17.
    expect((await quote(client, 'package_id=gold-499')).body).toMatchObject({
      card_fee_percent: 3.5,
      card_fee_usd: 0.17,
      charge_usd: 5.16,
    });
    const audit = await ctx.db.query<{ after: unknown }>(
      'SELECT after FROM operator_audit WHERE subject = $1 ORDER BY id',
      [PROPERTY_NAMES.cardFeePercent],
    );
    expect(audit).toHaveLength(1);
  });

  it('the quote shows the fee on a card charge and none for pay-by-bank', async () => {
    const client = await playerWithAddress(ctx);
    const none = await quote(client, 'package_id=gold-499&method=card');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ add_card_fee: false, card_fee_usd: 0, charge_usd: 4.99 });

    await setCardFee('2.9');
    const card = await quote(client, 'package_id=gold-499&method=card');
    expect(is(card.body, PurchaseQuoteSchema)).toBe(true);
    // 2.9 % of $4.99 = 14.47 cents -> $0.14.
    expect(card.body).toMatchObject({
      package_id: 'gold-499',
      method: 'card',
      price_usd: 4.99,
      add_card_fee: true,
      card_fee_percent: 2.9,
      card_fee_usd: 0.14,
      charge_usd: 5.13,
      cash_balance_usd: 0,
      balance_applied_usd: 0,
    });
    const bank = await quote(client, 'package_id=gold-499&method=pay_by_bank');
    expect(bank.body).toMatchObject({
      add_card_fee: false,
      card_fee_percent: 0,
      card_fee_usd: 0,
      charge_usd: 4.99,
    });
  });

  it('a card purchase is charged the price plus the fee; the coins and the limits count the price', async () => {
    await setCardFee('2.9');
    const client = await playerWithAddress(ctx);
    const userId = await userIdOf(client);
    const res = await buyWithCard(ctx, client, CARDS.success);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount_usd: 4.99,
      card_fee_usd: 0.14,
      charged_usd: 5.13,
      balance_applied_usd: 0,
    });
    expect(await chargedAtProcessor(res.body.purchase_id)).toBe(513);
    const done = await status(client, res.body.purchase_id);
    expect(done.body).toMatchObject({ status: 'succeeded', quantity_gld: 50_000 });
    // The webhook's amount is the charge: it is accepted (nothing more credited, nothing ignored).
    await ctx.flushWebhooks();
    const usage = await ctx.db.query<{ amount_usd_cents: number }>(
      'SELECT amount_usd_cents FROM purchase_limit_usage WHERE purchase_id = $1',
      [res.body.purchase_id],
    );
    expect(Number(usage[0]?.amount_usd_cents)).toBe(499);
    const gold = await ctx.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_entries WHERE user_id = $1 AND reference = $2 AND currency = 'gold'`,
      [userId, `purchase:${res.body.purchase_id}`],
    );
    expect(Number(gold[0]?.n)).toBe(1);
  });

  it('pay-by-bank carries no fee even when the card fee is set', async () => {
    await setCardFee('5');
    const client = await playerWithAddress(ctx);
    const res = await client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.payByBankPurchases, {
      body: { package_id: 'gold-499', phone: '(312) 555-0142' },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ card_fee_usd: 0, charged_usd: 4.99 });
    const ref = (await purchaseRow(res.body.purchase_id)).provider_reference!;
    expect((await ctx.deps.providers.bank.retrievePayment(ref)).amount).toBe(499);
    await answerBank(ctx, res.body.authorization_url!, 'approved');
    const done = await client.request<PurchaseResult>(
      'GET',
      PAYMENTS_API_PATHS.payByBankPurchaseStatus(res.body.purchase_id),
    );
    expect(done.body).toMatchObject({ status: 'succeeded', card_fee_usd: 0, charged_usd: 4.99 });
  });
});

describe('cash balance applied to a purchase (apply_balance_usd)', () => {
  it('pays part from the redeemable Sweeps and charges the rest plus its fee; the ledger shows both', async () => {
    await setCardFee('2.9');
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 300);
    const q = await quote(client, 'package_id=gold-499&method=card&apply_balance_usd=2');
    // $2.99 left for the card; 2.9 % of it = 8.67 cents -> $0.09.
    expect(q.body).toMatchObject({
      cash_balance_usd: 3,
      balance_applied_usd: 2,
      card_fee_usd: 0.09,
      charge_usd: 3.08,
    });

    const res = await buyWithCard(ctx, client, CARDS.success, { apply_balance_usd: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount_usd: 4.99,
      balance_applied_usd: 2,
      card_fee_usd: 0.09,
      charged_usd: 3.08,
    });
    expect(await chargedAtProcessor(res.body.purchase_id)).toBe(308);
    // The balance left at once, before the card settled.
    expect(await redeemable(userId)).toBe(100);
    expect((await status(client, res.body.purchase_id)).body.status).toBe('succeeded');
    await ctx.flushWebhooks();
    const entries = await ctx.db.query<{
      currency: string;
      bucket: string;
      amount_minor: string;
      kind: string;
    }>(`SELECT currency, bucket, amount_minor, kind FROM ledger_entries WHERE reference = $1 ORDER BY id`, [
      `purchase:${res.body.purchase_id}`,
    ]);
    expect(entries.map((e) => [e.currency, e.bucket, Number(e.amount_minor), e.kind])).toEqual([
      ['sweeps', 'redeemable', -200, 'purchase'],
      ['gold', 'main', 50_000, 'purchase'],
      ['sweeps', 'paid', 500, 'purchase'],
    ]);
    expect(await redeemable(userId)).toBe(100);
    const usage = await ctx.db.query<{ amount_usd_cents: number }>(
      'SELECT amount_usd_cents FROM purchase_limit_usage WHERE purchase_id = $1',
      [res.body.purchase_id],
    );
    expect(Number(usage[0]?.amount_usd_cents)).toBe(499);
  });

  it('a declined card gives the applied balance back (a reversal entry)', async () => {
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 300);
    const res = await buyWithCard(ctx, client, CARDS.declined, { apply_balance_usd: 3 });
    expect(res.body).toMatchObject({ status: 'failed', balance_applied_usd: 3, charged_usd: 1.99 });
    expect(await redeemable(userId)).toBe(300);
    const entries = await ctx.db.query<{ amount_minor: string; kind: string }>(
      `SELECT amount_minor, kind FROM ledger_entries WHERE user_id = $1 AND bucket = 'redeemable' ORDER BY id`,
      [userId],
    );
    expect(entries.map((e) => [Number(e.amount_minor), e.kind])).toEqual([
      [300, 'win'],
      [-300, 'purchase'],
      [300, 'reversal'],
    ]);
    // Seen again (webhook, status check): nothing more moves.
    await ctx.flushWebhooks();
    await status(client, res.body.purchase_id);
    expect(await redeemable(userId)).toBe(300);

    // Then a split purchase that is paid: the yearly summary shows the cash balance spent on it on
    // its own line; the declined one's take and give-back cancel out and are no adjustment.
    const paid = await buyWithCard(ctx, client, CARDS.success, {
      apply_balance_usd: 1.49,
      package_id: 'gold-199',
    });
    const settled = await status(client, paid.body.purchase_id);
    expect(settled.body.error ?? paid.body.error ?? null).toBeNull();
    expect(settled.body.status).toBe('succeeded');
    const year = new Date(ctx.clock.now).toLocaleString('en-US', {
      timeZone: 'America/New_York',
      year: 'numeric',
    });
    const summary = await client.request<YearlySummary>('GET', yearlySummaryPath(year));
    expect(summary.body.sweeps).toMatchObject({
      purchased: 2,
      applied_to_purchases: 1.49,
      adjustments: 0,
      won: 3,
    });
    expect(summary.body.purchases_usd).toBe(1.99);
  });

  it('a balance covering the price charges nothing and credits at once', async () => {
    await setCardFee('2.9');
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 1000);
    expect((await quote(client, 'package_id=gold-499&apply_balance_usd=4.99')).body).toMatchObject({
      card_fee_usd: 0,
      add_card_fee: false,
      charge_usd: 0,
    });
    const res = await buyWithBalance(client, 4.99);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'succeeded',
      balance_applied_usd: 4.99,
      card_fee_usd: 0,
      charged_usd: 0,
      quantity_gld: 50_000,
      is_first_purchase: true,
    });
    expect(res.body.balances).toMatchObject({
      balance_redeemable_ghc: 5.01,
      balance_total_gld: expect.any(Number),
    });
    const row = await purchaseRow(res.body.purchase_id);
    expect(row).toMatchObject({ provider_reference: null, status: 'succeeded', charge_usd_cents: 0 });
    expect(await redeemable(userId)).toBe(501);
  });

  it('refuses bad amounts with 4xx, code and field, and moves nothing', async () => {
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 300);
    const bad = async (apply: unknown, method?: Record<string, unknown>) =>
      method
        ? client.request<{ code: string; field: string }>('POST', PAYMENTS_API_PATHS.cardPurchases, {
            body: { package_id: 'gold-499', payment_method: method, apply_balance_usd: apply },
            headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
          })
        : buyWithCard(ctx, client, CARDS.success, { apply_balance_usd: apply });
    for (const [apply, code] of [
      [1.234, 'INVALID_CASH_BALANCE_AMOUNT'],
      [-1, 'INVALID_CASH_BALANCE_AMOUNT'],
      [5, 'INVALID_CASH_BALANCE_AMOUNT'],
      [4, 'CASH_BALANCE_INSUFFICIENT'],
    ] as const) {
      const res = (await bad(apply)) as { status: number; body: { code?: string; field?: string } };
      expect(res.status, String(apply)).toBe(code === 'CASH_BALANCE_INSUFFICIENT' ? 409 : 400);
      expect(res.body).toMatchObject({ code, field: 'apply_balance_usd' });
    }
    // A rest below the card's smallest charge ($0.50) cannot be charged: apply less or all.
    const tooSmallRest = await client.request<{ code: string; field: string; extra: unknown }>(
      'POST',
      PAYMENTS_API_PATHS.cardPurchases,
      {
        body: {
          package_id: 'gold-199',
          payment_method: { type: 'card_token', token: 'tok_never_used' },
          apply_balance_usd: 1.6,
        },
        headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      },
    );
    expect(tooSmallRest.status).toBe(400);
    expect(tooSmallRest.body).toMatchObject({
      code: 'INVALID_CASH_BALANCE_AMOUNT',
      field: 'apply_balance_usd',
      extra: { max_apply_usd: 1.99, minimum_charge_usd: 0.5 },
    });
    const notString = await bad('2');
    expect(notString.status).toBe(400);
    // Balance alone that does not cover the price.
    const partial = await bad(2, { type: 'cash_balance' });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ code: 'CASH_BALANCE_INSUFFICIENT', field: 'payment_method' });
    const q = await quote(client, 'package_id=gold-499&apply_balance_usd=abc');
    expect(q.status).toBe(400);
    expect((await quote(client, 'package_id=gold-499&apply_balance_usd=9')).status).toBe(400);
    expect((await quote(client, 'package_id=gold-499&apply_balance_usd=4')).status).toBe(409);
    expect(await redeemable(userId)).toBe(300);
    const purchases = await ctx.db.query('SELECT 1 FROM purchases WHERE user_id = $1', [userId]);
    expect(purchases).toHaveLength(0);
  });

  it('offers at most what leaves the provider its smallest charge, unless the balance pays it all', async () => {
    const client = await playerWithAddress(ctx);
    await win(client, 170);
    expect((await quote(client, 'package_id=gold-199')).body).toMatchObject({
      cash_balance_usd: 1.7,
      max_apply_usd: 1.49,
    });
    // The bank's smallest charge is $1.00.
    expect((await quote(client, 'package_id=gold-199&method=pay_by_bank')).body).toMatchObject({
      max_apply_usd: 0.99,
    });
    expect((await quote(client, 'package_id=gold-499')).body).toMatchObject({ max_apply_usd: 1.7 });
    const res = await buyWithCard(ctx, client, CARDS.success, {
      package_id: 'gold-199',
      apply_balance_usd: 1.49,
    });
    expect(res.body).toMatchObject({ balance_applied_usd: 1.49, charged_usd: 0.5 });
    expect((await status(client, res.body.purchase_id)).body.status).toBe('succeeded');
  });

  it('a parallel burst spending the same balance takes it once and never overdraws', async () => {
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 600);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? buyWithBalance(client, 4.99, { confirm_repeat: true })
          : buyWithCard(ctx, client, CARDS.success, { apply_balance_usd: 4, confirm_repeat: true }),
      ),
    );
    const accepted = burst.filter((r) => r.status === 201);
    const refused = burst.filter((r) => r.status === 409);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect((r.body as { code?: string }).code).toBe('CASH_BALANCE_INSUFFICIENT');
    const left = await redeemable(userId);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBe(600 - Math.round((accepted[0]!.body.balance_applied_usd ?? 0) * 100));
    const sum = await ctx.db.query<{ total: string }>(
      `SELECT COALESCE(sum(amount_minor), 0) AS total FROM ledger_entries WHERE user_id = $1 AND bucket = 'redeemable'`,
      [userId],
    );
    expect(Number(sum[0]?.total)).toBe(left);
  });
});

describe('reconciliation with a cash balance applied', () => {
  it('a purchase the processor never saw fails and gives the balance back; found paid later it takes it again', async () => {
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 300);
    const card = ctx.deps.providers.card;
    const create = card.createPaymentIntent;
    card.createPaymentIntent = () => Promise.reject(new CardProcessorUnavailableError('down'));
    let res;
    try {
      res = await buyWithCard(ctx, client, CARDS.success, { apply_balance_usd: 2 });
    } finally {
      card.createPaymentIntent = create;
    }
    expect(res.status).toBe(503);
    // The balance left with the reservation, before the processor was asked.
    expect(await redeemable(userId)).toBe(100);
    const [row] = await ctx.db.query<{ id: string }>(
      `SELECT id FROM purchases WHERE user_id = $1 AND status = 'processing'`,
      [userId],
    );
    ctx.clock.advance(120);
    await reconcilePurchases(ctx.deps, { orphanGraceMs: 60_000 });
    expect(await purchaseRow(row!.id)).toMatchObject({ status: 'failed' });
    expect(await redeemable(userId)).toBe(300);

    // The provider reports it paid after all (the one final state that reopens): credited, and
    // the balance part is taken again, once.
    const gold = async () =>
      (await client.request<{ balance_total_gld: number }>('GET', API_PATHS.balances)).body.balance_total_gld;
    const before = await gold();
    for (let i = 0; i < 2; i += 1)
      await transaction(ctx.db, (tx) => applyObservation(tx, ctx.deps, row!.id, { status: 'succeeded' }));
    expect(await purchaseRow(row!.id)).toMatchObject({ status: 'succeeded' });
    expect(await gold()).toBe(before + 50_000);
    expect(await redeemable(userId)).toBe(100);
    const kinds = await ctx.db.query<{ amount_minor: string; kind: string }>(
      `SELECT amount_minor, kind FROM ledger_entries WHERE user_id = $1 AND bucket = 'redeemable' ORDER BY id`,
      [userId],
    );
    expect(kinds.map((e) => [Number(e.amount_minor), e.kind])).toEqual([
      [300, 'win'],
      [-200, 'purchase'],
      [200, 'reversal'],
      [-200, 'purchase'],
    ]);
  });
});

describe('a payment refused at settlement (account closed meanwhile)', () => {
  it('gives back both parts: the card charge is refunded and the balance reversed', async () => {
    await setCardFee('2.9');
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 300);
    const res = await buyWithCard(ctx, client, CARDS.threeDSecure, { apply_balance_usd: 2 });
    expect(res.body).toMatchObject({ status: 'requires_action', charged_usd: 3.08 });
    expect(await redeemable(userId)).toBe(100);
    // The player closes the account while the bank's challenge is open, then completes it.
    await ctx.db.query(`UPDATE users SET account_state = 'closed' WHERE id = $1`, [userId]);
    await answerChallenge(ctx, res.body.three_d_secure_url!, 'completed');
    await ctx.deps.providers.card.retrievePaymentIntent(
      (await purchaseRow(res.body.purchase_id)).provider_reference!,
    );
    await ctx.flushWebhooks();
    const row = await ctx.db.query<{ status: string; error_sub_code: string; refund_due_at: unknown }>(
      'SELECT status, error_sub_code, refund_due_at FROM purchases WHERE id = $1',
      [res.body.purchase_id],
    );
    expect(row[0]).toMatchObject({ status: 'failed', error_sub_code: 'account_closed' });
    expect(row[0]?.refund_due_at).not.toBeNull();
    // The card part goes back at the processor (the reconciliation job's refund run, when the
    // webhook's own attempt did not): all of what was charged, the rest plus its fee.
    await refundDuePurchases(ctx.deps);
    const pi = await ctx.deps.providers.card.retrievePaymentIntent(
      (await purchaseRow(res.body.purchase_id)).provider_reference!,
    );
    expect(pi.amount_refunded ?? 0).toBe(308);
    expect(await redeemable(userId)).toBe(300);
    const gold = await ctx.db.query(
      `SELECT 1 FROM ledger_entries WHERE reference = $1 AND currency = 'gold'`,
      [`purchase:${res.body.purchase_id}`],
    );
    expect(gold).toHaveLength(0);
  });
});

describe('first_purchase_name', () => {
  it('is written at the first successful purchase only, once under a burst', async () => {
    const client = await playerWithAddress(ctx);
    const userId = await win(client, 2000);
    const me = async () =>
      (await client.request<{ first_purchase_name: string | null }>('GET', API_PATHS.me)).body
        .first_purchase_name;
    expect(await me()).toBeNull();
    // A declined first attempt is not a purchase.
    await buyWithCard(ctx, client, CARDS.declined, { package_id: 'gold-999' });
    expect(await me()).toBeNull();
    const names = await ctx.db.query<{ id: string; name: string }>(
      `SELECT id, name FROM coin_packages WHERE id IN ('gold-199', 'gold-499')`,
    );
    const burst = await Promise.all([
      buyWithBalance(client, 1.99, { package_id: 'gold-199' }),
      buyWithBalance(client, 4.99, { package_id: 'gold-499' }),
    ]);
    expect(burst.map((r) => r.status)).toEqual([201, 201]);
    const firsts = burst.filter((r) => r.body.is_first_purchase);
    expect(firsts).toHaveLength(1);
    const firstName = names.find((n) => n.id === firsts[0]!.body.package_id)!.name;
    expect(await me()).toBe(firstName);
    const later = await buyWithBalance(client, 9.99, { package_id: 'gold-999' });
    expect(later.body.status).toBe('succeeded');
    expect(await me()).toBe(firstName);
    const row = await ctx.db.query<{ first_purchase_name: string }>(
      'SELECT first_purchase_name FROM users WHERE id = $1',
      [userId],
    );
    expect(row[0]?.first_purchase_name).toBe(firstName);
  });
});
