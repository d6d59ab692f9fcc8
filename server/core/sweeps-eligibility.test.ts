/**
 * Sweeps eligibility on every Sweeps path (server/core/sweeps-eligibility.ts): a state the
 * operator adds to prohibited_states (Florida here) and each identity state that holds Sweeps
 * play (required, pending, rejected), against a verified player in an eligible state.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { DAILY_BONUS_API_PATHS } from '../../src/contract/daily-bonus.ts';
import { GAMES_API_PATHS, VENDOR_GAME_ID } from '../../src/contract/games.ts';
import { OPERATOR_API_PATHS } from '../../src/contract/operator.ts';
import {
  PAYMENTS_API_PATHS,
  SANDBOX_TEST_CARDS as CARDS,
  type BankingPackagesResponse,
  type PurchaseResult,
} from '../../src/contract/payments.ts';
import { SWEEPS_ELIGIBILITY_TEXTS } from '../../src/contract/sweeps-eligibility.ts';
import {
  codeFor,
  postPostalRequestCode,
  redeem as redeemAmoe,
  solvedCaptchaToken,
} from '../test-support/amoe-test-support.ts';
import {
  COIN_FLIP_ID,
  COIN_FLIP_STEPS,
  COIN_TOSS_ID,
  flipCoin,
  fund,
  startCoinFlip,
  TEST_ENGINES,
} from '../test-support/games-test-support.ts';
import { signedInOperator } from '../test-support/operator-test-support.ts';
import {
  buyWithCard,
  createPaymentsContext,
  type PaymentsTestContext,
} from '../test-support/payments-test-support.ts';
import { giveWon, paypal, redeem as redeemPrize } from '../test-support/redemption-test-support.ts';
import { Client, createTestApp, signUpPayload } from '../test-support/test-app.ts';
import { bet, PATHS as VENDOR_PATHS, txId, vendorCall } from '../test-support/vendor-wallet-test-support.ts';
import { signUpPlayer, type TestPlayer } from '../test-support/wallet-test-helpers.ts';

const DEFAULT_LIST = JSON.stringify(['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA']);
const WITH_FLORIDA = JSON.stringify(['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA', 'FL']);
const MIAMI = { postal_code: '33101' };
const FL_ADDRESS = {
  address_line_1: '100 Biscayne Blvd',
  address_line_2: null,
  city: 'Miami',
  state_or_province: 'FL',
  postal_code: '33101',
};
const HOLDING = ['required', 'pending', 'rejected'] as const;

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext({ REDEMPTION_LIMIT_PER_PERIOD_USD: '400' });
  // The coin-flip engine and its catalogue row, as the games suites have them.
  ctx.deps.gameEngines = TEST_ENGINES;
  ctx.app = createTestApp(ctx.deps);
  for (const [id, name] of [
    [COIN_FLIP_ID, 'Coin Flip'],
    [COIN_TOSS_ID, 'Coin Toss'],
  ])
    await ctx.db.query(
      `INSERT INTO games (id, name, kind, categories, art_url, min_bet_gold, max_bet_gold, min_bet_sweeps, max_bet_sweeps, rtp,
         bet_steps_gold, bet_steps_sweeps, sort_order)
       VALUES ($1, $2, 'house', '{new}', '/games/art/coin-flip.svg', 100, 2500, 20, 500, 100, $3::bigint[], $4::bigint[], 99)
       ON CONFLICT (id) DO NOTHING`,
      [id, name, COIN_FLIP_STEPS.gold, COIN_FLIP_STEPS.sweeps],
    );
});
afterAll(async () => ctx?.close());

const setList = (value: string) =>
  ctx.db.query("UPDATE named_properties SET value = $1 WHERE key = 'prohibited_states'", [value]);
const setIdentity = (id: string, state: string) =>
  ctx.db.query(
    "UPDATE users SET identity_state = $2, identity_verified_at = CASE WHEN $2 = 'verified' THEN now() END WHERE id = $1",
    [id, state],
  );

/** A player with Gold and Sweeps to play, in `overrides`' state (IL by default). */
async function player(overrides: Record<string, unknown> = {}): Promise<TestPlayer> {
  const p = await signUpPlayer(ctx, overrides);
  await fund(ctx, p.id, { gold: 100_000, free: 50_00 });
  return p;
}

const sweepsRound = (p: TestPlayer) => startCoinFlip(p.client, { betValue: 0.2, currency: 'sweeps' });
const goldRound = (p: TestPlayer) => startCoinFlip(p.client, { betValue: 100, currency: 'gold' });
const launch = (p: TestPlayer, currency: 'gold' | 'sweeps') =>
  p.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), { body: { currency } });
const me = async (p: TestPlayer) =>
  (await p.client.request<{ sweeps_eligible: boolean; identity_state: string }>('GET', API_PATHS.me)).body;
const sweepsBalance = async (p: TestPlayer) =>
  (await p.client.request<{ balance_total_ghc: number }>('GET', API_PATHS.balances)).body.balance_total_ghc;
const claimDailyBonus = (p: TestPlayer) =>
  p.client.request<{ prize_ghc: number; prize_gld: number }>('POST', DAILY_BONUS_API_PATHS.play, {
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
const amoeRequest = async (p: TestPlayer) => {
  const { token, siteKey } = await solvedCaptchaToken(p.client);
  return postPostalRequestCode(p.client, token, siteKey);
};

describe('a state the operator adds to prohibited_states (Florida)', () => {
  it('sign-up: a Florida resident joins, sweeps_eligible false while FL is listed, true once it is not', async () => {
    await setList(WITH_FLORIDA);
    try {
      const client = new Client(ctx);
      const res = await client.request<{
        token: string;
        user: { sweeps_eligible: boolean; state_or_province: string };
      }>('POST', API_PATHS.users, { body: signUpPayload(MIAMI) });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ sweeps_eligible: false, state_or_province: 'FL' });
      client.token = res.body.token;
      expect(
        (await client.request<{ sweeps_eligible: boolean }>('GET', API_PATHS.me)).body.sweeps_eligible,
      ).toBe(false);
      await setList(DEFAULT_LIST);
      expect(
        (await client.request<{ sweeps_eligible: boolean }>('GET', API_PATHS.me)).body.sweeps_eligible,
      ).toBe(true);
    } finally {
      await setList(DEFAULT_LIST);
    }
  });

  it('an excluded state still cannot join, whatever the list says', async () => {
    await setList(JSON.stringify(['FL']));
    try {
      const res = await new Client(ctx).request('POST', API_PATHS.users, {
        body: signUpPayload({ postal_code: '10001' }),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'EXCLUDED_STATE', field: 'postal_code' });
    } finally {
      await setList(DEFAULT_LIST);
    }
  });

  it('rounds, vendor launch and vendor bets in Sweeps are refused (state named); Gold play goes on', async () => {
    const p = await player(MIAMI);
    const first = await sweepsRound(p);
    expect(first.status).toBe(201);
    expect((await flipCoin(p.client, first.body.round.id)).status).toBe(200);
    const session = await launch(p, 'sweeps');
    expect(session.status).toBe(200);
    const token = new URL((session.body as { launch_url: string }).launch_url).searchParams.get('token')!;
    expect((await vendorCall(ctx, VENDOR_PATHS.bet, bet(token, txId(), 0.2))).status).toBe(200);
    await setList(WITH_FLORIDA);
    try {
      const round = await sweepsRound(p);
      expect(round.status).toBe(403);
      expect(round.body).toMatchObject({
        code: 'SWEEPS_NOT_ELIGIBLE',
        message: SWEEPS_ELIGIBILITY_TEXTS.state.replace('{state}', 'Florida'),
        extra: { reason: 'state', state: 'FL' },
      });
      const vendor = await launch(p, 'sweeps');
      expect(vendor.status).toBe(403);
      expect(vendor.body).toMatchObject({
        code: 'SWEEPS_NOT_ELIGIBLE',
        extra: { reason: 'state', state: 'FL' },
      });
      // The session opened before stops taking bets.
      const late = await vendorCall(ctx, VENDOR_PATHS.bet, bet(token, txId(), 0.2, 'round-2'));
      expect(late.status).toBe(403);
      expect(late.body).toMatchObject({ code: 'SWEEPS_NOT_ELIGIBLE' });
      expect((await goldRound(p)).status).toBe(201);
      expect((await launch(p, 'gold')).status).toBe(200);
      expect((await me(p)).sweeps_eligible).toBe(false);
    } finally {
      await setList(DEFAULT_LIST);
    }
    // Off the list again: Sweeps play is back at once.
    expect((await launch(p, 'sweeps')).status).toBe(200);
  });

  it('the daily bonus pays Gold only; AMOE requests and codes are refused', async () => {
    const p = await player(MIAMI);
    const code = await codeFor(p.client, ctx.db, ctx.clock.now);
    await setList(WITH_FLORIDA);
    try {
      const state = await p.client.request<{ pay_table: Array<{ prizes: Array<{ prize_ghc: number }> }> }>(
        'GET',
        DAILY_BONUS_API_PATHS.state,
      );
      expect(state.body.pay_table.flatMap((r) => r.prizes).every((x) => x.prize_ghc === 0)).toBe(true);
      const before = await sweepsBalance(p);
      const spin = await claimDailyBonus(p);
      expect(spin.status).toBe(200);
      expect(spin.body.prize_ghc).toBe(0);
      expect(spin.body.prize_gld).toBeGreaterThan(0);
      expect(await sweepsBalance(p)).toBe(before);

      const request = await amoeRequest(p);
      expect(request.status).toBe(403);
      expect(request.body).toMatchObject({
        code: 'SWEEPS_NOT_ELIGIBLE',
        extra: { reason: 'state', state: 'FL' },
      });
      const redeemed = await redeemAmoe(p.client, code.code);
      expect(redeemed.status).toBe(403);
      expect(redeemed.body).toMatchObject({ code: 'SWEEPS_NOT_ELIGIBLE' });
      expect(await sweepsBalance(p)).toBe(before);
    } finally {
      await setList(DEFAULT_LIST);
    }
  });

  it('purchases: a Florida billing address is taken, packages carry 0 Sweeps naming FL, the purchase credits Gold only', async () => {
    const p = await player(MIAMI);
    const address = await p.client.request('PATCH', PAYMENTS_API_PATHS.address, { body: FL_ADDRESS });
    expect(address.status).toBe(200);
    await setList(WITH_FLORIDA);
    try {
      const packages = await p.client.request<BankingPackagesResponse>(
        'GET',
        PAYMENTS_API_PATHS.bankingPackages,
      );
      expect(packages.body).toMatchObject({ sweeps_eligible: false, sweeps_withheld_state: 'FL' });
      expect(packages.body.results.every((x) => x.quantity_ghc === 0 && x.sweeps_withheld)).toBe(true);
      const before = await sweepsBalance(p);
      const buy = await buyWithCard(ctx, p.client, CARDS.success, { package_id: 'gold-199' });
      expect(buy.status, JSON.stringify(buy.body)).toBeLessThan(300);
      expect(buy.body).toMatchObject({ quantity_ghc: 0 });
      const done = (
        await p.client.request<PurchaseResult>(
          'GET',
          PAYMENTS_API_PATHS.cardPurchaseStatus(buy.body.purchase_id),
        )
      ).body;
      expect(done.status).toBe('succeeded');
      expect(await sweepsBalance(p)).toBe(before);
    } finally {
      await setList(DEFAULT_LIST);
    }
  });

  it('redemption is refused (403 REDEMPTION_STATE_EXCLUDED) for a verified Florida player', async () => {
    const p = await player(MIAMI);
    await setIdentity(p.id, 'verified');
    await ctx.db.query(
      "UPDATE users SET address_line_1 = '100 Biscayne Blvd', city = 'Miami' WHERE id = $1",
      [p.id],
    );
    await giveWon(ctx, p.id, 100_00);
    await setList(WITH_FLORIDA);
    try {
      const res = await redeemPrize(p.client, paypal(30, `pp.${randomUUID().slice(0, 8)}@example.com`));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('REDEMPTION_STATE_EXCLUDED');
    } finally {
      await setList(DEFAULT_LIST);
    }
  });

  it('the operator API refuses an empty list (the excluded states always apply)', async () => {
    const op = await signedInOperator(ctx);
    const put = (value: string) =>
      op.client.request('PUT', OPERATOR_API_PATHS.property('prohibited_states'), {
        body: { value, reason: 'test' },
      });
    const empty = await put('[]');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'value' });
    expect((await put(WITH_FLORIDA)).status).toBe(200);
    expect((await put(DEFAULT_LIST)).status).toBe(200);
    // A list without the excluded states still leaves them without Sweeps.
    expect((await put('["FL"]')).status).toBe(200);
    try {
      const p = await player();
      await ctx.db.query("UPDATE users SET state_or_province = 'NY' WHERE id = $1", [p.id]);
      expect((await sweepsRound(p)).body).toMatchObject({
        code: 'SWEEPS_NOT_ELIGIBLE',
        extra: { state: 'NY' },
      });
    } finally {
      await setList(DEFAULT_LIST);
    }
  });
});

describe.each(HOLDING)('identity state %s', (identity) => {
  it('Sweeps rounds, vendor launch and bets are refused with why and what to do; Gold play goes on', async () => {
    const p = await player();
    await setIdentity(p.id, identity);
    const round = await sweepsRound(p);
    expect(round.status).toBe(403);
    expect(round.body).toMatchObject({
      code: 'SWEEPS_NOT_ELIGIBLE',
      message: SWEEPS_ELIGIBILITY_TEXTS[identity],
      extra: { reason: 'identity', identity_state: identity },
    });
    const vendor = await launch(p, 'sweeps');
    expect(vendor.status).toBe(403);
    expect(vendor.body).toMatchObject({ extra: { reason: 'identity', identity_state: identity } });
    expect((await goldRound(p)).status).toBe(201);
    expect((await launch(p, 'gold')).status).toBe(200);
    // sweeps_eligible is the state's word; the app reads the identity hold from identity_state.
    expect(await me(p)).toMatchObject({ sweeps_eligible: true, identity_state: identity });
  });

  it('the daily bonus keeps its Sweeps prizes and AMOE requests are taken (kept for when verified)', async () => {
    const p = await player();
    await setIdentity(p.id, identity);
    const state = await p.client.request<{ pay_table: Array<{ prizes: Array<{ prize_ghc: number }> }> }>(
      'GET',
      DAILY_BONUS_API_PATHS.state,
    );
    expect(state.body.pay_table.flatMap((r) => r.prizes).some((x) => x.prize_ghc > 0)).toBe(true);
    expect((await claimDailyBonus(p)).status).toBe(200);
    expect((await amoeRequest(p)).status).toBe(201);
  });

  it('a purchase past the monthly threshold is refused and the state kept; redemption is refused', async () => {
    const p = await player();
    await ctx.db.query("UPDATE users SET address_line_1 = '1 Main St', city = 'Chicago' WHERE id = $1", [
      p.id,
    ]);
    await setIdentity(p.id, identity);
    await ctx.db.query(
      "UPDATE named_properties SET value = '1' WHERE key = 'monthly_purchase_threshold_for_idv'",
    );
    try {
      const buy = await buyWithCard(ctx, p.client, CARDS.success, { package_id: 'gold-199' });
      expect(buy.status).toBe(403);
      expect(buy.body).toMatchObject({
        code: 'IDENTITY_VERIFICATION_REQUIRED',
        extra: { identity_state: identity },
      });
      expect((await me(p)).identity_state).toBe(identity);
    } finally {
      await ctx.db.query(
        "UPDATE named_properties SET value = '2000' WHERE key = 'monthly_purchase_threshold_for_idv'",
      );
    }
    await giveWon(ctx, p.id, 100_00);
    const prize = await redeemPrize(p.client, paypal(30, `pp.${randomUUID().slice(0, 8)}@example.com`));
    expect(prize.status).toBe(403);
    expect(prize.body).toMatchObject({
      code: 'IDENTITY_VERIFICATION_REQUIRED',
      extra: { identity_state: identity },
    });
  });
});

describe('a verified player in an eligible state', () => {
  it('plays Sweeps, launches the vendor game in Sweeps and buys past the threshold', async () => {
    const p = await player();
    await ctx.db.query("UPDATE users SET address_line_1 = '1 Main St', city = 'Chicago' WHERE id = $1", [
      p.id,
    ]);
    await setIdentity(p.id, 'verified');
    expect((await sweepsRound(p)).status).toBe(201);
    expect((await launch(p, 'sweeps')).status).toBe(200);
    await ctx.db.query(
      "UPDATE named_properties SET value = '1' WHERE key = 'monthly_purchase_threshold_for_idv'",
    );
    try {
      const buy = await buyWithCard(ctx, p.client, CARDS.success, { package_id: 'gold-199' });
      expect(buy.status, JSON.stringify(buy.body)).toBeLessThan(300);
    } finally {
      await ctx.db.query(
        "UPDATE named_properties SET value = '2000' WHERE key = 'monthly_purchase_threshold_for_idv'",
      );
    }
  });
});
