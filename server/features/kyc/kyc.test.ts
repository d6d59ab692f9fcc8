import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import {
  KYC_API_PATHS,
  KYC_LINKS_PER_DAY,
  KYC_RESULT_MAX_RETRIES,
  KYC_RESULT_RETRY_PAUSE_SECONDS,
  KYC_TEXTS,
} from '../../../src/contract/kyc.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { NO_DECISION_CALLS } from '../../providers/kyc/sandbox/kyc-sandbox.ts';
import {
  askResult,
  identityStateOf,
  openLink,
  setProperty,
  signedUpPlayer,
  stateChanges,
  submitFrame,
  verifyInFrame,
} from '../../test-support/kyc-test-support.ts';

const KYC_ORIGIN = 'http://localhost:8603';
const PENDING_SECONDS = 120;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    PUBLIC_ORIGIN: 'http://localhost:8600',
    KYC_SANDBOX_ORIGIN: KYC_ORIGIN,
    KYC_SANDBOX_PENDING_SECONDS: String(PENDING_SECONDS),
  });
});
afterAll(async () => ctx?.close());

const checksOf = (userId: string) =>
  ctx.db.query<{ flow: string; attempts: number; outcome: string | null; decided_at: unknown }>(
    'SELECT flow, attempts, outcome, decided_at FROM kyc_checks WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );

describe('GET /kyc/links/:flow', () => {
  it('answers the frame on the provider origin with the retry settings, and the frame is a real form', async () => {
    const { client } = await signedUpPlayer(ctx);
    const res = await openLink(client);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      href: expect.stringMatching(new RegExp(`^${KYC_ORIGIN}/kyc/frame/kyc_[0-9a-f]{24}$`)),
      max_retries: KYC_RESULT_MAX_RETRIES,
      retry_pause_seconds: KYC_RESULT_RETRY_PAUSE_SECONDS,
    });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const page = await ctx.sandboxes.identity.app.request(new URL(res.body.href).pathname);
    expect(page.status).toBe(200);
    const csp = page.headers.get('Content-Security-Policy')!;
    expect(csp).toContain('frame-ancestors http://localhost:8600');
    const html = await page.text();
    for (const id of ['first_name', 'last_name', 'birth_date', 'document_number'])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain('data-parent-origin="http://localhost:8600"');
  });

  it('needs a signed-in player', async () => {
    expect((await new Client(ctx).request('GET', KYC_API_PATHS.link('verification'))).status).toBe(401);
    expect((await new Client(ctx).request('GET', KYC_API_PATHS.status)).status).toBe(401);
  });

  it('the app allows the provider origin in frame-src', async () => {
    const res = await ctx.app.request('http://localhost:8600/lobby');
    expect(res.headers.get('Content-Security-Policy')).toMatch(new RegExp(`frame-src[^;]*${KYC_ORIGIN}`));
  });
});

describe('GET /kyc/result: the sandbox test data', () => {
  it('Approve: verified, identity_verified_at set, one history row; the verification link is then refused', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const auth = await verifyInFrame(ctx, client, 'Approve');
    const res = await askResult(client, auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ flow: 'verification', outcome: 'verified', identity_state: 'verified' });
    const row = await identityStateOf(ctx, userId);
    expect(row.identity_state).toBe('verified');
    expect(row.identity_verified_at).not.toBeNull();
    expect(await stateChanges(ctx, userId)).toEqual([
      { from_state: 'none', to_state: 'verified', reason: 'provider approved' },
    ]);
    expect((await client.request<{ identity_state: string }>('GET', API_PATHS.me)).body.identity_state).toBe(
      'verified',
    );
    const status = await client.request<{ identity_state: string; verified_at: string }>(
      'GET',
      KYC_API_PATHS.status,
    );
    expect(status.body.identity_state).toBe('verified');
    expect(status.body.verified_at).toEqual(expect.any(String));
    const again = await openLink(client);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'KYC_ALREADY_VERIFIED' });
    expect((await checksOf(userId))[0]).toMatchObject({ outcome: 'verified', attempts: 1 });
  });

  it('any other last name is approved; the match ignores case and spaces', async () => {
    for (const name of ['Rivera', '  aPPROVE ']) {
      const { client } = await signedUpPlayer(ctx);
      const res = await askResult(client, await verifyInFrame(ctx, client, name));
      expect(res.body).toMatchObject({ outcome: 'verified', identity_state: 'verified' });
    }
  });

  it('Reject: rejected, and a new verification is refused with contact support', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const res = await askResult(client, await verifyInFrame(ctx, client, 'Reject'));
    expect(res.body).toEqual({ flow: 'verification', outcome: 'rejected', identity_state: 'rejected' });
    expect((await identityStateOf(ctx, userId)).identity_verified_at).toBeNull();
    const again = await openLink(client);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'KYC_REJECTED', message: KYC_TEXTS.rejected });
  });

  it('Pending: pending, then approved by the provider after its time when the status is read', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const res = await askResult(client, await verifyInFrame(ctx, client, 'Pending'));
    expect(res.body).toEqual({ flow: 'verification', outcome: 'pending', identity_state: 'pending' });
    const pending = await client.request<{ identity_state: string; pending_since: string }>(
      'GET',
      KYC_API_PATHS.status,
    );
    expect(pending.body.identity_state).toBe('pending');
    expect(pending.body.pending_since).toEqual(expect.any(String));
    expect((await openLink(client)).body).toMatchObject({ code: 'KYC_PENDING' });
    ctx.clock.advance(PENDING_SECONDS);
    const decided = await client.request<{ identity_state: string }>('GET', KYC_API_PATHS.status);
    expect(decided.body.identity_state).toBe('verified');
    expect((await stateChanges(ctx, userId)).map((c) => c.to_state)).toEqual(['pending', 'verified']);
    expect((await checksOf(userId))[0]).toMatchObject({ outcome: 'verified' });
  });

  it('Pending decided by the sandbox operator (rejected) before its time', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const link = await openLink(client);
    const submitted = await submitFrame(ctx, link.body.href, 'Pending');
    await askResult(client, submitted.body.authorization!);
    const reference = new URL(link.body.href).pathname.split('/').pop()!;
    const sandbox = ctx.sandboxes.identity;
    expect(sandbox.sandbox.operatorDecide(reference, 'rejected')).toBe(true);
    const status = await client.request<{ identity_state: string }>('GET', KYC_API_PATHS.status);
    expect(status.body.identity_state).toBe('rejected');
    expect((await identityStateOf(ctx, userId)).identity_state).toBe('rejected');
  });

  it(`NoDecision: KYC_NO_DECISION ${NO_DECISION_CALLS} times, then the decision; attempts counted`, async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const auth = await verifyInFrame(ctx, client, 'NoDecision');
    for (let i = 0; i < NO_DECISION_CALLS; i++) {
      const res = await askResult(client, auth);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'KYC_NO_DECISION', field: null });
      expect((await identityStateOf(ctx, userId)).identity_state).toBe('none');
    }
    const res = await askResult(client, auth);
    expect(res.body).toMatchObject({ outcome: 'verified', identity_state: 'verified' });
    expect((await checksOf(userId))[0]).toMatchObject({
      attempts: NO_DECISION_CALLS + 1,
      outcome: 'verified',
    });
  });

  it('NoDecisionMax: KYC_NO_DECISION_MAX, the state is unchanged and the outcome recorded', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const auth = await verifyInFrame(ctx, client, 'NoDecisionMax');
    const res = await askResult(client, auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'KYC_NO_DECISION_MAX', message: KYC_TEXTS.noDecisionMax });
    expect((await identityStateOf(ctx, userId)).identity_state).toBe('none');
    expect((await checksOf(userId))[0]).toMatchObject({ outcome: 'no_decision_max', decided_at: null });
    expect(await stateChanges(ctx, userId)).toEqual([]);
    // The player may start again.
    expect((await openLink(client)).status).toBe(200);
  });
});

describe('the server trusts only the provider', () => {
  it('an auth response the provider does not know, another player’s, or of another flow is 404', async () => {
    const a = await signedUpPlayer(ctx);
    const b = await signedUpPlayer(ctx);
    const unknown = await askResult(a.client, 'A'.repeat(32));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'KYC_UNKNOWN_RESPONSE', field: 'auth_response' });
    const authOfA = await verifyInFrame(ctx, a.client, 'Approve');
    expect((await askResult(b.client, authOfA)).status).toBe(404);
    expect((await askResult(a.client, authOfA, 'reauthentication')).status).toBe(404);
    expect((await identityStateOf(ctx, b.userId)).identity_state).toBe('none');
    expect((await identityStateOf(ctx, a.userId)).identity_state).toBe('none');
  });

  it('a frame that was never submitted has no auth response to show', async () => {
    const { client } = await signedUpPlayer(ctx);
    await openLink(client);
    expect((await askResult(client, 'x'.repeat(40))).status).toBe(404);
  });

  it('the sandbox API refuses calls without its secret key; the frame refuses a cross-origin submit', async () => {
    const app = ctx.sandboxes.identity.app;
    expect(
      (await app.request('/kyc/v1/sessions', { method: 'POST', body: '{"flow":"verification"}' })).status,
    ).toBe(401);
    expect(
      (
        await app.request('/kyc/v1/results/abcdefabcdefabcdefabcdef', {
          headers: { Authorization: 'Bearer sk_x' },
        })
      ).status,
    ).toBe(401);
    const { client } = await signedUpPlayer(ctx);
    const link = await openLink(client);
    const res = await app.request(`${new URL(link.body.href).pathname}/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:8600' },
      body: JSON.stringify({
        first_name: 'A',
        last_name: 'Approve',
        birth_date: '1985-01-01',
        document_number: 'D1234',
      }),
    });
    expect(res.status).toBe(403);
  });

  it('the frame validates its fields (names, adult birth date, document number) and submits once', async () => {
    const { client } = await signedUpPlayer(ctx);
    const link = await openLink(client);
    const cases: Array<[Record<string, string>, string]> = [
      [{ first_name: '' }, 'first_name'],
      [{ last_name: '1234' }, 'last_name'],
      [{ birth_date: '2019-02-30' }, 'birth_date'],
      [{ birth_date: `${new Date().getUTCFullYear() - 10}-01-01` }, 'birth_date'],
      [{ document_number: '12' }, 'document_number'],
    ];
    for (const [overrides, field] of cases) {
      const res = await submitFrame(ctx, link.body.href, 'Approve', overrides);
      expect(res.status).toBe(400);
      expect(res.body.error?.field).toBe(field);
    }
    expect((await submitFrame(ctx, link.body.href, 'Approve')).status).toBe(200);
    expect((await submitFrame(ctx, link.body.href, 'Approve')).status).toBe(409);
  });
});

describe('named properties', () => {
  it('identity_provider_enabled off: link and result answer 503 KYC_UNAVAILABLE; status answers the stored state', async () => {
    const { client } = await signedUpPlayer(ctx);
    const auth = await verifyInFrame(ctx, client, 'Approve');
    await setProperty(ctx, 'identity_provider_enabled', 'false');
    try {
      const link = await openLink(client);
      expect(link.status).toBe(503);
      expect(link.body).toMatchObject({ code: 'KYC_UNAVAILABLE', message: KYC_TEXTS.unavailable });
      expect((await askResult(client, auth)).status).toBe(503);
      expect((await client.request('GET', KYC_API_PATHS.status)).body).toMatchObject({
        identity_state: 'none',
      });
    } finally {
      await setProperty(ctx, 'identity_provider_enabled', 'true');
    }
    expect((await askResult(client, auth)).body).toMatchObject({ identity_state: 'verified' });
  });

  it('flow_enabled off: the re-authentication link answers 503 KYC_FLOW_UNAVAILABLE; verification still works', async () => {
    const { client } = await signedUpPlayer(ctx);
    await askResult(client, await verifyInFrame(ctx, client, 'Approve'));
    await setProperty(ctx, 'flow_enabled', 'false');
    try {
      const reauth = await openLink(client, 'reauthentication');
      expect(reauth.status).toBe(503);
      expect(reauth.body).toMatchObject({ code: 'KYC_FLOW_UNAVAILABLE' });
      const other = await signedUpPlayer(ctx);
      expect((await openLink(other.client)).status).toBe(200);
    } finally {
      await setProperty(ctx, 'flow_enabled', 'true');
    }
    expect((await openLink(client, 'reauthentication')).status).toBe(200);
  });

  it('workflow_execution_retrieval off: a pending player stays pending when the status is read', async () => {
    const { client } = await signedUpPlayer(ctx);
    await askResult(client, await verifyInFrame(ctx, client, 'Pending'));
    ctx.clock.advance(PENDING_SECONDS);
    await setProperty(ctx, 'workflow_execution_retrieval', 'false');
    try {
      expect((await client.request('GET', KYC_API_PATHS.status)).body).toMatchObject({
        identity_state: 'pending',
      });
    } finally {
      await setProperty(ctx, 'workflow_execution_retrieval', 'true');
    }
    expect((await client.request('GET', KYC_API_PATHS.status)).body).toMatchObject({
      identity_state: 'verified',
    });
  });
});

describe('re-authentication', () => {
  it('is for verified players only and never changes the state, whatever the decision', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const refused = await openLink(client, 'reauthentication');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'KYC_NOT_VERIFIED' });
    await askResult(client, await verifyInFrame(ctx, client, 'Approve'));
    const rejected = await askResult(
      client,
      await verifyInFrame(ctx, client, 'Reject', 'reauthentication'),
      'reauthentication',
    );
    expect(rejected.body).toEqual({
      flow: 'reauthentication',
      outcome: 'rejected',
      identity_state: 'verified',
    });
    const ok = await askResult(
      client,
      await verifyInFrame(ctx, client, 'Approve', 'reauthentication'),
      'reauthentication',
    );
    expect(ok.body).toEqual({ flow: 'reauthentication', outcome: 'verified', identity_state: 'verified' });
    expect(await stateChanges(ctx, userId)).toHaveLength(1);
  });
});

describe('only once', () => {
  it('a parallel burst of result calls for one verification: one transition, one history row', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const auth = await verifyInFrame(ctx, client, 'Approve');
    const answers = await Promise.all(Array.from({ length: 10 }, () => askResult(client, auth)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const a of answers)
      expect(a.body).toMatchObject({ outcome: 'verified', identity_state: 'verified' });
    expect(await stateChanges(ctx, userId)).toHaveLength(1);
    expect((await checksOf(userId))[0]).toMatchObject({ attempts: 10, outcome: 'verified' });
  });

  it('result calls sent while earlier ones are in flight (Reject): one transition', async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const auth = await verifyInFrame(ctx, client, 'Reject');
    const inFlight: Array<ReturnType<typeof askResult>> = [];
    for (let i = 0; i < 6; i++) {
      inFlight.push(askResult(client, auth));
      await new Promise((r) => setTimeout(r, 2));
    }
    const answers = await Promise.all(inFlight);
    for (const a of answers)
      expect(a.body).toMatchObject({ outcome: 'rejected', identity_state: 'rejected' });
    expect(await stateChanges(ctx, userId)).toEqual([
      { from_state: 'none', to_state: 'rejected', reason: 'provider rejected' },
    ]);
  });

  it(`at most ${KYC_LINKS_PER_DAY} verification links a day: a parallel burst, then sequential, then a day later`, async () => {
    const { client, userId } = await signedUpPlayer(ctx);
    const burst = await Promise.all(Array.from({ length: KYC_LINKS_PER_DAY + 5 }, () => openLink(client)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(KYC_LINKS_PER_DAY);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body).toMatchObject({
      code: 'KYC_TOO_MANY_ATTEMPTS',
      message: KYC_TEXTS.tooManyAttempts,
    });
    expect((await openLink(client)).status).toBe(429);
    expect(await checksOf(userId)).toHaveLength(KYC_LINKS_PER_DAY);
    ctx.clock.advance(24 * 60 * 60 + 1);
    expect((await openLink(client)).status).toBe(200);
  });
});

describe('bad input is a 4xx with the error shape', () => {
  const bad: Array<[string, string, number]> = [
    ['unknown flow', '/kyc/links/nope', 400],
    ['NUL in the flow', '/kyc/links/verif%00ication', 400],
    ['huge flow', `/kyc/links/${'a'.repeat(5000)}`, 400],
    ['not UTF-8', '/kyc/links/%ff%fe', 400],
    ['result without parameters', '/kyc/result', 400],
    ['result without auth response', '/kyc/result?flow=verification', 400],
    ['result with an unknown flow', `/kyc/result?flow=x&auth_response=${'a'.repeat(32)}`, 400],
    ['auth response with NUL', `/kyc/result?flow=verification&auth_response=${'a'.repeat(20)}%00`, 400],
    ['auth response too short', '/kyc/result?flow=verification&auth_response=abc', 400],
    ['auth response too long', `/kyc/result?flow=verification&auth_response=${'a'.repeat(129)}`, 400],
    ['auth response with slashes', `/kyc/result?flow=verification&auth_response=${'a/'.repeat(20)}`, 400],
    ['huge auth response', `/kyc/result?flow=verification&auth_response=${'a'.repeat(8000)}`, 400],
    ['lone surrogate', `/kyc/result?flow=verification&auth_response=%ED%A0%80${'a'.repeat(20)}`, 400],
  ];
  for (const [name, path, status] of bad)
    it(name, async () => {
      const { client } = await signedUpPlayer(ctx);
      const res = await client.request<{ code: string; message: string }>('GET', path);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(res.body).toHaveProperty('field');
    });

  it('random query fuzz never answers 5xx', async () => {
    const { client } = await signedUpPlayer(ctx);
    const pieces = [
      'verification',
      'reauthentication',
      '%00',
      '%ff',
      'a'.repeat(300),
      '😀',
      '"',
      "'",
      '<',
      '&flow=',
      '[]',
    ];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return pieces[seed % pieces.length]!;
    };
    for (let i = 0; i < 40; i++) {
      const path = `/kyc/result?flow=${pick()}${pick()}&auth_response=${pick()}${pick()}`;
      const res = await client.request('GET', path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
