import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  PurchaseLimitCheckResponseSchema,
  PurchaseLimitsResponseSchema,
  WALLET_API_PATHS,
  WALLET_ERROR_CODES,
  WALLET_TEXTS,
} from '../../../src/contract/wallet.ts';
import { transaction } from '../../db/transaction.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { creditPurchase } from '../payments/purchase-credit.ts';
import { signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';
import { checkPurchaseLimits } from './purchase-limits.ts';

let ctx: TestContext;
const DAY = 24 * 3600;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  await ctx.db.query(
    `INSERT INTO coin_packages (id, name, price_usd_cents, gold_coins, sweeps_cents) VALUES
     ('w-test-20', 'Twenty', 2000, 20000, 2000), ('w-test-60', 'Sixty', 6000, 60000, 6000)
     ON CONFLICT (id) DO NOTHING`,
  );
  await ctx.db.query(
    `INSERT INTO coin_packages (id, name, price_usd_cents, gold_coins, active) VALUES ('w-test-old', 'Old', 500, 1, false) ON CONFLICT (id) DO NOTHING`,
  );
});
afterAll(async () => ctx?.close());

type Limits = Record<'daily' | 'weekly' | 'monthly', Record<string, unknown>> & { enabled: boolean };
const get = (p: TestPlayer) => p.client.request<Limits>('GET', WALLET_API_PATHS.purchaseLimits);
const patch = (p: TestPlayer, body: unknown) =>
  p.client.request<Limits & Record<string, unknown>>('PATCH', WALLET_API_PATHS.purchaseLimits, { body });
const checkPkg = (p: TestPlayer, package_id: string) =>
  p.client.request<Record<string, unknown>>('POST', WALLET_API_PATHS.purchaseLimitCheck, {
    body: { package_id },
  });
let n = 0;
const buy = (p: TestPlayer, cents: number) =>
  transaction(ctx.db, (tx) =>
    creditPurchase(tx, {
      userId: p.id,
      purchaseId: `limits-${p.id}-${++n}`,
      amountUsdCents: cents,
      goldCoins: cents * 10,
      sweepsCents: 0,
      nowMs: ctx.clock.now,
      promoSettings: { welcomePromoSweepsCents: 100, goldOnly: false },
    }),
  );

describe('purchase limits', () => {
  it('starts without limits, and needs sign-in', async () => {
    const p = await signUpPlayer(ctx);
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(is(res.body, PurchaseLimitsResponseSchema)).toBe(true);
    expect(res.body.enabled).toBe(true);
    expect(res.body.daily).toMatchObject({
      amount_usd: null,
      pending: null,
      used_usd: 0,
      remaining_usd: null,
      cooling_off_days: 3,
      window_hours: 24,
    });
    expect(res.body.weekly).toMatchObject({ cooling_off_days: 7, window_hours: 168 });
    expect(res.body.monthly).toMatchObject({ cooling_off_days: 30, window_hours: 720 });
    p.client.token = null;
    expect((await get(p)).status).toBe(401);
  });

  it('a first limit and a decrease apply at once; an increase or removal waits its cooling-off', async () => {
    const p = await signUpPlayer(ctx);
    let res = await patch(p, { daily: 100, weekly: 500.5 });
    expect(res.status).toBe(200);
    expect(res.body.daily).toMatchObject({ amount_usd: 100, pending: null });
    expect(res.body.weekly).toMatchObject({ amount_usd: 500.5, pending: null });
    res = await patch(p, { daily: 50 });
    expect(res.body.daily).toMatchObject({ amount_usd: 50, pending: null });

    res = await patch(p, { daily: 80 });
    const effective = new Date(ctx.clock.now + 3 * DAY * 1000).toISOString();
    expect(res.body.daily).toMatchObject({
      amount_usd: 50,
      pending: { amount_usd: 80, effective_at: effective },
    });
    // Asking again for the same increase later keeps the first date (a retry cannot push it back).
    ctx.clock.advance(3600);
    res = await patch(p, { daily: 80 });
    expect((res.body.daily.pending as { effective_at: string }).effective_at).toBe(effective);

    res = await patch(p, { weekly: null });
    expect(res.body.weekly).toMatchObject({ amount_usd: 500.5, pending: { amount_usd: null } });

    // After the cooling-off the new values are in force.
    ctx.clock.advance(3 * DAY);
    res = await get(p);
    expect(res.body.daily).toMatchObject({ amount_usd: 80, pending: null });
    expect(res.body.weekly).toMatchObject({ amount_usd: 500.5 });
    ctx.clock.advance(4 * DAY);
    res = await get(p);
    expect(res.body.weekly).toMatchObject({ amount_usd: null, pending: null });

    // A decrease while an increase is pending cancels it.
    await patch(p, { monthly: 1000 });
    await patch(p, { monthly: 2000 });
    res = await patch(p, { monthly: 900 });
    expect(res.body.monthly).toMatchObject({ amount_usd: 900, pending: null });
  });

  it('refuses bad amounts and inconsistent limits', async () => {
    const p = await signUpPlayer(ctx);
    const bad: Array<[unknown, string, string]> = [
      [{ daily: 0 }, 'VALIDATION_ERROR', 'daily'],
      [{ daily: -5 }, 'VALIDATION_ERROR', 'daily'],
      [{ weekly: 100_000.01 }, 'VALIDATION_ERROR', 'weekly'],
      [{ monthly: 10.005 }, 'VALIDATION_ERROR', 'monthly'],
      [{ daily: '10' }, 'VALIDATION_ERROR', 'daily'],
      [{ yearly: 10 }, 'VALIDATION_ERROR', 'yearly'],
      [{}, 'VALIDATION_ERROR', ''],
    ];
    for (const [body, code, field] of bad) {
      const res = await patch(p, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(code);
      if (field) expect(res.body.field).toBe(field);
    }
    await patch(p, { weekly: 100 });
    const res = await patch(p, { daily: 150 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: WALLET_ERROR_CODES.PURCHASE_LIMITS_INCONSISTENT, field: 'daily' });
    const res2 = await patch(p, { monthly: 50 });
    expect(res2.body).toMatchObject({
      code: WALLET_ERROR_CODES.PURCHASE_LIMITS_INCONSISTENT,
      field: 'monthly',
    });
    expect((await get(p)).body.daily.amount_usd).toBeNull();
  });

  it('the check counts credited purchases in rolling windows and names the period reached', async () => {
    const p = await signUpPlayer(ctx);
    let res = await checkPkg(p, 'w-test-60');
    expect(res.body).toMatchObject({ allowed: true, error_code: null, price_usd: 60 });
    expect(is(res.body, PurchaseLimitCheckResponseSchema)).toBe(true);

    await patch(p, { daily: 70, weekly: 100 });
    await buy(p, 2000);
    res = await checkPkg(p, 'w-test-20');
    expect(res.body).toMatchObject({ allowed: true });
    res = await checkPkg(p, 'w-test-60'); // 20 + 60 > 70 daily
    expect(res.body).toMatchObject({
      allowed: false,
      error_code: WALLET_ERROR_CODES.PURCHASE_LIMIT_DAILY,
      period: 'daily',
      limit_usd: 70,
      used_usd: 20,
      price_usd: 60,
      message: WALLET_TEXTS.purchaseLimitReached,
    });
    await buy(p, 5000); // exactly 70 for the day: allowed up to the limit
    expect((await get(p)).body.daily).toMatchObject({ used_usd: 70, remaining_usd: 0 });

    // 24 hours later the day window is clear, the week (70 + 60 > 100) is not.
    ctx.clock.advance(DAY + 1);
    res = await checkPkg(p, 'w-test-60');
    expect(res.body).toMatchObject({
      allowed: false,
      error_code: WALLET_ERROR_CODES.PURCHASE_LIMIT_WEEKLY,
      used_usd: 70,
    });
    expect(await transaction(ctx.db, (tx) => checkPurchaseLimits(tx, p.id, 3000, ctx.clock.now))).toBeNull();

    // The named property turns the check off.
    await ctx.db.query(`UPDATE named_properties SET value = 'false' WHERE key = 'purchase_limits_enabled'`);
    try {
      res = await checkPkg(p, 'w-test-60');
      expect(res.body).toMatchObject({ allowed: true });
      expect((await get(p)).body.enabled).toBe(false);
    } finally {
      await ctx.db.query(`UPDATE named_properties SET value = 'true' WHERE key = 'purchase_limits_enabled'`);
    }
  });

  it('the check refuses unknown or inactive packages and bad bodies', async () => {
    const p = await signUpPlayer(ctx);
    for (const id of ['nope', 'w-test-old']) {
      const res = await checkPkg(p, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: WALLET_ERROR_CODES.PACKAGE_NOT_FOUND, field: 'package_id' });
    }
    const res = await p.client.request('POST', WALLET_API_PATHS.purchaseLimitCheck, { body: {} });
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'package_id' });
  });
});
