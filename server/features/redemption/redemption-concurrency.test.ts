/**
 * Redemptions against one balance under concurrency: no double spend, no passed limit, one
 * reversal per cancel, and balances always equal to the sum of their entries. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL with the requests spread over two app instances with their
 * own connection pools (so the database locks, not the in-process queue, keep the rules).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/transaction.ts';
import {
  createTestContext,
  openSecondInstance,
  type SecondInstance,
  type TestContext,
} from '../../test-support/test-app.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { approveRedemption, rejectRedemption } from './redemption-review.ts';
import {
  cancel,
  paypal,
  redeem,
  redemptionPlayer,
  sweeps,
  type Answer,
} from '../../test-support/redemption-test-support.ts';

let ctx: TestContext;
let second: SecondInstance;

beforeAll(async () => {
  ctx = await createTestContext({ REDEMPTION_LIMIT_PER_PERIOD_USD: '200' });
  second = await openSecondInstance(ctx);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

/** Gift cards: the regular minimum (25.00) lets every request of these tests be judged on the balance alone. */
const gift = (amount: number) => ({ method: 'gift_card', amount, gift_card_brand: 'amazon' });

const created = (answers: Answer[]) => answers.filter((a) => a.status === 201);

async function confirmW9(userId: string) {
  await ctx.db.query(`UPDATE users SET w9_state = 'confirmed' WHERE id = $1`, [userId]);
}

describe('one balance, many requests', () => {
  it('N requests at once: exactly as many as the redeemable balance pays, no double spend', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const clients = second.instancesOf(p.client);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem(clients[i % clients.length]!, gift(25))),
    );
    expect(created(answers)).toHaveLength(4);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(400);
      expect(a.body.code).toBe('INSUFFICIENT_REDEEMABLE');
    }
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 0, pending_redemption: 100_00 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('sequential requests sent while earlier ones are in flight: the same total, nothing below 0', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const clients = second.instancesOf(p.client);
    const inFlight: Array<Promise<Answer>> = [];
    for (let i = 0; i < 8; i++) {
      inFlight.push(redeem(clients[i % clients.length]!, gift(30)));
      await new Promise((r) => setTimeout(r, 3));
    }
    const answers = await Promise.all(inFlight);
    expect(created(answers)).toHaveLength(3);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 10_00, pending_redemption: 90_00 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('the period limit holds against a burst and against staggered requests', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 1000_00 });
    await confirmW9(p.id);
    const clients = second.instancesOf(p.client);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => redeem(clients[i % clients.length]!, gift(70))),
    );
    // Limit 200: two of 70 fit (140), a third would pass it.
    expect(created(burst)).toHaveLength(2);
    expect(burst.filter((a) => a.body.code === 'REDEMPTION_LIMIT_REACHED')).toHaveLength(6);
    const inFlight: Array<Promise<Answer>> = [];
    for (let i = 0; i < 5; i++) {
      inFlight.push(redeem(clients[i % clients.length]!, gift(30)));
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(created(await Promise.all(inFlight))).toHaveLength(2);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ pending_redemption: 200_00, redeemable: 800_00 });
  });

  it('the same key sent N times at once makes one redemption', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const clients = second.instancesOf(p.client);
    const key = randomUUID();
    const body = paypal(30, `same.${p.id}@example.com`);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => redeem(clients[i % clients.length]!, body, key)),
    );
    const ids = new Set(created(answers).map((a) => a.body.redemption.id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 70_00, pending_redemption: 30_00 });
  });
});

describe('cancels', () => {
  it('N cancels of one redemption at once return the coins once', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const clients = second.instancesOf(p.client);
    const r = await redeem(p.client, paypal(40, `c.${p.id}@example.com`));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => cancel(clients[i % clients.length]!, r.body.redemption.id)),
    );
    for (const a of answers) expect(a.status).toBe(200);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 100_00, pending_redemption: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('requests and cancels interleaved against one balance: balances = sum of entries, nothing double spent', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const clients = second.instancesOf(p.client);
    const first = await Promise.all([redeem(p.client, gift(40)), redeem(p.client, gift(40))]);
    const ids = created(first).map((a) => a.body.redemption.id as string);
    expect(ids).toHaveLength(2);
    // Cancels of both and 6 new requests of 40 at once: at most what is redeemable at each moment.
    const mixed = await Promise.all([
      ...ids.map((id, i) => cancel(clients[i % clients.length]!, id)),
      ...Array.from({ length: 6 }, (_, i) => redeem(clients[i % clients.length]!, gift(40))),
    ]);
    for (const a of mixed.slice(0, 2)) expect(a.status).toBe(200);
    const made = created(mixed.slice(2)).length;
    const after = await sweeps(ctx.db, p.id);
    expect(after.pending_redemption).toBe(made * 40_00);
    expect(after.redeemable).toBe(100_00 - made * 40_00);
    expect(made).toBeLessThanOrEqual(2);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a player cancel racing an operator approval: exactly one of them happens', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
      const r = await redeem(p.client, paypal(40, `race${round}.${p.id}@example.com`));
      const id = r.body.redemption.id as string;
      const [cancelled, approved] = await Promise.allSettled([
        cancel(p.client, id),
        transaction(second.db ?? ctx.db, (tx) => approveRedemption(tx, id, ctx.clock.now)),
      ]);
      const cancelOk = cancelled.status === 'fulfilled' && cancelled.value.status === 200;
      const approveOk = approved.status === 'fulfilled';
      expect(cancelOk !== approveOk).toBe(true);
      const s = await sweeps(ctx.db, p.id);
      expect(s).toMatchObject(
        cancelOk
          ? { redeemable: 100_00, pending_redemption: 0 }
          : { redeemable: 60_00, pending_redemption: 40_00 },
      );
    }
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a cancel racing a rejection returns the coins once', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const r = await redeem(p.client, paypal(40, `rr.${p.id}@example.com`));
    const id = r.body.redemption.id as string;
    await Promise.allSettled([
      cancel(p.client, id),
      transaction(second.db ?? ctx.db, (tx) => rejectRedemption(tx, id, 'Duplicate request', ctx.clock.now)),
    ]);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 100_00, pending_redemption: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
