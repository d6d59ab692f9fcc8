import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  LOGIN_BONUS_API_PATHS,
  LOGIN_BONUS_DEFAULTS,
  LOGIN_BONUS_TEXTS,
  LoginBonusCoinsSchema,
} from '../../../src/contract/login-bonus.ts';
import { WALLET_API_PATHS } from '../../../src/contract/wallet.ts';
import {
  Client,
  createTestContext,
  openSecondInstance,
  signUpPayload,
  type TestContext,
} from '../../test-support/test-app.ts';
import { loadConfig } from '../../platform/config.ts';
import { bucketBalances, ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { loginBonusOffer } from './login-bonus-rule.ts';

interface LoginAnswer {
  token: string;
  user: { id: string };
  balances: { balance_total_gld: number; balance_total_ghc: number; balance_free_ghc: number };
  quantity_ghc: number;
  quantity_gld: number;
}

const PASSWORD = 'Velvet-Harbor-42';
const HOUR = 3600;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

/** Joins a player at the context's current clock; answers the id and the email to sign in with. */
async function join(context: TestContext = ctx): Promise<{ id: string; email: string }> {
  const payload = signUpPayload();
  const res = await new Client(context).request<LoginAnswer>('POST', '/users', { body: payload });
  expect(res.status).toBe(201);
  expect([res.body.quantity_ghc, res.body.quantity_gld]).toEqual([0, 0]);
  return { id: res.body.user.id, email: String(payload.email) };
}

async function signIn(email: string, client = new Client(ctx)) {
  const res = await client.request<LoginAnswer>('POST', '/auth/login', {
    body: { email, password: PASSWORD },
  });
  if (res.status === 200) client.token = res.body.token;
  return { res, client };
}

const setClock = (context: TestContext, iso: string) => {
  context.clock.now = Date.parse(iso);
};

const bonusEntries = (userId: string, context: TestContext = ctx) =>
  context.db.query<{ currency: string; bucket: string; amount_minor: string; description: string }>(
    `SELECT currency, bucket, amount_minor, description FROM ledger_entries
      WHERE user_id = $1 AND kind = 'bonus' ORDER BY id`,
    [userId],
  );

const DEFAULT_SWEEPS = LOGIN_BONUS_DEFAULTS.sweepsCents / 100;

describe('the rule', () => {
  it('the defaults are the amounts the Official Sweepstakes Rules and docs state', () => {
    const offer = loginBonusOffer({
      nowMs: Date.parse('2026-11-24T15:00:00Z'),
      joinedAtMs: Date.parse('2026-11-20T15:00:00Z'),
      sweepsEligible: true,
      settings: { goldCoins: LOGIN_BONUS_DEFAULTS.goldCoins, sweepsCents: LOGIN_BONUS_DEFAULTS.sweepsCents },
    });
    expect(offer).toEqual({ day: '2026-11-24', goldCoins: 5_000, sweepsCents: 20 });
    const config = loadConfig({ PASSWORD_HASH_COST: 'test' });
    expect([config.loginBonusGoldCoins, config.loginBonusSweepsCents]).toEqual([5_000, 20]);
    const phrase = `${offer!.goldCoins.toLocaleString('en-US')} Gold Coins and ${(offer!.sweepsCents / 100).toFixed(2)} free Sweeps Coins`;
    const rules = readFileSync(new URL('../legal/documents/sweeps-rules.md', import.meta.url), 'utf8');
    expect(rules).toContain(phrase);
    const docs = readFileSync(new URL('../../../docs/login-bonus.md', import.meta.url), 'utf8');
    expect(docs).toContain(phrase);
  });

  it('nothing on the day of joining (Eastern Time), and nothing when both amounts are 0', () => {
    const settings = { goldCoins: 5_000, sweepsCents: 20 };
    // 11:30pm EST on Nov 23 and 12:10am EST on Nov 24 are different Eastern days, the same UTC day.
    const joinedAtMs = Date.parse('2026-11-24T04:30:00Z');
    expect(
      loginBonusOffer({
        nowMs: Date.parse('2026-11-24T04:59:59Z'),
        joinedAtMs,
        sweepsEligible: true,
        settings,
      }),
    ).toBeNull();
    expect(
      loginBonusOffer({
        nowMs: Date.parse('2026-11-24T05:10:00Z'),
        joinedAtMs,
        sweepsEligible: true,
        settings,
      }),
    ).toEqual({ day: '2026-11-24', goldCoins: 5_000, sweepsCents: 20 });
    expect(
      loginBonusOffer({
        nowMs: Date.parse('2026-11-25T05:10:00Z'),
        joinedAtMs,
        sweepsEligible: false,
        settings,
      }),
    ).toEqual({ day: '2026-11-25', goldCoins: 5_000, sweepsCents: 0 });
    expect(
      loginBonusOffer({
        nowMs: Date.parse('2026-11-25T05:10:00Z'),
        joinedAtMs,
        sweepsEligible: true,
        settings: { goldCoins: 0, sweepsCents: 0 },
      }),
    ).toBeNull();
  });

  it('LOGIN_BONUS_GOLD / LOGIN_BONUS_SWEEPS_CENTS must be whole numbers in range', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test', LOGIN_BONUS_GOLD: '1.5' })).toThrow(
      /LOGIN_BONUS_GOLD/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test', LOGIN_BONUS_SWEEPS_CENTS: '-1' })).toThrow(
      /LOGIN_BONUS_SWEEPS_CENTS/,
    );
  });
});

describe('sign-in credits the bonus once per Eastern day', () => {
  it('across midnight: the first sign-in after 12:00am ET earns it, the second that day earns 0', async () => {
    setClock(ctx, '2026-11-24T04:00:00Z'); // Nov 23, 11:00pm EST
    const player = await join();
    const sameDay = await signIn(player.email);
    expect(sameDay.res.status).toBe(200);
    expect([sameDay.res.body.quantity_ghc, sameDay.res.body.quantity_gld]).toEqual([0, 0]);

    setClock(ctx, '2026-11-24T05:00:30Z'); // Nov 24, 12:00:30am EST
    const first = await signIn(player.email);
    expect(first.res.status).toBe(200);
    expect(first.res.body).toMatchObject({ quantity_ghc: DEFAULT_SWEEPS, quantity_gld: 5_000 });
    // The login answer's balances already hold the bonus (the app shows them minus it, then animates).
    expect(first.res.body.balances).toMatchObject({
      balance_total_gld: 5_000,
      balance_free_ghc: DEFAULT_SWEEPS,
      balance_total_ghc: DEFAULT_SWEEPS,
    });

    ctx.clock.advance(2 * HOUR);
    const second = await signIn(player.email);
    expect([second.res.body.quantity_ghc, second.res.body.quantity_gld]).toEqual([0, 0]);
    expect(second.res.body.balances.balance_total_gld).toBe(5_000);

    const entries = await bonusEntries(player.id);
    expect(entries.map((e) => [e.currency, e.bucket, Number(e.amount_minor), e.description])).toEqual([
      ['gold', 'main', 5_000, LOGIN_BONUS_TEXTS.historyDescription],
      ['sweeps', 'free', 20, LOGIN_BONUS_TEXTS.historyDescription],
    ]);
    // The coin histories list it.
    const gold = await second.client.request<{ results: Array<{ kind: string; description: string }> }>(
      'GET',
      WALLET_API_PATHS.goldTransactions,
    );
    expect(gold.status).toBe(200);
    expect(gold.body.results).toContainEqual(
      expect.objectContaining({ description: LOGIN_BONUS_TEXTS.historyDescription }),
    );
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('across the daylight saving changes: the 25-hour and the 23-hour Eastern days give one bonus each', async () => {
    setClock(ctx, '2026-10-30T16:00:00Z');
    const player = await join();
    // Nov 1, 2026 starts at 04:00Z (EDT) and, 25 hours long, ends at 05:00Z on Nov 2 (EST).
    setClock(ctx, '2026-11-01T04:10:00Z');
    expect((await signIn(player.email)).res.body.quantity_gld).toBe(5_000);
    setClock(ctx, '2026-11-02T04:30:00Z'); // Nov 1, 11:30pm EST: still Nov 1
    expect((await signIn(player.email)).res.body.quantity_gld).toBe(0);
    setClock(ctx, '2026-11-02T05:00:00Z'); // Nov 2, 12:00am EST
    expect((await signIn(player.email)).res.body.quantity_gld).toBe(5_000);
    // And the start of daylight saving time: Mar 14, 2027 runs 23 hours, 05:00Z (EST) to 04:00Z (EDT).
    setClock(ctx, '2027-03-14T05:30:00Z'); // Mar 14, 12:30am EST
    expect((await signIn(player.email)).res.body.quantity_gld).toBe(5_000);
    setClock(ctx, '2027-03-15T03:59:00Z'); // Mar 14, 11:59pm EDT
    expect((await signIn(player.email)).res.body.quantity_gld).toBe(0);
    setClock(ctx, '2027-03-15T04:00:30Z'); // Mar 15, 12:00:30am EDT
    expect((await signIn(player.email)).res.body.quantity_gld).toBe(5_000);
    expect((await bonusEntries(player.id)).filter((e) => e.currency === 'gold')).toHaveLength(4);
  });

  it('the "user login bonus coins" call answers the pending bonus until it is acknowledged', async () => {
    setClock(ctx, '2026-12-01T15:00:00Z');
    const player = await join();
    setClock(ctx, '2026-12-02T15:00:00Z');
    const { client } = await signIn(player.email);
    const pending = await client.request('GET', LOGIN_BONUS_API_PATHS.pending);
    expect(pending.status).toBe(200);
    expect(is(pending.body, LoginBonusCoinsSchema)).toBe(true);
    expect(pending.body).toEqual({ quantity_ghc: DEFAULT_SWEEPS, quantity_gld: 5_000 });
    // A second sign-in the same day (another tab, a reload after sign-out) still sees it pending.
    const again = await signIn(player.email);
    expect((await again.client.request('GET', LOGIN_BONUS_API_PATHS.pending)).body).toMatchObject({
      quantity_gld: 5_000,
    });
    const ack = await client.request('POST', LOGIN_BONUS_API_PATHS.acknowledge);
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ quantity_ghc: 0, quantity_gld: 0 });
    expect((await client.request('GET', LOGIN_BONUS_API_PATHS.pending)).body).toEqual({
      quantity_ghc: 0,
      quantity_gld: 0,
    });
    // An unacknowledged bonus of an earlier day is not announced again: only today's is pending.
    setClock(ctx, '2026-12-03T15:00:00Z');
    const next = await signIn(player.email);
    expect(next.res.body.quantity_gld).toBe(5_000);
    setClock(ctx, '2026-12-04T15:00:00Z');
    const latest = await signIn(player.email);
    expect((await latest.client.request('GET', LOGIN_BONUS_API_PATHS.pending)).body).toEqual({
      quantity_ghc: DEFAULT_SWEEPS,
      quantity_gld: 5_000,
    });
  });

  it('both calls need a signed-in player', async () => {
    expect((await new Client(ctx).request('GET', LOGIN_BONUS_API_PATHS.pending)).status).toBe(401);
    expect((await new Client(ctx).request('POST', LOGIN_BONUS_API_PATHS.acknowledge)).status).toBe(401);
  });
});

describe('concurrency', () => {
  it('a burst of 10 parallel sign-ins, then 5 more sent while they run, credit the bonus once (two app instances on PostgreSQL)', async () => {
    setClock(ctx, '2026-12-10T15:00:00Z');
    const player = await join();
    setClock(ctx, '2026-12-11T15:00:00Z');
    const second = await openSecondInstance(ctx);
    try {
      // Each sign-in from its own address (the per-address sign-in throttle is not under test),
      // alternating between the two instances.
      const clients = Array.from({ length: 15 }, (_, i) => second.instancesOf(new Client(ctx))[i % 2]!);
      const burst = clients.slice(0, 10).map((client) => signIn(player.email, client));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const late = [];
      for (const client of clients.slice(10)) {
        late.push(signIn(player.email, client));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const answers = await Promise.all([...burst, ...late]);
      expect(answers.map((a) => a.res.status)).toEqual(Array(15).fill(200));
      const earned = answers.filter((a) => a.res.body.quantity_gld > 0);
      expect(earned).toHaveLength(1);
      expect(earned[0]!.res.body).toMatchObject({ quantity_gld: 5_000, quantity_ghc: DEFAULT_SWEEPS });
      expect(await bucketBalances(ctx.db, player.id)).toMatchObject({
        'gold:main': 5_000,
        'sweeps:free': 20,
      });
      expect(await bonusEntries(player.id)).toHaveLength(2);
      expect(await ledgerViolations(ctx.db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('who gets it', () => {
  it('a refused player (suspended, on a break) signs in without a bonus; once allowed, a later sign-in that day earns it', async () => {
    setClock(ctx, '2026-12-20T15:00:00Z');
    const player = await join();
    setClock(ctx, '2026-12-21T15:00:00Z');
    await ctx.db.query("UPDATE users SET suspended_at = now(), suspension_reason = 'support' WHERE id = $1", [
      player.id,
    ]);
    const suspended = await signIn(player.email);
    expect(suspended.res.status).toBe(200);
    expect([suspended.res.body.quantity_ghc, suspended.res.body.quantity_gld]).toEqual([0, 0]);
    await ctx.db.query('UPDATE users SET suspended_at = NULL, suspension_reason = NULL WHERE id = $1', [
      player.id,
    ]);
    await ctx.db.query(
      "UPDATE users SET play_restriction = 'break', play_restricted_until = $2 WHERE id = $1",
      [player.id, new Date(ctx.clock.now + 2 * HOUR * 1000).toISOString()],
    );
    const onBreak = await signIn(player.email);
    expect(onBreak.res.status).toBe(200);
    expect(onBreak.res.body.quantity_gld).toBe(0);
    expect(await bonusEntries(player.id)).toEqual([]);
    // The break ends within the day: the next sign-in earns the day's bonus.
    ctx.clock.advance(3 * HOUR);
    expect((await signIn(player.email)).res.body.quantity_gld).toBe(5_000);
  });

  it('gold-only mode: Gold only, no Sweeps', async () => {
    const gold = await createTestContext({ GOLD_ONLY: 'true' }, { seedDemo: false });
    try {
      setClock(gold, '2026-12-01T15:00:00Z');
      const player = await join(gold);
      setClock(gold, '2026-12-02T15:00:00Z');
      const { res } = await signIn(player.email, new Client(gold));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ quantity_gld: 5_000, quantity_ghc: 0 });
      expect((await bonusEntries(player.id, gold)).map((e) => e.currency)).toEqual(['gold']);
    } finally {
      await gold.close();
    }
  });

  it('LOGIN_BONUS_GOLD=0 and LOGIN_BONUS_SWEEPS_CENTS=0 turn it off', async () => {
    const off = await createTestContext(
      { LOGIN_BONUS_GOLD: '0', LOGIN_BONUS_SWEEPS_CENTS: '0' },
      { seedDemo: false },
    );
    try {
      setClock(off, '2026-12-01T15:00:00Z');
      const player = await join(off);
      setClock(off, '2026-12-02T15:00:00Z');
      const { res } = await signIn(player.email, new Client(off));
      expect([res.body.quantity_ghc, res.body.quantity_gld]).toEqual([0, 0]);
      expect(await bonusEntries(player.id, off)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
