import { randomUUID } from 'node:crypto';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  BankingPackagesResponseSchema,
  PAYMENTS_API_PATHS,
  PAYMENT_TEXTS,
  SANDBOX_TEST_CARDS as CARDS,
  type BankingPackagesResponse,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import { Client, signUpPayload } from '../../test-support/test-app.ts';
import {
  buyWithCard,
  createPaymentsContext,
  playerWithAddress,
  VALID_ADDRESS,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => ctx?.close());

const setProperty = (key: string, value: string) =>
  ctx.db.query('UPDATE named_properties SET value = $2 WHERE key = $1', [key, value]);

const settle = async (client: Client, id: string) =>
  (await client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(id))).body;

describe('GET /banking/packages', () => {
  it('answers the ladder with the featured package first (Gold in quantity_gld, Sweeps in quantity_ghc)', async () => {
    const client = await playerWithAddress(ctx);
    const res = await client.request<BankingPackagesResponse>('GET', PAYMENTS_API_PATHS.bankingPackages);
    expect(res.status).toBe(200);
    expect(is(res.body, BankingPackagesResponseSchema)).toBe(true);
    expect(res.body.sweeps_eligible).toBe(true);
    const [featured, ...rest] = res.body.results;
    expect(featured).toMatchObject({
      id: 'featured-welcome',
      featured: true,
      price_usd: 9.99,
      original_price_usd: 19.99,
      quantity_gld: 200_000,
      quantity_ghc: 20,
      show_countdown: true,
    });
    expect(new Date(featured!.end_time!).getTime()).toBeGreaterThan(Date.now());
    expect(rest.map((p) => p.price_usd)).toEqual([1.99, 4.99, 9.99, 19.99, 49.99, 99.99]);
    expect(rest.every((p) => !p.featured && p.quantity_gld > 0)).toBe(true);
  });

  it('needs a signed-in player', async () => {
    const res = await new Client(ctx).request('GET', PAYMENTS_API_PATHS.bankingPackages);
    expect(res.status).toBe(401);
  });

  it('a resident of a state without Sweeps gets the packages with 0 Sweeps, and is told so', async () => {
    const client = await playerWithAddress(ctx);
    // The operator takes Sweeps from IL (prohibited_states): its residents still buy Gold.
    await setProperty(
      'prohibited_states',
      JSON.stringify(['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA', 'IL']),
    );
    try {
      const res = await client.request<BankingPackagesResponse>('GET', PAYMENTS_API_PATHS.bankingPackages);
      expect(res.body).toMatchObject({ sweeps_eligible: false, sweeps_withheld_state: 'IL' });
      expect(res.body.results.every((p) => p.quantity_ghc === 0 && p.sweeps_withheld)).toBe(true);
      const before = (await client.request<{ balance_total_ghc: number }>('GET', API_PATHS.balances)).body;
      const buy = await buyWithCard(ctx, client, CARDS.success);
      expect(buy.body).toMatchObject({ quantity_gld: 50_000, quantity_ghc: 0 });
      const done = await settle(client, buy.body.purchase_id);
      expect(done.status).toBe('succeeded');
      expect(done.balances?.balance_total_ghc).toBe(before.balance_total_ghc);
    } finally {
      await setProperty(
        'prohibited_states',
        JSON.stringify(['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA']),
      );
    }
    // An excluded state (no participation at all) is refused outright, whatever the list says.
    const me = await client.request<{ id: string }>('GET', API_PATHS.me);
    await ctx.db.query("UPDATE users SET state_or_province = 'NY' WHERE id = $1", [me.body.id]);
    const refused = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'CANT_COMPLETE_PURCHASE',
      extra: { sub_code: 'excluded_state' },
    });
  });

  it('coin_store_enabled false -> 403 COIN_STORE_DISABLED with the configured message, for packages and purchases', async () => {
    const client = await playerWithAddress(ctx);
    await setProperty('coin_store_enabled', 'false');
    await setProperty('coin_store_unavailable_message', 'Back at noon.');
    try {
      const res = await client.request('GET', PAYMENTS_API_PATHS.bankingPackages);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'COIN_STORE_DISABLED',
        message: 'Back at noon.',
        extra: { title: 'Coin Store Unavailable' },
      });
      const buy = await buyWithCard(ctx, client, CARDS.success);
      expect(buy.status).toBe(403);
      expect(buy.body).toMatchObject({ code: 'COIN_STORE_DISABLED' });
    } finally {
      await setProperty('coin_store_enabled', 'true');
    }
  });
});

describe('PATCH /users/me/address', () => {
  const patch = (client: Client, body: Record<string, unknown>) =>
    client.request('PATCH', PAYMENTS_API_PATHS.address, { body: { ...VALID_ADDRESS, ...body } });

  it('saves a valid address (state upper-cased) and answers the User', async () => {
    const client = await playerWithAddress(ctx);
    const res = await patch(client, { state_or_province: 'il', address_line_2: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      address_line_1: '233 S. Wacker Dr',
      city: 'Chicago',
      state_or_province: 'IL',
      postal_code: '60606',
      address_line_2: null,
    });
  });

  it('applies every rule of spec section 5 with its message', async () => {
    const client = await playerWithAddress(ctx);
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ address_line_1: '  ' }, 'address_line_1', 'VALIDATION_ERROR', PAYMENT_TEXTS.streetRequired],
      [
        { address_line_1: '12 Main St #4' },
        'address_line_1',
        'VALIDATION_ERROR',
        PAYMENT_TEXTS.specialCharacters,
      ],
      [{ address_line_2: 'Apt, 4' }, 'address_line_2', 'VALIDATION_ERROR', PAYMENT_TEXTS.specialCharacters],
      [{ city: '' }, 'city', 'VALIDATION_ERROR', PAYMENT_TEXTS.cityRequired],
      [{ state_or_province: '' }, 'state_or_province', 'VALIDATION_ERROR', PAYMENT_TEXTS.stateRequired],
      [{ state_or_province: 'XX' }, 'state_or_province', 'VALIDATION_ERROR', PAYMENT_TEXTS.stateInvalid],
      [
        { state_or_province: 'NY', postal_code: '10001' },
        'state_or_province',
        'EXCLUDED_STATE',
        'At the current time we do not allow participation from the state of NY',
      ],
      [{ postal_code: '' }, 'postal_code', 'VALIDATION_ERROR', PAYMENT_TEXTS.postalCodeRequired],
      [{ postal_code: '606061' }, 'postal_code', 'INVALID_POSTAL_CODE', PAYMENT_TEXTS.postalCodeInvalid],
      [
        { state_or_province: 'IN', postal_code: '07030' },
        'postal_code',
        'EXCLUDED_STATE',
        'At the current time we do not allow participation from the state of NJ',
      ],
      [{ postal_code: '90210' }, 'postal_code', 'INVALID_POSTAL_CODE', PAYMENT_TEXTS.postalCodeStateMismatch],
    ];
    for (const [body, field, code, message] of cases) {
      const res = await patch(client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field, message });
    }
  });
});

describe('purchase rules', () => {
  it('ADDRESS_REQUIRED without a billing address', async () => {
    const client = new Client(ctx);
    const res0 = await client.request<{ token: string }>('POST', API_PATHS.users, { body: signUpPayload() });
    client.token = res0.body.token;
    const res = await buyWithCard(ctx, client, CARDS.success);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ADDRESS_REQUIRED' });
  });

  it('PACKAGE_NOT_FOUND for an unknown or ended package', async () => {
    const client = await playerWithAddress(ctx);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-1' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'PACKAGE_NOT_FOUND', field: 'package_id' });
  });

  it('a repeat purchase of the same package within 5 minutes needs confirm_repeat', async () => {
    const client = await playerWithAddress(ctx);
    const first = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    await settle(client, first.body.purchase_id);
    const again = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    expect(again.status).toBe(409);
    // It names the earlier purchase and its state: an app whose answer to it was lost shows that outcome.
    expect(again.body).toMatchObject({
      code: 'REPEAT_PURCHASE_CONFIRMATION_REQUIRED',
      extra: {
        package_id: 'gold-199',
        last_purchase_id: first.body.purchase_id,
        last_purchase_status: 'succeeded',
      },
    });
    // Another package is not a repeat.
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-499' })).status).toBe(201);
    const confirmed = await buyWithCard(ctx, client, CARDS.success, {
      package_id: 'gold-199',
      confirm_repeat: true,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.is_first_purchase).toBe(false);
    ctx.clock.advance(5 * 60 + 1);
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })).status).toBe(201);
  });

  it('a declined attempt is not a repeat', async () => {
    const client = await playerWithAddress(ctx);
    await buyWithCard(ctx, client, CARDS.declined, { package_id: 'gold-199' });
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })).status).toBe(201);
  });

  it("the player's own purchase limit refuses before paying (W's check): 409 PURCHASE_LIMIT_DAILY", async () => {
    const client = await playerWithAddress(ctx);
    const set = await client.request('PATCH', '/wallet/purchase-limits', { body: { daily: 5 } });
    expect(set.status).toBe(200);
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PURCHASE_LIMIT_DAILY' });
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-499' })).status).toBe(201);
  });

  it('PROMO_PURCHASE_TIME_LOCKED for a second purchase with a promotion too soon; the promo coins are credited', async () => {
    await ctx.db.query(
      `INSERT INTO promo_codes (code, description, gold_coins, sweeps_cents, applies_at, max_uses_per_player, purchase_time_lock_seconds)
       VALUES ('PAYTEST', 'test', 1000, 0, 'purchase', 5, 600) ON CONFLICT DO NOTHING`,
    );
    const client = await playerWithAddress(ctx);
    const before = (await client.request<{ balance_total_gld: number }>('GET', API_PATHS.balances)).body;
    const first = await buyWithCard(ctx, client, CARDS.success, {
      package_id: 'gold-199',
      promo_code: 'paytest',
    });
    expect(first.body.promo_code).toBe('PAYTEST');
    const done = await settle(client, first.body.purchase_id);
    expect(done.balances?.balance_total_gld).toBe(before.balance_total_gld + 20_000 + 1_000);
    const second = await buyWithCard(ctx, client, CARDS.success, {
      package_id: 'gold-499',
      promo_code: 'PAYTEST',
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'PROMO_PURCHASE_TIME_LOCKED',
      message: PAYMENT_TEXTS.promoPurchaseTimeLocked,
    });
    const bad = await buyWithCard(ctx, client, CARDS.success, {
      package_id: 'gold-499',
      promo_code: 'NOSUCHCODE',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_PROMO_CODE', field: 'promo_code' });
  });

  it('IDENTITY_VERIFICATION_REQUIRED above the monthly threshold until verified', async () => {
    await setProperty('monthly_purchase_threshold_for_idv', '10');
    try {
      const client = await playerWithAddress(ctx);
      const first = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' });
      expect((await settle(client, first.body.purchase_id)).status).toBe('succeeded');
      const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'IDENTITY_VERIFICATION_REQUIRED',
        message: PAYMENT_TEXTS.identityVerificationPurchase,
        extra: { threshold_usd: 10, purchased_usd: 9.99 },
      });
      await ctx.db.query(
        `UPDATE users SET identity_verified_at = now() WHERE id = (SELECT user_id FROM purchases WHERE id = $1)`,
        [first.body.purchase_id],
      );
      expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })).status).toBe(201);
    } finally {
      await setProperty('monthly_purchase_threshold_for_idv', '2000');
    }
  });

  it('a locked account gets CANT_COMPLETE_PURCHASE account_locked', async () => {
    const client = await playerWithAddress(ctx);
    const me = await client.request<{ id: string }>('GET', API_PATHS.me);
    await ctx.db.query(`INSERT INTO payment_account_locks (user_id, reason) VALUES ($1, 'test')`, [
      me.body.id,
    ]);
    const res = await buyWithCard(ctx, client, CARDS.success);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CANT_COMPLETE_PURCHASE', extra: { sub_code: 'account_locked' } });
  });

  it('a purchase status of another player is not found', async () => {
    const a = await playerWithAddress(ctx);
    const b = await playerWithAddress(ctx);
    const res = await buyWithCard(ctx, a, CARDS.success, { package_id: 'gold-4999' });
    const other = await b.request('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(res.body.purchase_id));
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'PURCHASE_NOT_FOUND' });
    expect((await b.request('GET', PAYMENTS_API_PATHS.cardPurchaseStatus('not-a-uuid'))).status).toBe(404);
  });
});

describe('provider-side purchase limits (71 / 82 / 93)', () => {
  let limited: PaymentsTestContext;
  beforeAll(async () => {
    limited = await createPaymentsContext(
      {},
      { limitsCents: { daily: 1_000, weekly: 1_500, monthly: 2_000 } },
    );
  });
  afterAll(async () => limited?.close());

  it('maps the processor limits to PROVIDER_LIMIT_DAILY / WEEKLY / MONTHLY with their internal codes', async () => {
    const client = await playerWithAddress(limited);
    const buy = (pkg: string) =>
      buyWithCard(limited, client, CARDS.success, { package_id: pkg }, randomUUID());
    expect((await buy('gold-999')).body.status).toBe('processing');
    const daily = await buy('gold-199');
    expect(daily.body).toMatchObject({
      status: 'failed',
      error: { code: 'PROVIDER_LIMIT_DAILY', sub_code: '71', message: PAYMENT_TEXTS.providerLimit },
    });
    limited.clock.advance(25 * 3600);
    expect((await buy('gold-499')).body.status).toBe('processing');
    expect((await buy('gold-199')).body.error).toMatchObject({
      code: 'PROVIDER_LIMIT_WEEKLY',
      sub_code: '82',
    });
    limited.clock.advance(8 * 24 * 3600);
    expect((await buy('gold-199')).body.status).toBe('processing');
    expect((await buy('gold-499')).body.error).toMatchObject({
      code: 'PROVIDER_LIMIT_MONTHLY',
      sub_code: '93',
    });
  });
});

describe('purchase request validation', () => {
  it('refuses a bad payment method with the field named', async () => {
    const client = await playerWithAddress(ctx);
    const res = await client.request('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body: { package_id: 'gold-199', payment_method: { type: 'cash' } },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const card = await client.request('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body: { package_id: 'gold-199', payment_method: { type: 'saved_card', card_id: randomUUID() } },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(card.status).toBe(404);
    expect(card.body).toMatchObject({ code: 'CARD_NOT_FOUND', field: 'payment_method.card_id' });
  });
});
