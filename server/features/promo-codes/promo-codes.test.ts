import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  PromoCodeValidateResponseSchema,
  WALLET_API_PATHS,
  WALLET_ERROR_CODES,
  WALLET_TEXTS,
} from '../../../src/contract/wallet.ts';
import { transaction } from '../../db/transaction.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { creditPurchase } from '../payments/purchase-credit.ts';
import { bucketBalances, ledgerViolations, signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import { promoSettingsOf } from './promo-codes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  const day = 24 * 3600_000;
  const at = (ms: number) => new Date(ctx.clock.now + ms).toISOString();
  await ctx.db.query(
    `INSERT INTO promo_codes (code, description, gold_coins, sweeps_cents, applies_at, starts_at, ends_at, max_uses_total, max_uses_per_player, purchase_time_lock_seconds) VALUES
     ('OLDNEWS', 'expired', 1000, 0, 'both', NULL, $1, NULL, 1, 0),
     ('SOON', 'future', 1000, 0, 'both', $2, NULL, NULL, 1, 0),
     ('ONLYTWO', 'two uses in total', 5000, 25, 'join', NULL, NULL, 2, 1, 0),
     ('BUYMORE', 'purchase promo', 20000, 150, 'purchase', NULL, NULL, NULL, 3, 60),
     ('EVERYWHERE', 'both', 100, 1, 'both', NULL, NULL, NULL, 1, 0)`,
    [at(-day), at(day)],
  );
  await ctx.db.query(
    `INSERT INTO promo_codes (code, gold_coins, sweeps_cents, applies_at, active) VALUES ('OFF', 1, 1, 'both', false)`,
  );
});
afterAll(async () => ctx?.close());

const join = (overrides: Record<string, unknown>) =>
  new Client(ctx).request<Record<string, unknown>>('POST', '/users', { body: signUpPayload(overrides) });

const userCount = async () =>
  Number((await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0]!.n);

describe('promo code at join', () => {
  it('FREECOINS adds 250,000 Gold and 1.00 Sweeps (free bucket) by default, as promo entries', async () => {
    const res = await join({ promo_code: ' freecoins ' });
    expect(res.status).toBe(201);
    const body = res.body as { user: { id: string }; balances: Record<string, number>; promo_code: string };
    expect(body.promo_code).toBe('FREECOINS');
    expect(body.balances).toMatchObject({
      balance_total_gld: 250_000,
      balance_free_ghc: 1,
      balance_total_ghc: 1,
    });
    const entries = await ctx.db.query<{
      kind: string;
      bucket: string;
      amount_minor: string;
      description: string;
    }>('SELECT kind, bucket, amount_minor, description FROM ledger_entries WHERE user_id = $1 ORDER BY id', [
      body.user.id,
    ]);
    expect(entries.map((e) => [e.kind, e.bucket, Number(e.amount_minor), e.description])).toEqual([
      ['promo', 'main', 250_000, 'Promo code FREECOINS'],
      ['promo', 'free', 100, 'Promo code FREECOINS'],
    ]);
  });

  it('refuses unknown, inactive, expired, not-started, used-up and purchase-only codes, creating nothing', async () => {
    const cases: Array<[string, string]> = [
      ['NOSUCHCODE', 'unknown'],
      ['OFF', 'unknown'],
      ['OLDNEWS', 'expired'],
      ['SOON', 'not_started'],
      ['BUYMORE', 'not_applicable'],
    ];
    for (const [code, reason] of cases) {
      const before = await userCount();
      const res = await join({ promo_code: code });
      expect(res.status, code).toBe(400);
      expect(res.body).toMatchObject({
        code: WALLET_ERROR_CODES.INVALID_PROMO_CODE,
        field: 'promo_code',
        extra: { reason },
        message: WALLET_TEXTS.promoProblems[reason as keyof typeof WALLET_TEXTS.promoProblems],
      });
      expect(await userCount()).toBe(before);
    }
    // Two uses in total: the third join is refused and nothing is created.
    expect((await join({ promo_code: 'ONLYTWO' })).status).toBe(201);
    expect((await join({ promo_code: 'onlytwo' })).status).toBe(201);
    const before = await userCount();
    const third = await join({ promo_code: 'ONLYTWO' });
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ extra: { reason: 'used_up' } });
    expect(await userCount()).toBe(before);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('takes the welcome amounts from WELCOME_PROMO_SWEEPS (Sweeps V, Gold V x 250,000) and rejects a bad value', async () => {
    const other = await createTestContext({ WELCOME_PROMO_SWEEPS: '2.5' }, { seedDemo: false });
    try {
      const res = await new Client(other).request<{ balances: Record<string, number> }>('POST', '/users', {
        body: signUpPayload({ promo_code: 'FREECOINS' }),
      });
      expect(res.status).toBe(201);
      expect(res.body.balances).toMatchObject({ balance_total_gld: 625_000, balance_free_ghc: 2.5 });
      const check = await new Client(other).request('POST', WALLET_API_PATHS.promoCodeValidate, {
        body: { code: 'FREECOINS', context: 'join' },
      });
      expect(check.body).toMatchObject({
        gold_coins: 625_000,
        sweeps_coins: 2.5,
        display_sweeps_value: 6.25,
      });
    } finally {
      await other.close();
    }
    await expect(createTestContext({ WELCOME_PROMO_SWEEPS: '0' })).rejects.toThrow(/WELCOME_PROMO_SWEEPS/);
    await expect(createTestContext({ WELCOME_PROMO_SWEEPS: '1.234' })).rejects.toThrow(
      /WELCOME_PROMO_SWEEPS/,
    );
  });

  it('adds no Sweeps in gold-only mode', async () => {
    const other = await createTestContext({ GOLD_ONLY: 'true' }, { seedDemo: false });
    try {
      const res = await new Client(other).request<{ balances: Record<string, number> }>('POST', '/users', {
        body: signUpPayload({ promo_code: 'FREECOINS' }),
      });
      expect(res.body.balances).toMatchObject({ balance_total_gld: 250_000, balance_total_ghc: 0 });
    } finally {
      await other.close();
    }
  });
});

describe('POST /promo-codes/validate', () => {
  const validate = (body: unknown, client = new Client(ctx)) =>
    client.request<Record<string, unknown>>('POST', WALLET_API_PATHS.promoCodeValidate, { body });

  it('answers the grant for the join form without sign-in', async () => {
    const res = await validate({ code: 'freecoins', context: 'join' });
    expect(res.status).toBe(200);
    expect(is(res.body, PromoCodeValidateResponseSchema)).toBe(true);
    expect(res.body).toMatchObject({
      code: 'FREECOINS',
      valid: true,
      applies_at: 'join',
      gold_coins: 250_000,
      sweeps_coins: 1,
      display_sweeps_value: 2.5,
    });
  });

  it('refuses bad requests and bad codes with clear errors', async () => {
    expect((await validate({ code: 'X', context: 'nowhere' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'context',
    });
    expect((await validate({ context: 'join' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'code',
    });
    expect((await validate({ code: 'bad code!', context: 'join' })).body).toMatchObject({
      extra: { reason: 'unknown' },
    });
    expect((await validate({ code: 'OLDNEWS', context: 'purchase' })).status).toBe(401); // purchase needs sign-in
    expect(
      (await validate({ code: 'FREECOINS', context: 'purchase' }, (await signUpPlayer(ctx)).client)).body,
    ).toMatchObject({
      code: WALLET_ERROR_CODES.INVALID_PROMO_CODE,
      extra: { reason: 'not_applicable' },
    });
  });

  it('per player: a used code is refused; a purchase promo is time-locked after a promotional purchase', async () => {
    const p = await signUpPlayer(ctx, { promo_code: 'EVERYWHERE' });
    const used = await validate({ code: 'EVERYWHERE', context: 'purchase' }, p.client);
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ extra: { reason: 'used' }, message: WALLET_TEXTS.promoProblems.used });

    expect(
      (await validate({ code: 'BUYMORE', context: 'purchase', package_id: 'any' }, p.client)).status,
    ).toBe(200);
    const credit = await transaction(ctx.db, (tx) =>
      creditPurchase(tx, {
        userId: p.id,
        purchaseId: `promo-p1-${p.id}`,
        amountUsdCents: 1999,
        goldCoins: 40_000,
        sweepsCents: 2000,
        promoCode: 'buymore',
        nowMs: ctx.clock.now,
        promoSettings: promoSettingsOf(ctx.deps.config),
      }),
    );
    expect(credit.promo).toEqual({ applied: true, code: 'BUYMORE', goldCoins: 20_000, sweepsCents: 150 });
    const b = await bucketBalances(ctx.db, p.id);
    // 100 (EVERYWHERE at join) + 40,000 purchase + 20,000 promo Gold; Sweeps: 20.00 paid, 0.01 + 1.50 free.
    expect(b).toMatchObject({ 'gold:main': 60_100, 'sweeps:paid': 2000, 'sweeps:free': 151 });

    const locked = await validate({ code: 'BUYMORE', context: 'purchase' }, p.client);
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({
      code: WALLET_ERROR_CODES.PROMO_PURCHASE_TIME_LOCKED,
      message: WALLET_TEXTS.promoPurchaseTimeLocked,
      extra: { retry_after_seconds: 60 },
    });
    expect(locked.headers.get('Retry-After')).toBe('60');

    // A credit during the lock still pays the package's coins; only the promotion is left out.
    const second = await transaction(ctx.db, (tx) =>
      creditPurchase(tx, {
        userId: p.id,
        purchaseId: `promo-p2-${p.id}`,
        amountUsdCents: 999,
        goldCoins: 10_000,
        sweepsCents: 0,
        promoCode: 'BUYMORE',
        nowMs: ctx.clock.now,
        promoSettings: promoSettingsOf(ctx.deps.config),
      }),
    );
    expect(second.promo).toMatchObject({
      applied: false,
      code: 'BUYMORE',
      reason: WALLET_ERROR_CODES.PROMO_PURCHASE_TIME_LOCKED,
    });
    expect((await bucketBalances(ctx.db, p.id))['gold:main']).toBe(70_100);

    ctx.clock.advance(61);
    expect((await validate({ code: 'BUYMORE', context: 'purchase' }, p.client)).status).toBe(200);

    // Replaying a credited purchase writes nothing and answers the first promotion.
    const replay = await transaction(ctx.db, (tx) =>
      creditPurchase(tx, {
        userId: p.id,
        purchaseId: `promo-p1-${p.id}`,
        amountUsdCents: 1999,
        goldCoins: 40_000,
        sweepsCents: 2000,
        promoCode: 'BUYMORE',
        nowMs: ctx.clock.now,
        promoSettings: promoSettingsOf(ctx.deps.config),
      }),
    );
    expect(replay.replayed).toBe(true);
    expect(replay.promo).toEqual(credit.promo);
    expect(replay.entryIds).toEqual(credit.entryIds.slice(0, 2));
    expect((await bucketBalances(ctx.db, p.id))['gold:main']).toBe(70_100);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
