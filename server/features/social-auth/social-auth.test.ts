import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  SOCIAL_AUTH_PATHS,
  socialDeletionCallbackPath,
  socialDeletionStatusPath,
  type SocialProvider,
} from '../../../src/contract/social-auth.ts';
import {
  Client,
  createTestApp,
  createTestContext,
  signUpPayload,
  type TestContext,
} from '../../test-support/test-app.ts';
import { signEs256, type SocialSandbox } from '../../providers/social-identity/sandbox/social-sandbox.ts';
import { createSocialSandbox } from '../../providers/social-identity/sandbox/social-sandbox-setup.ts';

let ctx: TestContext;
let sandbox: SocialSandbox;
beforeAll(async () => {
  ctx = await createTestContext();
  sandbox = ctx.sandboxes.social.sandbox;
});
afterAll(async () => ctx?.close());

type Body = Record<string, unknown>;
const CLIENT_ID = 'lucky-crown-web';

let people = 0;
/** A new person at the provider (unique sub and email). */
function person(provider: SocialProvider, overrides: Body = {}): Body {
  people += 1;
  const tag = `${randomBytes(3).toString('hex')}${people}`;
  const letters = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  return {
    sub: `${provider}-${tag}`,
    email: `social.${tag}@example.com`,
    email_verified: true,
    given_name: `Morgan${letters}`,
    family_name: `Quill${letters}`,
    name: `Morgan${letters} Quill${letters}`,
    ...overrides,
  };
}

async function attempt(client: Client, provider: SocialProvider): Promise<string> {
  const res = await client.request<Body>('POST', SOCIAL_AUTH_PATHS.attempts, { body: { provider } });
  expect(res.status).toBe(201);
  return res.body.nonce as string;
}

function token(provider: SocialProvider, nonce: string, who: Body, claims: Body = {}): string {
  const iat = Math.floor(ctx.clock.now / 1000);
  return sandbox.signClaims({
    iss: sandbox.issuer(provider),
    aud: CLIENT_ID,
    iat,
    exp: iat + 3600,
    nonce,
    ...who,
    ...claims,
  });
}

const signIn = (client: Client, provider: SocialProvider, idToken: string) =>
  client.request<Body>('POST', SOCIAL_AUTH_PATHS.signIn, { body: { provider, id_token: idToken } });

/** A sign-in through the sandbox in `client`'s browser. */
async function signInAs(client: Client, provider: SocialProvider, who: Body) {
  return signIn(client, provider, token(provider, await attempt(client, provider), who));
}

function profileFields(overrides: Body = {}): Body {
  const base = signUpPayload();
  return {
    postal_code: base.postal_code,
    birth_year: base.birth_year,
    birth_month: base.birth_month,
    birth_day: base.birth_day,
    ...overrides,
  };
}

async function createSocialAccount(client: Client, provider: SocialProvider, who: Body) {
  const answer = await signInAs(client, provider, who);
  expect(answer.body.result).toBe('profile_required');
  return client.request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, {
    body: {
      provider,
      provider_auth_token: answer.body.provider_auth_token,
      email: answer.body.email,
      first_name: answer.body.first_name,
      last_name: answer.body.last_name,
      ...profileFields(),
    },
  });
}

async function joinWithPassword(overrides: Body = {}) {
  const payload = signUpPayload(overrides);
  const res = await new Client(ctx).request('POST', API_PATHS.users, { body: payload });
  expect(res.status).toBe(201);
  return payload;
}

describe('configuration', () => {
  it('puts the sandbox on PORT + 5 by default, on its own origin, with our client id', async () => {
    const { loadConfig, ConfigError } = await import('../../platform/config.ts');
    const config = loadConfig({ PORT: '9000', DATA_DIR: ctx.dataDir });
    expect(config.socialSandboxPort).toBe(9005);
    expect(config.socialSandboxOrigin).toBe('http://localhost:9005');
    expect(config.socialClientId).toBe('lucky-crown-web');
    expect(() =>
      loadConfig({ PORT: '9000', DATA_DIR: ctx.dataDir, SOCIAL_SANDBOX_ORIGIN: 'http://localhost:9000' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '9000', DATA_DIR: ctx.dataDir, SOCIAL_SANDBOX_PORT: '9003' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: ctx.dataDir, SOCIAL_CLIENT_ID: 'bad id!' })).toThrow(ConfigError);
  });
});

describe('sandbox provider', () => {
  it('publishes its public key only, and its popup names the listed identities', async () => {
    const app = ctx.sandboxes.social.app;
    const jwks = (await (await app.request('/.well-known/jwks.json')).json()) as { keys: Body[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const page = await app.request(
      '/google/authorize?client_id=lucky-crown-web&nonce=abcdefghijklmnopqrstuv',
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('avery.johnson@gmail.test');
    const tokenRes = await app.request('/google/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
      body: JSON.stringify({ client_id: CLIENT_ID, nonce: 'abcdefghijklmnopqrstuv', sub: 'g-100001' }),
    });
    expect(tokenRes.status).toBe(403);
  });
});

describe('sign in with Google or Facebook', () => {
  it("the app's pages let the sign-in popup they open keep its opener (it posts the ID token back)", async () => {
    const res = await ctx.app.request('/login');
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
  });

  it('a new identity completes its profile, gets an account without a password, and signs in again', async () => {
    const who = person('google', { birthdate: '1990-04-12', picture: 'https://pics.example/me.png' });
    const browser = new Client(ctx);
    const first = await signInAs(browser, 'google', who);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      result: 'profile_required',
      provider: 'google',
      email: who.email,
      first_name: who.given_name,
      birthdate: '1990-04-12',
      picture: 'https://pics.example/me.png',
    });
    const created = await browser.request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, {
      body: {
        provider: 'google',
        provider_auth_token: first.body.provider_auth_token,
        email: who.email,
        first_name: who.given_name,
        last_name: who.family_name,
        ...profileFields(),
      },
    });
    expect(created.status).toBe(201);
    expect((created.body.user as Body).email).toBe(who.email);

    const again = await signInAs(new Client(ctx), 'google', who);
    expect(again.body.result).toBe('signed_in');
    expect(((again.body.session as Body).user as Body).email).toBe(who.email);

    // No password of its own: a password sign-in is told the account uses Google.
    const login = await new Client(ctx).request<Body>('POST', API_PATHS.login, {
      body: { email: who.email, password: 'Velvet-Harbor-42' },
    });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({
      code: 'SOCIAL_ACCOUNT_NO_PASSWORD',
      extra: { providers: ['google'] },
    });
  });

  it('takes the name from "name" when the provider gave no given/family names', async () => {
    const who = person('facebook', { given_name: undefined, family_name: undefined, name: 'Dana Wells' });
    const res = await signInAs(new Client(ctx), 'facebook', who);
    expect(res.body).toMatchObject({ result: 'profile_required', first_name: 'Dana', last_name: 'Wells' });
  });

  it.each([
    ['wrong audience', { aud: 'someone-else' }, 'audience'],
    ['wrong issuer', { iss: 'http://localhost:1/google' }, 'issuer'],
    [
      'expired',
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
      'expired',
    ],
    ['issued in the future', { iat: Math.floor(Date.now() / 1000) + 3600 }, 'issued_at'],
  ])('refuses a token with %s', async (_name, claims, problem) => {
    const browser = new Client(ctx);
    const nonce = await attempt(browser, 'google');
    const res = await signIn(browser, 'google', token('google', nonce, person('google'), claims));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', field: 'id_token', extra: { problem } });
  });

  it('refuses a token signed by another key, unsigned, or of the other provider', async () => {
    const browser = new Client(ctx);
    const nonce = await attempt(browser, 'google');
    const iat = Math.floor(ctx.clock.now / 1000);
    const claims = {
      iss: sandbox.issuer('google'),
      aud: CLIENT_ID,
      iat,
      exp: iat + 600,
      nonce,
      ...person('google'),
    };
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = signEs256(privateKey, sandbox.kid, claims);
    const seg = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${seg({ alg: 'none', typ: 'JWT' })}.${seg(claims)}.`;
    const hmac = `${seg({ alg: 'HS256', kid: sandbox.kid })}.${seg(claims)}.${'A'.repeat(43)}`;
    const tampered = (() => {
      const [h, , s] = sandbox.signClaims(claims).split('.');
      return `${h}.${seg({ ...claims, email: 'victim@example.com' })}.${s}`;
    })();
    for (const t of [forged, unsigned, hmac, tampered]) {
      const res = await signIn(browser, 'google', t);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SOCIAL_TOKEN_INVALID');
    }
    // A Google token presented as Facebook: the issuer differs.
    const fb = await signIn(browser, 'facebook', sandbox.signClaims(claims));
    expect(fb.body).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID', extra: { problem: 'issuer' } });
  });

  it('refuses a nonce of another browser, an unknown nonce, a replayed token, and a token without a verified email', async () => {
    const mine = new Client(ctx);
    const other = new Client(ctx);
    const nonce = await attempt(mine, 'google');
    await attempt(other, 'google');
    const t = token('google', nonce, person('google'));
    const stolen = await signIn(other, 'google', t);
    expect(stolen.body).toMatchObject({ code: 'SOCIAL_NONCE_MISMATCH' });
    const unknown = await signIn(
      mine,
      'google',
      token('google', 'not-an-attempt-nonce-123', person('google')),
    );
    expect(unknown.body).toMatchObject({ code: 'SOCIAL_NONCE_MISMATCH' });
    expect((await signIn(mine, 'google', t)).status).toBe(200);
    const replay = await signIn(mine, 'google', t);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('SOCIAL_NONCE_MISMATCH');
    const unverified = await signIn(
      mine,
      'google',
      token('google', await attempt(mine, 'google'), person('google', { email_verified: false })),
    );
    expect(unverified.body).toMatchObject({
      code: 'SOCIAL_TOKEN_INVALID',
      extra: { problem: 'email_unverified' },
    });
  });

  it('a token replayed in parallel signs in once', async () => {
    const browser = new Client(ctx);
    const t = token('google', await attempt(browser, 'google'), person('google'));
    const results = await Promise.all(Array.from({ length: 6 }, () => signIn(browser, 'google', t)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'SOCIAL_NONCE_MISMATCH')).toHaveLength(5);
  });

  it('attempts are limited per client address: a parallel burst, then one sent while others run', async () => {
    const browser = new Client(ctx, '10.88.2.2');
    const start = () => browser.request('POST', SOCIAL_AUTH_PATHS.attempts, { body: { provider: 'google' } });
    const burst = await Promise.all(Array.from({ length: 64 }, start));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(60);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(4);
    const [a, b] = await Promise.all([start(), start()]);
    expect([a.status, b.status]).toEqual([429, 429]);
    // Another address is not affected.
    expect(
      (
        await new Client(ctx, '10.88.2.3').request('POST', SOCIAL_AUTH_PATHS.attempts, {
          body: { provider: 'google' },
        })
      ).status,
    ).toBe(201);
  });

  it('a nonce expires with its attempt', async () => {
    const browser = new Client(ctx);
    const nonce = await attempt(browser, 'google');
    ctx.clock.advance(11 * 60);
    const res = await signIn(browser, 'google', token('google', nonce, person('google')));
    expect(res.body.code).toBe('SOCIAL_NONCE_MISMATCH');
  });
});

describe('social sign-in retried after its answer was lost', () => {
  const keyedSignIn = (client: Client, provider: SocialProvider, idToken: string, key: string) =>
    client.request<Body>('POST', SOCIAL_AUTH_PATHS.signIn, {
      body: { provider, id_token: idToken },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
  /** The same browser as `client` before the answer came: its cookies then, none of the answer's. */
  const sameBrowser = (client: Client): Client => {
    const copy = new Client(ctx, client.ip);
    copy.cookies = new Map(client.cookies);
    return copy;
  };
  const sidOf = (session: unknown): string =>
    JSON.parse(Buffer.from(String((session as Body).token).split('.')[1]!, 'base64url').toString())
      .sid as string;
  const sessionsOf = async (email: unknown): Promise<number> =>
    (
      await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [email],
      )
    )[0]!.n;

  /** A person with an account linked to their Google identity (its join's session counted). */
  async function linkedPerson(): Promise<Body> {
    const who = person('google');
    expect((await createSocialAccount(new Client(ctx), 'google', who)).status).toBe(201);
    return who;
  }

  it('the same key, token and browser sign in once: the retry continues the first session', async () => {
    const who = await linkedPerson();
    const browser = new Client(ctx);
    const t = token('google', await attempt(browser, 'google'), who);
    const key = randomUUID();
    const retryBrowser = sameBrowser(browser);
    const first = await keyedSignIn(browser, 'google', t, key);
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('signed_in');
    // Its answer is lost: the app sends the same request again from the same browser.
    const retry = await keyedSignIn(retryBrowser, 'google', t, key);
    expect(retry.status).toBe(200);
    expect(retry.body.result).toBe('signed_in');
    expect(sidOf(retry.body.session)).toBe(sidOf(first.body.session));
    expect(await sessionsOf(who.email)).toBe(2); // the join's and this sign-in's
    // The retry's browser holds a working session (new refresh cookie in the same session).
    retryBrowser.token = String((retry.body.session as Body).token);
    expect((await retryBrowser.request('GET', API_PATHS.me)).status).toBe(200);
    expect((await retryBrowser.request('POST', API_PATHS.refresh)).status).toBe(200);
  });

  it('a parallel burst with one key signs in once: every answer names the same session', async () => {
    const who = await linkedPerson();
    const browser = new Client(ctx);
    const t = token('google', await attempt(browser, 'google'), who);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => keyedSignIn(sameBrowser(browser), 'google', t, key)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(new Set(answers.map((a) => sidOf(a.body.session))).size).toBe(1);
    expect(await sessionsOf(who.email)).toBe(2);
  });

  it('the used token is still refused without the key, with another key, or in another browser', async () => {
    const who = await linkedPerson();
    const browser = new Client(ctx);
    const t = token('google', await attempt(browser, 'google'), who);
    const key = randomUUID();
    expect((await keyedSignIn(sameBrowser(browser), 'google', t, key)).body.result).toBe('signed_in');
    expect((await signIn(sameBrowser(browser), 'google', t)).body.code).toBe('SOCIAL_NONCE_MISMATCH');
    expect((await keyedSignIn(sameBrowser(browser), 'google', t, randomUUID())).body.code).toBe(
      'SOCIAL_NONCE_MISMATCH',
    );
    const other = new Client(ctx);
    await attempt(other, 'google');
    expect((await keyedSignIn(other, 'google', t, key)).body.code).toBe('SOCIAL_NONCE_MISMATCH');
    // Another token under the key (another sign-in) is not the same request.
    const t2 = token('google', await attempt(browser, 'google'), who);
    const reused = await keyedSignIn(sameBrowser(browser), 'google', t2, key);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await sessionsOf(who.email)).toBe(2);
  });

  it('after a sign-out, the retry starts a new session; past the attempt time it is refused', async () => {
    const who = await linkedPerson();
    const browser = new Client(ctx);
    const t = token('google', await attempt(browser, 'google'), who);
    const key = randomUUID();
    const first = await keyedSignIn(sameBrowser(browser), 'google', t, key);
    const signedIn = new Client(ctx);
    signedIn.token = String((first.body.session as Body).token);
    expect((await signedIn.request('POST', API_PATHS.logout)).status).toBeLessThan(300);
    const retry = await keyedSignIn(sameBrowser(browser), 'google', t, key);
    expect(retry.body.result).toBe('signed_in');
    expect(sidOf(retry.body.session)).not.toBe(sidOf(first.body.session));
    ctx.clock.advance(11 * 60);
    const late = await keyedSignIn(sameBrowser(browser), 'google', t, key);
    expect(late.body.code).toBe('SOCIAL_NONCE_MISMATCH');
  });

  it('a lost "complete your profile" answer: the retry answers it again with a ticket that works', async () => {
    const who = person('facebook');
    const browser = new Client(ctx);
    const t = token('facebook', await attempt(browser, 'facebook'), who);
    const key = randomUUID();
    expect((await keyedSignIn(sameBrowser(browser), 'facebook', t, key)).body.result).toBe(
      'profile_required',
    );
    const retry = await keyedSignIn(sameBrowser(browser), 'facebook', t, key);
    expect(retry.body).toMatchObject({ result: 'profile_required', email: who.email });
    const created = await browser.request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, {
      body: {
        provider: 'facebook',
        provider_auth_token: retry.body.provider_auth_token,
        email: who.email,
        first_name: who.given_name,
        last_name: who.family_name,
        ...profileFields(),
      },
    });
    expect(created.status).toBe(201);
  });

  it('an account creation retried with its key signs in to the account it created, once', async () => {
    const who = person('google');
    const browser = new Client(ctx);
    const answer = await signInAs(browser, 'google', who);
    const body = {
      provider: 'google',
      provider_auth_token: answer.body.provider_auth_token,
      email: who.email,
      first_name: who.given_name,
      last_name: who.family_name,
      ...profileFields(),
    };
    const key = randomUUID();
    const create = (client: Client, k = key) =>
      client.request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, {
        body,
        headers: { [IDEMPOTENCY_HEADER]: k },
      });
    const first = await create(sameBrowser(browser));
    expect(first.status).toBe(201);
    const retry = await create(sameBrowser(browser));
    expect(retry.status).toBe(201);
    expect(sidOf(retry.body)).toBe(sidOf(first.body));
    expect((retry.body.user as Body).id).toBe((first.body.user as Body).id);
    expect(await sessionsOf(who.email)).toBe(1);
    // Without its key, under another key, or from another browser, the used ticket is refused.
    expect((await create(sameBrowser(browser), randomUUID())).body.code).toBe('SOCIAL_TICKET_INVALID');
    expect((await create(new Client(ctx))).body.code).toBe('SOCIAL_TICKET_INVALID');
    const users = await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [who.email]);
    expect(users).toHaveLength(1);
  });

  it('a burst of one account creation under one key: one account, one session', async () => {
    const who = person('facebook');
    const browser = new Client(ctx);
    const answer = await signInAs(browser, 'facebook', who);
    const key = randomUUID();
    const body = {
      provider: 'facebook',
      provider_auth_token: answer.body.provider_auth_token,
      email: who.email,
      first_name: who.given_name,
      last_name: who.family_name,
      ...profileFields(),
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        sameBrowser(browser).request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, {
          body,
          headers: { [IDEMPOTENCY_HEADER]: key },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => sidOf(r.body))).size).toBe(1);
    expect(await sessionsOf(who.email)).toBe(1);
  });

  it('a link retried with its key (and its password) continues the session the link started', async () => {
    const existing = await joinWithPassword();
    const who = person('google', { email: existing.email });
    const browser = new Client(ctx);
    const found = await signInAs(browser, 'google', who);
    expect(found.body.result).toBe('link_required');
    const key = randomUUID();
    const link = (client: Client, password1 = existing.password1, k = key) =>
      client.request<Body>('POST', SOCIAL_AUTH_PATHS.link, {
        body: {
          google_auth_token: found.body.provider_auth_token,
          email: existing.email,
          password1,
          strategy: 'password',
        },
        headers: { [IDEMPOTENCY_HEADER]: k },
      });
    const first = await link(sameBrowser(browser));
    expect(first.status).toBe(200);
    const retry = await link(sameBrowser(browser));
    expect(retry.status).toBe(200);
    expect(sidOf(retry.body)).toBe(sidOf(first.body));
    expect(await sessionsOf(existing.email)).toBe(2); // the join's and the link's
    // Another password under the key is another request; without the key the ticket is used.
    expect((await link(sameBrowser(browser), 'Not-The-Password-9')).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await link(sameBrowser(browser), existing.password1, randomUUID())).body.code).toBe(
      'SOCIAL_TICKET_INVALID',
    );
    expect((await link(new Client(ctx))).body.code).toBe('SOCIAL_TICKET_INVALID');
    const identities = await ctx.db.query(
      `SELECT 1 FROM social_identities i JOIN users u ON u.id = i.user_id WHERE u.email = $1`,
      [existing.email],
    );
    expect(identities).toHaveLength(1);
  });
});

describe('account creation with the provider auth token', () => {
  it('applies the join rules: excluded state, age, names', async () => {
    const browser = new Client(ctx);
    const who = person('google');
    const answer = await signInAs(browser, 'google', who);
    const send = (fields: Body) =>
      browser.request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, {
        body: {
          provider: 'google',
          provider_auth_token: answer.body.provider_auth_token,
          email: who.email,
          first_name: who.given_name,
          last_name: who.family_name,
          ...profileFields(),
          ...fields,
        },
      });
    expect((await send({ postal_code: '10001' })).body).toMatchObject({
      code: 'EXCLUDED_STATE',
      field: 'postal_code',
    });
    expect((await send({ birth_year: new Date().getFullYear() - 10 })).body).toMatchObject({
      code: 'UNDERAGE',
      field: 'birth_date',
    });
    expect((await send({ birth_month: 13 })).body).toMatchObject({
      code: 'INVALID_BIRTH_DATE',
      field: 'birth_date',
    });
    expect((await send({ last_name: '' })).status).toBe(400);
    expect((await send({ email: 'someone.else@example.com' })).body).toMatchObject({
      code: 'SOCIAL_EMAIL_MISMATCH',
      field: 'email',
    });
    // The refusals above left the token usable.
    expect((await send({})).status).toBe(201);
    expect((await send({})).body).toMatchObject({
      code: 'SOCIAL_TICKET_INVALID',
      field: 'provider_auth_token',
    });
  });

  it('a token works only in the browser it was issued to, and once under a parallel burst', async () => {
    const browser = new Client(ctx);
    const who = person('facebook');
    const answer = await signInAs(browser, 'facebook', who);
    const body = {
      provider: 'facebook',
      provider_auth_token: answer.body.provider_auth_token,
      email: who.email,
      first_name: who.given_name,
      last_name: who.family_name,
      ...profileFields(),
    };
    const elsewhere = await new Client(ctx).request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, { body });
    expect(elsewhere.body.code).toBe('SOCIAL_TICKET_INVALID');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => browser.request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, { body })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || (r.status >= 400 && r.status < 500))).toBe(true);
  });
});

describe('linking to an existing account', () => {
  it('an email with an account needs linking; the password links it and the identity then signs in', async () => {
    const existing = await joinWithPassword();
    const who = person('facebook', { email: existing.email });
    const browser = new Client(ctx);
    const found = await signInAs(browser, 'facebook', who);
    expect(found.body).toMatchObject({ result: 'link_required', provider: 'facebook', linked_providers: [] });
    expect(found.body.message).toContain('An account was found');
    expect(found.body.message).toContain('Facebook');

    // Creating instead of linking is refused.
    const create = await browser.request<Body>('POST', SOCIAL_AUTH_PATHS.accounts, {
      body: {
        provider: 'facebook',
        provider_auth_token: found.body.provider_auth_token,
        email: existing.email,
        first_name: 'Pat',
        last_name: 'Doe',
        ...profileFields(),
      },
    });
    expect(create.body.code).toBe('SOCIAL_LINK_REQUIRED');

    const link = (password1: string, extra: Body = {}) =>
      browser.request<Body>('POST', SOCIAL_AUTH_PATHS.link, {
        body: {
          fb_auth_token: found.body.provider_auth_token,
          email: existing.email,
          password1,
          password2: password1,
          strategy: 'password',
          ...extra,
        },
      });
    const wrong = await link('Not-The-Password-9');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'password1' });
    expect((await link(existing.password1 as string, { password2: 'different' })).body).toMatchObject({
      code: 'PASSWORD_MISMATCH',
      field: 'password2',
    });
    expect((await link(existing.password1 as string, { email: 'x@example.com' })).body.code).toBe(
      'SOCIAL_EMAIL_MISMATCH',
    );
    const ok = await link(existing.password1 as string);
    expect(ok.status).toBe(200);
    expect((ok.body.user as Body).email).toBe(existing.email);

    const fresh = await signInAs(new Client(ctx), 'facebook', who);
    expect(fresh.body.result).toBe('signed_in');

    // The other provider now hears the account signs in with Facebook already ("both").
    const google = await signInAs(new Client(ctx), 'google', person('google', { email: existing.email }));
    expect(google.body).toMatchObject({ result: 'link_required', linked_providers: ['facebook'] });
    expect(google.body.message).toContain('Facebook and Google');

    // A second Facebook identity cannot be linked to the same account.
    const browser2 = new Client(ctx);
    const second = await signInAs(browser2, 'facebook', person('facebook', { email: existing.email }));
    const again = await browser2.request<Body>('POST', SOCIAL_AUTH_PATHS.link, {
      body: {
        fb_auth_token: second.body.provider_auth_token,
        email: existing.email,
        password1: existing.password1,
        strategy: 'password',
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SOCIAL_ALREADY_LINKED');
  });

  it('link attempts are counted before the password: a parallel burst and requests sent while others run', async () => {
    const existing = await joinWithPassword();
    const browser = new Client(ctx, '10.77.1.1');
    const found = await signInAs(browser, 'google', person('google', { email: existing.email }));
    const link = (password1: string) =>
      browser.request<Body>('POST', SOCIAL_AUTH_PATHS.link, {
        body: {
          google_auth_token: found.body.provider_auth_token,
          email: existing.email,
          password1,
          strategy: 'password',
        },
      });
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => link(`Wrong-Guess-${i}-xx`)));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(3);
    // Sent while earlier ones are in flight: still refused, even with the right password.
    const first = link('Wrong-Guess-late');
    const right = link(existing.password1 as string);
    expect((await first).status).toBe(429);
    expect((await right).status).toBe(429);
    // And the account's password sign-in from that address shares the count.
    const login = await browser.request('POST', API_PATHS.login, {
      body: { email: existing.email, password: existing.password1 },
    });
    expect(login.status).toBe(429);
  });
});

describe('data deletion requests', () => {
  const callback = (provider: SocialProvider, body: string, type = 'application/x-www-form-urlencoded') =>
    new Client(ctx).request<Body>('POST', socialDeletionCallbackPath(provider), {
      rawBody: body,
      headers: { 'Content-Type': type },
      csrf: false,
    });

  it('a signed request unlinks the identity, deletes its picture, and its code shows the status', async () => {
    const who = person('google', { picture: 'https://pics.example/g.png' });
    const browser = new Client(ctx);
    expect((await createSocialAccount(browser, 'google', who)).status).toBe(201);
    const signed = sandbox.deletionRequest('google', CLIENT_ID, who.sub as string);
    const res = await callback('google', new URLSearchParams({ signed_request: signed }).toString());
    expect(res.status).toBe(200);
    const code = res.body.confirmation_code as string;
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    expect(res.body.url).toBe(`${ctx.deps.config.publicOrigin}/data-deletion/dd/${code}`);
    const rows = await ctx.db.query<{ profile_pic: string | null }>(
      'SELECT profile_pic FROM users WHERE lower(email) = $1',
      [who.email],
    );
    expect(rows[0]!.profile_pic).toBeNull();
    expect(
      (
        await ctx.db.query('SELECT 1 FROM social_identities WHERE provider = $1 AND subject = $2', [
          'google',
          who.sub,
        ])
      ).length,
    ).toBe(0);
    // The same request sent again answers the same code.
    const again = await callback('google', JSON.stringify({ signed_request: signed }), 'application/json');
    expect(again.body.confirmation_code).toBe(code);
    const status = await new Client(ctx).request<Body>('GET', socialDeletionStatusPath(code));
    expect(status.body).toMatchObject({ confirmation_code: code, provider: 'google', status: 'deleted' });
    // The identity is no longer a way in: the email's account must be linked again.
    const after = await signInAs(new Client(ctx), 'google', who);
    expect(after.body.result).toBe('link_required');
  });

  it('a request for a person we hold nothing for answers nd/{code}', async () => {
    const signed = sandbox.deletionRequest('facebook', CLIENT_ID, 'fb-never-seen');
    const res = await callback('facebook', new URLSearchParams({ signed_request: signed }).toString());
    expect(res.body.url).toContain('/data-deletion/nd/');
    const status = await new Client(ctx).request<Body>(
      'GET',
      socialDeletionStatusPath(res.body.confirmation_code as string),
    );
    expect(status.body.status).toBe('no_data');
  });

  it('refuses unsigned, forged, foreign-audience and non-deletion requests; unknown codes answer 404', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const iat = Math.floor(ctx.clock.now / 1000);
    const claims = {
      iss: sandbox.issuer('google'),
      aud: CLIENT_ID,
      sub: 'g-x',
      event: 'data_deletion',
      jti: 'j1',
      iat,
      exp: iat + 300,
    };
    const seg = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cases = [
      '',
      'signed_request=',
      `signed_request=${seg({ alg: 'none' })}.${seg(claims)}.`,
      `signed_request=${signEs256(privateKey, sandbox.kid, claims)}`,
      `signed_request=${sandbox.signClaims({ ...claims, aud: 'other-app' })}`,
      `signed_request=${sandbox.signClaims({ ...claims, event: 'login' })}`,
      `signed_request=${sandbox.signClaims({ ...claims, iss: sandbox.issuer('facebook') })}`,
    ];
    for (const body of cases) {
      const res = await callback('google', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SOCIAL_DELETION_INVALID');
    }
    // An unknown provider's path is no callback: refused at the CSRF edge.
    expect((await callback('twitter' as SocialProvider, 'signed_request=x')).status).toBe(403);
    const missing = await new Client(ctx).request<Body>('GET', socialDeletionStatusPath('ZZZZZZZZZZZZ'));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('SOCIAL_DELETION_NOT_FOUND');
    expect((await new Client(ctx).request('GET', socialDeletionStatusPath('../../x'))).status).toBe(404);
  });

  it('the sandbox page sends a signed request to the callback', async () => {
    // The same database behind an app whose social sandbox sends its deletion requests to it.
    let wiredApp: ReturnType<typeof createTestApp> | null = null;
    const wired = createSocialSandbox({
      config: ctx.deps.config,
      now: ctx.deps.now,
      stateDir: null,
      sandboxFetch: 'in-process',
      callback: { apiBase: '', fetch: async (url, init) => wiredApp!.request(url, init) },
    });
    wiredApp = createTestApp({ ...ctx.deps, providers: { ...ctx.deps.providers, social: wired.providers } });
    const unwired = await ctx.sandboxes.social.app.request('/facebook/data-deletion', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody.here@example.com', client_id: CLIENT_ID }),
    });
    expect(unwired.status).toBe(503);
    const res = await wired.sandbox.app.request('/facebook/data-deletion', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody.here@example.com', client_id: CLIENT_ID }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body.url).toContain(`/data-deletion/nd/${body.confirmation_code as string}`);
  });
});

describe('fuzzed input', () => {
  it('answers 4xx, never 5xx', async () => {
    const junk: unknown[] = [
      null,
      [],
      'x',
      42,
      {},
      { provider: 'myspace' },
      { provider: 'google', id_token: 'a.b.c' },
      { provider: 'google', id_token: 'e30.e30.e30' },
      { provider: 'google', id_token: `${'A'.repeat(9000)}` },
      { provider: 'google', id_token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6MX0.e30.AAAA' },
      { provider: 'google', provider_auth_token: 'x'.repeat(300) },
      {
        google_auth_token: 'abc',
        fb_auth_token: 'def',
        email: 'a@b.co',
        password1: 'x',
        strategy: 'password',
      },
      { google_auth_token: 'abc', email: 'a@b.co', password1: 'x', strategy: 'magic' },
      { email: { $ne: 1 }, password1: ['x'] },
    ];
    const paths = [
      SOCIAL_AUTH_PATHS.attempts,
      SOCIAL_AUTH_PATHS.signIn,
      SOCIAL_AUTH_PATHS.accounts,
      SOCIAL_AUTH_PATHS.link,
    ];
    for (const path of paths)
      for (const body of junk) {
        const res = await new Client(ctx).request('POST', path, { body });
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    for (let i = 0; i < 40; i++) {
      const bytes = randomBytes(1 + (i % 64)).toString(i % 2 ? 'base64url' : 'latin1');
      const res = await new Client(ctx).request('POST', socialDeletionCallbackPath('google'), {
        rawBody: `signed_request=${encodeURIComponent(bytes)}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
      expect(res.status).toBe(400);
    }
  });
});
