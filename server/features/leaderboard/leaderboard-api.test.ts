/**
 * The weekly challenge end to end through the API: points from settled play of the challenge's
 * games only, the ranking and its tie rule, the Eastern week across daylight saving changes, the
 * weekly reset, the week's close paying each prize once (a burst of runs, two instances on
 * PostgreSQL), players the play gate refuses passed over, gold-only mode and bad ids.
 * Each test plays in its own week so they do not share a board.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  LEADERBOARD_API_PATHS,
  LeaderboardAnswerSchema,
  WEEKLY_CHALLENGE_ID,
  type LeaderboardAnswer,
} from '../../../src/contract/leaderboard.ts';
import { WALLET_API_PATHS } from '../../../src/contract/wallet.ts';
import { Client, openSecondInstance, type TestContext } from '../../test-support/test-app.ts';
import {
  COIN_FLIP_ID,
  COIN_TOSS_ID,
  createGamesContext,
  fundedPlayer,
  moneyCall,
  startCoinFlip,
} from '../../test-support/games-test-support.ts';
import { GAMES_API_PATHS } from '../../../src/contract/games.ts';
import type { TestPlayer } from '../../test-support/wallet-test-helpers.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import {
  bet,
  fund as fundVendor,
  launchedPlayer,
  PATHS,
  rollback,
  txId,
  vendorCall,
  win,
} from '../../test-support/vendor-wallet-test-support.ts';
import { challengeWeekStarting } from './challenge-week.ts';
import { closeEndedWeeks, PRIZE_DESCRIPTION, type WeekCloseDeps } from './week-close.ts';

let ctx: TestContext;
const BOARD = LEADERBOARD_API_PATHS.leaderboard(WEEKLY_CHALLENGE_ID);

beforeAll(async () => {
  ctx = await createGamesContext();
  // The challenge is data: in these tests the coin flip counts (its round ends when the player
  // says so), the coin toss on the same engine does not; the vendor slot counts as seeded.
  await ctx.db.query(`UPDATE leaderboard_challenges SET game_ids = ARRAY[$1, 'fruit-frenzy'] WHERE id = $2`, [
    COIN_FLIP_ID,
    WEEKLY_CHALLENGE_ID,
  ]);
});
afterAll(() => ctx.close());

const instant = (betValue: number, currency: 'gold' | 'sweeps' = 'gold') => ({
  betValue,
  currency,
  options: { instant: true },
});

async function play(
  player: TestPlayer,
  betValue: number,
  currency: 'gold' | 'sweeps' = 'gold',
  gameId = COIN_FLIP_ID,
) {
  const res = await moneyCall(
    player.client,
    'POST',
    GAMES_API_PATHS.startRound(gameId),
    instant(betValue, currency),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
}

async function board(client: Client = new Client(ctx)): Promise<LeaderboardAnswer> {
  const res = await client.request<LeaderboardAnswer>('GET', BOARD);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(is(res.body, LeaderboardAnswerSchema)).toBe(true);
  return res.body;
}

const pointsOf = async (userId: string, week: string): Promise<number> =>
  Number(
    (
      await ctx.db.query<{ points: number | string }>(
        'SELECT points FROM leaderboard_entries WHERE challenge_id = $1 AND week_start = $2 AND user_id = $3',
        [WEEKLY_CHALLENGE_ID, week, userId],
      )
    )[0]?.points ?? 0,
  );

const closeDeps = (over: Partial<WeekCloseDeps> = {}): WeekCloseDeps => ({
  db: ctx.db,
  now: ctx.deps.now,
  config: { goldOnly: false },
  logger: { info: () => undefined, error: () => undefined },
  ...over,
});

const prizeEntries = (userId: string | null, week: string) =>
  ctx.db.query<{
    user_id: string;
    currency: string;
    bucket: string;
    amount_minor: number | string;
    kind: string;
  }>(
    `SELECT user_id, currency, bucket, amount_minor, kind FROM ledger_entries
      WHERE reference = $1 AND ($2::uuid IS NULL OR user_id = $2) ORDER BY id`,
    [`leaderboard:${WEEKLY_CHALLENGE_ID}:${week}`, userId],
  );

describe('points', () => {
  it('come from finished rounds of the challenge games only, each currency at its rate, small plays adding up', async () => {
    ctx.clock.now = Date.parse('2026-06-10T16:00:00Z'); // Wednesday, week of 2026-06-08
    const week = '2026-06-08';
    const p = await fundedPlayer(ctx, { gold: 50_000, paid: 5_000 });
    await play(p, 150); // 1 point (150 / 100, rounded down)
    expect(await pointsOf(p.id, week)).toBe(1);
    await play(p, 150); // 300 Gold in the week: 3 points
    expect(await pointsOf(p.id, week)).toBe(3);
    await play(p, 0.2, 'sweeps'); // 20 Sweeps cents: 20 points
    expect(await pointsOf(p.id, week)).toBe(23);
    // Not a challenge game: nothing.
    await play(p, 2_500, 'gold', COIN_TOSS_ID);
    expect(await pointsOf(p.id, week)).toBe(23);
    // An open round earns nothing until it is finished; its doubled stake counts then.
    const open = await startCoinFlip(p.client, { betValue: 1_000, currency: 'gold' });
    expect(open.status).toBe(201);
    expect(await pointsOf(p.id, week)).toBe(23);
    const flipped = await moneyCall(
      p.client,
      'POST',
      GAMES_API_PATHS.roundAction(COIN_FLIP_ID, open.body.round.id),
      { action: { type: 'flip', double: true } },
    );
    expect(flipped.status).toBe(200);
    expect(await pointsOf(p.id, week)).toBe(43); // 2,300 Gold: 23 + 20
    const mine = await board(p.client);
    expect(mine.me).toEqual({ rank: expect.any(Number), points: 43 });
  });

  it('come from vendor bets when placed; a rolled-back bet loses them, a settled one keeps them', async () => {
    ctx.clock.now = Date.parse('2026-06-17T16:00:00Z');
    const week = '2026-06-15';
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fundVendor(ctx, player.id, { gold: 10_000 });
    const kept = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, kept, 500))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.win, win(token, txId('win'), kept, 0))).status).toBe(200);
    expect(await pointsOf(player.id, week)).toBe(5);
    const refunded = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, refunded, 300, 'round-2'))).status).toBe(200);
    expect(await pointsOf(player.id, week)).toBe(8);
    // A retried bet (same id and body) does not count twice.
    expect((await vendorCall(ctx, PATHS.bet, bet(token, refunded, 300, 'round-2'))).status).toBe(200);
    expect(await pointsOf(player.id, week)).toBe(8);
    expect((await vendorCall(ctx, PATHS.rollback, rollback(token, txId('rb'), refunded))).status).toBe(200);
    expect(await pointsOf(player.id, week)).toBe(5);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});

describe('points under load', () => {
  it('a burst of rounds over two instances adds every round once; a vendor bet sent many times at once counts once', async () => {
    ctx.clock.now = Date.parse('2026-07-01T16:00:00Z');
    const week = '2026-06-29';
    const p = await fundedPlayer(ctx, { gold: 50_000 });
    const second = await openSecondInstance(ctx);
    try {
      const clients = second.instancesOf(p.client);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          moneyCall(
            clients[i % clients.length]!,
            'POST',
            GAMES_API_PATHS.startRound(COIN_FLIP_ID),
            instant(100),
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      expect(await pointsOf(p.id, week)).toBe(12);
    } finally {
      await second.close();
    }
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fundVendor(ctx, player.id, { gold: 10_000 });
    const id = txId('bet');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => vendorCall(ctx, PATHS.bet, bet(token, id, 700))),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(await pointsOf(player.id, week)).toBe(7);
  });
});

describe('the board', () => {
  it('ranks by points; equal points by who reached them first; names masked; the player sees their place', async () => {
    ctx.clock.now = Date.parse('2026-06-24T12:00:00Z');
    const a = await fundedPlayer(ctx);
    const b = await fundedPlayer(ctx);
    const c = await fundedPlayer(ctx);
    await play(b, 300); // B reaches 3 first
    ctx.clock.advance(5);
    await play(a, 200);
    ctx.clock.advance(5);
    await play(c, 500);
    ctx.clock.advance(5);
    await play(a, 100); // A reaches 3 after B
    const names = await ctx.db.query<{ id: string; first_name: string }>(
      'SELECT id, first_name FROM users WHERE id = ANY ($1::uuid[])',
      [[a.id, b.id, c.id]],
    );
    const nameOf = (id: string) => `${names.find((n) => n.id === id)!.first_name.slice(0, 2)}***`;
    const anonymous = await board();
    expect(anonymous.board).toEqual([
      { rank: 1, display_name: nameOf(c.id), points: 5 },
      { rank: 2, display_name: nameOf(b.id), points: 3 },
      { rank: 3, display_name: nameOf(a.id), points: 3 },
    ]);
    expect(anonymous.me).toBeNull();
    expect(anonymous.week_start).toBe('2026-06-22');
    expect(anonymous.ends_at).toBe('2026-06-29T04:00:00.000Z'); // Monday 12:00am EDT
    expect(anonymous.prizes[0]).toEqual({ rank_from: 1, rank_to: 1, gold_coins: 500_000, sweeps_coins: 50 });
    expect(anonymous.gold_coins_per_point).toBe(100);
    expect(anonymous.sweeps_coins_per_point).toBe(0.01);
    expect((await board(a.client)).me).toEqual({ rank: 3, points: 3 });
    expect((await board(c.client)).me).toEqual({ rank: 1, points: 5 });
    const newcomer = await fundedPlayer(ctx);
    expect((await board(newcomer.client)).me).toEqual({ rank: null, points: 0 });
  });

  it('keeps the week in Eastern Time across daylight saving changes, and starts empty each Monday', async () => {
    // Fall back: Sunday 2026-11-01 02:00 EDT -> 01:00 EST. The week of Oct 26 is 169 hours long.
    expect(challengeWeekStarting('2026-10-26')).toEqual({
      start: '2026-10-26',
      startsAtMs: Date.parse('2026-10-26T04:00:00Z'),
      endsAtMs: Date.parse('2026-11-02T05:00:00Z'),
    });
    const p = await fundedPlayer(ctx);
    ctx.clock.now = Date.parse('2026-11-02T04:30:00Z'); // Sunday 11:30pm EST (a UTC-4 reckoning says Monday)
    await play(p, 400);
    const late = await board(p.client);
    expect(late.week_start).toBe('2026-10-26');
    expect(late.ends_at).toBe('2026-11-02T05:00:00.000Z');
    expect(late.me).toEqual({ rank: 1, points: 4 });
    ctx.clock.now = Date.parse('2026-11-02T05:00:00Z'); // Monday 12:00am EST: a new, empty week
    const fresh = await board(p.client);
    expect(fresh.week_start).toBe('2026-11-02');
    expect(fresh.board).toEqual([]);
    expect(fresh.me).toEqual({ rank: null, points: 0 });
    await play(p, 100);
    expect(await pointsOf(p.id, '2026-10-26')).toBe(4);
    expect(await pointsOf(p.id, '2026-11-02')).toBe(1);
    // Spring forward: Sunday 2027-03-14 02:00 EST -> 03:00 EDT. The week of Mar 8 is 167 hours long.
    const spring = challengeWeekStarting('2027-03-08');
    expect(spring.startsAtMs).toBe(Date.parse('2027-03-08T05:00:00Z'));
    expect(spring.endsAtMs).toBe(Date.parse('2027-03-15T04:00:00Z'));
    ctx.clock.now = Date.parse('2027-03-15T03:59:59Z'); // Sunday 11:59:59pm EDT
    expect((await board()).week_start).toBe('2027-03-08');
    ctx.clock.now = Date.parse('2027-03-15T04:00:00Z');
    expect((await board()).week_start).toBe('2027-03-15');
  });
});

describe('closing the week', () => {
  it('credits each prize once through the ledger (promo, in the coin history), even with runs in parallel and in flight', async () => {
    ctx.clock.now = Date.parse('2025-02-05T15:00:00Z');
    const week = '2025-02-03';
    const players: TestPlayer[] = [];
    for (const stake of [2_500, 2_000, 1_500, 1_000]) {
      const p = await fundedPlayer(ctx, { gold: 20_000 });
      await play(p, stake);
      players.push(p);
      ctx.clock.advance(1);
    }
    // Before the week ends nothing is due.
    expect((await closeEndedWeeks(closeDeps())).closed).toBe(0);
    ctx.clock.now = Date.parse('2025-02-10T05:00:00Z'); // Monday 12:00am EST
    const second = await openSecondInstance(ctx);
    try {
      // Four runs at once, then four more started one after another while the earlier ones are
      // still running; every other run goes through the second instance (PostgreSQL).
      const deps = (i: number) => closeDeps(second.db && i % 2 === 1 ? { db: second.db } : {});
      const runs = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i < 4
            ? closeEndedWeeks(deps(i))
            : new Promise((r) => setTimeout(r, (i - 3) * 3)).then(() => closeEndedWeeks(deps(i))),
        ),
      );
      const closedThisWeek = await ctx.db.query(
        'SELECT 1 FROM leaderboard_weeks WHERE challenge_id = $1 AND week_start = $2',
        [WEEKLY_CHALLENGE_ID, week],
      );
      expect(closedThisWeek).toHaveLength(1);
      expect(runs.reduce((n, r) => n + r.credited, 0)).toBe(4);
      expect(runs.reduce((n, r) => n + r.closed, 0)).toBe(1);
    } finally {
      await second.close();
    }
    // And again later: nothing more.
    await closeEndedWeeks(closeDeps());
    const entries = await prizeEntries(null, week);
    const amounts = (userId: string) =>
      entries
        .filter((e) => e.user_id === userId)
        .map((e) => [e.currency, e.bucket, Number(e.amount_minor), e.kind]);
    expect(amounts(players[0]!.id)).toEqual([
      ['gold', 'main', 500_000, 'promo'],
      ['sweeps', 'free', 5_000, 'promo'],
    ]);
    expect(amounts(players[1]!.id)).toEqual([
      ['gold', 'main', 250_000, 'promo'],
      ['sweeps', 'free', 2_500, 'promo'],
    ]);
    expect(amounts(players[2]!.id)).toEqual([
      ['gold', 'main', 100_000, 'promo'],
      ['sweeps', 'free', 1_000, 'promo'],
    ]);
    expect(amounts(players[3]!.id)).toEqual([
      ['gold', 'main', 20_000, 'promo'],
      ['sweeps', 'free', 200, 'promo'],
    ]);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
    // The prize is in the player's coin histories.
    const history = await players[0]!.client.request<{
      results: Array<{ description: string; amount: number }>;
    }>('GET', WALLET_API_PATHS.goldTransactions);
    expect(history.status).toBe(200);
    expect(history.body.results[0]).toMatchObject({ amount: 500_000 });
    expect(history.body.results[0]!.description).toContain(PRIZE_DESCRIPTION);
    const sweepsHistory = await players[0]!.client.request<{ transactions: Array<{ description: string }> }>(
      'GET',
      WALLET_API_PATHS.sweepsTransactions,
    );
    expect(sweepsHistory.body.transactions[0]!.description).toContain(PRIZE_DESCRIPTION);
  });

  it('pays late a week that ended while no server ran, and passes over players refused a bonus', async () => {
    ctx.clock.now = Date.parse('2025-03-12T15:00:00Z');
    const week = '2025-03-10';
    const suspended = await fundedPlayer(ctx);
    await play(suspended, 2_500);
    const onBreak = await fundedPlayer(ctx);
    await play(onBreak, 2_000);
    const next = await fundedPlayer(ctx);
    await play(next, 1_000);
    await ctx.db.query("UPDATE users SET suspended_at = now(), suspension_reason = 'support' WHERE id = $1", [
      suspended.id,
    ]);
    await ctx.db.query(
      "UPDATE users SET play_restriction = 'break', play_restricted_until = '2030-01-01T00:00:00Z' WHERE id = $1",
      [onBreak.id],
    );
    // Three weeks later the server runs the job for the first time.
    ctx.clock.now = Date.parse('2025-04-02T15:00:00Z');
    await closeEndedWeeks(closeDeps());
    expect(await prizeEntries(suspended.id, week)).toEqual([]);
    expect(await prizeEntries(onBreak.id, week)).toEqual([]);
    expect((await prizeEntries(next.id, week)).map((e) => Number(e.amount_minor))).toEqual([500_000, 5_000]);
    const awards = await ctx.db.query<{
      user_id: string;
      rank: number | null;
      status: string;
      skip_code: string | null;
    }>(
      'SELECT user_id, rank, status, skip_code FROM leaderboard_awards WHERE challenge_id = $1 AND week_start = $2',
      [WEEKLY_CHALLENGE_ID, week],
    );
    expect(awards).toEqual(
      expect.arrayContaining([
        { user_id: suspended.id, rank: null, status: 'skipped', skip_code: 'ACCOUNT_SUSPENDED' },
        { user_id: onBreak.id, rank: null, status: 'skipped', skip_code: 'PLAY_RESTRICTED' },
        { user_id: next.id, rank: 1, status: 'credited', skip_code: null },
      ]),
    );
  });
});

describe('bad ids', () => {
  it('answers 400 for malformed ids and 404 for unknown ones, never a 5xx', async () => {
    const client = new Client(ctx);
    const unknown = await client.request('GET', LEADERBOARD_API_PATHS.leaderboard('no-such-board'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'LEADERBOARD_NOT_FOUND' });
    const fuzz = [
      'A',
      'UPPER',
      '-dash',
      'a'.repeat(64),
      'x y',
      "'; DROP TABLE users; --",
      '%00',
      '..',
      'é',
      '😀',
      '\u0000',
      'a/b',
      '1e999',
      '<script>',
    ];
    for (let i = 0; i < 40; i++)
      fuzz.push(
        Array.from({ length: 1 + (i % 70) }, (_, k) =>
          String.fromCharCode(33 + ((i * 31 + k * 17) % 94)),
        ).join(''),
      );
    for (const id of fuzz) {
      const res = await client.raw('GET', `/api/v1/leaderboards/${encodeURIComponent(id)}`);
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
      const body = (await res.json()) as { code: string };
      expect(typeof body.code).toBe('string');
    }
    const malformed = await client.request('GET', LEADERBOARD_API_PATHS.leaderboard('UPPER'));
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    // A bad token is refused (the app refreshes it) instead of answering a signed-out board.
    const badToken = await client.request('GET', BOARD, { headers: { Authorization: 'JWT nope' } });
    expect(badToken.status).toBe(401);
  });
});

describe('gold-only mode', () => {
  it('shows and pays Gold prizes only, and Sweeps play earns nothing', async () => {
    const gold = await createGamesContext({ GOLD_ONLY: 'true' });
    try {
      await gold.db.query('UPDATE leaderboard_challenges SET game_ids = ARRAY[$1] WHERE id = $2', [
        COIN_FLIP_ID,
        WEEKLY_CHALLENGE_ID,
      ]);
      gold.clock.now = Date.parse('2025-05-07T15:00:00Z');
      const p = await fundedPlayer(gold);
      const res = await moneyCall(p.client, 'POST', GAMES_API_PATHS.startRound(COIN_FLIP_ID), instant(500));
      expect(res.status).toBe(201);
      const answer = (await p.client.request<LeaderboardAnswer>('GET', BOARD)).body;
      expect(answer.sweeps_coins_per_point).toBeNull();
      expect(answer.prizes.every((x) => x.sweeps_coins === 0)).toBe(true);
      expect(answer.me).toEqual({ rank: 1, points: 5 });
      gold.clock.now = Date.parse('2025-05-12T04:00:00Z');
      await closeEndedWeeks({ ...closeDeps(), db: gold.db, now: gold.deps.now, config: { goldOnly: true } });
      const paid = await gold.db.query<{ currency: string; amount_minor: number | string }>(
        "SELECT currency, amount_minor FROM ledger_entries WHERE user_id = $1 AND kind = 'promo'",
        [p.id],
      );
      expect(paid.map((e) => [e.currency, Number(e.amount_minor)])).toEqual([['gold', 500_000]]);
    } finally {
      await gold.close();
    }
  });
});
