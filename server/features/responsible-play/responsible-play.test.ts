/** Responsible play API: breaks and self-exclusion (ranges, no shortening, bursts), what stays open, the reality check figures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_API_PATHS } from '../../../src/contract/payments.ts';
import {
  BREAK_MAX_HOURS,
  HOUR_MS,
  RESPONSIBLE_PLAY_PATHS,
  type ResponsiblePlaySettings,
  type SessionSummary,
} from '../../../src/contract/responsible-play.ts';
import { Client, type TestContext } from '../../test-support/test-app.ts';
import {
  createGamesContext,
  flipCoin,
  fundedPlayer,
  moneyCall,
  startCoinFlip,
} from '../../test-support/games-test-support.ts';
import { reverseEntry } from '../../core/ledger/coin-rules.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createGamesContext();
});
afterAll(async () => ctx?.close());

const setRestriction = (client: Client, body: unknown) =>
  client.request<ResponsiblePlaySettings & { code?: string; field?: string }>(
    'POST',
    RESPONSIBLE_PLAY_PATHS.restriction,
    { body },
  );
const untilMs = (s: ResponsiblePlaySettings) => Date.parse(s.play_restricted_until!);

describe('take a break and self-exclusion', () => {
  it('refuses lengths outside the offered range with the field named', async () => {
    const { client } = await fundedPlayer(ctx);
    const cases: [unknown, string][] = [
      [{ restriction: 'break', hours: 23 }, 'hours'],
      [{ restriction: 'break', hours: BREAK_MAX_HOURS + 24 }, 'hours'],
      [{ restriction: 'break', hours: 36 }, 'hours'],
      [{ restriction: 'break' }, 'hours'],
      [{ restriction: 'break', hours: 24, months: 6 }, 'months'],
      [{ restriction: 'self_exclusion', months: 3 }, 'months'],
      [{ restriction: 'self_exclusion', months: 7 }, 'months'],
      [{ restriction: 'self_exclusion' }, 'months'],
      [{ restriction: 'self_exclusion', months: 6, hours: 24 }, 'hours'],
    ];
    for (const [body, field] of cases) {
      const res = await setRestriction(client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 'RESTRICTION_OUT_OF_RANGE', field });
    }
    for (const body of [
      { restriction: 'pause', hours: 24 },
      { restriction: 'break', hours: '24' },
      { restriction: 'break', hours: 24.5 },
      { restriction: 'break\u0000', hours: 24 },
      { restriction: 'break', hours: 24, note: 'x'.repeat(100) },
      'break',
      null,
    ]) {
      const res = await setRestriction(client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const huge = await client.request('POST', RESPONSIBLE_PLAY_PATHS.restriction, {
      rawBody: `{"restriction":"break","hours":${'9'.repeat(400_000)}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const settings = await client.request<ResponsiblePlaySettings>('GET', RESPONSIBLE_PLAY_PATHS.settings);
    expect(settings.body).toMatchObject({ play_restriction: null, play_restricted_until: null });
  });

  it('a break stops game starts, purchases and rounds in progress; redeeming history and settings stay open', async () => {
    const { client, id } = await fundedPlayer(ctx);
    const open = await startCoinFlip(client);
    expect(open.status).toBe(201);
    const set = await setRestriction(client, { restriction: 'break', hours: 72 });
    expect(set.status).toBe(201);
    expect(set.body.play_restriction).toBe('break');
    expect(untilMs(set.body) - ctx.clock.now).toBe(72 * HOUR_MS);

    const refused = await startCoinFlip(client);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PLAY_RESTRICTED',
      extra: { restriction: 'break', until: set.body.play_restricted_until },
    });
    const pkg = await ctx.db.query<{ id: string }>('SELECT id FROM coin_packages ORDER BY id LIMIT 1');
    const purchase = await moneyCall(client, 'POST', PAYMENTS_API_PATHS.cardPurchases, {
      package_id: pkg[0]!.id,
      payment_method: { type: 'card_token', token: 'tok_visa' },
    });
    expect(purchase.status).toBe(403);
    expect(purchase.body).toMatchObject({ code: 'PLAY_RESTRICTED' });
    // History and the player's own pages still answer.
    expect((await client.request('GET', '/users/me')).status).toBe(200);
    expect((await client.request('GET', RESPONSIBLE_PLAY_PATHS.session)).status).toBe(200);
    const me = await client.request<{ play_restriction: string }>('GET', '/users/me');
    expect(me.body.play_restriction).toBe('break');
    const changes = await ctx.db.query(
      'SELECT restriction FROM play_restriction_changes WHERE user_id = $1',
      [id],
    );
    expect(changes).toHaveLength(1);
  });

  it('cannot be shortened or lifted, only lengthened; an ended break lifts itself', async () => {
    const { client } = await fundedPlayer(ctx);
    const week = await setRestriction(client, { restriction: 'break', hours: 168 });
    expect(week.status).toBe(201);
    const shorter = await setRestriction(client, { restriction: 'break', hours: 24 });
    expect(shorter.status).toBe(409);
    expect(shorter.body).toMatchObject({
      code: 'RESTRICTION_CANNOT_BE_SHORTENED',
      extra: { restriction: 'break', until: week.body.play_restricted_until },
    });
    const same = await setRestriction(client, { restriction: 'break', hours: 168 });
    expect(same.status).toBe(200);
    expect(same.body.play_restricted_until).toBe(week.body.play_restricted_until);
    const longer = await setRestriction(client, { restriction: 'break', hours: 336 });
    expect(longer.status).toBe(201);
    expect(untilMs(longer.body)).toBeGreaterThan(untilMs(week.body));

    const excluded = await setRestriction(client, { restriction: 'self_exclusion', months: 6 });
    expect(excluded.status).toBe(201);
    expect(excluded.body.play_restriction).toBe('self_exclusion');
    // A break cannot replace a self-exclusion, nor can a shorter exclusion.
    expect((await setRestriction(client, { restriction: 'break', hours: BREAK_MAX_HOURS })).status).toBe(409);
    const permanent = await setRestriction(client, { restriction: 'self_exclusion', months: null });
    expect(permanent.status).toBe(201);
    expect(permanent.body).toMatchObject({ play_restriction: 'self_exclusion', play_restricted_until: null });
    expect((await setRestriction(client, { restriction: 'self_exclusion', months: 60 })).status).toBe(409);
    expect((await startCoinFlip(client)).body).toMatchObject({ code: 'PLAY_RESTRICTED' });

    const other = await fundedPlayer(ctx);
    await setRestriction(other.client, { restriction: 'break', hours: 24 });
    expect((await startCoinFlip(other.client)).status).toBe(403);
    ctx.clock.advance(24 * 3600 + 1);
    const settings = await other.client.request<ResponsiblePlaySettings>(
      'GET',
      RESPONSIBLE_PLAY_PATHS.settings,
    );
    expect(settings.body.play_restriction).toBeNull();
    expect((await startCoinFlip(other.client)).status).toBe(201);
    // A new break can be taken once the last one ended, even a shorter one.
    expect((await setRestriction(other.client, { restriction: 'break', hours: 24 })).status).toBe(201);
  });

  it('a parallel burst of set calls leaves the longest one, each answer either applied or refused as shorter', async () => {
    const { client, id } = await fundedPlayer(ctx);
    const lengths = [24, 72, 168, 336, 1008, 48, 96, 504];
    const answers = await Promise.all(
      lengths.map((hours) => setRestriction(client, { restriction: 'break', hours })),
    );
    for (const res of answers) expect([200, 201, 409]).toContain(res.status);
    const rows = await ctx.db.query<{ play_restricted_until: Date | string }>(
      'SELECT play_restricted_until FROM users WHERE id = $1',
      [id],
    );
    expect(Date.parse(new Date(rows[0]!.play_restricted_until).toISOString()) - ctx.clock.now).toBe(
      1008 * HOUR_MS,
    );
    // Applied changes were each longer than the one before: the history never goes down.
    const changes = await ctx.db.query<{ restricted_until: Date | string }>(
      'SELECT restricted_until FROM play_restriction_changes WHERE user_id = $1 ORDER BY id',
      [id],
    );
    const ends = changes.map((c) => new Date(c.restricted_until).getTime());
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    expect(new Set(ends).size).toBe(ends.length);
    // Sent while earlier ones are still in flight: a shorter one is refused once the longest landed.
    const inFlight = setRestriction(client, { restriction: 'break', hours: 24 });
    const longest = await setRestriction(client, { restriction: 'break', hours: 1008 });
    expect((await inFlight).status).toBe(409);
    expect(longest.status).toBe(200);
  });
});

describe('reality check', () => {
  it('stores the interval (off, 15, 30, 60) and refuses others', async () => {
    const { client } = await fundedPlayer(ctx);
    for (const minutes of [15, 30, 60, 0]) {
      const res = await client.request<ResponsiblePlaySettings>('PUT', RESPONSIBLE_PLAY_PATHS.realityCheck, {
        body: { minutes },
      });
      expect(res.status).toBe(200);
      expect(res.body.reality_check_minutes).toBe(minutes === 0 ? null : minutes);
    }
    for (const body of [{ minutes: 10 }, { minutes: '15' }, { minutes: -15 }, {}, { minutes: 15, x: 1 }]) {
      const res = await client.request('PUT', RESPONSIBLE_PLAY_PATHS.realityCheck, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('shows time played since sign-in and the net result of the session from real rounds', async () => {
    const { client, id } = await fundedPlayer(ctx, { gold: 10_000, free: 1_000 });
    await client.request('PUT', RESPONSIBLE_PLAY_PATHS.realityCheck, { body: { minutes: 15 } });
    const empty = await client.request<SessionSummary>('GET', RESPONSIBLE_PLAY_PATHS.session);
    expect(empty.body).toMatchObject({ results: [], reality_check_minutes: 15, minutes_played: 0 });

    let goldBets = 0;
    let goldWins = 0;
    for (let i = 0; i < 6; i++) {
      const start = await startCoinFlip(client, {
        betValue: 100,
        currency: 'gold',
        options: { instant: true },
      });
      expect(start.status).toBe(201);
    }
    const start = await startCoinFlip(client, { betValue: 0.5, currency: 'sweeps' });
    expect(start.status).toBe(201);
    await flipCoin(client, start.body.round.id, { type: 'flip', double: true });
    const rounds = await ctx.db.query<{
      currency: string;
      bet_minor: string | number;
      win_minor: string | number;
    }>('SELECT currency, bet_minor, win_minor FROM game_rounds WHERE user_id = $1', [id]);
    let sweepsBets = 0;
    let sweepsWins = 0;
    for (const r of rounds) {
      if (r.currency === 'gold') {
        goldBets += Number(r.bet_minor);
        goldWins += Number(r.win_minor);
      } else {
        sweepsBets += Number(r.bet_minor);
        sweepsWins += Number(r.win_minor);
      }
    }
    ctx.clock.advance(17 * 60);
    const summary = await client.request<SessionSummary>('GET', RESPONSIBLE_PLAY_PATHS.session);
    expect(summary.status).toBe(200);
    expect(summary.body.minutes_played).toBe(17);
    expect(summary.body.results).toEqual([
      { currency: 'gold', bets: goldBets, wins: goldWins, net: goldWins - goldBets },
      {
        currency: 'sweeps',
        bets: sweepsBets / 100,
        wins: sweepsWins / 100,
        net: (sweepsWins - sweepsBets) / 100,
      },
    ]);
    expect(sweepsBets).toBe(100);

    // A reversed bet (a vendor rollback) is no longer a bet of the session.
    const bet = await ctx.db.query<{ id: string | number }>(
      `SELECT id FROM ledger_entries WHERE user_id = $1 AND kind = 'bet' AND currency = 'gold' ORDER BY id LIMIT 1`,
      [id],
    );
    await walletTransaction(ctx.db, id, (tx) =>
      reverseEntry(tx, Number(bet[0]!.id), 'rollback test', {
        createdAt: new Date(ctx.clock.now).toISOString(),
      }),
    );
    const after = await client.request<SessionSummary>('GET', RESPONSIBLE_PLAY_PATHS.session);
    expect(after.body.results[0]).toEqual({
      currency: 'gold',
      bets: goldBets - 100,
      wins: goldWins,
      net: goldWins - goldBets + 100,
    });

    // A new sign-in starts a new session: earlier rounds are not counted.
    ctx.clock.advance(1);
    const email = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
    const fresh = new Client(ctx);
    const login = await fresh.request<{ token: string }>('POST', '/auth/login', {
      body: { email: email[0]!.email, password: 'Velvet-Harbor-42' },
    });
    expect(login.status).toBe(200);
    fresh.token = login.body.token;
    const next = await fresh.request<SessionSummary>('GET', RESPONSIBLE_PLAY_PATHS.session);
    expect(next.body.results).toEqual([]);
  });
});
