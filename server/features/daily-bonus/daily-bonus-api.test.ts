import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  DAILY_BONUS_API_PATHS,
  DAILY_BONUS_ERROR_CODES,
  DAILY_BONUS_TEXTS,
  DailyBonusPlayResponseSchema,
  DailyBonusStateSchema,
  dailyBonusPrize,
  type DailyBonusPlayResponse,
  type DailyBonusSpin,
  type DailyBonusState,
} from '../../../src/contract/daily-bonus.ts';
import { GAMES_API_PATHS } from '../../../src/contract/games.ts';
import { PLAYER_STANDING_ERROR_CODES } from '../../../src/contract/player-standing.ts';
import { WALLET_API_PATHS } from '../../../src/contract/wallet.ts';
import { dailyBonusWheelEngine } from '../../../games/engines/daily-bonus-wheel.ts';
import { fairFloats, serverSeedHash } from '../../../games/engines/fair-random.ts';
import { replayRound } from '../../../games/engines/replay.ts';
import {
  Client,
  createTestContext,
  openSecondInstance,
  type JsonResponse,
  type SecondInstance,
  type TestContext,
} from '../../test-support/test-app.ts';
import { bucketBalances, ledgerViolations, signUpPlayer } from '../../test-support/wallet-test-helpers.ts';

const HOUR = 3_600;

let ctx: TestContext;
let second: SecondInstance;

beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  second = await openSecondInstance(ctx);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

type PlayAnswer = JsonResponse<
  Partial<DailyBonusPlayResponse> & {
    code?: string;
    message?: string;
    field?: string | null;
    extra?: Record<string, unknown> | null;
  }
>;

const play = (client: Client, key: string = randomUUID()): Promise<PlayAnswer> =>
  client.request('POST', DAILY_BONUS_API_PATHS.play, { headers: { 'Idempotency-Key': key } });

const state = async (client: Client): Promise<DailyBonusState> => {
  const res = await client.request<DailyBonusState>('GET', DAILY_BONUS_API_PATHS.state);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(is(res.body, DailyBonusStateSchema)).toBe(true);
  return res.body;
};

const bonusEntries = async (userId: string) =>
  ctx.db.query<{ currency: string; bucket: string; amount_minor: string | number }>(
    "SELECT currency, bucket, amount_minor FROM ledger_entries WHERE user_id = $1 AND kind = 'bonus' ORDER BY id",
    [userId],
  );

const claimsOf = async (userId: string) =>
  ctx.db.query<{ et_day: string; streak: number }>(
    'SELECT et_day::text AS et_day, streak FROM daily_bonus_claims WHERE user_id = $1 ORDER BY et_day',
    [userId],
  );

const setEnabled = (value: string) =>
  ctx.db.query("UPDATE named_properties SET value = $1 WHERE key = 'daily_bonus_enabled'", [value]);

const expectClaimed = (res: PlayAnswer) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(is(res.body, DailyBonusPlayResponseSchema)).toBe(true);
};

const expectRefusedToday = (res: PlayAnswer) => {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toMatchObject({
    code: DAILY_BONUS_ERROR_CODES.DAILY_BONUS_ALREADY_CLAIMED,
    message: DAILY_BONUS_TEXTS.alreadyClaimed,
    field: null,
  });
};

describe('the daily bonus state and a spin', () => {
  it('a new player is eligible with the pay table, spins once and gets the prize of the spun segment (ledger kind bonus, in the coin histories)', async () => {
    ctx.clock.now = Date.parse('2026-03-02T17:00:00Z'); // 12:00pm EST
    const player = await signUpPlayer(ctx);
    const before = await state(player.client);
    expect(before).toMatchObject({
      enabled: true,
      eligible: true,
      last_claimed_date: null,
      last_claimed_day: null,
      current_streak: 0,
      longest_streak: 0,
      next_streak_day: 1,
      prize_ghc: 0,
      prize_gld: 0,
      next_eligible_day: '2026-03-02',
      seconds_until_eligible: 0,
      last_spin: null,
    });
    expect(before.pay_table).toHaveLength(7);
    expect(before.pay_table[0]!.prizes).toHaveLength(8);

    const res = await play(player.client);
    expectClaimed(res);
    const body = res.body as DailyBonusPlayResponse;
    const expected = dailyBonusPrize(1, body.segment, false);
    expect(body).toMatchObject({
      prize_gld: expected.gold,
      prize_ghc: expected.sweepsCents / 100,
      streak_day: 1,
      current_streak: 1,
      longest_streak: 1,
      next_eligible_day: '2026-03-03',
      next_eligible_date: '2026-03-03T05:00:00.000Z',
    });
    // The commitment shown before the spin is the one that decided it, with the nonce it showed.
    expect(body.spin.server_seed_hash).toBe(before.fairness.server_seed_hash);
    expect(body.spin.nonce).toBe(before.fairness.next_nonce);
    expect(body.pre_prize_balances.balance_total_gld).toBe(0);
    expect(body.balances.balance_total_gld).toBe(expected.gold);
    expect(body.balances.balance_free_ghc).toBe(expected.sweepsCents / 100);

    expect(
      (await bonusEntries(player.id)).map((e) => [e.currency, e.bucket, Number(e.amount_minor)]),
    ).toEqual([
      ['gold', 'main', expected.gold],
      ['sweeps', 'free', expected.sweepsCents],
    ]);
    const gold = await player.client.request<{ results: Array<{ kind: string; amount: number }> }>(
      'GET',
      WALLET_API_PATHS.goldTransactions,
    );
    expect(gold.status).toBe(200);
    expect(gold.body.results.some((r) => r.kind === 'bonus' && r.amount === expected.gold)).toBe(true);

    const after = await state(player.client);
    expect(after).toMatchObject({
      eligible: false,
      last_claimed_day: '2026-03-02',
      last_claimed_date: '2026-03-02T17:00:00.000Z',
      next_eligible_day: '2026-03-03',
      seconds_until_eligible: 12 * HOUR,
      current_streak: 1,
      longest_streak: 1,
      next_streak_day: 2,
      prize_gld: expected.gold,
      prize_ghc: expected.sweepsCents / 100,
    });
    // The nonce was consumed: the next game round or spin takes the next one.
    expect(after.fairness.next_nonce).toBe(before.fairness.next_nonce + 1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('one spin per Eastern day: refused until 12:00am ET (11:59pm is still the same day), allowed right after midnight', async () => {
    ctx.clock.now = Date.parse('2026-03-04T05:00:00Z'); // 12:00am EST, March 4
    const player = await signUpPlayer(ctx);
    expectClaimed(await play(player.client));
    ctx.clock.now = Date.parse('2026-03-05T04:59:00Z'); // 11:59pm EST, still March 4
    const refused = await play(player.client);
    expectRefusedToday(refused);
    expect(refused.body.extra).toMatchObject({
      next_eligible_date: '2026-03-05T05:00:00.000Z',
      next_eligible_day: '2026-03-05',
      seconds_until_eligible: 60,
    });
    ctx.clock.now = Date.parse('2026-03-05T05:00:00Z'); // 12:00am EST, March 5
    const next = await play(player.client);
    expectClaimed(next);
    expect(next.body).toMatchObject({ current_streak: 2, streak_day: 2 });
    expect((await claimsOf(player.id)).map((c) => c.et_day)).toEqual(['2026-03-04', '2026-03-05']);
  });

  it('across the spring-forward change (a 23-hour day) and the fall-back change (a 25-hour day) the day is the Eastern one', async () => {
    // Sunday March 8, 2026: 2:00am EST becomes 3:00am EDT; the day runs 05:00Z .. 04:00Z next day.
    ctx.clock.now = Date.parse('2026-03-08T05:30:00Z'); // 12:30am EST March 8
    const spring = await signUpPlayer(ctx);
    expectClaimed(await play(spring.client));
    ctx.clock.now = Date.parse('2026-03-09T03:59:00Z'); // 11:59pm EDT March 8 (22.5 hours later)
    expectRefusedToday(await play(spring.client));
    expect((await state(spring.client)).next_eligible_date).toBe('2026-03-09T04:00:00.000Z');
    ctx.clock.now = Date.parse('2026-03-09T04:00:00Z'); // 12:00am EDT March 9 (only 23 hours after midnight)
    const day2 = await play(spring.client);
    expectClaimed(day2);
    expect(day2.body.current_streak).toBe(2);

    // Sunday November 1, 2026: 2:00am EDT becomes 1:00am EST; the day runs 04:00Z .. 05:00Z next day.
    ctx.clock.now = Date.parse('2026-11-01T04:10:00Z'); // 12:10am EDT Nov 1
    const fall = await signUpPlayer(ctx);
    expectClaimed(await play(fall.client));
    ctx.clock.now = Date.parse('2026-11-02T04:30:00Z'); // 11:30pm EST Nov 1 (24 h 20 min later: same day)
    const refused = await play(fall.client);
    expectRefusedToday(refused);
    expect(refused.body.extra).toMatchObject({
      next_eligible_date: '2026-11-02T05:00:00.000Z',
      seconds_until_eligible: 1_800,
    });
    ctx.clock.now = Date.parse('2026-11-02T05:00:00Z'); // 12:00am EST Nov 2
    expectClaimed(await play(fall.client));
  });

  it('the streak grows on consecutive days, starts again at 1 after a missed day, keeps the longest, and the pay table row is capped at day 7', async () => {
    ctx.clock.now = Date.parse('2026-05-01T16:00:00Z');
    const player = await signUpPlayer(ctx);
    const days: number[] = [];
    for (let d = 0; d < 9; d++) {
      const res = await play(player.client);
      expectClaimed(res);
      const body = res.body as DailyBonusPlayResponse;
      days.push(body.streak_day);
      expect(body.current_streak).toBe(d + 1);
      expect(body.prize_gld).toBe(dailyBonusPrize(body.streak_day, body.segment, false).gold);
      ctx.clock.advance(24 * HOUR);
    }
    expect(days).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7]);
    // Now May 10: skip it, come back on May 11.
    ctx.clock.advance(24 * HOUR);
    const missed = await state(player.client);
    expect(missed).toMatchObject({
      current_streak: 0,
      longest_streak: 9,
      next_streak_day: 1,
      eligible: true,
    });
    const reset = await play(player.client);
    expectClaimed(reset);
    expect(reset.body).toMatchObject({ current_streak: 1, streak_day: 1, longest_streak: 9 });
    ctx.clock.advance(24 * HOUR);
    const again = await play(player.client);
    expect(again.body).toMatchObject({ current_streak: 2, streak_day: 2, longest_streak: 9 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});

describe('only once a day, whatever the concurrency', () => {
  it('a parallel burst of 10 spins (two server instances, different keys) credits exactly once', async () => {
    ctx.clock.now = Date.parse('2026-06-10T15:00:00Z');
    const player = await signUpPlayer(ctx);
    const clients = second.instancesOf(player.client);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => play(clients[i % clients.length]!)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expectRefusedToday(a);
    expect(await claimsOf(player.id)).toHaveLength(1);
    const won = answers.find((a) => a.status === 200)!.body as DailyBonusPlayResponse;
    expect(await bucketBalances(ctx.db, player.id)).toMatchObject({
      'gold:main': won.prize_gld,
      'sweeps:free': Math.round(won.prize_ghc * 100),
    });
    expect(await bonusEntries(player.id)).toHaveLength(2);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('spins sent one after another while earlier ones are still in flight credit exactly once; a retry with the same key replays the answer', async () => {
    ctx.clock.now = Date.parse('2026-06-11T15:00:00Z');
    const player = await signUpPlayer(ctx);
    const clients = second.instancesOf(player.client);
    const inFlight: Promise<PlayAnswer>[] = [];
    for (let i = 0; i < 6; i++) {
      inFlight.push(play(clients[i % clients.length]!));
      await new Promise((r) => setTimeout(r, 2));
    }
    const answers = await Promise.all(inFlight);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await claimsOf(player.id)).toHaveLength(1);

    const key = randomUUID();
    ctx.clock.advance(24 * HOUR);
    const [a, b] = await Promise.all([play(player.client, key), play(player.client, key)]);
    const first = a.status === 200 ? a : b;
    expectClaimed(first);
    const retry = await play(player.client, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await claimsOf(player.id)).toHaveLength(2);
    expect(await bonusEntries(player.id)).toHaveLength(4);
  });
});

describe('a spin whose answer was lost', () => {
  it("a second spin with a new key is refused with today's outcome, so the app can show what was won", async () => {
    ctx.clock.now = Date.parse('2026-06-12T15:00:00Z');
    const player = await signUpPlayer(ctx);
    const first = await play(player.client);
    expectClaimed(first);
    const again = await play(player.client);
    expectRefusedToday(again);
    expect(again.body.extra).toMatchObject({
      prize_gld: first.body.prize_gld,
      prize_ghc: first.body.prize_ghc,
      streak_day: first.body.streak_day,
      current_streak: first.body.current_streak,
    });
    expect(typeof again.body.extra?.claimed_at).toBe('string');
  });
});

describe('switches and gates', () => {
  it('the daily_bonus_enabled property off: the state says enabled false, a spin is refused with 403 DAILY_BONUS_DISABLED and credits nothing', async () => {
    ctx.clock.now = Date.parse('2026-07-01T15:00:00Z');
    const player = await signUpPlayer(ctx);
    await setEnabled('false');
    try {
      const s = await state(player.client);
      expect(s).toMatchObject({ enabled: false, eligible: false });
      const res = await play(player.client);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: DAILY_BONUS_ERROR_CODES.DAILY_BONUS_DISABLED,
        message: DAILY_BONUS_TEXTS.unavailable,
        field: null,
        extra: null,
      });
      expect(await claimsOf(player.id)).toHaveLength(0);
    } finally {
      await setEnabled('true');
    }
    expectClaimed(await play(player.client));
  });

  it('needs a signed-in player (401) and passes the play gate: suspended or on a break -> 403 with the standing code, nothing credited', async () => {
    ctx.clock.now = Date.parse('2026-07-02T15:00:00Z');
    const anonymous = new Client(ctx);
    expect((await anonymous.request('GET', DAILY_BONUS_API_PATHS.state)).status).toBe(401);
    expect((await play(anonymous)).status).toBe(401);

    const suspended = await signUpPlayer(ctx);
    await ctx.db.query("UPDATE users SET suspended_at = now(), suspension_reason = 'support' WHERE id = $1", [
      suspended.id,
    ]);
    const refused = await play(suspended.client);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(PLAYER_STANDING_ERROR_CODES.ACCOUNT_SUSPENDED);

    const resting = await signUpPlayer(ctx);
    await ctx.db.query(
      "UPDATE users SET play_restriction = 'break', play_restricted_until = $2 WHERE id = $1",
      [resting.id, new Date(ctx.clock.now + 24 * HOUR * 1000).toISOString()],
    );
    const onBreak = await play(resting.client);
    expect(onBreak.status).toBe(403);
    expect(onBreak.body.code).toBe(PLAYER_STANDING_ERROR_CODES.PLAY_RESTRICTED);
    expect(await claimsOf(suspended.id)).toHaveLength(0);
    expect(await claimsOf(resting.id)).toHaveLength(0);
    expect(await bonusEntries(resting.id)).toHaveLength(0);
  });

  it('a spin needs an Idempotency-Key, and takes no fields', async () => {
    ctx.clock.now = Date.parse('2026-07-03T15:00:00Z');
    const player = await signUpPlayer(ctx);
    const noKey = await player.client.request('POST', DAILY_BONUS_API_PATHS.play);
    expect(noKey.status).toBe(400);
    const field = await player.client.request('POST', DAILY_BONUS_API_PATHS.play, {
      body: { prize_gld: 1_000_000 },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(field.status).toBe(400);
    expect(field.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'prize_gld' });
    const empty = await player.client.request('POST', DAILY_BONUS_API_PATHS.play, {
      body: {},
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expectClaimed(empty as PlayAnswer);
  });
});

/**
 * The games' check of a finished round (src/lib/verify-round.ts, which the page runs on the spin):
 * the revealed seed hashes to the commitment, and the engine replayed on its floats gives the
 * recorded steps (segment and both prizes).
 */
function verifySpin(spin: DailyBonusSpin): 'unrevealed' | 'verified' | 'mismatch' {
  if (spin.server_seed === null) return 'unrevealed';
  if (serverSeedHash(spin.server_seed) !== spin.server_seed_hash) return 'mismatch';
  const replayed = replayRound(
    dailyBonusWheelEngine,
    { betMinor: 0, options: { streak_day: spin.streak_day, gold_only: spin.gold_only }, actions: [] },
    fairFloats(spin.server_seed, spin.client_seed, spin.nonce),
  );
  const recorded = {
    segment: spin.segment,
    prize_gld: spin.prize_gld,
    prize_ghc_cents: Math.round(spin.prize_ghc * 100),
  };
  return JSON.stringify(dailyBonusWheelEngine.steps(replayed)) ===
    JSON.stringify([{ kind: 'wheel', ...recorded }])
    ? 'verified'
    : 'mismatch';
}

describe('fairness', () => {
  it('the spin verifies like a game round once the seed is rotated: the revealed seed hashes to the commitment and replays to the same segment and prizes', async () => {
    ctx.clock.now = Date.parse('2026-08-01T15:00:00Z');
    const player = await signUpPlayer(ctx);
    const seeded = await player.client.request('PUT', GAMES_API_PATHS.fairnessClientSeed, {
      body: { client_seed: 'my-lucky-wheel' },
    });
    expect(seeded.status).toBe(200);
    const res = await play(player.client);
    expectClaimed(res);
    const spin = (res.body as DailyBonusPlayResponse).spin;
    expect(spin.client_seed).toBe('my-lucky-wheel');
    expect(verifySpin(spin)).toBe('unrevealed');

    const rotated = await player.client.request<{ previous: { server_seed: string } }>(
      'POST',
      GAMES_API_PATHS.fairnessRotate,
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(rotated.status).toBe(200);
    const revealed = (await state(player.client)).last_spin!;
    expect(revealed.server_seed).toBe(rotated.body.previous.server_seed);
    expect(verifySpin(revealed)).toBe('verified');

    // A recorded prize that the seed does not give is caught.
    const forged = { ...revealed, segment: (revealed.segment + 1) % 8 };
    expect(verifySpin(forged)).toBe('mismatch');
    expect(verifySpin({ ...revealed, server_seed: '0'.repeat(64) })).toBe('mismatch');
  });
});

describe('gold-only mode', () => {
  it('pays the Gold prize only: no Sweeps entry, the pay table and answers show 0 Sweeps', async () => {
    const gold = await createTestContext({ GOLD_ONLY: 'true' }, { seedDemo: false });
    try {
      gold.clock.now = Date.parse('2026-09-01T15:00:00Z');
      const player = await signUpPlayer(gold);
      const s = await player.client.request<DailyBonusState>('GET', DAILY_BONUS_API_PATHS.state);
      expect(s.status).toBe(200);
      expect(s.body.pay_table.every((row) => row.prizes.every((p) => p.prize_ghc === 0))).toBe(true);
      const res = await play(player.client);
      expectClaimed(res);
      const body = res.body as DailyBonusPlayResponse;
      expect(body.prize_ghc).toBe(0);
      expect(body.prize_gld).toBe(dailyBonusPrize(1, body.segment, true).gold);
      const entries = await gold.db.query<{ currency: string }>(
        "SELECT currency FROM ledger_entries WHERE user_id = $1 AND kind = 'bonus'",
        [player.id],
      );
      expect(entries.map((e) => e.currency)).toEqual(['gold']);
    } finally {
      await gold.close();
    }
  });
});
