import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMOE_API_PATHS,
  AMOE_ERROR_CODES,
  AMOE_MAX_OPEN_POSTAL_REQUESTS,
  AMOE_TEXTS,
  formatAmoeCode,
} from '../../../src/contract/amoe.ts';
import { PLAYER_STANDING_ERROR_CODES } from '../../../src/contract/player-standing.ts';
import { is } from 'superstruct';
import {
  SweepsTransactionsPageSchema,
  TransactionFiltersResponseSchema,
  WALLET_API_PATHS,
  WALLET_ERROR_CODES,
  YearlySummarySchema,
} from '../../../src/contract/wallet.ts';
import { loadConfig } from '../../platform/config.ts';
import {
  Client,
  createTestContext,
  type TestContext,
  openSecondInstance,
  type SecondInstance,
} from '../../test-support/test-app.ts';
import { bucketBalances, ledgerViolations, signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import {
  codeFor,
  issueCode,
  postPostalRequestCode,
  redeem,
  requestPostalCode,
  solvedCaptchaToken,
  type RedeemAnswer,
} from '../../test-support/amoe-test-support.ts';

const DAY = 86_400_000;

let ctx: TestContext;
let second: SecondInstance;

beforeAll(async () => {
  ctx = await createTestContext({ AMOE_DAILY_LIMIT: '2', AMOE_MONTHLY_LIMIT: '3' }, { seedDemo: false });
  second = await openSecondInstance(ctx);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

const amoeEntries = async (userId: string) =>
  (
    await ctx.db.query<{ amount_minor: string | number; bucket: string; kind: string }>(
      "SELECT amount_minor, bucket, kind FROM ledger_entries WHERE user_id = $1 AND kind = 'amoe'",
      [userId],
    )
  ).map((e) => ({ ...e, amount_minor: Number(e.amount_minor) }));

const expectError = (res: RedeemAnswer, status: number, code: string, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code, message });
};

describe('redeeming an AMOE code', () => {
  it('credits the Sweeps per entry as free Sweeps Coins (ledger kind amoe) and answers amount_ghc', async () => {
    ctx.clock.now = Date.parse('2026-04-14T16:00:00Z');
    const player = await signUpPlayer(ctx);
    const issued = await codeFor(player.client, ctx.db, ctx.clock.now);
    expect(issued.amountCents).toBe(500);
    const before = await bucketBalances(ctx.db, player.id);
    // Typed as the page may send it: lower case, grouped with dashes and spaces.
    const res = await redeem(
      player.client,
      ` ${formatAmoeCode(issued.code).toLowerCase().replace('-', ' - ')} `,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ amount_ghc: 5, amount_gld: 0 });
    const after = await bucketBalances(ctx.db, player.id);
    expect(after['sweeps:free']! - (before['sweeps:free'] ?? 0)).toBe(500);
    expect(await amoeEntries(player.id)).toEqual([{ amount_minor: 500, bucket: 'free', kind: 'amoe' }]);
    const balances = await player.client.request<Record<string, number>>('GET', '/wallet/balances');
    expect(balances.body.balance_free_ghc).toBe(5 + (before['sweeps:free'] ?? 0) / 100);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('the credit shows in the Sweeps history (kind amoe, a Sweeps-only filter) and in the yearly bonuses', async () => {
    ctx.clock.now = Date.parse('2026-04-15T16:00:00Z');
    const player = await signUpPlayer(ctx);
    const issued = await codeFor(player.client, ctx.db, ctx.clock.now);
    expect((await redeem(player.client, issued.code)).status).toBe(200);
    const history = await player.client.request('GET', WALLET_API_PATHS.sweepsTransactions);
    expect(history.status).toBe(200);
    expect(is(history.body, SweepsTransactionsPageSchema)).toBe(true);
    const entries = (
      history.body as { transactions: Array<{ kind: string; amount: number; description: string }> }
    ).transactions;
    expect(entries.find((e) => e.kind === 'amoe')).toMatchObject({
      amount: 5,
      description: 'Free Sweeps Coins by mail (AMOE)',
    });
    const filtered = await player.client.request('GET', `${WALLET_API_PATHS.sweepsTransactions}?kind=amoe`);
    expect(filtered.status).toBe(200);
    const filters = await player.client.request('GET', WALLET_API_PATHS.transactionFilters);
    expect(is(filters.body, TransactionFiltersResponseSchema)).toBe(true);
    expect(
      (filters.body as { filters: Array<{ value: string; currencies: string[] }> }).filters,
    ).toContainEqual(expect.objectContaining({ value: 'amoe', currencies: ['sweeps'] }));
    const summary = await player.client.request('GET', `/wallet/yearly-summary/2026`);
    expect(is(summary.body, YearlySummarySchema)).toBe(true);
    expect((summary.body as { sweeps: { bonuses: number } }).sweeps.bonuses).toBeGreaterThanOrEqual(5);
  });

  it("the player's postal requests list shows open and issued requests, newest first", async () => {
    const player = await signUpPlayer(ctx);
    const first = await requestPostalCode(player.client);
    const secondCode = await requestPostalCode(player.client);
    await issueCode(ctx.db, first, ctx.clock.now);
    const res = await player.client.request<{
      results: Array<{ postal_request_code: string; status: string }>;
    }>('GET', AMOE_API_PATHS.postalRequests);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => [r.postal_request_code, r.status])).toEqual([
      [secondCode, 'open'],
      [first, 'issued'],
    ]);
  });

  it('refuses a malformed or unknown code: 400 AMOE_CODE_INVALID, field code, "review the 12-character code"', async () => {
    const player = await signUpPlayer(ctx);
    for (const bad of [
      '',
      'ABC',
      'ABCDEFGHJKLMN',
      'ABCDEFGHJKL0',
      'ABCDEFGHJKLO',
      'ABCDEFGHJKL1',
      'ABCDEFGHJKLI',
      'ABCD_EFGH_JKLM',
      '222222222222',
    ]) {
      const res = await redeem(player.client, bad);
      expectError(res, 400, AMOE_ERROR_CODES.AMOE_CODE_INVALID, AMOE_TEXTS.codeInvalid);
      expect(res.body.field, bad).toBe('code');
    }
    expect(AMOE_TEXTS.codeInvalid).toContain('review the 12-character code');
    expect(await amoeEntries(player.id)).toEqual([]);
  });

  it('refuses a code issued to another account: 403 AMOE_CODE_NOT_ASSOCIATED, and the owner can still redeem it', async () => {
    const owner = await signUpPlayer(ctx);
    const other = await signUpPlayer(ctx);
    const issued = await codeFor(owner.client, ctx.db, ctx.clock.now);
    const res = await redeem(other.client, issued.code);
    expectError(res, 403, AMOE_ERROR_CODES.AMOE_CODE_NOT_ASSOCIATED, AMOE_TEXTS.notAssociated);
    expect(await amoeEntries(other.id)).toEqual([]);
    expect((await redeem(owner.client, issued.code)).status).toBe(200);
  });

  it('redeems a code once, ever: a second request with another key is 409 AMOE_CODE_ALREADY_REDEEMED; the same key replays', async () => {
    const player = await signUpPlayer(ctx);
    const issued = await codeFor(player.client, ctx.db, ctx.clock.now);
    const key = randomUUID();
    const first = await redeem(player.client, issued.code, key);
    expect(first.status).toBe(200);
    const replay = await redeem(player.client, issued.code, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const again = await redeem(player.client, issued.code);
    expectError(again, 409, AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED, AMOE_TEXTS.alreadyRedeemed);
    // The same key with another code is another request: refused by the idempotency rule.
    const otherCode = await codeFor(player.client, ctx.db, ctx.clock.now);
    const reused = await redeem(player.client, otherCode.code, key);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe(WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
    expect(await amoeEntries(player.id)).toHaveLength(1);
  });

  it('a code expires 180 days after delivery: 410 AMOE_CODE_EXPIRED from that instant, redeemable until just before', async () => {
    const player = await signUpPlayer(ctx);
    const delivered = Date.parse('2026-01-05T10:00:00Z');
    const late = await codeFor(player.client, ctx.db, delivered);
    const inTime = await codeFor(player.client, ctx.db, delivered);
    ctx.clock.now = delivered + 180 * DAY;
    const res = await redeem(player.client, late.code);
    expectError(res, 410, AMOE_ERROR_CODES.AMOE_CODE_EXPIRED, AMOE_TEXTS.expired);
    expect(res.body.extra).toEqual({ expired_at: new Date(delivered + 180 * DAY).toISOString() });
    ctx.clock.now = delivered + 180 * DAY - 1;
    expect((await redeem(player.client, inTime.code)).status).toBe(200);
  });

  it('needs a signed-in player (401) and passes the play gate: suspended or on a break -> 403, nothing credited', async () => {
    ctx.clock.now = Date.parse('2026-04-20T16:00:00Z');
    const anonymous = new Client(ctx);
    const res = await anonymous.request('POST', AMOE_API_PATHS.redeem, {
      body: { code: 'ABCDEFGHJKLM' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(401);

    const suspended = await signUpPlayer(ctx);
    const code1 = await codeFor(suspended.client, ctx.db, ctx.clock.now);
    await ctx.db.query("UPDATE users SET suspended_at = now(), suspension_reason = 'support' WHERE id = $1", [
      suspended.id,
    ]);
    const r1 = await redeem(suspended.client, code1.code);
    expect([r1.status, r1.body.code]).toEqual([403, PLAYER_STANDING_ERROR_CODES.ACCOUNT_SUSPENDED]);

    const resting = await signUpPlayer(ctx);
    const code2 = await codeFor(resting.client, ctx.db, ctx.clock.now);
    await ctx.db.query(
      "UPDATE users SET play_restriction = 'break', play_restricted_until = $2 WHERE id = $1",
      [resting.id, new Date(ctx.clock.now + DAY).toISOString()],
    );
    const r2 = await redeem(resting.client, code2.code);
    expect([r2.status, r2.body.code]).toEqual([403, PLAYER_STANDING_ERROR_CODES.PLAY_RESTRICTED]);
    expect(await amoeEntries(suspended.id)).toEqual([]);
    expect(await amoeEntries(resting.id)).toEqual([]);
    // When the break ends the code works.
    ctx.clock.now += DAY;
    expect((await redeem(resting.client, code2.code)).status).toBe(200);
  });
});

describe('only once, under concurrency', () => {
  it('a parallel burst of one code with different keys credits it exactly once; the rest are already redeemed', async () => {
    ctx.clock.now = Date.parse('2026-05-04T16:00:00Z');
    const player = await signUpPlayer(ctx);
    const issued = await codeFor(player.client, ctx.db, ctx.clock.now);
    const clients = second.instancesOf(player.client);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => redeem(clients[i % clients.length]!, issued.code)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, a.body.code]).toEqual([409, AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED]);
    expect(await amoeEntries(player.id)).toHaveLength(1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a parallel burst with one key credits once; every answer is the first one (or in progress)', async () => {
    const player = await signUpPlayer(ctx);
    const issued = await codeFor(player.client, ctx.db, ctx.clock.now);
    const key = randomUUID();
    const clients = second.instancesOf(player.client);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => redeem(clients[i % clients.length]!, issued.code, key)),
    );
    for (const a of answers) {
      if (a.status === 200) expect(a.body).toEqual({ amount_ghc: 5, amount_gld: 0 });
      else expect([a.status, a.body.code]).toEqual([409, WALLET_ERROR_CODES.IDEMPOTENCY_IN_PROGRESS]);
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(await amoeEntries(player.id)).toHaveLength(1);
  });

  it('sequential requests sent while the first is still in flight credit the code once', async () => {
    const player = await signUpPlayer(ctx);
    const issued = await codeFor(player.client, ctx.db, ctx.clock.now);
    const clients = second.instancesOf(player.client);
    const inFlight: Promise<RedeemAnswer>[] = [];
    for (let i = 0; i < 6; i++) {
      inFlight.push(redeem(clients[i % clients.length]!, issued.code));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const answers = await Promise.all(inFlight);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === AMOE_ERROR_CODES.AMOE_CODE_ALREADY_REDEEMED)).toHaveLength(
      5,
    );
    expect(await amoeEntries(player.id)).toHaveLength(1);
  });
});

describe('postal request codes', () => {
  it(`a player holds at most ${AMOE_MAX_OPEN_POSTAL_REQUESTS} codes waiting for a letter: a burst at the cap gets exactly one more`, async () => {
    const player = await signUpPlayer(ctx);
    for (let i = 0; i < AMOE_MAX_OPEN_POSTAL_REQUESTS - 1; i++)
      await ctx.db.query(
        `INSERT INTO amoe_postal_requests (postal_request_code, user_id, amount_cents, created_at)
         VALUES ($1, $2, 500, now())`,
        [`fake-${i}-${player.id}`, player.id],
      );
    const clients = second.instancesOf(player.client);
    const tokens = await Promise.all(Array.from({ length: 5 }, () => solvedCaptchaToken(player.client)));
    const answers = await Promise.all(
      tokens.map((t, i) => postPostalRequestCode(clients[i % clients.length]!, t.token, t.siteKey)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({
        code: AMOE_ERROR_CODES.AMOE_TOO_MANY_OPEN_REQUESTS,
        message: AMOE_TEXTS.tooManyOpenRequests,
      });
    }
    // Sequential requests while earlier ones are in flight: still none past the cap.
    const more = await Promise.all(Array.from({ length: 3 }, () => solvedCaptchaToken(player.client)));
    const inFlight = [];
    for (const [i, t] of more.entries()) {
      inFlight.push(postPostalRequestCode(clients[i % clients.length]!, t.token, t.siteKey));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await Promise.all(inFlight)).every((a) => a.status === 409)).toBe(true);
    const open = await ctx.db.query(
      "SELECT 1 FROM amoe_postal_requests WHERE user_id = $1 AND status = 'open'",
      [player.id],
    );
    expect(open).toHaveLength(AMOE_MAX_OPEN_POSTAL_REQUESTS);
    // Once the operator issues one, there is room for one more.
    const anyOpen = await ctx.db.query<{ postal_request_code: string }>(
      "SELECT postal_request_code FROM amoe_postal_requests WHERE user_id = $1 AND status = 'open' AND postal_request_code LIKE 'PR-%'",
      [player.id],
    );
    await issueCode(ctx.db, anyOpen[0]!.postal_request_code, ctx.clock.now);
    expect(typeof (await requestPostalCode(player.client))).toBe('string');
  });

  it('the play gate applies: a suspended player gets no postal request code', async () => {
    const player = await signUpPlayer(ctx);
    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [player.id]);
    const { token, siteKey } = await solvedCaptchaToken(player.client);
    const res = await postPostalRequestCode(player.client, token, siteKey);
    expect([res.status, res.body.code]).toEqual([403, PLAYER_STANDING_ERROR_CODES.ACCOUNT_SUSPENDED]);
  });
});

describe('daily and monthly limits (AMOE_DAILY_LIMIT=2, AMOE_MONTHLY_LIMIT=3 here)', () => {
  it('a burst of different codes passes the daily limit exactly; the next ET day one more, then the monthly limit with no retry', async () => {
    // 2026-06-10 12:00 EDT.
    ctx.clock.now = Date.parse('2026-06-10T16:00:00Z');
    const player = await signUpPlayer(ctx);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(await codeFor(player.client, ctx.db, ctx.clock.now));
    const clients = second.instancesOf(player.client);
    const burst = await Promise.all(
      codes.slice(0, 5).map((c, i) => redeem(clients[i % clients.length]!, c.code)),
    );
    expect(burst.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = burst.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(3);
    for (const a of refused) {
      expectError(a, 409, AMOE_ERROR_CODES.AMOE_DAILY_LIMIT, AMOE_TEXTS.dailyLimit);
      // Until midnight Eastern: 12:00 EDT -> 12 hours.
      expect(a.body.extra).toEqual({ retry_after_seconds: 12 * 3600 });
    }
    const unused = codes
      .slice(0, 5)
      .filter((_, i) => burst[i]!.status !== 200)
      .map((c) => c.code);
    unused.push(codes[5]!.code);

    // The next Eastern day: one more fits the month (3), then the monthly limit.
    ctx.clock.now = Date.parse('2026-06-11T04:00:00Z');
    const nextDay = await Promise.all(
      unused.slice(0, 3).map((c, i) => redeem(clients[i % clients.length]!, c)),
    );
    expect(nextDay.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of nextDay.filter((x) => x.status !== 200)) {
      expectError(a, 409, AMOE_ERROR_CODES.AMOE_MONTHLY_LIMIT, AMOE_TEXTS.monthlyLimit);
      expect(a.body.extra).toBeNull();
    }
    // Still June in Eastern Time at 2026-07-01 03:59 UTC: refused; at 04:00 UTC July starts.
    const left = unused.filter((_, i) => i >= 3 || nextDay[i]!.status !== 200);
    ctx.clock.now = Date.parse('2026-07-01T03:59:59Z');
    expect((await redeem(player.client, left[0]!)).body.code).toBe(AMOE_ERROR_CODES.AMOE_MONTHLY_LIMIT);
    ctx.clock.now = Date.parse('2026-07-01T04:00:00Z');
    expect((await redeem(player.client, left[0]!)).status).toBe(200);
    expect(await amoeEntries(player.id)).toHaveLength(4);
  });

  it('sequential redemptions of different codes sent while earlier ones are in flight stop at the daily limit', async () => {
    ctx.clock.now = Date.parse('2026-08-03T14:00:00Z');
    const player = await signUpPlayer(ctx);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await codeFor(player.client, ctx.db, ctx.clock.now));
    const clients = second.instancesOf(player.client);
    const inFlight: Promise<RedeemAnswer>[] = [];
    for (const [i, c] of codes.entries()) {
      inFlight.push(redeem(clients[i % clients.length]!, c.code));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const answers = await Promise.all(inFlight);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === AMOE_ERROR_CODES.AMOE_DAILY_LIMIT)).toHaveLength(3);
  });
});

describe('the Eastern Time day (12:00am-11:59pm ET)', () => {
  /** One redemption fills the day here: a fresh context with a daily limit of 1. */
  let day: TestContext;
  beforeAll(async () => {
    day = await createTestContext({ AMOE_DAILY_LIMIT: '1', AMOE_MONTHLY_LIMIT: '100' }, { seedDemo: false });
  });
  afterAll(async () => day?.close());

  /** Redeems one fresh code at each instant; answers the status codes. */
  async function statusesAt(instants: string[]): Promise<Array<number | string>> {
    const player = await signUpPlayer(day);
    const out: Array<number | string> = [];
    for (const at of instants) {
      day.clock.now = Date.parse(at);
      const issued = await codeFor(player.client, day.db, day.clock.now);
      const res = await redeem(player.client, issued.code);
      out.push(res.status === 200 ? 200 : String(res.body.code));
    }
    return out;
  }
  const LIMITED = AMOE_ERROR_CODES.AMOE_DAILY_LIMIT;

  it('resets at midnight Eastern, not at midnight UTC (summer, UTC-4)', async () => {
    expect(
      await statusesAt([
        '2026-03-10T04:00:00Z', // 00:00 EDT March 10
        '2026-03-11T00:30:00Z', // 20:30 EDT March 10 (a new UTC day)
        '2026-03-11T03:59:59Z', // 23:59:59 EDT March 10
        '2026-03-11T04:00:00Z', // 00:00 EDT March 11
      ]),
    ).toEqual([200, LIMITED, LIMITED, 200]);
  });

  it('winter days run 05:00 to 05:00 UTC (UTC-5)', async () => {
    expect(
      await statusesAt(['2026-01-20T05:00:00Z', '2026-01-21T04:59:59Z', '2026-01-21T05:00:00Z']),
    ).toEqual([200, LIMITED, 200]);
  });

  it('the spring-forward day (March 8, 2026) is 23 hours long', async () => {
    expect(
      await statusesAt([
        '2026-03-08T05:00:00Z', // 00:00 EST
        '2026-03-09T03:59:59Z', // 23:59:59 EDT, still March 8
        '2026-03-09T04:00:00Z', // 00:00 EDT March 9
      ]),
    ).toEqual([200, LIMITED, 200]);
  });

  it('the fall-back day (November 1, 2026) is 25 hours long', async () => {
    expect(
      await statusesAt([
        '2026-11-01T04:00:00Z', // 00:00 EDT
        '2026-11-02T04:59:59Z', // 23:59:59 EST, still November 1
        '2026-11-02T05:00:00Z', // 00:00 EST November 2
      ]),
    ).toEqual([200, LIMITED, 200]);
  });

  it('the daily limit answer says when the Eastern day ends (retry_after_seconds)', async () => {
    const player = await signUpPlayer(day);
    day.clock.now = Date.parse('2026-11-01T04:00:00Z');
    await redeem(player.client, (await codeFor(player.client, day.db, day.clock.now)).code);
    const res = await redeem(player.client, (await codeFor(player.client, day.db, day.clock.now)).code);
    expect(res.body.extra).toEqual({ retry_after_seconds: 25 * 3600 });
  });
});

describe('settings and the rules text', () => {
  it('the default Sweeps per entry (AMOE_SWEEPS_PER_ENTRY) is what the Official Sweepstakes Rules promise', () => {
    const config = loadConfig({});
    expect(config.amoeSweepsPerEntryCents).toBe(500);
    const rules = readFileSync(new URL('../legal/documents/sweeps-rules.md', import.meta.url), 'utf8');
    expect(rules).toContain('receives 5.00 Sweeps Coins');
    expect(rules).toContain('12 characters');
    expect(rules).toContain('180 days after');
    expect(rules).toContain('12:00am to 11:59pm Eastern Time');
  });

  it('AMOE_SWEEPS_PER_ENTRY applies to requests made after it is set; limits and provider are validated', async () => {
    const other = await createTestContext({ AMOE_SWEEPS_PER_ENTRY: '250' }, { seedDemo: false });
    try {
      const player = await signUpPlayer(other);
      const issued = await codeFor(player.client, other.db, other.clock.now);
      expect((await redeem(player.client, issued.code)).body).toEqual({ amount_ghc: 2.5, amount_gld: 0 });
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ AMOE_DAILY_LIMIT: '5', AMOE_MONTHLY_LIMIT: '4' })).toThrow(/AMOE_DAILY_LIMIT/);
    expect(() => loadConfig({ AMOE_SWEEPS_PER_ENTRY: '0' })).toThrow(/AMOE_SWEEPS_PER_ENTRY/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'acme' })).toThrow(/CAPTCHA_PROVIDER/);
  });

  it('gold-only mode has no AMOE: the routes answer 404', async () => {
    const gold = await createTestContext({ GOLD_ONLY: 'true' }, { seedDemo: false });
    try {
      const player = await signUpPlayer(gold);
      expect((await player.client.request('GET', AMOE_API_PATHS.captchaChallenge)).status).toBe(404);
      expect((await redeem(player.client, 'ABCDEFGHJKLM')).status).toBe(404);
    } finally {
      await gold.close();
    }
  });
});
