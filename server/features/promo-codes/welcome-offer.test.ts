/**
 * The welcome offer at join (docs/welcome-offer.md): FREECOINS applies when the player types no
 * code, a typed code wins, it is credited once per player through the ledger, it shows in the
 * coin histories, and the public call answers the amounts the home and join pages show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_API_PATHS } from '../../../src/contract/wallet.ts';
import { WELCOME_OFFER_API_PATHS, parseWelcomeOffer } from '../../../src/contract/welcome-offer.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { applyJoinPromo, promoSettingsOf } from './promo-codes.ts';
import { transaction } from '../../db/transaction.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ WELCOME_OFFER_AT_JOIN: 'true' }, { seedDemo: false });
  await ctx.db.query(
    `INSERT INTO promo_codes (code, description, gold_coins, sweeps_cents, applies_at, max_uses_per_player)
     VALUES ('SPRING', 'Spring join bonus', 7000, 30, 'join', 1)`,
  );
});
afterAll(async () => ctx?.close());

type JoinAnswer = {
  token: string;
  user: { id: string };
  balances: Record<string, number>;
  promo_code?: string | null;
};

const join = async (overrides: Record<string, unknown> = {}, c: TestContext = ctx) => {
  const client = new Client(c);
  const res = await client.request<JoinAnswer>('POST', '/users', { body: signUpPayload(overrides) });
  client.token = res.body.token;
  return { res, client };
};

const promoEntries = (userId: string, db = ctx.db) =>
  db.query<{ currency: string; amount_minor: string; idempotency_key: string; description: string }>(
    "SELECT currency, amount_minor, idempotency_key, description FROM ledger_entries WHERE user_id = $1 AND kind = 'promo' ORDER BY id",
    [userId],
  );

describe('welcome offer at join', () => {
  it('applies FREECOINS when no code is given: 250,000 Gold + 1.00 Sweeps, once, answered as the join code', async () => {
    for (const promo_code of [undefined, null, '', '   ']) {
      const { res } = await join(promo_code === undefined ? {} : { promo_code });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.promo_code).toBe('FREECOINS');
      expect(res.body.balances).toMatchObject({
        balance_total_gld: 250_000,
        balance_free_ghc: 1,
        balance_total_ghc: 1,
      });
      const entries = await promoEntries(res.body.user.id);
      expect(entries.map((e) => [e.currency, Number(e.amount_minor), e.description])).toEqual([
        ['gold', 250_000, 'Promo code FREECOINS'],
        ['sweeps', 100, 'Promo code FREECOINS'],
      ]);
    }
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('another code wins: only the typed code is credited', async () => {
    const { res } = await join({ promo_code: 'spring' });
    expect(res.status).toBe(201);
    expect(res.body.promo_code).toBe('SPRING');
    expect(res.body.balances).toMatchObject({ balance_total_gld: 7000, balance_free_ghc: 0.3 });
    const codes = await ctx.db.query<{ code: string }>(
      'SELECT code FROM promo_redemptions WHERE user_id = $1',
      [res.body.user.id],
    );
    expect(codes.map((c) => c.code)).toEqual(['SPRING']);
  });

  it('is credited once: a second apply for the same player is refused and the ledger key cannot pay twice', async () => {
    const { res } = await join();
    const userId = res.body.user.id;
    await expect(
      transaction(ctx.db, (tx) =>
        applyJoinPromo(tx, userId, 'FREECOINS', ctx.clock.now, promoSettingsOf(ctx.deps.config)),
      ),
    ).rejects.toMatchObject({ extra: { reason: 'used' } });
    // The same join sent again is a second account attempt for the same email: refused, nothing paid.
    const entries = await promoEntries(userId);
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((e) => e.idempotency_key)).size).toBe(2);
    const again = await ctx.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM promo_redemptions WHERE user_id = $1 AND code = 'FREECOINS'",
      [userId],
    );
    expect(Number(again[0]!.n)).toBe(1);
  });

  it('a repeated join request (same email) creates nothing and credits nothing more', async () => {
    const payload = signUpPayload();
    const first = await new Client(ctx).request<JoinAnswer>('POST', '/users', { body: payload });
    expect(first.status).toBe(201);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => new Client(ctx).request('POST', '/users', { body: payload })),
    );
    expect(burst.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
    expect(await promoEntries(first.body.user.id)).toHaveLength(2);
    const users = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [payload.email]);
    expect(users).toHaveLength(1);
  });

  it('shows in the coin histories as a promotion', async () => {
    const { res, client } = await join();
    expect(res.status).toBe(201);
    const gold = await client.request<{ results: Array<Record<string, unknown>> }>(
      'GET',
      WALLET_API_PATHS.goldTransactions,
    );
    expect(gold.status).toBe(200);
    expect(gold.body.results).toEqual([
      expect.objectContaining({ kind: 'promo', amount: 250_000, description: 'Promo code FREECOINS' }),
    ]);
    const sweeps = await client.request<{ transactions: Array<Record<string, unknown>> }>(
      'GET',
      WALLET_API_PATHS.sweepsTransactions,
    );
    expect(sweeps.body.transactions).toEqual([expect.objectContaining({ kind: 'promo', amount: 1 })]);
  });

  it('joins without coins when the welcome code is deactivated, and the public call answers no offer', async () => {
    await ctx.db.query("UPDATE promo_codes SET active = false WHERE code = 'FREECOINS'");
    try {
      const { res } = await join();
      expect(res.status).toBe(201);
      expect(res.body.promo_code ?? null).toBeNull();
      expect(res.body.balances).toMatchObject({ balance_total_gld: 0, balance_total_ghc: 0 });
      const offer = await new Client(ctx).request('GET', WELCOME_OFFER_API_PATHS.welcomeOffer);
      expect(offer.body).toEqual({ welcome_offer: null });
    } finally {
      await ctx.db.query("UPDATE promo_codes SET active = true WHERE code = 'FREECOINS'");
    }
  });
});

describe('GET /welcome-offer', () => {
  it('answers the configured amounts, publicly cacheable', async () => {
    const res = await new Client(ctx).request('GET', WELCOME_OFFER_API_PATHS.welcomeOffer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      welcome_offer: { code: 'FREECOINS', quantity_gld: 250_000, quantity_ghc: 1 },
    });
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(parseWelcomeOffer(res.body)).toEqual({
      code: 'FREECOINS',
      quantity_gld: 250_000,
      quantity_ghc: 1,
    });
  });

  it('follows WELCOME_PROMO_SWEEPS, answers Gold only in gold-only mode, and nothing when the offer is off', async () => {
    const scaled = await createTestContext(
      { WELCOME_OFFER_AT_JOIN: 'true', WELCOME_PROMO_SWEEPS: '2' },
      { seedDemo: false },
    );
    const goldOnly = await createTestContext(
      { WELCOME_OFFER_AT_JOIN: 'true', GOLD_ONLY: 'true' },
      { seedDemo: false },
    );
    const off = await createTestContext({ WELCOME_OFFER_AT_JOIN: 'false' }, { seedDemo: false });
    try {
      const get = (c: TestContext) => new Client(c).request('GET', WELCOME_OFFER_API_PATHS.welcomeOffer);
      expect((await get(scaled)).body).toEqual({
        welcome_offer: { code: 'FREECOINS', quantity_gld: 500_000, quantity_ghc: 2 },
      });
      expect((await get(goldOnly)).body).toEqual({
        welcome_offer: { code: 'FREECOINS', quantity_gld: 250_000, quantity_ghc: 0 },
      });
      expect((await get(off)).body).toEqual({ welcome_offer: null });

      const goldOnlyJoin = await join({}, goldOnly);
      expect(goldOnlyJoin.res.body.balances).toMatchObject({
        balance_total_gld: 250_000,
        balance_total_ghc: 0,
      });
      const offJoin = await join({}, off);
      expect(offJoin.res.status).toBe(201);
      expect(offJoin.res.body.balances).toMatchObject({ balance_total_gld: 0, balance_total_ghc: 0 });
      expect(await promoEntries(offJoin.res.body.user.id, off.db)).toEqual([]);
    } finally {
      await Promise.all([scaled.close(), goldOnly.close(), off.close()]);
    }
  });
});
