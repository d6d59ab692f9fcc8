import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_INFO_STORAGE_KEY } from '../contract/social-auth.ts';
import { resetApiClientState } from '../lib/api-client.ts';
import { loginAnswer, stubApi } from '../test-support/stub-api.ts';
import { clearLocalSession } from './session-actions.ts';
import { runSocialSignIn, SOCIAL_SIGN_IN_TRIES } from './social-sign-in.ts';
import { resetStore, store } from './store.ts';

const PROVIDER_ORIGIN = 'http://localhost:9105';
const attempt = {
  status: 201,
  body: {
    provider: 'google',
    nonce: 'n'.repeat(32),
    authorize_url: `${PROVIDER_ORIGIN}/google/authorize?client_id=lucky-crown-web&nonce=${'n'.repeat(32)}`,
    provider_origin: PROVIDER_ORIGIN,
  },
};

function fakePopup() {
  return {
    closed: false,
    location: { href: 'about:blank' },
    close() {
      this.closed = true;
    },
  };
}

/** A message as the browser delivers it: its sender's origin and window. */
function post(data: unknown, origin: string, source: unknown) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('runSocialSignIn', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    sessionStorage.clear();
  });
  afterEach(() => {
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it("takes the ID token only from the provider's origin in the popup it opened, then signs in", async () => {
    const calls = stubApi({
      '/social/attempts': attempt,
      '/social/sign-in': { status: 200, body: { result: 'signed_in', session: loginAnswer() } },
    });
    const popup = fakePopup();
    const outcome = runSocialSignIn('google', popup as unknown as Window);
    await until(() => popup.location.href !== 'about:blank');
    expect(popup.location.href).toBe(attempt.body.authorize_url);
    const message = { type: 'lc-social-id-token', provider: 'google', id_token: 'forged' };
    post(message, 'http://evil.example', popup);
    post(message, PROVIDER_ORIGIN, window);
    post({ ...message, provider: 'facebook' }, PROVIDER_ORIGIN, popup);
    post({ ...message, id_token: 'the.real.token' }, PROVIDER_ORIGIN, popup);
    expect(await outcome).toEqual({ kind: 'signed_in' });
    expect(calls.filter((c) => c.path === '/social/sign-in').map((c) => c.body)).toEqual([
      { provider: 'google', id_token: 'the.real.token' },
    ]);
    expect(store.session.status).toBe('signed-in');
    expect(popup.closed).toBe(true);
  });

  it('keeps a new identity for the profile page, and a closed popup cancels', async () => {
    stubApi({
      '/social/attempts': [attempt, attempt],
      '/social/sign-in': {
        status: 200,
        body: {
          result: 'profile_required',
          provider: 'google',
          provider_auth_token: 't',
          email: 'a@b.co',
          first_name: 'A',
          last_name: 'B',
          picture: null,
          birthdate: null,
        },
      },
    });
    const popup = fakePopup();
    const outcome = runSocialSignIn('google', popup as unknown as Window);
    await until(() => popup.location.href !== 'about:blank');
    post({ type: 'lc-social-id-token', provider: 'google', id_token: 'x.y.z' }, PROVIDER_ORIGIN, popup);
    expect(await outcome).toEqual({ kind: 'profile_required' });
    expect(JSON.parse(sessionStorage.getItem(SOCIAL_INFO_STORAGE_KEY)!)).toMatchObject({
      provider_auth_token: 't',
    });

    const closing = fakePopup();
    const cancelled = runSocialSignIn('google', closing as unknown as Window);
    await until(() => closing.location.href !== 'about:blank');
    closing.closed = true;
    expect(await cancelled).toEqual({ kind: 'cancelled' });
  });

  it('answers a refused sign-in as a social error: code, first message, field', async () => {
    stubApi({
      '/social/attempts': attempt,
      '/social/sign-in': {
        status: 400,
        body: { code: 'SOCIAL_NONCE_MISMATCH', message: 'Not started here.', field: 'id_token', extra: null },
      },
    });
    const popup = fakePopup();
    const outcome = runSocialSignIn('google', popup as unknown as Window);
    await until(() => popup.location.href !== 'about:blank');
    post({ type: 'lc-social-id-token', provider: 'google', id_token: 'x.y.z' }, PROVIDER_ORIGIN, popup);
    expect(await outcome).toEqual({
      kind: 'error',
      error: { code: 'SOCIAL_NONCE_MISMATCH', message: 'Not started here.', field: 'id_token' },
    });
  });

  it('a lost sign-in answer is sent again with the same key, and the retry signs in', async () => {
    const sent: Array<{ key: string | null; body: unknown }> = [];
    let lost = 2;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        if (path === '/auth/csrf') return json(200, { csrf_token: 't' });
        if (path === '/social/attempts') return json(201, attempt.body);
        if (path !== '/social/sign-in') return json(200, {}); // the reachability probe
        sent.push({
          key: new Headers(init.headers).get('Idempotency-Key'),
          body: JSON.parse(String(init.body)),
        });
        if (lost-- > 0) throw new TypeError('Failed to fetch');
        return json(200, { result: 'signed_in', session: loginAnswer() });
      }),
    );
    const popup = fakePopup();
    const outcome = runSocialSignIn('google', popup as unknown as Window);
    await until(() => popup.location.href !== 'about:blank');
    post({ type: 'lc-social-id-token', provider: 'google', id_token: 'a.b.c' }, PROVIDER_ORIGIN, popup);
    expect(await outcome).toEqual({ kind: 'signed_in' });
    expect(sent).toHaveLength(3);
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(sent.every((s) => JSON.stringify(s.body) === JSON.stringify(sent[0]!.body))).toBe(true);
    expect(store.session.status).toBe('signed-in');
  });

  it('gives up after its tries with the lost answer told as an error; a refusal is not sent again', async () => {
    const calls = stubApi({
      '/social/attempts': [attempt, attempt],
      '/social/sign-in': [
        ...Array.from({ length: SOCIAL_SIGN_IN_TRIES }, () => () => Promise.reject(new TypeError('lost'))),
        {
          status: 400,
          body: {
            code: 'SOCIAL_NONCE_MISMATCH',
            message: 'Not started here.',
            field: 'id_token',
            extra: null,
          },
        },
      ],
    });
    for (const expected of ['NETWORK_ERROR', 'SOCIAL_NONCE_MISMATCH']) {
      const popup = fakePopup();
      const outcome = runSocialSignIn('google', popup as unknown as Window);
      await until(() => popup.location.href !== 'about:blank');
      post({ type: 'lc-social-id-token', provider: 'google', id_token: 'x.y.z' }, PROVIDER_ORIGIN, popup);
      expect(await outcome).toMatchObject({ kind: 'error', error: { code: expected } });
    }
    expect(calls.filter((c) => c.path === '/social/sign-in')).toHaveLength(SOCIAL_SIGN_IN_TRIES + 1);
  });
});
