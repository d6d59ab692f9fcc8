/**
 * Contract tests of the seamless wallet (docs/vendor-wallet.md): each idempotency rule, the
 * signature and clock window, session expiry, bucket handling, and bursts of parallel calls.
 * PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { VENDOR_GAME_ID, GAMES_API_PATHS } from '../../../src/contract/games.ts';
import {
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  VendorWalletAnswerSchema,
} from '../../../src/contract/vendor-wallet.ts';
import { is } from 'superstruct';
import { OPERATOR_API_PATHS, type AuditRow } from '../../../src/contract/operator.ts';
import type { Database } from '../../db/driver.ts';
import { openPostgres } from '../../db/postgres-driver.ts';
import { signedString, vendorSignature } from '../../providers/vendor-games/wallet-signature.ts';
import { Client, createTestContext, type TestContext, createTestApp } from '../../test-support/test-app.ts';
import { auditCount, signedInOperator } from '../../test-support/operator-test-support.ts';
import { bucketBalances, ledgerViolations, signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import { VENDOR_SESSION_TTL_MS } from './vendor-sessions.ts';
import {
  bet,
  fund,
  launchedPlayer,
  PATHS,
  rollback,
  txId,
  vendorCall,
  win,
} from '../../test-support/vendor-wallet-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const countRows = async (sql: string, params: unknown[]): Promise<number> =>
  Number((await ctx.db.query<{ n: number | string }>(sql, params))[0]?.n ?? 0);
const ledgerCount = (userId: string) =>
  countRows('SELECT count(*) AS n FROM ledger_entries WHERE user_id = $1', [userId]);

describe('launch', () => {
  it('opens a session and answers the vendor launch URL with a random token', async () => {
    const { token, launch } = await launchedPlayer(ctx, 'gold');
    expect(launch.vendor_origin).toBe(ctx.deps.config.vendorSandboxOrigin);
    const url = new URL(launch.launch_url);
    expect(url.origin).toBe(ctx.deps.config.vendorSandboxOrigin);
    expect(url.pathname).toBe('/launch');
    expect(url.searchParams.get('game')).toBe(VENDOR_GAME_ID);
    expect(token.length).toBeGreaterThanOrEqual(10);
    expect(token.length).toBeLessThanOrEqual(255);
    expect(new Date(launch.expires_at).getTime()).toBe(ctx.clock.now + VENDOR_SESSION_TTL_MS);
    const again = await launchedPlayer(ctx, 'gold');
    expect(again.token).not.toBe(token);
  });

  it('refuses signed-out players, unknown and house games, and Sweeps for players not eligible', async () => {
    const player = await signUpPlayer(ctx);
    const anonymous = await ctx.app.request(`/api/v1${GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ currency: 'gold' }),
    });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.status).toBeLessThan(500);
    const unknown = await player.client.request('POST', GAMES_API_PATHS.vendorLaunch('no-such-game'), {
      body: { currency: 'gold' },
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'GAME_NOT_FOUND']);
    const house = await player.client.request('POST', GAMES_API_PATHS.vendorLaunch('blackjack'), {
      body: { currency: 'gold' },
    });
    expect([house.status, house.body.code]).toEqual([404, 'GAME_NOT_FOUND']);
    const badCurrency = await player.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), {
      body: { currency: 'usd' },
    });
    expect([badCurrency.status, badCurrency.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    // A player whose state no longer allows Sweeps (moved to an excluded state).
    await ctx.db.query("UPDATE users SET state_or_province = 'WA' WHERE id = $1", [player.id]);
    const sweeps = await player.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), {
      body: { currency: 'sweeps' },
    });
    expect([sweeps.status, sweeps.body.code]).toEqual([403, 'SWEEPS_NOT_ELIGIBLE']);
    const gold = await player.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), {
      body: { currency: 'gold' },
    });
    expect(gold.status).toBe(200);
  });

  it('refuses Sweeps in gold-only mode and opens Gold sessions there', async () => {
    const goldOnly = await createTestContext({ GOLD_ONLY: 'true' });
    try {
      const player = await signUpPlayer(goldOnly);
      const launch = (currency: string) =>
        player.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), { body: { currency } });
      const sweeps = await launch('sweeps');
      expect([sweeps.status, sweeps.body.code]).toEqual([403, 'SWEEPS_NOT_ELIGIBLE']);
      expect((await launch('gold')).status).toBe(200);
    } finally {
      await goldOnly.close();
    }
  });

  it('refuses a game under maintenance and a currency the game does not take', async () => {
    const hasCatalogue = await ctx.db.query("SELECT to_regclass('games')::text AS name");
    if (!hasCatalogue[0]?.name) return; // without the catalogue the vendor game is always open
    const player = await signUpPlayer(ctx);
    const launch = () =>
      player.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), {
        body: { currency: 'gold' },
      });
    const until = new Date(ctx.clock.now + 3_600_000).toISOString();
    await ctx.db.query('UPDATE games SET maintenance = true, maintenance_until = $2 WHERE id = $1', [
      VENDOR_GAME_ID,
      until,
    ]);
    try {
      const r = await launch();
      expect([r.status, r.body.code]).toEqual([409, 'GAME_UNDER_MAINTENANCE']);
      expect((r.body.extra as { maintenance_until: string }).maintenance_until).toBe(until);
    } finally {
      await ctx.db.query('UPDATE games SET maintenance = false, maintenance_until = NULL WHERE id = $1', [
        VENDOR_GAME_ID,
      ]);
    }
    const before = await ctx.db.query<{ metadata: string }>('SELECT metadata FROM games WHERE id = $1', [
      VENDOR_GAME_ID,
    ]);
    await ctx.db.query(`UPDATE games SET metadata = '{"disabledCurrencies":["gold"]}' WHERE id = $1`, [
      VENDOR_GAME_ID,
    ]);
    try {
      const r = await launch();
      expect([r.status, r.body.code, r.body.field]).toEqual([409, 'GAME_CURRENCY_DISABLED', 'currency']);
    } finally {
      await ctx.db.query('UPDATE games SET metadata = $2 WHERE id = $1', [
        VENDOR_GAME_ID,
        before[0]!.metadata,
      ]);
    }
  });
});

describe('signature and clock window', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await launchedPlayer(ctx, 'gold'));
  });
  const balance = () => ({ session_token: token });

  it('accepts a call signed now, 29 s ago and 29 s ahead, without cookies or CSRF token', async () => {
    for (const offset of [0, -29_000, 29_000]) {
      const r = await vendorCall(ctx, PATHS.balance, balance(), { signAt: ctx.clock.now + offset });
      expect(r.status, `offset ${offset}`).toBe(200);
      expect(is(r.body, VendorWalletAnswerSchema)).toBe(true);
    }
  });

  it('refuses a timestamp outside 30 s, missing or malformed with 401 VENDOR_TIMESTAMP_INVALID', async () => {
    for (const offset of [-31_000, 31_000, -3_600_000]) {
      const r = await vendorCall(ctx, PATHS.balance, balance(), { signAt: ctx.clock.now + offset });
      expect([r.status, r.body.code], `offset ${offset}`).toEqual([401, 'VENDOR_TIMESTAMP_INVALID']);
      expect(r.body.extra).toMatchObject({ window_seconds: 30 });
    }
    for (const bad of ['', 'yesterday', '1.5', '-12']) {
      const r = await vendorCall(ctx, PATHS.balance, balance(), {
        headers: { [VENDOR_TIMESTAMP_HEADER]: bad },
      });
      expect([r.status, r.body.code], `timestamp "${bad}"`).toEqual([401, 'VENDOR_TIMESTAMP_INVALID']);
    }
  });

  it('refuses a wrong key, a changed body and a missing signature with 401 VENDOR_SIGNATURE_INVALID', async () => {
    const wrongKey = await vendorCall(ctx, PATHS.balance, balance(), { secret: 'x'.repeat(40) });
    expect([wrongKey.status, wrongKey.body.code]).toEqual([401, 'VENDOR_SIGNATURE_INVALID']);
    const changed = await vendorCall(ctx, PATHS.balance, balance(), { tamper: (raw) => `${raw} ` });
    expect([changed.status, changed.body.code]).toEqual([401, 'VENDOR_SIGNATURE_INVALID']);
    const missing = await vendorCall(ctx, PATHS.balance, balance(), {
      headers: { [VENDOR_SIGNATURE_HEADER]: '' },
    });
    expect([missing.status, missing.body.code]).toEqual([401, 'VENDOR_SIGNATURE_INVALID']);
    // A signed bet replayed later than the window is refused before it reaches the ledger.
    const old = await vendorCall(ctx, PATHS.bet, bet(token, txId(), 1), { signAt: ctx.clock.now - 60_000 });
    expect([old.status, old.body.code]).toEqual([401, 'VENDOR_TIMESTAMP_INVALID']);
  });

  it('refuses a signature made for another path or another method (401 VENDOR_SIGNATURE_INVALID), nothing moved', async () => {
    const { player, token: own } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1_000 });
    const before = await ledgerCount(player.id);
    const body = bet(own, txId('bet'), 100);
    // The same body and time, signed for the win path, or for the bet path under another method.
    for (const signFor of [
      { path: `${API_PREFIX}${PATHS.win}` },
      { path: `${API_PREFIX}${PATHS.rollback}` },
      { path: PATHS.bet },
      { method: 'PUT' },
      { method: 'GET' },
    ]) {
      const r = await vendorCall(ctx, PATHS.bet, body, { signFor });
      expect([r.status, r.body.code], JSON.stringify(signFor)).toEqual([401, 'VENDOR_SIGNATURE_INVALID']);
    }
    expect(await ledgerCount(player.id)).toBe(before);
    // Signed for its own method and path, the very same call goes through.
    expect((await vendorCall(ctx, PATHS.bet, body)).status).toBe(200);
  });

  it('keeps the worked example of docs/vendor-wallet.md true (the string signed and its HMAC)', () => {
    const doc = readFileSync(new URL('../../../docs/vendor-wallet.md', import.meta.url), 'utf8');
    const example =
      /Worked example: key `([^`]+)`, timestamp `(\d+)`, method `([A-Z]+)`, path\s+`([^`]+)`, body\s+`([^`]+)` → signature\s+`([0-9a-f]{64})`/.exec(
        doc,
      );
    expect(example).not.toBeNull();
    const [, key, timestamp, method, path, rawBody, signature] = example!;
    expect(vendorSignature(key!, timestamp!, { method: method!, path: path!, rawBody: rawBody! })).toBe(
      signature,
    );
    expect(signedString(timestamp!, { method: method!, path: path!, rawBody: rawBody! })).toBe(
      `${timestamp}\n${method}\n${path}\n${rawBody}`,
    );
  });

  it('answers a bad body of a signed call with 400 and an unknown token with 404', async () => {
    const bad = await vendorCall(ctx, PATHS.bet, { session_token: token, amount: 'lots' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    const short = await vendorCall(ctx, PATHS.balance, { session_token: 'short' });
    expect([short.status, short.body.code, short.body.field]).toEqual([
      400,
      'VALIDATION_ERROR',
      'session_token',
    ]);
    const unknown = await vendorCall(ctx, PATHS.balance, { session_token: 'x'.repeat(43) });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'VENDOR_SESSION_NOT_FOUND']);
  });
});

describe('country block', () => {
  it('does not apply to the signed calls of a vendor whose servers are outside the US', async () => {
    const blocking = await createTestContext({ TRUST_COUNTRY_HEADER: 'CF-IPCountry' });
    try {
      const { token } = await launchedPlayer(blocking, 'gold');
      const r = await vendorCall(
        blocking,
        PATHS.balance,
        { session_token: token },
        { headers: { 'CF-IPCountry': 'MT' } },
      );
      expect([r.status, r.body.currency]).toEqual([200, 'gold']);
      // Players' requests from there are still refused.
      const player = await signUpPlayer(blocking);
      const launch = await player.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), {
        body: { currency: 'gold' },
        headers: { 'CF-IPCountry': 'MT' },
      });
      expect([launch.status, launch.body.code]).toEqual([403, 'ACCESS_CURRENTLY_UNAVAILABLE']);
    } finally {
      await blocking.close();
    }
  });
});

describe('balance', () => {
  it('answers the session currency in display units (Gold whole, Sweeps 2 decimals)', async () => {
    const gold = await launchedPlayer(ctx, 'gold');
    const sweeps = await launchedPlayer(ctx, 'sweeps');
    const g0 = await vendorCall(ctx, PATHS.balance, { session_token: gold.token });
    await fund(ctx, gold.player.id, { gold: 1234 });
    const g1 = await vendorCall(ctx, PATHS.balance, { session_token: gold.token });
    expect(g1.body).toEqual({ currency: 'gold', balance: (g0.body.balance as number) + 1234 });
    const s0 = await vendorCall(ctx, PATHS.balance, { session_token: sweeps.token });
    await fund(ctx, sweeps.player.id, { paidCents: 150, freeCents: 7 });
    const s1 = await vendorCall(ctx, PATHS.balance, { session_token: sweeps.token });
    expect(s1.body.currency).toBe('sweeps');
    expect(s1.body.balance).toBeCloseTo((s0.body.balance as number) + 1.57, 2);
  });
});

describe('bet', () => {
  it('debits through the ledger; the same id and body answers the first answer and debits once', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const start = (await bucketBalances(ctx.db, player.id))['gold:main']!;
    const id = txId('bet');
    const first = await vendorCall(ctx, PATHS.bet, bet(token, id, 300));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      currency: 'gold',
      balance: start - 300,
      transaction_id: id,
      kind: 'bet',
      amount: 300,
    });
    await fund(ctx, player.id, { gold: 5 }); // the balance moves: a replay still answers the first answer
    const again = await vendorCall(ctx, PATHS.bet, bet(token, id, 300));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(start - 300 + 5);
    const entries = await ctx.db.query<{ idempotency_key: string; reference: string; description: string }>(
      "SELECT idempotency_key, reference, description FROM ledger_entries WHERE user_id = $1 AND kind = 'bet'",
      [player.id],
    );
    expect(entries).toEqual([
      {
        idempotency_key: `vendor-bet:${id}:gold:main`,
        reference: `vendor:${VENDOR_GAME_ID}:round-1`,
        description: 'Fruit Frenzy bet',
      },
    ]);
  });

  it('refuses the same id with another body (DUPLICATE_TRANSACTION), also from another player', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const id = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, id, 100))).status).toBe(200);
    const other = await vendorCall(ctx, PATHS.bet, bet(token, id, 200));
    expect([other.status, other.body.code, other.body.field]).toEqual([
      409,
      'DUPLICATE_TRANSACTION',
      'transaction_id',
    ]);
    const otherRound = await vendorCall(ctx, PATHS.bet, bet(token, id, 100, 'round-2'));
    expect(otherRound.status).toBe(409);
    const stranger = await launchedPlayer(ctx, 'gold');
    await fund(ctx, stranger.player.id, { gold: 1000 });
    const theirs = await vendorCall(ctx, PATHS.bet, bet(stranger.token, id, 100));
    expect([theirs.status, theirs.body.code]).toEqual([409, 'DUPLICATE_TRANSACTION']);
    // A win's id reused as a bet's is a reuse too.
    const w = txId('win');
    expect((await vendorCall(ctx, PATHS.win, win(token, w, id, 0))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.bet, bet(token, w, 100))).status).toBe(409);
  });

  it('refuses a bet above the balance with 402 INSUFFICIENT_BALANCE and writes nothing', async () => {
    const { player, token } = await launchedPlayer(ctx, 'sweeps');
    await fund(ctx, player.id, { paidCents: 100, freeCents: 50 });
    const total = (await vendorCall(ctx, PATHS.balance, { session_token: token })).body.balance as number;
    const ledgerBefore = await ledgerCount(player.id);
    const id = txId('bet');
    const r = await vendorCall(ctx, PATHS.bet, bet(token, id, total + 0.01));
    expect([r.status, r.body.code, r.body.field]).toEqual([402, 'INSUFFICIENT_BALANCE', 'amount']);
    expect(await ledgerCount(player.id)).toBe(ledgerBefore);
    expect(
      await countRows('SELECT count(*) AS n FROM vendor_transactions WHERE transaction_id = $1', [id]),
    ).toBe(0);
    // Nothing was recorded, so the same id may be sent again once the player has the coins.
    await fund(ctx, player.id, { paidCents: 1 });
    expect((await vendorCall(ctx, PATHS.bet, bet(token, id, total + 0.01))).status).toBe(200);
  });

  it('refuses amounts the currency cannot hold', async () => {
    const gold = await launchedPlayer(ctx, 'gold');
    const sweeps = await launchedPlayer(ctx, 'sweeps');
    for (const [token, amount] of [
      [gold.token, 1.5],
      [gold.token, 0],
      [sweeps.token, 0.001],
      [sweeps.token, 0],
    ] as const) {
      const r = await vendorCall(ctx, PATHS.bet, bet(token, txId(), amount));
      expect([r.status, r.body.code, r.body.field], `amount ${amount}`).toEqual([
        400,
        'VENDOR_AMOUNT_INVALID',
        'amount',
      ]);
    }
    const negative = await vendorCall(ctx, PATHS.bet, bet(gold.token, txId(), -5));
    expect([negative.status, negative.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it("refuses a bet outside the catalogue's limits for the game (BET_OUT_OF_RANGE)", async () => {
    const [game] = await ctx.db.query<{ min_bet_gold: string | number; max_bet_gold: string | number }>(
      'SELECT min_bet_gold, max_bet_gold FROM games WHERE id = $1',
      [VENDOR_GAME_ID],
    );
    const [min, max] = [Number(game!.min_bet_gold), Number(game!.max_bet_gold)];
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: max * 2 });
    for (const amount of [min - 1, max + 1]) {
      const r = await vendorCall(ctx, PATHS.bet, bet(token, txId(), amount));
      expect([r.status, r.body.code, r.body.field], `bet ${amount}`).toEqual([
        400,
        'BET_OUT_OF_RANGE',
        'amount',
      ]);
      expect(r.body.extra).toEqual({ min_bet: min, max_bet: max });
    }
    for (const amount of [min, max])
      expect((await vendorCall(ctx, PATHS.bet, bet(token, txId(), amount))).status, `bet ${amount}`).toBe(
        200,
      );
  });

  it('spends Sweeps paid first, then free, then redeemable', async () => {
    const { player, token } = await launchedPlayer(ctx, 'sweeps');
    await fund(ctx, player.id, { paidCents: 100, freeCents: 100 });
    const before = await bucketBalances(ctx.db, player.id);
    expect((await vendorCall(ctx, PATHS.bet, bet(token, txId(), 1.5))).status).toBe(200);
    const after = await bucketBalances(ctx.db, player.id);
    expect(after['sweeps:paid']).toBe(before['sweeps:paid']! - Math.min(150, before['sweeps:paid']!));
    expect(after['sweeps:paid']! + after['sweeps:free']!).toBe(
      before['sweeps:paid']! + before['sweeps:free']! - 150,
    );
  });
});

describe("win above the game's published maximum", () => {
  it('credits a win at the maximum; refuses one above it (VENDOR_WIN_ABOVE_MAXIMUM), credits nothing, the operator sees the record', async () => {
    const catalogue = await new Client(ctx).request<{
      results: Array<{ id: string; max_win_multiple?: number | null }>;
    }>('GET', GAMES_API_PATHS.catalogue);
    const multiple = catalogue.body.results.find((g) => g.id === VENDOR_GAME_ID)?.max_win_multiple;
    expect(multiple).toBe(100);
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1_000 });

    // At the maximum: 100 times a bet of 200, in two wins (a feature may pay twice).
    const atMax = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, atMax, 200))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.win, win(token, txId('win'), atMax, 15_000))).status).toBe(200);
    const last = await vendorCall(ctx, PATHS.win, win(token, txId('win'), atMax, 5_000));
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ kind: 'win', amount: 5_000, balance: 1_000 - 200 + 20_000 });

    // Above it: one coin more than 100 times the bet, at once or on top of an earlier win.
    const above = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, above, 100))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.win, win(token, txId('win'), above, 9_000))).status).toBe(200);
    const before = await bucketBalances(ctx.db, player.id);
    const entries = await ledgerCount(player.id);
    const auditBefore = await auditCount(ctx);
    const refusedId = txId('win');
    const refused = await vendorCall(ctx, PATHS.win, win(token, refusedId, above, 1_001, 'round-big'));
    expect([refused.status, refused.body.code, refused.body.field]).toEqual([
      400,
      'VENDOR_WIN_ABOVE_MAXIMUM',
      'amount',
    ]);
    expect(refused.body.extra).toEqual({
      max_win_multiple: 100,
      bet_amount: 100,
      max_win: 10_000,
      already_won: 9_000,
    });
    // Sent again (the same id and body): refused again, still nothing credited, one record.
    expect((await vendorCall(ctx, PATHS.win, win(token, refusedId, above, 1_001, 'round-big'))).status).toBe(
      400,
    );
    expect(await bucketBalances(ctx.db, player.id)).toEqual(before);
    expect(await ledgerCount(player.id)).toBe(entries);
    expect(
      await countRows('SELECT count(*) AS n FROM vendor_transactions WHERE transaction_id = $1', [refusedId]),
    ).toBe(0);
    expect(await auditCount(ctx)).toBe(auditBefore + 1);
    // The bet stays open: the rest of its maximum may still be paid.
    expect((await vendorCall(ctx, PATHS.win, win(token, txId('win'), above, 1_000))).status).toBe(200);

    const operator = await signedInOperator(ctx);
    const audit = await operator.client.request<{ results: AuditRow[] }>('GET', OPERATOR_API_PATHS.audit);
    expect(audit.status).toBe(200);
    const row = audit.body.results.find((r) => r.subject === `vendor-win:${refusedId}`);
    expect(row).toMatchObject({
      action: 'vendor_win_refused',
      operator_email: 'server',
      player_id: player.id,
      after: {
        game_id: VENDOR_GAME_ID,
        transaction_id: refusedId,
        bet_transaction_id: above,
        round_id: 'round-big',
        amount: 1_001,
        max_win: 10_000,
      },
    });
  });
});

describe('win', () => {
  it('credits a win of a known bet; Sweeps wins land in redeemable; a zero win closes the round', async () => {
    const { player, token } = await launchedPlayer(ctx, 'sweeps');
    await fund(ctx, player.id, { freeCents: 500 });
    const betId = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, betId, 2))).status).toBe(200);
    const before = await bucketBalances(ctx.db, player.id);
    const w = await vendorCall(ctx, PATHS.win, win(token, txId('win'), betId, 3.25));
    expect(w.status).toBe(200);
    expect(w.body).toMatchObject({ currency: 'sweeps', kind: 'win', amount: 3.25 });
    const after = await bucketBalances(ctx.db, player.id);
    expect(after['sweeps:redeemable']).toBe((before['sweeps:redeemable'] ?? 0) + 325);
    expect(after['sweeps:free']).toBe(before['sweeps:free']);
    const zero = await vendorCall(ctx, PATHS.win, win(token, txId('win'), betId, 0));
    expect(zero.status).toBe(200);
    expect(zero.body.amount).toBe(0);
  });

  it('refuses a win for an unknown bet (404) and for a bet of another session', async () => {
    const { token } = await launchedPlayer(ctx, 'gold');
    const r = await vendorCall(ctx, PATHS.win, win(token, txId('win'), 'never-placed', 100));
    expect([r.status, r.body.code, r.body.field]).toEqual([
      404,
      'VENDOR_BET_NOT_FOUND',
      'bet_transaction_id',
    ]);
    const other = await launchedPlayer(ctx, 'gold');
    await fund(ctx, other.player.id, { gold: 500 });
    const theirBet = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(other.token, theirBet, 100))).status).toBe(200);
    const cross = await vendorCall(ctx, PATHS.win, win(token, txId('win'), theirBet, 100));
    expect([cross.status, cross.body.code]).toEqual([404, 'VENDOR_BET_NOT_FOUND']);
  });
});

describe('rollback', () => {
  it('refunds a bet into the buckets it came from; a second rollback credits nothing', async () => {
    const { player, token } = await launchedPlayer(ctx, 'sweeps');
    await fund(ctx, player.id, { paidCents: 100, freeCents: 300 });
    const before = await bucketBalances(ctx.db, player.id);
    const betId = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, betId, 2.5))).status).toBe(200);
    const rb = txId('rb');
    const first = await vendorCall(ctx, PATHS.rollback, rollback(token, rb, betId));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'rollback', amount: 2.5, currency: 'sweeps' });
    expect(await bucketBalances(ctx.db, player.id)).toEqual(before);
    const reversals = await countRows(
      "SELECT count(*) AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'reversal'",
      [player.id],
    );
    expect(reversals).toBeGreaterThanOrEqual(1);
    // The same rollback again: its first answer. Another rollback of the bet: nothing credited.
    const replay = await vendorCall(ctx, PATHS.rollback, rollback(token, rb, betId));
    expect(replay.body).toEqual(first.body);
    const second = await vendorCall(ctx, PATHS.rollback, rollback(token, txId('rb'), betId));
    expect(second.status).toBe(200);
    expect(second.body.amount).toBe(0);
    expect(await bucketBalances(ctx.db, player.id)).toEqual(before);
    // A win for the rolled-back bet is refused.
    const late = await vendorCall(ctx, PATHS.win, win(token, txId('win'), betId, 1));
    expect([late.status, late.body.code]).toEqual([409, 'VENDOR_BET_ROLLED_BACK']);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('records a rollback of an unknown bet, so the late bet with that id is refused', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const betId = txId('bet');
    const ledgerBefore = await ledgerCount(player.id);
    const rb = await vendorCall(ctx, PATHS.rollback, rollback(token, txId('rb'), betId));
    expect(rb.status).toBe(200);
    expect(rb.body.amount).toBe(0);
    const late = await vendorCall(ctx, PATHS.bet, bet(token, betId, 100));
    expect([late.status, late.body.code, late.body.field]).toEqual([
      409,
      'VENDOR_BET_ROLLED_BACK',
      'transaction_id',
    ]);
    expect(await ledgerCount(player.id)).toBe(ledgerBefore);
  });

  it('refuses a rollback after a win', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const betId = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, betId, 100))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.win, win(token, txId('win'), betId, 250))).status).toBe(200);
    const before = await bucketBalances(ctx.db, player.id);
    const rb = await vendorCall(ctx, PATHS.rollback, rollback(token, txId('rb'), betId));
    expect([rb.status, rb.body.code, rb.body.field]).toEqual([
      409,
      'VENDOR_BET_SETTLED',
      'bet_transaction_id',
    ]);
    expect(await bucketBalances(ctx.db, player.id)).toEqual(before);
  });
});

describe('closed account', () => {
  it('refuses new bets once the player closed the account, but settles the placed ones', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const placed = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, placed, 100))).status).toBe(200);
    await ctx.db.query("UPDATE users SET account_state = 'closed' WHERE id = $1", [player.id]);
    const late = await vendorCall(ctx, PATHS.bet, bet(token, txId('bet'), 100));
    expect([late.status, late.body.code]).toEqual([403, 'ACCOUNT_CLOSED']);
    const paid = await vendorCall(ctx, PATHS.win, win(token, txId('win'), placed, 300));
    expect([paid.status, paid.body.amount]).toEqual([200, 300]);
  });
});

describe('session expiry', () => {
  it('refuses bets and balance after expiry but accepts wins and rollbacks of placed bets', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const toWin = txId('bet');
    const toRollBack = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, toWin, 100))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.bet, bet(token, toRollBack, 100))).status).toBe(200);
    const firstBet = await vendorCall(ctx, PATHS.bet, bet(token, toWin, 100));
    ctx.clock.advance(VENDOR_SESSION_TTL_MS / 1000 + 1);
    try {
      const late = await vendorCall(ctx, PATHS.bet, bet(token, txId('bet'), 100));
      expect([late.status, late.body.code]).toEqual([403, 'VENDOR_SESSION_EXPIRED']);
      const balance = await vendorCall(ctx, PATHS.balance, { session_token: token });
      expect([balance.status, balance.body.code]).toEqual([403, 'VENDOR_SESSION_EXPIRED']);
      // A retry of a bet accepted before expiry still gets its first answer.
      expect((await vendorCall(ctx, PATHS.bet, bet(token, toWin, 100))).body).toEqual(firstBet.body);
      const w = await vendorCall(ctx, PATHS.win, win(token, txId('win'), toWin, 400));
      expect([w.status, w.body.amount]).toEqual([200, 400]);
      const rb = await vendorCall(ctx, PATHS.rollback, rollback(token, txId('rb'), toRollBack));
      expect([rb.status, rb.body.amount]).toEqual([200, 100]);
    } finally {
      ctx.clock.advance(-(VENDOR_SESSION_TTL_MS / 1000 + 1));
    }
  });
});

/**
 * A second app on the same database. On PostgreSQL it has its own connections, so the in-process
 * player queue does not order the two instances: only the player row lock and the unique
 * transaction id do.
 */
async function secondInstance(): Promise<{ other: TestContext; second: Database }> {
  const url = process.env.TEST_DATABASE_URL;
  let second: Database = ctx.db;
  if (url) {
    const [row] = await ctx.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    second = await openPostgres(url, { schema: row!.schema, max: 5 });
  }
  return { other: { ...ctx, app: createTestApp({ ...ctx.deps, db: second }) }, second };
}

describe('parallel bursts', () => {
  const N = 20;

  it(`${N} copies of one bet at once debit once and all get the same answer`, async () => {
    const { player, token } = await launchedPlayer(ctx, 'sweeps');
    await fund(ctx, player.id, { paidCents: 1000 });
    const id = txId('bet');
    const replies = await Promise.all(
      Array.from({ length: N }, () => vendorCall(ctx, PATHS.bet, bet(token, id, 1.25))),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(N).fill(200));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const debited = await countRows(
      "SELECT count(DISTINCT idempotency_key) AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'bet'",
      [player.id],
    );
    expect(debited).toBe(1);
    expect(
      await countRows('SELECT count(*) AS n FROM vendor_transactions WHERE transaction_id = $1', [id]),
    ).toBe(1);
  });

  it(`${N} different bets at once against a small balance never overdraw it`, async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    const start = (await vendorCall(ctx, PATHS.balance, { session_token: token })).body.balance as number;
    await fund(ctx, player.id, { gold: 500 - start });
    const replies = await Promise.all(
      Array.from({ length: N }, () => vendorCall(ctx, PATHS.bet, bet(token, txId('burst'), 100))),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(N - 5);
    expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(0);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('bets sent one after another while earlier ones are in flight never overdraw', async () => {
    const { player, token } = await launchedPlayer(ctx, 'sweeps');
    const start = (await vendorCall(ctx, PATHS.balance, { session_token: token })).body.balance as number;
    await fund(ctx, player.id, { freeCents: Math.round((3 - start) * 100) });
    const inFlight: Promise<{ status: number }>[] = [];
    for (let i = 0; i < N; i++) {
      inFlight.push(vendorCall(ctx, PATHS.bet, bet(token, txId('seq'), 0.5)));
      await new Promise((r) => setTimeout(r, 2));
    }
    const statuses = (await Promise.all(inFlight)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 402)).toHaveLength(N - 6);
    expect((await vendorCall(ctx, PATHS.balance, { session_token: token })).body.balance).toBe(0);
  });

  it('a rollback racing its own bet either refunds it or refuses the bet, never both charged', async () => {
    for (let round = 0; round < 5; round++) {
      const { player, token } = await launchedPlayer(ctx, 'gold');
      await fund(ctx, player.id, { gold: 100 });
      const before = (await bucketBalances(ctx.db, player.id))['gold:main'];
      const betId = txId('race');
      await Promise.all([
        vendorCall(ctx, PATHS.bet, bet(token, betId, 100)),
        vendorCall(ctx, PATHS.rollback, rollback(token, txId('rb'), betId)),
      ]);
      // Whatever the order, the player ends where they started and a later copy of the bet is refused.
      expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(before);
      const retry = await vendorCall(ctx, PATHS.bet, bet(token, betId, 100));
      if (retry.status === 200) expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
      else expect(retry.body.code).toBe('VENDOR_BET_ROLLED_BACK');
      expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(before);
    }
  });

  it('a rollback racing its bet on another server instance: refunded or refused, never charged', async () => {
    const { other, second } = await secondInstance();
    try {
      for (let round = 0; round < 5; round++) {
        const { player, token } = await launchedPlayer(ctx, 'gold');
        await fund(ctx, player.id, { gold: 100 });
        const before = (await bucketBalances(ctx.db, player.id))['gold:main'];
        const betId = txId('race2');
        const [placed, rolledBack] = await Promise.all([
          vendorCall(ctx, PATHS.bet, bet(token, betId, 100)),
          vendorCall(other, PATHS.rollback, rollback(token, txId('rb'), betId)),
        ]);
        expect(rolledBack.status).toBe(200);
        // Bet first: the rollback refunded it. Rollback first: the bet was refused.
        expect(placed.status === 200 ? rolledBack.body.amount : placed.body.code).toBe(
          placed.status === 200 ? 100 : 'VENDOR_BET_ROLLED_BACK',
        );
        expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(before);
      }
    } finally {
      if (second !== ctx.db) await second.close();
    }
  });

  it('two server instances on one database: copies of a bet debit once, a burst never overdraws', async () => {
    const { other, second } = await secondInstance();
    try {
      const { player, token } = await launchedPlayer(ctx, 'gold');
      const start = (await vendorCall(ctx, PATHS.balance, { session_token: token })).body.balance as number;
      await fund(ctx, player.id, { gold: 1000 - start });
      const id = txId('twin');
      const copies = await Promise.all(
        Array.from({ length: N }, (_, i) => vendorCall(i % 2 ? other : ctx, PATHS.bet, bet(token, id, 100))),
      );
      expect(copies.map((r) => r.status)).toEqual(Array(N).fill(200));
      expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(900);
      const burst = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          vendorCall(i % 2 ? other : ctx, PATHS.bet, bet(token, txId('twin'), 200)),
        ),
      );
      expect(burst.filter((r) => r.status === 200)).toHaveLength(4);
      expect(burst.filter((r) => r.status === 402)).toHaveLength(N - 4);
      expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(100);
      expect(await ledgerViolations(ctx.db)).toEqual([]);
    } finally {
      if (second !== ctx.db) await second.close();
    }
  });
});
