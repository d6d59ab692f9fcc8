/**
 * Gold-only mode (GOLD_ONLY=true) over the API: Sweeps-only routes answer 404 like unknown paths,
 * packages carry no Sweeps and name none, no answer shows a Sweeps amount or Sweeps eligibility,
 * and no Sweeps are ever credited (demo player, promo codes, purchases).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import {
  SANDBOX_TEST_CARDS,
  PAYMENTS_API_PATHS,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import { PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import { WALLET_API_PATHS, yearlySummaryPath } from '../../../src/contract/wallet.ts';
import { transaction } from '../../db/transaction.ts';
import { DEMO_PLAYER } from '../../seed.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import {
  buyWithCard,
  createPaymentsContext,
  playerWithAddress,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';
import { postLedgerEntry } from '../../core/ledger/ledger.ts';
import { creditPurchase } from '../payments/purchase-credit.ts';
import { promoSettingsOf } from '../promo-codes/promo-codes.ts';

let gold: PaymentsTestContext;
let full: TestContext;
beforeAll(async () => {
  gold = await createPaymentsContext({ GOLD_ONLY: 'true' });
  full = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => {
  await gold?.close();
  await full?.close();
});

const sweepsEntries = (ctx: TestContext, userId: string) =>
  ctx.db.query<{ kind: string; amount_minor: string }>(
    `SELECT kind, amount_minor FROM ledger_entries WHERE user_id = $1 AND currency = 'sweeps'`,
    [userId],
  );

async function signIn(ctx: TestContext, email: string, password: string): Promise<Client> {
  const client = new Client(ctx);
  const res = await client.request<{ token: string }>('POST', API_PATHS.login, { body: { email, password } });
  expect(res.status).toBe(200);
  client.token = res.body.token;
  return client;
}

async function userIdOf(client: Client): Promise<string> {
  return (await client.request<{ id: string }>('GET', API_PATHS.me)).body.id;
}

/** Every string value in an answer (keys are wire names, not text a player reads). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

describe('gold-only mode: Sweeps routes answer 404', () => {
  const sweepsRoutes = [WALLET_API_PATHS.sweepsTransactions, `${WALLET_API_PATHS.sweepsTransactions}?page=2`];

  it('each Sweeps-only route answers 404 NOT_FOUND, signed in or not, as an unknown path does', async () => {
    const player = await playerWithAddress(gold);
    for (const path of sweepsRoutes) {
      for (const client of [player, new Client(gold)]) {
        const res = await client.request('GET', path);
        expect(res.status, path).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', field: null });
      }
    }
    const unknown = await player.request('GET', '/wallet/transactions/platinum');
    expect(unknown.status).toBe(404);
  });

  it('the full product still serves them (the 404 is the mode, not the route)', async () => {
    const client = new Client(full);
    const res = await client.request<{ token: string }>('POST', API_PATHS.users, {
      body: signUpPayload(),
    });
    client.token = res.body.token;
    expect((await client.request('GET', WALLET_API_PATHS.sweepsTransactions)).status).toBe(200);
  });
});

describe('gold-only mode: packages and eligibility', () => {
  it('packages carry no Sweeps, withhold nothing and name no Sweeps; sweeps_eligible is false', async () => {
    const client = await playerWithAddress(gold);
    const res = await client.request<{
      results: Array<{
        id: string;
        quantity_ghc: number;
        sweeps_withheld: boolean;
        name: string;
        description: string;
      }>;
      sweeps_eligible: boolean;
      sweeps_withheld_state: string | null;
    }>('GET', PAYMENTS_API_PATHS.bankingPackages);
    expect(res.status).toBe(200);
    expect(res.body.sweeps_eligible).toBe(false);
    expect(res.body.sweeps_withheld_state).toBeNull();
    expect(res.body.results.length).toBeGreaterThan(5);
    for (const p of res.body.results) {
      expect(p, p.id).toMatchObject({ quantity_ghc: 0, sweeps_withheld: false });
    }
    expect(textsOf(res.body).filter((t) => /sweep/i.test(t))).toEqual([]);
    const featured = res.body.results.find((p) => p.id === 'featured-welcome');
    expect(featured?.description).toBe('Double Gold for half the price: 200,000 Gold Coins');
  });

  it('an operator text naming Sweeps loses those clauses in gold-only mode', async () => {
    await gold.db.query(
      `INSERT INTO coin_packages (id, name, description, price_usd_cents, gold_coins, sweeps_cents, featured, show_countdown, sort_order)
       VALUES ('op-pack', 'Sweeps Special', 'Big pack. Comes with 3 free Sweeps Coins!', 299, 30000, 300, false, false, 70)`,
    );
    const client = await playerWithAddress(gold);
    const res = await client.request<{ results: Array<{ id: string; name: string; description: string }> }>(
      'GET',
      PAYMENTS_API_PATHS.bankingPackages,
    );
    expect(res.body.results.find((p) => p.id === 'op-pack')).toMatchObject({
      name: '30,000 Gold Coins',
      description: 'Big pack.',
    });
  });

  it('the user answer says sweeps_eligible false (sign-up, sign-in, me)', async () => {
    const client = new Client(gold);
    const signUp = await client.request<{ token: string; user: { sweeps_eligible: boolean } }>(
      'POST',
      API_PATHS.users,
      { body: signUpPayload() },
    );
    expect(signUp.status).toBe(201);
    expect(signUp.body.user.sweeps_eligible).toBe(false);
    client.token = signUp.body.token;
    const me = await client.request<{ sweeps_eligible: boolean }>('GET', API_PATHS.me);
    expect(me.body.sweeps_eligible).toBe(false);
  });

  it('the Sweeps-only named properties are left out', async () => {
    const res = await new Client(gold).request<{ results: Array<{ key: string }> }>(
      'GET',
      API_PATHS.properties,
    );
    const keys = res.body.results.map((r) => r.key);
    expect(keys).toContain(PROPERTY_NAMES.goldOnlyMode);
    expect(keys).not.toContain(PROPERTY_NAMES.redemptionValues);
    const asked = await new Client(gold).request<{ results: unknown[] }>(
      'GET',
      `${API_PATHS.properties}?names=${PROPERTY_NAMES.redemptionValues}`,
    );
    expect(asked.body.results).toEqual([]);
  });
});

describe('gold-only mode: no Sweeps shown', () => {
  it('Sweeps held from before the switch are not shown in balances, filters or the yearly summary', async () => {
    const client = await playerWithAddress(gold);
    const id = await userIdOf(client);
    await transaction(gold.db, (tx) =>
      postLedgerEntry(tx, {
        userId: id,
        currency: 'sweeps',
        bucket: 'free',
        amountMinor: 700,
        kind: 'adjustment',
        reference: 'before-gold-only',
        idempotencyKey: `before-gold-only:${id}`,
      }),
    );
    const balances = await client.request<Record<string, number>>('GET', API_PATHS.balances);
    expect(balances.body).toMatchObject({
      balance_paid_ghc: 0,
      balance_free_ghc: 0,
      balance_redeemable_ghc: 0,
      balance_redeemable_available_ghc: 0,
      balance_total_ghc: 0,
    });
    const filters = await client.request<{ filters: Array<{ value: string; currencies: string[] }> }>(
      'GET',
      WALLET_API_PATHS.transactionFilters,
    );
    expect(filters.body.filters.length).toBeGreaterThan(0);
    expect(filters.body.filters.flatMap((f) => f.currencies)).not.toContain('sweeps');
    expect(filters.body.filters.map((f) => f.value)).not.toContain('redemption');
    const year = new Date(gold.clock.now).getUTCFullYear();
    const summary = await client.request<{ sweeps: Record<string, number> }>('GET', yearlySummaryPath(year));
    expect(Object.values(summary.body.sweeps).every((v) => v === 0)).toBe(true);
  });
});

describe('gold-only mode: no Sweeps credit is ever made', () => {
  it('the demo player gets Gold only', async () => {
    const client = await signIn(gold, DEMO_PLAYER.email, DEMO_PLAYER.password);
    expect(await sweepsEntries(gold, await userIdOf(client))).toEqual([]);
  });

  it('the welcome code at join credits Gold and no Sweeps', async () => {
    const client = await playerWithAddress(gold, { promo_code: 'FREECOINS' });
    const id = await userIdOf(client);
    expect(
      (await client.request<Record<string, number>>('GET', API_PATHS.balances)).body.balance_total_gld,
    ).toBe(250_000);
    expect(await sweepsEntries(gold, id)).toEqual([]);
  });

  it('a card purchase with a purchase promo credits Gold and no Sweeps', async () => {
    const client = await playerWithAddress(gold);
    const id = await userIdOf(client);
    const res = await buyWithCard(gold, client, SANDBOX_TEST_CARDS.success, { promo_code: 'GOLDRUSH' });
    expect(res.status).toBe(201);
    expect(res.body.quantity_ghc).toBe(0);
    // Nothing is withheld from anyone: the product has no Sweeps (a state without them is another matter).
    const row = await gold.db.query<{ sweeps_withheld: boolean }>(
      'SELECT sweeps_withheld FROM purchases WHERE id = $1',
      [res.body.purchase_id],
    );
    expect(row[0]?.sweeps_withheld).toBe(false);
    const checked = await client.request<PurchaseResult>(
      'GET',
      PAYMENTS_API_PATHS.cardPurchaseStatus(res.body.purchase_id),
    );
    expect(checked.body.status).toBe('succeeded');
    await gold.flushWebhooks();
    const entries = await gold.db.query<{ currency: string }>(
      'SELECT currency FROM ledger_entries WHERE user_id = $1',
      [id],
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(await sweepsEntries(gold, id)).toEqual([]);
  });

  it('a purchase priced with Sweeps before the switch is credited without them', async () => {
    const client = await playerWithAddress(gold);
    const id = await userIdOf(client);
    const purchaseId = randomUUID();
    const result = await transaction(gold.db, (tx) =>
      creditPurchase(tx, {
        userId: id,
        purchaseId,
        amountUsdCents: 499,
        goldCoins: 50_000,
        sweepsCents: 500,
        nowMs: gold.clock.now,
        promoSettings: promoSettingsOf(gold.deps.config),
      }),
    );
    expect(result.entryIds).toHaveLength(1);
    expect(await sweepsEntries(gold, id)).toEqual([]);
  });
});
