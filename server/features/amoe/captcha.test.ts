import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOE_API_PATHS, AMOE_ERROR_CODES, AMOE_TEXTS } from '../../../src/contract/amoe.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import { postPostalRequestCode, solvedCaptchaToken } from '../../test-support/amoe-test-support.ts';
import { CAPTCHA_TTL_MS, leadingZeroBits, SANDBOX_SITE_KEY, solveChallenge, workDigest } from './captcha.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const postalRequests = async (userId: string) =>
  (await ctx.db.query('SELECT 1 FROM amoe_postal_requests WHERE user_id = $1', [userId])).length;

function expectCaptchaFailure(
  res: { status: number; body: { code?: string; message?: string; field?: string | null; extra?: unknown } },
  reason: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({
    code: AMOE_ERROR_CODES.AMOE_CAPTCHA_FAILED,
    message: AMOE_TEXTS.captchaFailed,
    field: 'recaptcha_token',
    extra: { reason },
  });
}

/** Re-signs a changed challenge body with a key that is not the server's. */
const forge = (payload: Record<string, unknown>, key: string): string => {
  const body = `v1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
};

describe('the sandbox robot check in front of the postal request code', () => {
  it('a solved, fresh challenge gives one postal request code (PR-XXXX-XXXX, 201)', async () => {
    const player = await signUpPlayer(ctx);
    const challenge = await player.client.request<Record<string, unknown>>(
      'GET',
      AMOE_API_PATHS.captchaChallenge,
    );
    expect(challenge.status).toBe(200);
    expect(challenge.headers.get('Cache-Control')).toBe('no-store');
    expect(challenge.body).toMatchObject({ site_key: SANDBOX_SITE_KEY, provider: 'sandbox', difficulty: 12 });
    const { token, siteKey } = await solvedCaptchaToken(player.client);
    const res = await postPostalRequestCode(player.client, token, siteKey);
    expect(res.status).toBe(201);
    expect(res.body.postal_request_code).toMatch(/^PR-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  });

  it('a token works once: reuse is refused (reason used), also in a parallel burst (exactly one code)', async () => {
    const player = await signUpPlayer(ctx);
    const { token, siteKey } = await solvedCaptchaToken(player.client);
    expect((await postPostalRequestCode(player.client, token, siteKey)).status).toBe(201);
    expectCaptchaFailure(await postPostalRequestCode(player.client, token, siteKey), 'used');

    const burstPlayer = await signUpPlayer(ctx);
    const solved = await solvedCaptchaToken(burstPlayer.client);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        postPostalRequestCode(burstPlayer.client, solved.token, solved.siteKey),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expectCaptchaFailure(a, 'used');
    expect(await postalRequests(burstPlayer.id)).toBe(1);
  });

  it('a challenge expires after 2 minutes (reason expired)', async () => {
    const player = await signUpPlayer(ctx);
    const { token, siteKey } = await solvedCaptchaToken(player.client);
    ctx.clock.advance(CAPTCHA_TTL_MS / 1000);
    expectCaptchaFailure(await postPostalRequestCode(player.client, token, siteKey), 'expired');
    const fresh = await solvedCaptchaToken(player.client);
    ctx.clock.advance(CAPTCHA_TTL_MS / 1000 - 1);
    expect((await postPostalRequestCode(player.client, fresh.token, fresh.siteKey)).status).toBe(201);
  });

  it('refuses forged, altered, unsolved, foreign and malformed tokens, creating nothing', async () => {
    const player = await signUpPlayer(ctx);
    const other = await signUpPlayer(ctx);
    const { token, siteKey } = await solvedCaptchaToken(player.client);
    const [challenge, answer] = token.split(':') as [string, string];
    const [, body] = challenge.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;

    // Altered payload under the original signature: a longer life, no work.
    const altered = `v1.${Buffer.from(JSON.stringify({ ...payload, e: Date.now() * 2, d: 0 })).toString('base64url')}.${challenge.split('.')[2]}`;
    expectCaptchaFailure(await postPostalRequestCode(player.client, `${altered}:0`, siteKey), 'signature');
    // Signed with a guessed key.
    const forged = forge({ ...payload, d: 0 }, 'not-the-server-secret');
    expectCaptchaFailure(await postPostalRequestCode(player.client, `${forged}:0`, siteKey), 'signature');
    // The work not done: an answer whose hash lacks the leading zero bits.
    let wrong = 0;
    while (leadingZeroBits(workDigest(challenge, String(wrong))) >= Number(payload.d)) wrong++;
    expectCaptchaFailure(
      await postPostalRequestCode(player.client, `${challenge}:${wrong}`, siteKey),
      'unsolved',
    );
    // Another player's solved token.
    expectCaptchaFailure(await postPostalRequestCode(other.client, token, siteKey), 'other_player');
    // Another site key.
    expectCaptchaFailure(await postPostalRequestCode(player.client, token, 'some-other-site'), 'site_key');
    for (const bad of [
      'x',
      `${challenge}`,
      `${challenge}:`,
      `${challenge}:abc`,
      `${challenge}:1:2`,
      `v2.a.b:${answer}`,
    ])
      expectCaptchaFailure(await postPostalRequestCode(player.client, bad, siteKey), 'malformed');
    expect(await postalRequests(player.id)).toBe(0);
    expect(await postalRequests(other.id)).toBe(0);
    // The untouched token still works afterwards.
    expect((await postPostalRequestCode(player.client, token, siteKey)).status).toBe(201);
  });

  it("the page's solver and the server agree on the work (difficulty in leading zero bits)", () => {
    expect(leadingZeroBits(Buffer.from([0x00, 0x0f]))).toBe(12);
    expect(leadingZeroBits(Buffer.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Buffer.from([0x01]))).toBe(7);
    const answer = solveChallenge('v1.test.sig', 10);
    expect(leadingZeroBits(workDigest('v1.test.sig', answer))).toBeGreaterThanOrEqual(10);
  });
});
