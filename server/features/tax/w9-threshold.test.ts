/**
 * The W-9 threshold on PGlite and PostgreSQL: exact at $599.99 / $600.00, statuses that count,
 * the Eastern Time calendar year around New Year's Eve, and the required mark it leaves. The
 * redemptions table is the redemption feature's; this file replaces it, in its own database,
 * with the four columns the rule may rely on, so the rule is tested apart from that feature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import {
  easternCalendarYear,
  redeemedThisTaxYearCents,
  W9_THRESHOLD_USD_CENTS,
  w9RequiredBeforeRedemption,
} from './w9-threshold.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  await ctx.db.exec(`DROP TABLE IF EXISTS redemptions CASCADE;
    CREATE TABLE redemptions (
      user_id uuid NOT NULL,
      usd_cents bigint NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL
    );`);
});
afterAll(async () => ctx?.close());

const at = (iso: string) => Date.parse(iso);
const MID_YEAR = at('2026-06-15T16:00:00Z');

async function redeemed(userId: string, cents: number, createdAt: string, status = 'pending'): Promise<void> {
  await ctx.db.query(
    'INSERT INTO redemptions (user_id, usd_cents, status, created_at) VALUES ($1, $2, $3, $4)',
    [userId, cents, status, createdAt],
  );
}
const w9StateOf = async (userId: string) =>
  (await ctx.db.query<{ w9_state: string }>('SELECT w9_state FROM users WHERE id = $1', [userId]))[0]!
    .w9_state;

describe('easternCalendarYear', () => {
  it('turns at midnight in New York, 05:00 UTC on 1 January', () => {
    const lastMoment = easternCalendarYear(at('2027-01-01T04:59:59.999Z'));
    expect(lastMoment).toEqual({
      year: 2026,
      startMs: at('2026-01-01T05:00:00Z'),
      endMs: at('2027-01-01T05:00:00Z'),
    });
    const firstMoment = easternCalendarYear(at('2027-01-01T05:00:00Z'));
    expect(firstMoment).toEqual({
      year: 2027,
      startMs: at('2027-01-01T05:00:00Z'),
      endMs: at('2028-01-01T05:00:00Z'),
    });
    // Already 2027 in UTC, still New Year's Eve in New York.
    expect(easternCalendarYear(at('2027-01-01T02:00:00Z')).year).toBe(2026);
  });

  it('is the same year through daylight saving time changes', () => {
    for (const iso of [
      '2026-03-08T06:59:00Z',
      '2026-03-08T07:01:00Z',
      '2026-11-01T05:59:00Z',
      '2026-11-01T06:01:00Z',
    ])
      expect(easternCalendarYear(at(iso)).year).toBe(2026);
  });
});

describe('w9RequiredBeforeRedemption', () => {
  it(`is exact at the threshold: $599.99 passes, $600.00 requires a W-9`, async () => {
    expect(W9_THRESHOLD_USD_CENTS).toBe(60_000);
    const below = await signUpPlayer(ctx);
    await redeemed(below.id, 50_000, '2026-03-01T12:00:00Z');
    expect(await w9RequiredBeforeRedemption(ctx.db, below.id, 9_999, MID_YEAR)).toBe(false);
    expect(await w9StateOf(below.id)).toBe('not_required');

    const at600 = await signUpPlayer(ctx);
    await redeemed(at600.id, 50_000, '2026-03-01T12:00:00Z');
    expect(await w9RequiredBeforeRedemption(ctx.db, at600.id, 10_000, MID_YEAR)).toBe(true);
    expect(await w9StateOf(at600.id)).toBe('required');

    const single = await signUpPlayer(ctx);
    expect(await w9RequiredBeforeRedemption(ctx.db, single.id, 60_000, MID_YEAR)).toBe(true);
    expect(await w9StateOf(single.id)).toBe('required');
  });

  it('counts every status except cancelled and rejected', async () => {
    const p = await signUpPlayer(ctx);
    for (const status of ['cancelled', 'rejected'])
      await redeemed(p.id, 59_000, '2026-02-01T12:00:00Z', status);
    expect(await redeemedThisTaxYearCents(ctx.db, p.id, MID_YEAR)).toBe(0);
    expect(await w9RequiredBeforeRedemption(ctx.db, p.id, 59_999, MID_YEAR)).toBe(false);
    for (const status of ['pending', 'approved', 'sent', 'paid'])
      await redeemed(p.id, 10_000, '2026-02-01T12:00:00Z', status);
    expect(await redeemedThisTaxYearCents(ctx.db, p.id, MID_YEAR)).toBe(40_000);
    expect(await w9RequiredBeforeRedemption(ctx.db, p.id, 19_999, MID_YEAR)).toBe(false);
    expect(await w9RequiredBeforeRedemption(ctx.db, p.id, 20_000, MID_YEAR)).toBe(true);
  });

  it("counts only the Eastern Time calendar year, around New Year's Eve", async () => {
    const p = await signUpPlayer(ctx);
    // 23:59:59 on 31 December 2026 in New York (04:59:59 UTC on 1 January 2027).
    await redeemed(p.id, 55_000, '2027-01-01T04:59:59Z');
    const newYearsEve = at('2027-01-01T04:59:59.500Z');
    const newYear = at('2027-01-01T05:00:00Z');
    expect(await redeemedThisTaxYearCents(ctx.db, p.id, newYearsEve)).toBe(55_000);
    expect(await redeemedThisTaxYearCents(ctx.db, p.id, newYear)).toBe(0);
    // The same $50 request: over the threshold in 2026, a fresh start in 2027.
    expect(await w9RequiredBeforeRedemption(ctx.db, p.id, 5_000, newYear)).toBe(false);
    expect(await w9StateOf(p.id)).toBe('not_required');
    expect(await w9RequiredBeforeRedemption(ctx.db, p.id, 5_000, newYearsEve)).toBe(true);

    // A redemption at 00:00 ET on 1 January belongs to the new year.
    const q = await signUpPlayer(ctx);
    await redeemed(q.id, 55_000, '2027-01-01T05:00:00Z');
    expect(await redeemedThisTaxYearCents(ctx.db, q.id, newYearsEve)).toBe(0);
    expect(await redeemedThisTaxYearCents(ctx.db, q.id, newYear)).toBe(55_000);
  });

  it('asks nothing of a confirmed W-9, keeps required and mismatched, and marks in its own statement', async () => {
    const confirmed = await signUpPlayer(ctx);
    await ctx.db.query(`UPDATE users SET w9_state = 'confirmed' WHERE id = $1`, [confirmed.id]);
    expect(await w9RequiredBeforeRedemption(ctx.db, confirmed.id, 1_000_000, MID_YEAR)).toBe(false);
    expect(await w9StateOf(confirmed.id)).toBe('confirmed');

    const mismatched = await signUpPlayer(ctx);
    await ctx.db.query(`UPDATE users SET w9_state = 'mismatched' WHERE id = $1`, [mismatched.id]);
    expect(await w9RequiredBeforeRedemption(ctx.db, mismatched.id, 60_000, MID_YEAR)).toBe(true);
    expect(await w9StateOf(mismatched.id)).toBe('mismatched');

    // Once required, a small request is still held back until the W-9 is confirmed.
    const required = await signUpPlayer(ctx);
    expect(await w9RequiredBeforeRedemption(ctx.db, required.id, 60_000, MID_YEAR)).toBe(true);
    expect(await w9RequiredBeforeRedemption(ctx.db, required.id, 100, MID_YEAR)).toBe(true);
    // The mark was committed by itself: another handle reads it at once.
    expect(await w9StateOf(required.id)).toBe('required');
  });

  it('answers the same under a burst of requests for one player', async () => {
    const p = await signUpPlayer(ctx);
    await redeemed(p.id, 59_000, '2026-05-01T12:00:00Z');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => w9RequiredBeforeRedemption(ctx.db, p.id, 1_000, MID_YEAR)),
    );
    expect(answers).toEqual(Array(10).fill(true));
    expect(await w9StateOf(p.id)).toBe('required');
  });
});
