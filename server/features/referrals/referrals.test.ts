import { randomBytes } from 'node:crypto';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { easternMidnightMs } from '../../../src/contract/eastern-time.ts';
import {
  REFERRAL_MONTHLY_CAP,
  REFERRAL_REWARD,
  ReferralsResponseSchema,
} from '../../../src/contract/referrals.ts';
import { WALLET_API_PATHS } from '../../../src/contract/wallet.ts';
import { Client, openSecondInstance, signUpPayload } from '../../test-support/test-app.ts';
import { createPaymentsContext, type PaymentsTestContext } from '../../test-support/payments-test-support.ts';
import {
  balancesOf,
  buy,
  checkPurchase,
  join,
  joinReferredBy,
  referralsOf,
  startPurchase,
  type Player,
} from '../../test-support/referrals-test-support.ts';

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => ctx?.close());

const referralRow = async (friend: Player) =>
  (
    await ctx.db.query<{
      id: string;
      referrer_id: string;
      state: string;
      no_reward_reason: string | null;
      referrer_withheld_code: string | null;
      friend_withheld_code: string | null;
    }>('SELECT * FROM referrals WHERE friend_id = $1', [friend.id])
  )[0];

const rewardEntries = async (referralId: string) =>
  ctx.db.query<{
    user_id: string;
    currency: string;
    bucket: string;
    amount_minor: string | number;
    kind: string;
  }>(
    'SELECT user_id, currency, bucket, amount_minor, kind FROM ledger_entries WHERE reference = $1 ORDER BY id',
    [`referral:${referralId}`],
  );

const R = REFERRAL_REWARD;

describe('referral code and the referrals call', () => {
  it('a player has one stable code of 10 unambiguous characters, and an empty list', async () => {
    const a = await join(ctx);
    const first = await referralsOf(a);
    expect(is(first, ReferralsResponseSchema)).toBe(true);
    expect(first.code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    expect(first.link_path).toBe(`/referral/${first.code}`);
    expect(first).toMatchObject({
      results: [],
      monthly_cap: REFERRAL_MONTHLY_CAP,
      rewarded_this_month: 0,
      referrer_reward: { reward_gld: R.referrer.goldCoins, reward_ghc: R.referrer.sweepsCents / 100 },
      friend_reward: { reward_gld: R.friend.goldCoins, reward_ghc: R.friend.sweepsCents / 100 },
    });
    // Asked for at once from several tabs: still one code.
    const again = await Promise.all([referralsOf(a), referralsOf(a), referralsOf(a)]);
    expect(new Set(again.map((r) => r.code))).toEqual(new Set([first.code]));
    const other = await join(ctx);
    expect((await referralsOf(other)).code).not.toBe(first.code);
  });

  it('needs a signed-in player', async () => {
    const res = await new Client(ctx).request('GET', '/referrals');
    expect(res.status).toBe(401);
  });
});

describe('referral recorded at join', () => {
  it('a friend joining with the code (any case, spaces around) is listed as joined', async () => {
    const a = await join(ctx);
    const { code } = await referralsOf(a);
    const friend = await join(ctx, {
      first_name: 'Jordan',
      last_name: 'Okafor',
      utm_source: 'referral',
      referral_token: ` ${code.toLowerCase()} `,
    });
    const list = await referralsOf(a);
    expect(list.results).toHaveLength(1);
    expect(list.results[0]).toMatchObject({
      friend_name: 'Jordan O.',
      state: 'joined',
      qualified_at: null,
      rewarded_at: null,
      no_reward_reason: null,
      reward_gld: 0,
      reward_ghc: 0,
    });
    expect((await referralRow(friend))?.referrer_id).toBe(a.id);
  });

  it('unknown and malformed tokens: the join succeeds and records no referral', async () => {
    const a = await join(ctx);
    const { code } = await referralsOf(a);
    const tokens = [
      'ZZZZZZZZZZ',
      code.slice(0, 9),
      `${code}X`,
      code.replace(/./, 'O'),
      '',
      '   ',
      "' OR 1=1 --",
      '%00',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '../../referral',
      'x'.repeat(128),
    ];
    for (const token of tokens) {
      const res = await new Client(ctx).request<{ token: string }>('POST', API_PATHS.users, {
        body: signUpPayload({ utm_source: 'referral', referral_token: token }),
      });
      expect(res.status, JSON.stringify(token)).toBe(201);
    }
    expect((await referralsOf(a)).results).toEqual([]);
  });

  it('fuzz: any referral_token answers 201 or a clear 4xx, never 5xx', async () => {
    const values: unknown[] = [
      null,
      42,
      true,
      [],
      {},
      { toString: 1 },
      '\u0000abc',
      'y'.repeat(129),
      'y'.repeat(10_000),
    ];
    for (let i = 0; i < 40; i++) values.push(randomBytes(1 + (i % 20)).toString('latin1'));
    for (const value of values) {
      const res = await new Client(ctx).request<{ code?: string; field?: string }>('POST', API_PATHS.users, {
        body: signUpPayload({ referral_token: value }),
      });
      expect(res.status, JSON.stringify(value)).toBeLessThan(500);
      if (res.status !== 201) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect(typeof (res.body as { message?: unknown }).message).toBe('string');
      }
    }
  });
});

describe('reward on the friend first purchase', () => {
  it('both players are rewarded once, in the coin histories as a bonus', async () => {
    const a = await join(ctx);
    const friend = await joinReferredBy(ctx, a);
    const aBefore = await balancesOf(a.client);
    const fBefore = await balancesOf(friend.client);
    await buy(ctx, friend.client);
    const aAfter = await balancesOf(a.client);
    const fAfter = await balancesOf(friend.client);
    expect(aAfter.balance_total_gld - aBefore.balance_total_gld).toBe(R.referrer.goldCoins);
    expect(aAfter.balance_total_ghc - aBefore.balance_total_ghc).toBeCloseTo(R.referrer.sweepsCents / 100, 2);
    // The friend: the package (50,000 Gold + 5 Sweeps) and the welcome share.
    expect(fAfter.balance_total_gld - fBefore.balance_total_gld).toBe(50_000 + R.friend.goldCoins);
    expect(fAfter.balance_total_ghc - fBefore.balance_total_ghc).toBeCloseTo(
      5 + R.friend.sweepsCents / 100,
      2,
    );

    const list = await referralsOf(a);
    expect(list.results[0]).toMatchObject({
      state: 'rewarded',
      no_reward_reason: null,
      reward_gld: R.referrer.goldCoins,
      reward_ghc: R.referrer.sweepsCents / 100,
    });
    expect(list.results[0]!.rewarded_at).not.toBeNull();
    expect(list.rewarded_this_month).toBe(1);

    const row = await referralRow(friend);
    const entries = await rewardEntries(row!.id);
    expect(entries.map((e) => [e.user_id, e.currency, e.bucket, Number(e.amount_minor), e.kind])).toEqual([
      [a.id, 'gold', 'main', R.referrer.goldCoins, 'bonus'],
      [a.id, 'sweeps', 'free', R.referrer.sweepsCents, 'bonus'],
      [friend.id, 'gold', 'main', R.friend.goldCoins, 'bonus'],
      [friend.id, 'sweeps', 'free', R.friend.sweepsCents, 'bonus'],
    ]);
    const gold = await a.client.request<{ results: Array<{ description: string; amount: number }> }>(
      'GET',
      WALLET_API_PATHS.goldTransactions,
    );
    expect(JSON.stringify(gold.body)).toContain('Referral reward');

    // A second purchase rewards nobody again.
    await buy(ctx, friend.client);
    expect((await balancesOf(a.client)).balance_total_gld).toBe(aAfter.balance_total_gld);
    expect(await rewardEntries(row!.id)).toHaveLength(4);
  });

  it('the referral qualifies when the first purchase is credited, not when it starts', async () => {
    const a = await join(ctx);
    const friend = await joinReferredBy(ctx, a);
    const started = await startPurchase(ctx, friend.client);
    expect((await referralRow(friend))?.state).toBe('joined');
    await checkPurchase(friend.client, started.purchase_id);
    expect((await referralRow(friend))?.state).toBe('rewarded');
  });

  it('racing credits of the first purchase (status checks, webhook) and two first purchases at once reward once', async () => {
    const a = await join(ctx);
    const friend = await joinReferredBy(ctx, a);
    const aBefore = await balancesOf(a.client);
    const p1 = await startPurchase(ctx, friend.client);
    const p2 = await startPurchase(ctx, friend.client);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        checkPurchase(friend.client, i % 2 ? p1.purchase_id : p2.purchase_id),
      ),
      ctx.flushWebhooks(),
    ]);
    await ctx.flushWebhooks();
    const row = await referralRow(friend);
    expect(row?.state).toBe('rewarded');
    expect(await rewardEntries(row!.id)).toHaveLength(4);
    expect((await balancesOf(a.client)).balance_total_gld - aBefore.balance_total_gld).toBe(
      R.referrer.goldCoins,
    );
  });

  it('two app instances settling the same first purchase reward once (PostgreSQL: two pools)', async () => {
    const second = await openSecondInstance(ctx);
    try {
      const a = await join(ctx);
      const friend = await joinReferredBy(ctx, a);
      // Two first purchases, each settled on both instances at once.
      const p1 = await startPurchase(ctx, friend.client);
      const p2 = await startPurchase(ctx, friend.client);
      const clients = second.instancesOf(friend.client);
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          checkPurchase(clients[i % clients.length]!, (i >> 1) % 2 ? p1.purchase_id : p2.purchase_id),
        ),
      );
      const row = await referralRow(friend);
      expect(row?.state).toBe('rewarded');
      expect(await rewardEntries(row!.id)).toHaveLength(4);
      expect((await referralsOf(a)).rewarded_this_month).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('limits', () => {
  it(`monthly cap: a burst of ${REFERRAL_MONTHLY_CAP + 2} first purchases rewards ${REFERRAL_MONTHLY_CAP}; the next Eastern month pays again`, async () => {
    const a = await join(ctx);
    const friends: Player[] = [];
    for (let i = 0; i < REFERRAL_MONTHLY_CAP + 2; i++) friends.push(await joinReferredBy(ctx, a));
    const started = await Promise.all(friends.map((f) => startPurchase(ctx, f.client)));
    await Promise.all(friends.map((f, i) => checkPurchase(f.client, started[i]!.purchase_id)));
    const rows = await Promise.all(friends.map(referralRow));
    expect(rows.filter((r) => r?.state === 'rewarded')).toHaveLength(REFERRAL_MONTHLY_CAP);
    const capped = rows.filter((r) => r?.no_reward_reason === 'monthly_cap');
    expect(capped).toHaveLength(2);
    expect(capped.every((r) => r?.state === 'qualified')).toBe(true);
    const paid = await ctx.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'bonus' AND currency = 'gold' AND reference LIKE 'referral:%'`,
      [a.id],
    );
    expect(Number(paid[0]?.n)).toBe(REFERRAL_MONTHLY_CAP);
    const list = await referralsOf(a);
    expect(list.rewarded_this_month).toBe(REFERRAL_MONTHLY_CAP);
    expect(list.results.filter((r) => r.no_reward_reason === 'monthly_cap')).toHaveLength(2);

    // Sequential first purchases sent while earlier ones are still in flight: still capped.
    const late = await joinReferredBy(ctx, a);
    const lateBuy = await startPurchase(ctx, late.client);
    await Promise.all([
      checkPurchase(late.client, lateBuy.purchase_id),
      checkPurchase(late.client, lateBuy.purchase_id),
    ]);
    expect((await referralRow(late))?.no_reward_reason).toBe('monthly_cap');

    // 12:00am Eastern on the 1st of the next month: the cap starts again. Moving the clock ends
    // the sessions, so the friends below join afresh with the code read now.
    const { code } = await referralsOf(a);
    const nowParts = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: 'numeric',
    }).formatToParts(new Date(ctx.clock.now));
    const part = (type: string) => Number(nowParts.find((p) => p.type === type)!.value);
    const nextMonthMs = easternMidnightMs(part('year'), part('month') + 1, 1);
    ctx.clock.advance((nextMonthMs - ctx.clock.now) / 1000 - 1);
    // One second before midnight ET: still this month, still capped.
    const lastSecond = await join(ctx, { utm_source: 'referral', referral_token: code });
    await buy(ctx, lastSecond.client);
    expect((await referralRow(lastSecond))?.no_reward_reason).toBe('monthly_cap');
    ctx.clock.advance(1);
    const nextMonth = await join(ctx, { utm_source: 'referral', referral_token: code });
    await buy(ctx, nextMonth.client);
    expect((await referralRow(nextMonth))?.state).toBe('rewarded');
    const month = await ctx.db.query<{ reward_month: string }>(
      'SELECT reward_month FROM referrals WHERE friend_id = $1',
      [nextMonth.id],
    );
    const d = new Date(nextMonthMs + 12 * 3600_000);
    expect(month[0]?.reward_month).toBe(
      `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
    );
  });

  it('one family name in one ZIP code at two addresses is two households: rewarded', async () => {
    const a = await join(ctx, { last_name: 'Householder', postal_code: '60601' });
    const friend = await joinReferredBy(ctx, a, { last_name: 'Householder', postal_code: '60601' });
    await buy(ctx, friend.client);
    expect((await referralRow(friend))?.state).toBe('rewarded');
  });

  it('same household (one street address, written differently) is not rewarded', async () => {
    const a = await join(ctx, {}, { address_line_1: '500 N. Lake Shore Dr', postal_code: '60611' });
    const friend = await joinReferredBy(
      ctx,
      a,
      {},
      { address_line_1: '500 north lake shore drive', postal_code: '60611' },
    );
    const aBefore = await balancesOf(a.client);
    await buy(ctx, friend.client);
    const row = await referralRow(friend);
    expect(row).toMatchObject({ state: 'qualified', no_reward_reason: 'same_household' });
    expect(await rewardEntries(row!.id)).toEqual([]);
    expect((await balancesOf(a.client)).balance_total_gld).toBe(aBefore.balance_total_gld);
    expect((await referralsOf(a)).results[0]).toMatchObject({
      state: 'qualified',
      no_reward_reason: 'same_household',
    });
  });

  it('self-referral: the same mailbox under another address is not rewarded', async () => {
    const tag = randomBytes(4).toString('hex');
    const a = await join(ctx, { email: `sam.${tag}@gmail.com` });
    const friend = await joinReferredBy(ctx, a, { email: `SAM${tag}+second@googlemail.com` });
    await buy(ctx, friend.client);
    const row = await referralRow(friend);
    expect(row).toMatchObject({ state: 'qualified', no_reward_reason: 'same_person' });
    expect(await rewardEntries(row!.id)).toEqual([]);
  });

  it('self-referral: the same phone number, or the same name and birth date elsewhere, is not rewarded', async () => {
    const a = await join(ctx);
    const byPhone = await joinReferredBy(ctx, a);
    const phone = `312555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await ctx.db.query('UPDATE users SET phone = $2 WHERE id = ANY($1::uuid[])', [[a.id, byPhone.id], phone]);
    await buy(ctx, byPhone.client);
    expect(await referralRow(byPhone)).toMatchObject({ no_reward_reason: 'same_person' });

    // The same name and birth date in another ZIP code no longer joins (one person wherever they
    // live); two such accounts from before that rule (migration 0033 marks the later one
    // '|duplicate:<id>') are still one person.
    const b = await join(ctx, { first_name: 'Morgan', last_name: 'Twice', postal_code: '60601' });
    const refused = await new Client(ctx).request('POST', API_PATHS.users, {
      body: signUpPayload({ first_name: 'Morgan', last_name: 'Twice', postal_code: '46201' }),
    });
    expect(refused.body).toMatchObject({ code: 'DUPLICATE_ACCOUNT' });
    const moved = await joinReferredBy(ctx, b, {
      first_name: 'Morgan',
      last_name: 'Twice',
      postal_code: '46201',
      birth_day: 15,
    });
    await ctx.db.query(
      `UPDATE users SET person_key = (SELECT person_key FROM users WHERE id = $1) || '|duplicate:' || id::text
        WHERE id = $2`,
      [b.id, moved.id],
    );
    await buy(ctx, moved.client);
    expect(await referralRow(moved)).toMatchObject({ no_reward_reason: 'same_person' });
  });

  it('a referrer barred from bonuses (suspended) gets nothing; the friend is still rewarded', async () => {
    const a = await join(ctx);
    const friend = await joinReferredBy(ctx, a);
    await ctx.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'test' WHERE id = $1`, [
      a.id,
    ]);
    const fBefore = await balancesOf(friend.client);
    await buy(ctx, friend.client);
    const row = await referralRow(friend);
    expect(row).toMatchObject({ state: 'rewarded', friend_withheld_code: null });
    expect(row?.referrer_withheld_code).toMatch(/SUSPENDED/);
    const entries = await rewardEntries(row!.id);
    expect(entries.every((e) => e.user_id === friend.id)).toBe(true);
    expect((await balancesOf(friend.client)).balance_total_gld - fBefore.balance_total_gld).toBe(
      50_000 + R.friend.goldCoins,
    );
  });

  it('a referrer who closed their account gets nothing; the friend is still rewarded', async () => {
    const a = await join(ctx);
    const friend = await joinReferredBy(ctx, a);
    await ctx.db.query(`UPDATE users SET account_state = 'closed' WHERE id = $1`, [a.id]);
    await buy(ctx, friend.client);
    const row = await referralRow(friend);
    expect(row).toMatchObject({
      state: 'rewarded',
      referrer_withheld_code: 'ACCOUNT_CLOSED',
      friend_withheld_code: null,
    });
    expect((await rewardEntries(row!.id)).every((e) => e.user_id === friend.id)).toBe(true);
  });

  it('both players barred from bonuses when the purchase is credited: qualified, nobody paid', async () => {
    const a = await join(ctx);
    const friend = await joinReferredBy(ctx, a);
    const started = await startPurchase(ctx, friend.client);
    // Suspended after paying: the paid coins are still credited, the bonuses are not.
    await ctx.db.query(
      `UPDATE users SET suspended_at = now(), suspension_reason = 'test' WHERE id = ANY($1::uuid[])`,
      [[a.id, friend.id]],
    );
    await checkPurchase(friend.client, started.purchase_id);
    const purchase = await ctx.db.query<{ status: string }>('SELECT status FROM purchases WHERE id = $1', [
      started.purchase_id,
    ]);
    expect(purchase[0]?.status).toBe('succeeded');
    const row = await referralRow(friend);
    expect(row).toMatchObject({ state: 'qualified', no_reward_reason: 'account_restricted' });
    expect(await rewardEntries(row!.id)).toEqual([]);
  });
});

describe('gold-only mode', () => {
  let gold: PaymentsTestContext;
  beforeAll(async () => {
    gold = await createPaymentsContext({ GOLD_ONLY: 'true' });
  });
  afterAll(async () => gold?.close());

  it('rewards Gold only, and the referrals call shows no Sweeps', async () => {
    const a = await join(gold);
    const list = await referralsOf(a);
    expect(list.referrer_reward).toEqual({ reward_gld: R.referrer.goldCoins, reward_ghc: 0 });
    const friend = await joinReferredBy(gold, a);
    await buy(gold, friend.client);
    const row = (
      await gold.db.query<{ id: string; state: string }>(
        'SELECT id, state FROM referrals WHERE friend_id = $1',
        [friend.id],
      )
    )[0];
    expect(row?.state).toBe('rewarded');
    const entries = await gold.db.query<{ currency: string }>(
      'SELECT currency FROM ledger_entries WHERE reference = $1',
      [`referral:${row!.id}`],
    );
    expect(entries.map((e) => e.currency)).toEqual(['gold', 'gold']);
    expect((await referralsOf(a)).results[0]).toMatchObject({
      reward_gld: R.referrer.goldCoins,
      reward_ghc: 0,
    });
  });
});
