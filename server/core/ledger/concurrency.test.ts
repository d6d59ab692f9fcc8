/**
 * Concurrency on a real PostgreSQL server (row locks, SERIALIZABLE retries, unique keys): many
 * simultaneous spends and purchases on one account, each request also retried at the same time
 * with the same Idempotency-Key. PGlite has a single connection and runs everything one after
 * another, so this proves nothing there: it runs only with TEST_DATABASE_URL set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import { WALLET_ERROR_CODES } from '../../../src/contract/wallet.ts';
import type { Database } from '../../db/driver.ts';
import { openPostgres } from '../../db/postgres-driver.ts';
import { transaction } from '../../db/transaction.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { spendSweeps } from './coin-rules.ts';
import { LedgerKeyConflictError, postLedgerEntry } from './ledger.ts';
import { walletTransaction } from './wallet-transaction.ts';
import {
  bucketBalances,
  ledgerViolations,
  moneyTestApp,
  signUpPlayer,
  type TestPlayer,
} from '../../test-support/wallet-test-helpers.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info(
    'concurrency.test.ts skipped: PGlite serialises every transaction on one connection, so concurrency can only be proven on PostgreSQL. Set TEST_DATABASE_URL=postgres://... to run it.',
  );
}

describe.skipIf(!onPostgres)('wallet under concurrent requests (PostgreSQL)', () => {
  let ctx: TestContext;
  /** Two server instances (own connection pools) on the same database, requests spread over both. */
  let apps: Array<ReturnType<typeof moneyTestApp>>;
  let second: Database;
  let player: TestPlayer;
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext({}, { seedDemo: false });
    const schema = (await ctx.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
    second = await openPostgres(process.env.TEST_DATABASE_URL!, { schema, max: 5 });
    apps = [moneyTestApp(ctx, { waitMs: 20_000 }), moneyTestApp(ctx, { waitMs: 20_000, db: second })];
    player = await signUpPlayer(ctx);
    await transaction(ctx.db, (tx) =>
      postLedgerEntry(tx, {
        userId: player.id,
        currency: 'sweeps',
        bucket: 'free',
        amountMinor: 10_000,
        kind: 'bonus',
        reference: 'test',
        idempotencyKey: `fund-${player.id}`,
      }),
    );
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  /** One request; a 409 IN_PROGRESS is retried with the same key like a well-behaved client. */
  async function send(path: string, body: unknown, key: string) {
    const app = apps[n++ % apps.length]!;
    for (;;) {
      const res = await app.request(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `JWT ${player.client.token}`,
          [IDEMPOTENCY_HEADER]: key,
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status === 409 && json.code === WALLET_ERROR_CODES.IDEMPOTENCY_IN_PROGRESS) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      return { status: res.status, body: json };
    }
  }

  it('60 simultaneous spends (each sent twice) of 2.50 from 100.00: exactly 40 succeed, replays identical', async () => {
    const keys = Array.from({ length: 60 }, () => crypto.randomUUID());
    const results = await Promise.all(
      keys.flatMap((key) => [
        send('/spend', { amount_cents: 250 }, key),
        send('/spend', { amount_cents: 250 }, key),
      ]),
    );
    for (let i = 0; i < keys.length; i++) {
      const [a, b] = [results[2 * i]!, results[2 * i + 1]!];
      expect(b).toEqual(a);
    }
    const ok = results.filter((r, i) => i % 2 === 0 && r.status === 201);
    const refused = results.filter((r, i) => i % 2 === 0 && r.status === 400);
    expect(ok.length).toBe(40);
    expect(refused.length).toBe(20);
    expect(refused.every((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect((await bucketBalances(ctx.db, player.id))['sweeps:free']).toBe(0);
    const bets = await ctx.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'bet'`,
      [player.id],
    );
    expect(Number(bets[0]!.n)).toBe(40);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('purchases and spends at once (each sent three times): every purchase credited once, no coin lost', async () => {
    const purchases = Array.from({ length: 30 }, (_, i) => ({
      key: crypto.randomUUID(),
      id: `conc-${i}-${Date.now()}`,
    }));
    const spends = Array.from({ length: 40 }, () => crypto.randomUUID());
    const calls = [
      ...purchases.flatMap((p) =>
        [1, 2, 3].map(() => send('/purchase', { purchase_id: p.id, gold: 1000, sweeps_cents: 100 }, p.key)),
      ),
      ...spends.flatMap((k) => [1, 2, 3].map(() => send('/spend', { amount_cents: 60 }, k))),
    ];
    const results = await Promise.all(calls);
    const purchaseResults = results.slice(0, 90);
    expect(purchaseResults.filter((r) => r.status !== 201)).toEqual([]);
    for (let i = 0; i < 30; i++) {
      expect(purchaseResults[3 * i + 1]).toEqual(purchaseResults[3 * i]);
      expect(purchaseResults[3 * i + 2]).toEqual(purchaseResults[3 * i]);
    }
    const spendResults = results.slice(90);
    for (let i = 0; i < 40; i++) {
      expect(spendResults[3 * i + 1]).toEqual(spendResults[3 * i]);
      expect(spendResults[3 * i + 2]).toEqual(spendResults[3 * i]);
    }
    const spent = spendResults.filter((r, i) => i % 3 === 0 && r.status === 201).length * 60;
    const balances = await bucketBalances(ctx.db, player.id);
    expect(balances['gold:main']).toBe(30 * 1000);
    // Everything credited is either still there or was spent by an accepted request.
    expect(balances['sweeps:paid']! + balances['sweeps:free']! + (balances['sweeps:redeemable'] ?? 0)).toBe(
      30 * 100 - spent,
    );
    const credited = await ctx.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'purchase'`,
      [player.id],
    );
    expect(Number(credited[0]!.n)).toBe(60); // Gold + Sweeps entry per purchase
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('the same spend key from two instances at once (no HTTP layer) spends once', async () => {
    const other = await signUpPlayer(ctx);
    await transaction(ctx.db, (tx) =>
      postLedgerEntry(tx, {
        userId: other.id,
        currency: 'sweeps',
        bucket: 'paid',
        amountMinor: 300,
        kind: 'purchase',
        reference: 'test',
        idempotencyKey: `fund-paid-${other.id}`,
      }),
    );
    await transaction(ctx.db, (tx) =>
      postLedgerEntry(tx, {
        userId: other.id,
        currency: 'sweeps',
        bucket: 'free',
        amountMinor: 1000,
        kind: 'bonus',
        reference: 'test',
        idempotencyKey: `fund-free-${other.id}`,
      }),
    );
    // 250 each: the first takes it from paid; a second run on fresh balances would take from free.
    const key = `same-${other.id}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        walletTransaction(i % 2 ? second : ctx.db, other.id, (tx) =>
          spendSweeps(tx, { userId: other.id, amountMinor: 250, reference: 'g', idempotencyKey: key }),
        ),
      ),
    );
    expect(new Set(results.map((r) => JSON.stringify(r.parts))).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const b = await bucketBalances(ctx.db, other.id);
    expect(b['sweeps:paid']! + b['sweeps:free']!).toBe(1050);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('one key with two amounts from two instances at once: one moves, every other is refused', async () => {
    const other = await signUpPlayer(ctx);
    const key = `two-amounts-${other.id}`;
    // Gold credits of 100 and 700 under one key, raced from both instances (the loser of the
    // insert race retries after 23505 and must then see a different entry, not "already done").
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        walletTransaction(i % 2 ? second : ctx.db, other.id, (tx) =>
          postLedgerEntry(tx, {
            userId: other.id,
            currency: 'gold',
            bucket: 'main',
            amountMinor: i % 4 < 2 ? 100 : 700,
            kind: 'bonus',
            reference: 'test',
            idempotencyKey: key,
          }),
        ),
      ),
    );
    const rows = await ctx.db.query<{ amount_minor: string | number }>(
      'SELECT amount_minor FROM ledger_entries WHERE idempotency_key = $1',
      [key],
    );
    expect(rows).toHaveLength(1);
    const won = Number(rows[0]!.amount_minor);
    // Each call of the winning amount moved or replayed it; each of the other was refused.
    results.forEach((r, i) => {
      const amount = i % 4 < 2 ? 100 : 700;
      if (amount === won) expect(r.status).toBe('fulfilled');
      else {
        expect(r.status).toBe('rejected');
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LedgerKeyConflictError);
      }
    });
    expect((await bucketBalances(ctx.db, other.id))['gold:main']).toBe(won);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
