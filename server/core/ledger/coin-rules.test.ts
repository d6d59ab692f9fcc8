import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/transaction.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { creditWin, NotReversibleError, reverseEntry, spendGold, spendSweeps } from './coin-rules.ts';
import { InsufficientFundsError, LedgerKeyConflictError, postLedgerEntry, type Bucket } from './ledger.ts';
import { creditPurchase } from '../../features/payments/purchase-credit.ts';
import { readBalances } from './balances.ts';
import { bucketBalances, ledgerViolations, signUpPlayer } from '../../test-support/wallet-test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const settings = { welcomePromoSweepsCents: 100, goldOnly: false };
let seq = 0;
const key = (tag: string) => `${tag}-${++seq}-${Math.random().toString(36).slice(2)}`;

async function fund(userId: string, bucket: Bucket, cents: number) {
  await transaction(ctx.db, (tx) =>
    postLedgerEntry(tx, {
      userId,
      currency: 'sweeps',
      bucket,
      amountMinor: cents,
      kind: bucket === 'redeemable' ? 'win' : bucket === 'paid' ? 'purchase' : 'bonus',
      reference: 'test',
      idempotencyKey: key('fund'),
    }),
  );
}

describe('Sweeps spending and winning rules', () => {
  it('spends paid first, then free, then redeemable; wins go to redeemable', async () => {
    const p = await signUpPlayer(ctx);
    await fund(p.id, 'paid', 300);
    await fund(p.id, 'free', 500);
    await fund(p.id, 'redeemable', 1000);
    const spend1 = await transaction(ctx.db, (tx) =>
      spendSweeps(tx, { userId: p.id, amountMinor: 200, reference: 'game:1', idempotencyKey: key('bet') }),
    );
    expect(spend1.parts.map((x) => [x.bucket, x.amountMinor])).toEqual([['paid', -200]]);
    // Crosses buckets: 100 paid left, then 500 free, then 100 redeemable.
    const spend2 = await transaction(ctx.db, (tx) =>
      spendSweeps(tx, { userId: p.id, amountMinor: 700, reference: 'game:1', idempotencyKey: key('bet') }),
    );
    expect(spend2.parts.map((x) => [x.bucket, x.amountMinor])).toEqual([
      ['paid', -100],
      ['free', -500],
      ['redeemable', -100],
    ]);
    expect(spend2.currencyTotalAfterMinor).toBe(900);
    await transaction(ctx.db, (tx) =>
      creditWin(tx, {
        userId: p.id,
        currency: 'sweeps',
        amountMinor: 450,
        reference: 'game:1',
        idempotencyKey: key('win'),
      }),
    );
    expect(await bucketBalances(ctx.db, p.id)).toMatchObject({
      'sweeps:paid': 0,
      'sweeps:free': 0,
      'sweeps:redeemable': 1350,
    });
    const wire = await readBalances(ctx.db, p.id);
    expect(wire.balance_total_ghc).toBe(13.5);
    expect(wire.balance_redeemable_available_ghc).toBe(13.5);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('unplayed coins become redeemable only through play', async () => {
    const p = await signUpPlayer(ctx);
    await fund(p.id, 'free', 1000);
    let w = await readBalances(ctx.db, p.id);
    expect([w.balance_free_ghc, w.balance_redeemable_ghc]).toEqual([10, 0]);
    // Play all 10.00 unplayed coins and win 4.00 back: only the 4.00 won is redeemable.
    await transaction(ctx.db, (tx) =>
      spendSweeps(tx, { userId: p.id, amountMinor: 1000, reference: 'g', idempotencyKey: key('bet') }),
    );
    await transaction(ctx.db, (tx) =>
      creditWin(tx, {
        userId: p.id,
        currency: 'sweeps',
        amountMinor: 400,
        reference: 'g',
        idempotencyKey: key('win'),
      }),
    );
    w = await readBalances(ctx.db, p.id);
    expect([w.balance_free_ghc, w.balance_redeemable_ghc, w.balance_total_ghc]).toEqual([0, 4, 4]);
  });

  it('refuses an overdraft without writing anything', async () => {
    const p = await signUpPlayer(ctx);
    await fund(p.id, 'paid', 100);
    await fund(p.id, 'redeemable', 100);
    const before = await bucketBalances(ctx.db, p.id);
    await expect(
      transaction(ctx.db, (tx) =>
        spendSweeps(tx, { userId: p.id, amountMinor: 201, reference: 'g', idempotencyKey: key('bet') }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      transaction(ctx.db, (tx) =>
        spendGold(tx, { userId: p.id, amountMinor: 1, reference: 'g', idempotencyKey: key('bet') }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await bucketBalances(ctx.db, p.id)).toEqual(before);
    await expect(
      transaction(ctx.db, (tx) =>
        spendSweeps(tx, { userId: p.id, amountMinor: 0, reference: 'g', idempotencyKey: key('bet') }),
      ),
    ).rejects.toThrow(/positive/);
  });

  it('a repeated key answers the first spend and spends nothing more', async () => {
    const p = await signUpPlayer(ctx);
    await fund(p.id, 'free', 500);
    const k = key('bet');
    const first = await transaction(ctx.db, (tx) =>
      spendSweeps(tx, { userId: p.id, amountMinor: 300, reference: 'g', idempotencyKey: k }),
    );
    const again = await transaction(ctx.db, (tx) =>
      spendSweeps(tx, { userId: p.id, amountMinor: 300, reference: 'g', idempotencyKey: k }),
    );
    expect(again.replayed).toBe(true);
    expect(again.parts).toEqual(first.parts);
    expect((await bucketBalances(ctx.db, p.id))['sweeps:free']).toBe(200);
  });
});

describe('ledger keys: the same key is a replay of the same entry, never of a different one', () => {
  const gold = (
    userId: string,
    amountMinor: number,
    idempotencyKey: string,
    kind: 'bonus' | 'win' = 'bonus',
  ) =>
    transaction(ctx.db, (tx) =>
      postLedgerEntry(tx, {
        userId,
        currency: 'gold',
        bucket: 'main',
        amountMinor,
        kind,
        reference: 'test',
        idempotencyKey,
      }),
    );
  const entriesUnder = (k: string) =>
    ctx.db.query<{ amount_minor: string | number }>(
      'SELECT amount_minor FROM ledger_entries WHERE idempotency_key LIKE $1',
      [`${k}%`],
    );

  it('one key, two amounts: the second is refused and the balance moved once', async () => {
    const p = await signUpPlayer(ctx);
    const k = key('credit');
    const first = await gold(p.id, 500, k);
    expect(first.replayed).toBe(false);
    const refused = await gold(p.id, 900, k).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LedgerKeyConflictError);
    expect((refused as LedgerKeyConflictError).differs).toEqual(['amount']);
    expect((refused as LedgerKeyConflictError).message).toMatch(
      /already used for a different entry \(amount differ\)/,
    );
    expect((await bucketBalances(ctx.db, p.id))['gold:main']).toBe(500);
    expect(await entriesUnder(k)).toHaveLength(1);
  });

  it('one key, same entry twice: one move, the second answers the first', async () => {
    const p = await signUpPlayer(ctx);
    const k = key('credit');
    const first = await gold(p.id, 500, k);
    const again = await gold(p.id, 500, k);
    expect(again).toEqual({ ...first, replayed: true });
    expect((await bucketBalances(ctx.db, p.id))['gold:main']).toBe(500);
    expect(await entriesUnder(k)).toHaveLength(1);
  });

  it('one key, another player, kind or bucket: refused, naming what differs', async () => {
    const [p, q] = [await signUpPlayer(ctx), await signUpPlayer(ctx)];
    const k = key('credit');
    await gold(p.id, 500, k);
    await expect(gold(q.id, 500, k)).rejects.toMatchObject({ differs: ['player'] });
    await expect(gold(p.id, 500, k, 'win')).rejects.toMatchObject({ differs: ['kind'] });
    await expect(
      transaction(ctx.db, (tx) =>
        postLedgerEntry(tx, {
          userId: p.id,
          currency: 'sweeps',
          bucket: 'free',
          amountMinor: 700,
          kind: 'bonus',
          reference: 'test',
          idempotencyKey: k,
        }),
      ),
    ).rejects.toMatchObject({ differs: ['currency', 'bucket', 'amount'] });
    expect(await bucketBalances(ctx.db, p.id)).toMatchObject({ 'gold:main': 500 });
    expect((await bucketBalances(ctx.db, q.id))['gold:main'] ?? 0).toBe(0);
    expect(await entriesUnder(k)).toHaveLength(1);
  });

  it('a Sweeps spend split over buckets: the same amount replays, another amount is refused', async () => {
    const p = await signUpPlayer(ctx);
    await fund(p.id, 'paid', 100);
    await fund(p.id, 'free', 500);
    const k = key('bet');
    const spend = (amountMinor: number, userId = p.id) =>
      transaction(ctx.db, (tx) =>
        spendSweeps(tx, { userId, amountMinor, reference: 'g', idempotencyKey: k }),
      );
    const first = await spend(300);
    expect(first.parts.map((x) => x.amountMinor)).toEqual([-100, -200]);
    // Balances changed since (the split would now differ), yet the same spend is a replay.
    await fund(p.id, 'paid', 1000);
    const again = await spend(300);
    expect(again).toEqual({ ...first, replayed: true });
    await expect(spend(400)).rejects.toMatchObject({ name: 'LedgerKeyConflictError', differs: ['amount'] });
    const other = await signUpPlayer(ctx);
    await fund(other.id, 'paid', 1000);
    await expect(spend(300, other.id)).rejects.toMatchObject({ differs: ['player'] });
    expect(await bucketBalances(ctx.db, p.id)).toMatchObject({ 'sweeps:paid': 1000, 'sweeps:free': 300 });
    expect((await bucketBalances(ctx.db, other.id))['sweeps:paid']).toBe(1000);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});

describe('reverseEntry', () => {
  it('writes the opposite entry once, refuses to reverse a reversal, and never goes negative', async () => {
    const p = await signUpPlayer(ctx);
    const credit = await transaction(ctx.db, (tx) =>
      creditPurchase(tx, {
        userId: p.id,
        purchaseId: key('pur'),
        amountUsdCents: 999,
        goldCoins: 10_000,
        sweepsCents: 500,
        nowMs: ctx.clock.now,
        promoSettings: settings,
      }),
    );
    const [goldEntry, sweepsEntry] = credit.entryIds as [number, number];
    const rev = await transaction(ctx.db, (tx) => reverseEntry(tx, goldEntry, 'chargeback'));
    expect(rev.parts[0]).toMatchObject({ bucket: 'main', amountMinor: -10_000 });
    const again = await transaction(ctx.db, (tx) => reverseEntry(tx, goldEntry, 'chargeback'));
    expect(again.replayed).toBe(true);
    expect((await bucketBalances(ctx.db, p.id))['gold:main']).toBe(0);
    await expect(
      transaction(ctx.db, (tx) => reverseEntry(tx, rev.parts[0]!.entryId, 'oops')),
    ).rejects.toBeInstanceOf(NotReversibleError);
    await expect(transaction(ctx.db, (tx) => reverseEntry(tx, 999_999_999, 'x'))).rejects.toBeInstanceOf(
      NotReversibleError,
    );
    // The Sweeps were played away: reversing their purchase would go negative, so it is refused.
    await transaction(ctx.db, (tx) =>
      spendSweeps(tx, { userId: p.id, amountMinor: 400, reference: 'g', idempotencyKey: key('bet') }),
    );
    await expect(
      transaction(ctx.db, (tx) => reverseEntry(tx, sweepsEntry, 'chargeback')),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const rows = await ctx.db.query<{ kind: string; description: string; reference: string }>(
      `SELECT kind, description, reference FROM ledger_entries WHERE reverses_entry_id = $1`,
      [goldEntry],
    );
    expect(rows).toEqual([
      { kind: 'reversal', description: 'Reversal: chargeback', reference: `entry:${goldEntry}` },
    ]);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});

/** Small fast deterministic PRNG (mulberry32): the same seed replays the same sequence. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ledger property: random operations keep sum(entries) = balances and nothing negative', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}`, async () => {
      const rand = prng(seed);
      const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
      const players = [await signUpPlayer(ctx), await signUpPlayer(ctx)];
      const entryIds: number[] = [];
      const usedKeys: string[] = [];
      // A model of what each balance must be, to check the rules as well as the invariants.
      const model = new Map<string, number>();
      const add = (u: string, k: string, v: number) =>
        model.set(`${u}|${k}`, (model.get(`${u}|${k}`) ?? 0) + v);
      let refused = 0;
      let conflicts = 0;
      for (let step = 0; step < 120; step++) {
        const p = players[int(0, 1)]!;
        const op = int(0, 6);
        const reuse = usedKeys.length > 0 && rand() < 0.1;
        const k = reuse ? usedKeys[int(0, usedKeys.length - 1)]! : `prop-${seed}-${step}`;
        try {
          await transaction(ctx.db, async (tx) => {
            if (op === 0) {
              const r = await creditPurchase(tx, {
                userId: p.id,
                purchaseId: k,
                amountUsdCents: int(100, 5000),
                goldCoins: int(1, 50_000),
                sweepsCents: int(0, 2000),
                nowMs: ctx.clock.now,
                promoSettings: settings,
              });
              if (!r.replayed) entryIds.push(...r.entryIds);
            } else if (op === 1 || op === 2) {
              const r = await spendSweeps(tx, {
                userId: p.id,
                amountMinor: int(1, 1500),
                reference: 'p',
                idempotencyKey: k,
              });
              if (!r.replayed) entryIds.push(...r.parts.map((x) => x.entryId));
            } else if (op === 3) {
              const r = await creditWin(tx, {
                userId: p.id,
                currency: rand() < 0.5 ? 'gold' : 'sweeps',
                amountMinor: int(1, 3000),
                reference: 'p',
                idempotencyKey: k,
              });
              if (!r.replayed) entryIds.push(...r.parts.map((x) => x.entryId));
            } else if (op === 4) {
              const r = await spendGold(tx, {
                userId: p.id,
                amountMinor: int(1, 20_000),
                reference: 'p',
                idempotencyKey: k,
              });
              if (!r.replayed) entryIds.push(...r.parts.map((x) => x.entryId));
            } else if (op === 5 && entryIds.length > 0) {
              await reverseEntry(tx, entryIds[int(0, entryIds.length - 1)]!, 'property test');
            } else {
              await postLedgerEntry(tx, {
                userId: p.id,
                currency: 'sweeps',
                bucket: 'free',
                amountMinor: int(1, 800),
                kind: 'bonus',
                reference: 'p',
                idempotencyKey: `${k}:sweeps:free`,
              });
            }
          });
          usedKeys.push(k);
        } catch (error) {
          if (error instanceof LedgerKeyConflictError) {
            // Only a reused key can conflict, and it wrote nothing (the invariants below hold).
            expect(reuse).toBe(true);
            conflicts += 1;
          } else if (!(error instanceof InsufficientFundsError || error instanceof NotReversibleError))
            throw error;
          refused += 1;
        }
      }
      expect(await ledgerViolations(ctx.db)).toEqual([]);
      // Rebuild the model from the ledger and compare with the balance rows (the invariant from the other side).
      for (const p of players) {
        const entries = await ctx.db.query<{
          currency: string;
          bucket: string;
          amount_minor: string | number;
        }>('SELECT currency, bucket, amount_minor FROM ledger_entries WHERE user_id = $1', [p.id]);
        for (const e of entries) add(p.id, `${e.currency}:${e.bucket}`, Number(e.amount_minor));
        const balances = await bucketBalances(ctx.db, p.id);
        for (const [bk, v] of Object.entries(balances)) expect(v).toBe(model.get(`${p.id}|${bk}`) ?? 0);
        for (const v of Object.values(balances)) expect(v).toBeGreaterThanOrEqual(0);
      }
      // The sequence exercised both paths (accepted and refused operations).
      expect(refused).toBeGreaterThan(0);
      // Keys reused for another movement were refused (10 % of the steps reuse a key).
      expect(conflicts).toBeGreaterThan(0);
      expect(entryIds.length).toBeGreaterThan(20);
    });
  }
});
