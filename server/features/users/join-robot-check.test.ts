/**
 * The robot check at sign-up (docs/account.md "The robot check at sign-up"): the join sends the
 * solved token as g_token and the site key as g_id; a missing or refused token is 400
 * ROBOT_CHECK_FAILED on g_token and creates nothing; the per-address sign-up limit still holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import type { RobotCheckChallenge } from '../../../src/contract/robot-check.ts';
import { leadingZeroBits, solveChallenge, workDigest } from '../../core/robot-check.ts';
import { solvedCaptchaToken } from '../../test-support/amoe-test-support.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';

type Answer = { code?: string; field?: string | null; extra?: { reason?: string }; token?: string };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000', AMOE_CAPTCHA_DIFFICULTY: '8' });
});
afterAll(async () => ctx?.close());

/** What the join page does: fetch a challenge (no sign-in) and solve it. */
async function solvedJoinToken(client = new Client(ctx)): Promise<{ g_token: string; g_id: string }> {
  const res = await client.request<RobotCheckChallenge>('GET', API_PATHS.joinRobotCheck);
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toContain('no-store');
  const { challenge, difficulty, site_key } = res.body;
  expect(difficulty).toBe(8);
  return { g_token: `${challenge}:${solveChallenge(challenge, difficulty)}`, g_id: site_key };
}

const join = (body: Record<string, unknown>, client = new Client(ctx)) =>
  client.request<Answer>('POST', API_PATHS.users, { body });

const accounts = async (email: unknown): Promise<number> =>
  Number(
    (
      await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE lower(email) = lower($1)', [
        email,
      ])
    )[0]?.n,
  );

function expectRefused(res: { status: number; body: Answer }, reason: string) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 'ROBOT_CHECK_FAILED', field: 'g_token', extra: { reason } });
}

describe('the robot check at sign-up', () => {
  it('a solved check from GET /users/robot-check creates the account', async () => {
    const payload = signUpPayload(await solvedJoinToken());
    const res = await join(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await accounts(payload.email)).toBe(1);
  });

  it('a join without g_token is 400 on g_token and creates nothing', async () => {
    for (const missing of [{ g_token: undefined }, { g_token: null }, { g_token: '' }, { g_token: '   ' }]) {
      const payload = signUpPayload(missing);
      expectRefused(await join(payload), 'missing');
      expect(await accounts(payload.email)).toBe(0);
    }
  });

  it('refuses a forged, unsolved, tampered or foreign token, each on g_token', async () => {
    const good = await solvedJoinToken();
    const [challenge] = good.g_token.split(':') as [string];
    const [v, body, signature] = challenge.split('.') as [string, string, string];
    const other = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedBody = Buffer.from(JSON.stringify({ ...other, d: 0 })).toString('base64url');
    // An answer that does not do the work.
    let unsolved = 0;
    while (leadingZeroBits(workDigest(challenge, String(unsolved))) >= 8) unsolved++;
    const cases: [Record<string, unknown>, string][] = [
      [{ g_token: 'not-a-token' }, 'malformed'],
      [{ g_token: `${v}.${forgedBody}.${signature}:0` }, 'signature'],
      [{ g_token: `${challenge}:${unsolved}` }, 'unsolved'],
      [{ g_token: good.g_token, g_id: 'another-site' }, 'site_key'],
      [{ g_token: good.g_token, g_id: undefined }, 'site_key'],
    ];
    for (const [override, reason] of cases) {
      const payload = signUpPayload({ ...good, ...override });
      const res = await join(payload);
      expectRefused(res, reason);
      expect(await accounts(payload.email)).toBe(0);
    }
    // None of these spent the good token.
    expect((await join(signUpPayload(good))).status).toBe(201);
  });

  it('a token of the mail-in check (a player subject) does not pass at sign-up', async () => {
    const player = new Client(ctx);
    const joined = await join(signUpPayload(), player);
    player.token = joined.body.token!;
    const amoe = await solvedCaptchaToken(player);
    expectRefused(await join(signUpPayload({ g_token: amoe.token, g_id: amoe.siteKey })), 'other_player');
  });

  it('an expired check is refused', async () => {
    const token = await solvedJoinToken();
    ctx.clock.advance(121);
    expectRefused(await join(signUpPayload(token)), 'expired');
  });

  it('a token creates one account: used again it is refused; a refused sign-up leaves it usable', async () => {
    const token = await solvedJoinToken();
    const taken = signUpPayload();
    expect((await join(taken)).status).toBe(201);
    // A refusal for another reason (email taken) does not spend the token...
    const refused = await join(signUpPayload({ ...token, email: taken.email }));
    expect(refused.body).toMatchObject({ code: 'EMAIL_TAKEN' });
    // ...which then creates the account the player meant...
    expect((await join(signUpPayload(token))).status).toBe(201);
    // ...and only that one.
    expectRefused(await join(signUpPayload(token)), 'used');
  });

  it('one token sent in a burst of joins creates exactly one account', async () => {
    const token = await solvedJoinToken();
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => join(signUpPayload(token))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectRefused(r, 'used');
  });
});

describe('the per-address sign-up limit stays', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ SIGN_UPS_PER_ADDRESS_PER_HOUR: '3' });
  });
  afterAll(async () => limited?.close());

  it('a parallel burst of solved sign-ups from one address creates at most the limit', async () => {
    const ip = '10.77.0.1';
    const tokens = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async () => {
        const res = await new Client(limited, ip).request<RobotCheckChallenge>(
          'GET',
          API_PATHS.joinRobotCheck,
        );
        const { challenge, difficulty, site_key } = res.body;
        return { g_token: `${challenge}:${solveChallenge(challenge, difficulty)}`, g_id: site_key };
      }),
    );
    const results = await Promise.all(
      tokens.map((t) =>
        new Client(limited, ip).request<Answer>('POST', API_PATHS.users, { body: signUpPayload(t) }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    }
    // Robots without a solved check are refused before they count: another address still joins.
    expectRefused(
      await new Client(limited, '10.77.0.2').request<Answer>('POST', API_PATHS.users, {
        body: signUpPayload({ g_token: undefined }),
      }),
      'missing',
    );
  });
});
