import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { number, type as shape } from 'superstruct';
import { api, ApiError, configureApiClient, errorDialogFor, resetApiClientState } from '../lib/api-client.ts';
import { cancelTokenRefresh, connectApiClientToSession } from './session-actions.ts';
import { resetStore, store } from './store.ts';

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function mockFetch(...answers: ((call: Call) => Response)[]) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: String(url), init };
    calls.push(call);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected fetch ${call.url}`);
    return next(call);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const headersOf = (c: Call): Record<string, string> => (c.init.headers ?? {}) as Record<string, string>;
const Value = shape({ value: number() });

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

describe('api client', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    connectApiClientToSession();
    clearCookies();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('GET: prefix, query, JWT header, same-origin credentials, validated answer', async () => {
    store.session.token = 'tok-1';
    const calls = mockFetch(() => json(200, { value: 7, extra: 'ignored' }));
    const out = await api.get('/wallet/balances', Value, { query: { a: 'x y', b: undefined } });
    expect(out.value).toBe(7);
    expect(calls[0]?.url).toBe('/api/v1/wallet/balances?a=x+y');
    expect(headersOf(calls[0]!).Authorization).toBe('JWT tok-1');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(headersOf(calls[0]!)['X-CSRF-Token']).toBeUndefined();
  });

  it('no-token calls carry no Authorization header', async () => {
    store.session.token = 'tok-1';
    const calls = mockFetch(() => json(200, { value: 1 }));
    await api.get('/properties', Value, { auth: false });
    expect(headersOf(calls[0]!).Authorization).toBeUndefined();
  });

  it('unsafe methods fetch the CSRF token first when the cookie is missing', async () => {
    const calls = mockFetch(
      () => json(200, { csrf_token: 'rnd.sig' }),
      () => json(200, { value: 2 }),
    );
    await api.post('/auth/login', { email: 'a@b.c' }, Value);
    expect(calls[0]?.url).toBe('/api/v1/auth/csrf');
    expect(calls[1]?.init.method).toBe('POST');
    expect(headersOf(calls[1]!)['X-CSRF-Token']).toBe('rnd.sig');
    expect(headersOf(calls[1]!)['Content-Type']).toBe('application/json');
    expect(calls[1]?.init.body).toBe('{"email":"a@b.c"}');
  });

  it('unsafe methods send the lc_csrf cookie value when present', async () => {
    document.cookie = 'lc_csrf=cookie.value; path=/';
    const calls = mockFetch(() => json(200, { value: 3 }));
    await api.patch('/users/me', { first_name: 'A' }, Value);
    expect(calls).toHaveLength(1);
    expect(headersOf(calls[0]!)['X-CSRF-Token']).toBe('cookie.value');
  });

  it('a malformed answer is an ApiError BAD_RESPONSE and opens the generic dialog', async () => {
    mockFetch(() => json(200, { value: 'not a number' }));
    const err = await api.get('/wallet/balances', Value).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('BAD_RESPONSE');
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['generic-error']);
  });

  it('field errors come back whole and open no dialog', async () => {
    document.cookie = 'lc_csrf=c.v; path=/';
    mockFetch(() =>
      json(400, { code: 'UNDERAGE', message: 'Too young', field: 'birth_date', extra: { min: 18 } }),
    );
    const err = (await api.post('/users', {}, Value).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.message, err.field, err.extra]).toEqual([
      400,
      'UNDERAGE',
      'Too young',
      'birth_date',
      { min: 18 },
    ]);
    expect(store.dialogs.stack).toHaveLength(0);
  });

  it('maps 403, country block, 429 and 5xx to their dialogs', async () => {
    mockFetch(
      () => json(403, { code: 'PERMISSION_DENIED', message: 'Not for you' }),
      () => json(403, { code: 'ACCESS_CURRENTLY_UNAVAILABLE', message: 'US only' }),
      () => json(429, { code: 'TOO_MANY_ATTEMPTS', message: 'Slow down' }),
      () => new Response('oops', { status: 502 }),
    );
    for (let i = 0; i < 4; i++) await api.get('/x', Value).catch(() => undefined);
    const kinds = store.dialogs.stack.map((d) => [d.kind, d.props]);
    expect(kinds).toEqual([
      ['permission-denied', { message: 'Not for you' }],
      ['access-unavailable', {}],
      ['server-busy', {}],
      ['generic-error', { signedIn: false }],
    ]);
  });

  it('handleErrors: false opens no dialog', async () => {
    mockFetch(() => json(429, { code: 'TOO_MANY_ATTEMPTS', message: 'busy' }));
    await expect(api.get('/x', Value, { handleErrors: false })).rejects.toMatchObject({ status: 429 });
    expect(store.dialogs.stack).toHaveLength(0);
  });

  it('the generic dialog knows whether the player is signed in; offline opens nothing', () => {
    expect(errorDialogFor(new ApiError(500, 'INTERNAL_ERROR', 'x'), true)).toEqual({
      kind: 'generic-error',
      props: { signedIn: true },
    });
    expect(errorDialogFor(new ApiError(0, 'NETWORK_ERROR', 'x'), false)).toEqual({
      kind: 'generic-error',
      props: { signedIn: false },
    });
    expect(errorDialogFor(new ApiError(0, 'OFFLINE', 'x'), true)).toBeNull();
    expect(errorDialogFor(new ApiError(404, 'NOT_FOUND', 'x'), true)).toBeNull();
  });

  it('a read without an answer opens no dialog (the banner tells it); an action without one does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x', Value)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(store.dialogs.stack).toHaveLength(0);
    await expect(api.post('/x', {}, Value)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['generic-error']);
  });

  it('a network failure becomes an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x', Value, { handleErrors: false })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('refreshes an expired token once and retries the call with the new token', async () => {
    document.cookie = 'lc_csrf=c.v; path=/';
    store.session.token = 'old';
    store.session.status = 'signed-in';
    const calls = mockFetch(
      () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
      () => json(200, { token: 'new', token_expires_at: 1_900_000_000_000, method: 'refresh' }),
      () => json(200, { value: 9 }),
    );
    const out = await api.get('/wallet/balances', Value);
    expect(out.value).toBe(9);
    expect(calls[1]?.url).toBe('/api/v1/auth/refresh');
    expect(headersOf(calls[1]!).Authorization).toBeUndefined();
    expect(headersOf(calls[2]!).Authorization).toBe('JWT new');
    expect(store.session.token).toBe('new');
    expect(store.session.tokenExpiresAt).toBe(1_900_000_000_000);
    // The session schedules the next refresh 120 s before the new token expires.
    expect(store.session.refreshTimeEpoch).toBe(1_900_000_000_000 - 120_000);
    cancelTokenRefresh();
  });

  it('a refused refresh ends the session through the hook', async () => {
    document.cookie = 'lc_csrf=c.v; path=/';
    store.session.token = 'old';
    store.session.status = 'signed-in';
    const expired = vi.fn();
    configureApiClient({ onSessionExpired: expired });
    mockFetch(
      () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
      () => json(401, { code: 'REFRESH_FAILED', message: 'no' }),
    );
    await expect(api.get('/x', Value)).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledOnce();
    expect(store.session.jwtRefreshFailed).toBe(true);
  });

  /** Answers by path, in order per path; the health probe of a lost answer always answers. */
  function routeByPath(routes: Record<string, (() => Response)[]>) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) => {
        const path = String(url);
        calls.push(path);
        if (path === '/api/v1/health') return json(200, { status: 'ok' });
        const next = routes[path]?.shift();
        if (!next) throw new Error(`unexpected fetch ${path}`);
        return next();
      }),
    );
    return calls;
  }
  const lost = (): Response => {
    throw new TypeError('Failed to fetch');
  };

  it('a lost refresh answer is retried with the same cookie and the call goes on, signed in', async () => {
    document.cookie = 'lc_csrf=c.v; path=/';
    store.session.token = 'old';
    store.session.status = 'signed-in';
    const expired = vi.fn();
    configureApiClient({ onSessionExpired: expired });
    const calls = routeByPath({
      '/api/v1/x': [
        () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
        () => json(200, { value: 3 }),
      ],
      '/api/v1/auth/refresh': [
        lost,
        () => json(200, { token: 'new', token_expires_at: 1_900_000_000_000, method: 'refresh' }),
      ],
    });
    expect((await api.get('/x', Value)).value).toBe(3);
    expect(calls.filter((c) => c === '/api/v1/auth/refresh')).toHaveLength(2);
    expect(expired).not.toHaveBeenCalled();
    expect(store.session.token).toBe('new');
    cancelTokenRefresh();
  });

  it('refresh answers lost every time: the call fails as a network error, and the player stays signed in', async () => {
    document.cookie = 'lc_csrf=c.v; path=/';
    store.session.token = 'old';
    store.session.status = 'signed-in';
    const expired = vi.fn();
    configureApiClient({ onSessionExpired: expired });
    const calls = routeByPath({
      '/api/v1/x': [() => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' })],
      '/api/v1/auth/refresh': [lost, lost, lost],
    });
    await expect(api.get('/x', Value, { handleErrors: false })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    expect(calls.filter((c) => c === '/api/v1/auth/refresh')).toHaveLength(3);
    expect(expired).not.toHaveBeenCalled();
    expect(store.session.status).toBe('signed-in');
  });

  it('retries once with a fresh CSRF token after CSRF_FAILED', async () => {
    const calls = mockFetch(
      () => json(200, { csrf_token: 'first.sig' }),
      () => json(403, { code: 'CSRF_FAILED', message: 'bad csrf' }),
      () => json(200, { csrf_token: 'second.sig' }),
      () => json(200, { value: 1 }),
    );
    await api.post('/auth/logout', {}, Value);
    expect(headersOf(calls[3]!)['X-CSRF-Token']).toBe('second.sig');
    expect(store.dialogs.stack).toHaveLength(0);
  });
});
