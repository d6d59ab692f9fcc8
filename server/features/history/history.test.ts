import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  GoldTransactionsPageSchema,
  SweepsTransactionsPageSchema,
  TransactionFiltersResponseSchema,
  WALLET_API_PATHS,
  WALLET_ERROR_CODES,
  YearlySummarySchema,
  yearlySummaryPath,
} from '../../../src/contract/wallet.ts';
import { transaction } from '../../db/transaction.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { creditWin, reverseEntry, spendGold, spendSweeps } from '../../core/ledger/coin-rules.ts';
import { postLedgerEntry } from '../../core/ledger/ledger.ts';
import { creditPurchase } from '../payments/purchase-credit.ts';
import { signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';

let ctx: TestContext;
let p: TestPlayer;
/** Fixed moments (UTC) for the entries: 2025-03-10 12:00 ET = 16:00Z; 2025-12-31 23:30 ET = 2026-01-01 04:30Z. */
const MARCH = Date.parse('2025-03-10T16:00:00Z');
const NYE = Date.parse('2026-01-01T04:30:00Z');

beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  p = await signUpPlayer(ctx);
  const settings = { welcomePromoSweepsCents: 100, goldOnly: false };
  await transaction(ctx.db, async (tx) => {
    // 25 Gold wins a minute apart in March 2025 -> two pages of Gold history with the purchase.
    for (let i = 0; i < 25; i++) {
      await creditWin(tx, {
        userId: p.id,
        currency: 'gold',
        amountMinor: 100 + i,
        reference: `game:${i}`,
        idempotencyKey: `h-win-${i}`,
        createdAt: new Date(MARCH + i * 60_000).toISOString(),
      });
    }
    await creditPurchase(tx, {
      userId: p.id,
      purchaseId: 'h-p1',
      amountUsdCents: 1999,
      goldCoins: 40_000,
      sweepsCents: 2000,
      nowMs: MARCH - 3600_000,
      promoSettings: settings,
      packageLabel: '40,000 Gold Coins',
    });
    await spendSweeps(tx, {
      userId: p.id,
      amountMinor: 500,
      reference: 'game:s',
      idempotencyKey: 'h-bet-1',
      createdAt: new Date(MARCH + 3600_000).toISOString(),
    });
    await creditWin(tx, {
      userId: p.id,
      currency: 'sweeps',
      amountMinor: 1200,
      reference: 'game:s',
      idempotencyKey: 'h-swin-1',
      createdAt: new Date(MARCH + 3700_000).toISOString(),
    });
    await spendGold(tx, {
      userId: p.id,
      amountMinor: 1000,
      reference: 'game:g',
      idempotencyKey: 'h-gbet',
      createdAt: new Date(NYE).toISOString(),
    });
    // A redemption of 5.00 as the redemption issue will write it: redeemable -> pending, then paid out.
    await postLedgerEntry(tx, {
      userId: p.id,
      currency: 'sweeps',
      bucket: 'redeemable',
      amountMinor: -500,
      kind: 'redemption',
      reference: 'redemption:1',
      idempotencyKey: 'h-red-1',
      createdAt: new Date(MARCH + 7200_000).toISOString(),
    });
    await postLedgerEntry(tx, {
      userId: p.id,
      currency: 'sweeps',
      bucket: 'pending_redemption',
      amountMinor: 500,
      kind: 'redemption',
      reference: 'redemption:1',
      idempotencyKey: 'h-red-2',
      createdAt: new Date(MARCH + 7200_000).toISOString(),
    });
    await postLedgerEntry(tx, {
      userId: p.id,
      currency: 'sweeps',
      bucket: 'pending_redemption',
      amountMinor: -500,
      kind: 'redemption',
      reference: 'redemption:1',
      idempotencyKey: 'h-red-3',
      createdAt: new Date(MARCH + 7300_000).toISOString(),
    });
  });
  const win0 = await ctx.db.query<{ id: string }>(
    `SELECT id FROM ledger_entries WHERE idempotency_key = 'h-win-0:gold:main'`,
  );
  await transaction(ctx.db, (tx) =>
    reverseEntry(tx, Number(win0[0]!.id), 'game voided', {
      createdAt: new Date(MARCH + 30 * 60_000).toISOString(),
    }),
  );
});
afterAll(async () => ctx?.close());

const get = <T = Record<string, unknown>>(path: string) => p.client.request<T>('GET', path);

describe('coin histories', () => {
  it('pages the Gold history newest first, 20 a page, with count and next/previous links', async () => {
    const first = await get<
      Record<string, unknown> & { results: Array<Record<string, unknown>>; next: string }
    >(WALLET_API_PATHS.goldTransactions);
    expect(first.status).toBe(200);
    expect(is(first.body, GoldTransactionsPageSchema)).toBe(true);
    // 25 wins + purchase + bet + reversal
    expect(first.body.count).toBe(28);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.previous).toBeNull();
    expect(first.body.results[0]).toMatchObject({
      kind: 'bet',
      amount: -1000,
      currency: 'gold',
      bucket: 'main',
      reference: 'game:g',
    });
    expect(first.body.next).toMatch(/^\/api\/v1\/wallet\/transactions\/gold\?timestamp=.*&page=2$/);
    const second = await get<{ results: unknown[]; next: string | null; previous: string; page: number }>(
      first.body.next,
    );
    expect(second.body.page).toBe(2);
    expect(second.body.results).toHaveLength(8);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toMatch(/page=1$/);
    const oldest = second.body.results[7] as Record<string, unknown>;
    // Dated before the wins but written after them (25 wins = 2,800 Gold): balance_after is as written.
    expect(oldest).toMatchObject({
      kind: 'purchase',
      amount: 40_000,
      balance_after: 42_800,
      description: 'Purchase: 40,000 Gold Coins',
    });
  });

  it('pins the list with timestamp so new entries do not shift pages', async () => {
    const first = await get<{ next: string; filters: { timestamp: string } }>(
      WALLET_API_PATHS.goldTransactions,
    );
    ctx.clock.advance(120);
    await transaction(ctx.db, (tx) =>
      creditWin(tx, {
        userId: p.id,
        currency: 'gold',
        amountMinor: 5,
        reference: 'late',
        idempotencyKey: `late-${Date.now()}`,
        createdAt: new Date(ctx.clock.now - 1000).toISOString(),
      }),
    );
    const fresh = await get<{ count: number }>(WALLET_API_PATHS.goldTransactions);
    expect(fresh.body.count).toBe(29);
    const again = await get<{ count: number }>(
      `${WALLET_API_PATHS.goldTransactions}?timestamp=${encodeURIComponent(first.body.filters.timestamp)}`,
    );
    expect(again.body.count).toBe(28);
  });

  it('filters by kind and by Eastern-time dates; Sweeps history has its own shape', async () => {
    const wins = await get<{ count: number }>(
      `${WALLET_API_PATHS.goldTransactions}?kind=win&start_date=2025-03-10&end_date=2025-03-10`,
    );
    expect(wins.body.count).toBe(25);
    // 23:30 ET on Dec 31 belongs to 2025-12-31 (though it is Jan 1 in UTC).
    const nye = await get<{ count: number }>(
      `${WALLET_API_PATHS.goldTransactions}?start_date=2025-12-31&end_date=2025-12-31`,
    );
    expect(nye.body.count).toBe(1);
    const sweeps = await get<Record<string, unknown> & { transactions: Array<Record<string, unknown>> }>(
      `${WALLET_API_PATHS.sweepsTransactions}?kind=bet`,
    );
    expect(is(sweeps.body, SweepsTransactionsPageSchema)).toBe(true);
    expect(sweeps.body).toMatchObject({
      count: 1,
      page_number: 1,
      total_pages: 1,
      next: null,
      previous: null,
      filters: { kind: 'bet' },
    });
    // 20.00 paid - 5.00 played = 15.00 total after the bet.
    expect(sweeps.body.transactions[0]).toMatchObject({ amount: -5, balance_after: 15, bucket: 'paid' });
    const all = await get<{ count: number; total_pages: number }>(WALLET_API_PATHS.sweepsTransactions);
    expect(all.body).toMatchObject({ count: 6, total_pages: 1 });
  });

  it('answers 400 for bad filters and pages, 401 without sign-in', async () => {
    const cases: Array<[string, string]> = [
      ['?kind=jackpot', 'kind'],
      ['?start_date=2025-02-30', 'start_date'],
      ['?end_date=yesterday', 'end_date'],
      ['?start_date=2025-03-11&end_date=2025-03-10', 'start_date'],
      ['?timestamp=not-a-time', 'timestamp'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=3', 'page'],
      ['?colour=red', 'colour'],
    ];
    for (const [q, field] of cases) {
      const res = await get(`${WALLET_API_PATHS.goldTransactions}${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    const anon = await ctx.app.request(`/api/v1${WALLET_API_PATHS.sweepsTransactions}`);
    expect(anon.status).toBe(401);
  });

  it('answers the transaction filters', async () => {
    const res = await get<{
      filters: Array<{ value: string; currencies: string[] }>;
      first_year: number;
      page_size: number;
    }>(WALLET_API_PATHS.transactionFilters);
    expect(is(res.body, TransactionFiltersResponseSchema)).toBe(true);
    expect(res.body.page_size).toBe(20);
    expect(res.body.first_year).toBe(2025);
    expect(res.body.filters.find((f) => f.value === 'redemption')?.currencies).toEqual(['sweeps']);
    expect(res.body.filters.map((f) => f.value)).toContain('purchase');
  });
});

describe('yearly summary', () => {
  it('totals each currency by kind for the Eastern-time calendar year, with purchases in USD', async () => {
    const res = await get(yearlySummaryPath(2025));
    expect(res.status).toBe(200);
    expect(is(res.body, YearlySummarySchema)).toBe(true);
    const wins = Array.from({ length: 25 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect(res.body).toEqual({
      year: 2025,
      time_zone: 'America/New_York',
      gold: {
        purchased: 40_000,
        bonuses: 0,
        promos: 0,
        played: 1000,
        won: wins,
        redeemed: 0,
        applied_to_purchases: 0,
        adjustments: -100,
      },
      sweeps: {
        purchased: 20,
        bonuses: 0,
        promos: 0,
        played: 5,
        won: 12,
        redeemed: 5,
        applied_to_purchases: 0,
        adjustments: 0,
      },
      purchases_usd: 19.99,
      purchase_count: 1,
    });
    const empty = await get(yearlySummaryPath(2024));
    expect(empty.body).toMatchObject({ gold: { purchased: 0 }, purchases_usd: 0, purchase_count: 0 });
  });

  it('refuses years that are not a plausible calendar year', async () => {
    const next = new Date(ctx.clock.now).getUTCFullYear() + 2;
    for (const y of ['1999', String(next), 'abcd', '20255', '-1']) {
      const res = await get(yearlySummaryPath(y));
      expect(res.status, y).toBe(400);
      expect(res.body).toMatchObject({ code: WALLET_ERROR_CODES.INVALID_YEAR, field: 'year' });
    }
  });
});
