import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../contract/constants.ts';
import { setNavigator } from '../lib/navigation.ts';
import { resetApiClientState } from '../lib/api-client.ts';
import { reportApiReachable } from '../pwa/online-status.ts';
import {
  completeLogin,
  logout,
  registerLogoutCleanup,
  resumeSession,
  cancelTokenRefresh,
  clearLocalSession,
  connectApiClientToSession,
  handleSessionExpired,
} from './session-actions.ts';
import { clearMirror, readMirror, writeMirror } from './idb-mirror.ts';
import { resetStore, store } from './store.ts';
import { openDialog } from './dialog-actions.ts';
import { applyDelayedBalances } from './balances-actions.ts';
import { demoBalances, demoUser, loginResponse } from './test-fixtures.ts';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function routeFetch(routes: Record<string, (init: RequestInit) => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = String(url).split('?')[0] ?? '';
      // The reachability probe (pwa/online-status.ts) that a call without an answer starts runs in
      // the background: it is answered, which stops it, and not counted among the calls.
      if (path === '/api/v1/health' && !routes[`GET ${path}`]) return json(200, { status: 'ok' });
      calls.push(`${init.method ?? 'GET'} ${path}`);
      const handler = routes[`${init.method ?? 'GET'} ${path}`];
      if (!handler) return json(404, { code: 'NOT_FOUND', message: path });
      return handler(init);
    }),
  );
  return calls;
}

const navigations: string[] = [];

describe('session actions', () => {
  beforeEach(async () => {
    resetStore();
    resetApiClientState();
    connectApiClientToSession();
    localStorage.clear();
    sessionStorage.clear();
    await clearMirror();
    navigations.length = 0;
    setNavigator((to) => {
      navigations.push(to);
    });
    document.cookie = 'lc_csrf=c.v; path=/';
  });
  afterEach(() => {
    cancelTokenRefresh();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('completeLogin stores session, balances, schedules refresh 120 s before expiry, remembers email, restores currency', () => {
    localStorage.setItem(STORAGE_KEYS.lastCurrency, 'sweeps');
    const expires = Date.now() + 15 * 60_000;
    completeLogin(loginResponse({ token_expires_at: expires }));
    expect(store.session.status).toBe('signed-in');
    expect(store.session.token).toBe('jwt-1');
    expect(store.session.user?.first_name).toBe('Demo');
    expect(store.session.refreshTimeEpoch).toBe(expires - 120_000);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    expect(store.currency.activeCurrency).toBe('sweeps');
    expect(localStorage.getItem(STORAGE_KEYS.previousEmail)).toBe('demo@luckycrown.example');
  });

  it('gold-only mode forces Gold on login whatever was last used', () => {
    localStorage.setItem(STORAGE_KEYS.lastCurrency, 'sweeps');
    store.properties.values.gold_only_mode = 'true';
    completeLogin(loginResponse());
    expect(store.currency.activeCurrency).toBe('gold');
  });

  it('a login bonus shows the balance without it first; the full balance waits for the bonus dialog to close', () => {
    vi.useFakeTimers();
    completeLogin(
      loginResponse({
        quantity_gld: 5000,
        quantity_ghc: 1,
        balances: demoBalances({ balance_total_gld: 255000, balance_total_ghc: 26 }),
      }),
    );
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    expect(store.balances.current?.balance_total_ghc).toBe(25);
    expect(store.promotions.loginBonusCoins).toEqual({ ghc: 1, gld: 5000 });
    vi.advanceTimersByTime(1300);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    expect(store.balances.delayed?.balance_total_gld).toBe(255000);
    applyDelayedBalances();
    expect(store.balances.current?.balance_total_gld).toBe(255000);
    expect(store.balances.animateCoins).toBe(true);
  });

  it('loads the seven session properties once, 50 ms after login', async () => {
    vi.useFakeTimers();
    const calls = routeFetch({
      'GET /api/v1/properties': () => json(200, { results: [{ key: 'flow_enabled', value: 'false' }] }),
    });
    completeLogin(loginResponse());
    completeLogin(loginResponse());
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60);
    // (The login promotions ask for the banking packages meanwhile: login-promotions-actions.test.ts.)
    expect(calls.filter((c) => c.includes('/properties'))).toEqual(['GET /api/v1/properties']);
    expect(store.properties.values.flow_enabled).toBe('false');
  });

  it('the scheduled refresh stores the new token and reloads the user', async () => {
    vi.useFakeTimers();
    const calls = routeFetch({
      'POST /api/v1/auth/refresh': () =>
        json(200, { token: 'jwt-2', token_expires_at: Date.now() + 15 * 60_000, method: 'refresh' }),
      'GET /api/v1/users/me': () => json(200, demoUser({ first_name: 'Renamed' })),
      'GET /api/v1/wallet/balances': () => json(200, demoBalances({ balance_total_gld: 1 })),
      'GET /api/v1/properties': () => json(200, { results: [] }),
    });
    completeLogin(loginResponse({ token_expires_at: Date.now() + 3 * 60_000 }));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(calls).not.toContain('POST /api/v1/auth/refresh');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toContain('POST /api/v1/auth/refresh');
    expect(store.session.token).toBe('jwt-2');
    expect(store.session.user?.first_name).toBe('Renamed');
    expect(store.balances.current?.balance_total_gld).toBe(1);
  });

  it('logout posts, clears exactly the listed storage, the mirror and the session, and goes to login', async () => {
    const calls = routeFetch({ 'POST /api/v1/auth/logout': () => json(200, { ok: true }) });
    completeLogin(loginResponse());
    await writeMirror({ user: demoUser(), balances: demoBalances(), activeCurrency: 'gold' });
    for (const k of [STORAGE_KEYS.promoCode, STORAGE_KEYS.utm, STORAGE_KEYS.gclid, STORAGE_KEYS.loginDialog])
      localStorage.setItem(k, 'x');
    sessionStorage.setItem(STORAGE_KEYS.returnTo, '/my-account');
    localStorage.setItem(STORAGE_KEYS.lastCurrency, 'sweeps');
    (globalThis as { dataLayer?: unknown[] }).dataLayer = [{ event: 'pageview' }];
    const cleanup = vi.fn();
    const unregister = registerLogoutCleanup(cleanup);
    openDialog('server-busy');

    await logout();
    unregister();

    expect(calls).toContain('POST /api/v1/auth/logout');
    expect(store.session.status).toBe('signed-out');
    expect(store.session.token).toBeNull();
    expect(store.session.user).toBeNull();
    expect(store.balances.current).toBeNull();
    expect(store.dialogs.stack).toHaveLength(0);
    for (const k of [STORAGE_KEYS.promoCode, STORAGE_KEYS.utm, STORAGE_KEYS.gclid, STORAGE_KEYS.loginDialog])
      expect(localStorage.getItem(k)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBeNull();
    // Kept on purpose: restored at the next sign-in.
    expect(localStorage.getItem(STORAGE_KEYS.lastCurrency)).toBe('sweeps');
    expect(localStorage.getItem(STORAGE_KEYS.previousEmail)).toBe('demo@luckycrown.example');
    expect((globalThis as { dataLayer?: unknown[] }).dataLayer).toEqual([]);
    expect(cleanup).toHaveBeenCalledOnce();
    expect(await readMirror()).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    completeLogin(loginResponse());
    await logout();
    expect(store.session.status).toBe('signed-out');
    expect(navigations).toEqual(['/login']);
  });

  it('a sign-out whose answer was lost is sent again, and nothing is left pending', async () => {
    let logouts = 0;
    const calls = routeFetch({
      'POST /api/v1/auth/logout': () => {
        logouts += 1;
        if (logouts === 1) throw new TypeError('Failed to fetch');
        return new Response(null, { status: 204 });
      },
      'GET /api/v1/health': () => json(200, { status: 'ok' }),
    });
    completeLogin(loginResponse());
    await logout();
    expect(calls.filter((c) => c === 'POST /api/v1/auth/logout')).toHaveLength(2);
    expect(localStorage.getItem(STORAGE_KEYS.pendingLogout)).toBeNull();
    expect(store.session.status).toBe('signed-out');
  });

  it('a sign-out the server never heard is finished at the next start, which does not resume the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    completeLogin(loginResponse());
    await logout();
    expect(store.session.status).toBe('signed-out');
    expect(localStorage.getItem(STORAGE_KEYS.pendingLogout)).toBe('1');
    // The next start: the mirror and the refresh cookie would resume the session.
    await writeMirror({ user: demoUser(), balances: null, activeCurrency: 'gold' });
    resetStore();
    const calls = routeFetch({
      'POST /api/v1/auth/logout': () => new Response(null, { status: 204 }),
      'POST /api/v1/auth/refresh': () =>
        json(200, { token: 'jwt-x', token_expires_at: Date.now() + 900_000, method: 'refresh' }),
    });
    await resumeSession();
    expect(calls).toContain('POST /api/v1/auth/logout');
    expect(calls).not.toContain('POST /api/v1/auth/refresh');
    expect(store.session.status).toBe('signed-out');
    expect(localStorage.getItem(STORAGE_KEYS.pendingLogout)).toBeNull();
    expect(await readMirror()).toBeNull();
    // The server answers again: the reachability probe the unanswered sign-out started stops here,
    // so it does not call into the next tests.
    reportApiReachable();
  });

  it('resumeSession for a first-time visitor (no mirror, no cookie, no previous email) is signed out without calling the server', async () => {
    document.cookie = 'lc_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const calls = routeFetch({});
    await resumeSession();
    expect(store.session.status).toBe('signed-out');
    expect(calls).toHaveLength(0);
  });

  describe('resumeSession with no mirror (lost, or never written) tries the refresh cookie once', () => {
    const refreshOk = () =>
      json(200, { token: 'jwt-c', token_expires_at: Date.now() + 900_000, method: 'refresh' });
    const signedInRoutes = {
      'POST /api/v1/auth/refresh': refreshOk,
      'GET /api/v1/users/me': () => json(200, demoUser({ first_name: 'Cookie' })),
      'GET /api/v1/wallet/balances': () => json(200, demoBalances({ balance_total_gld: 7 })),
      'GET /api/v1/properties': () => json(200, { results: [] }),
    };

    it('a valid cookie signs the player in with their profile and balances', async () => {
      const calls = routeFetch(signedInRoutes);
      await resumeSession();
      expect(store.session.status).toBe('signed-in');
      expect(store.session.token).toBe('jwt-c');
      expect(store.session.user?.first_name).toBe('Cookie');
      expect(store.balances.current?.balance_total_gld).toBe(7);
      expect(calls.filter((c) => c === 'POST /api/v1/auth/refresh')).toHaveLength(1);
    });

    it('the remembered email alone (cookies readable by scripts gone) is enough to try', async () => {
      document.cookie = 'lc_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      localStorage.setItem(STORAGE_KEYS.previousEmail, 'demo@luckycrown.example');
      const calls = routeFetch({
        ...signedInRoutes,
        'GET /api/v1/auth/csrf': () => {
          document.cookie = 'lc_csrf=c.w; path=/';
          return json(200, { csrf_token: 'c.w' });
        },
      });
      await resumeSession();
      expect(store.session.status).toBe('signed-in');
      expect(calls.filter((c) => c === 'POST /api/v1/auth/refresh')).toHaveLength(1);
    });

    it('stays unknown (never signed out, so no login page) while the refresh is in flight', async () => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      routeFetch(signedInRoutes);
      const routed = globalThis.fetch;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init: RequestInit = {}) => {
          if (String(url).endsWith('/auth/refresh')) await gate;
          return routed(url, init);
        }),
      );
      const resumed = resumeSession();
      await new Promise((r) => setTimeout(r, 20));
      expect(store.session.status).toBe('unknown');
      release();
      await resumed;
      expect(store.session.status).toBe('signed-in');
    });

    it('a refused cookie is signed out, and what this visit stored (promo code) stays', async () => {
      localStorage.setItem(STORAGE_KEYS.promoCode, 'WELCOME');
      const calls = routeFetch({
        'POST /api/v1/auth/refresh': () => json(401, { code: 'REFRESH_FAILED', message: 'no' }),
      });
      await resumeSession();
      expect(store.session.status).toBe('signed-out');
      expect(store.session.user).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.promoCode)).toBe('WELCOME');
      expect(calls).toEqual(['POST /api/v1/auth/refresh']);
      expect(navigations).toEqual([]);
    });

    it('a burst of resumes at once sends one refresh request', async () => {
      const calls = routeFetch(signedInRoutes);
      await Promise.all(Array.from({ length: 8 }, () => resumeSession()));
      expect(calls.filter((c) => c === 'POST /api/v1/auth/refresh')).toHaveLength(1);
      expect(store.session.status).toBe('signed-in');
    });

    it('resumes started one after another while the first is in flight send one refresh request', async () => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const calls = routeFetch(signedInRoutes);
      const routed = globalThis.fetch;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init: RequestInit = {}) => {
          if (String(url).endsWith('/auth/refresh')) await gate;
          return routed(url, init);
        }),
      );
      const first = resumeSession();
      await new Promise((r) => setTimeout(r, 10));
      const second = resumeSession();
      await new Promise((r) => setTimeout(r, 10));
      const third = resumeSession();
      release();
      await Promise.all([first, second, third]);
      expect(calls.filter((c) => c === 'POST /api/v1/auth/refresh')).toHaveLength(1);
      expect(store.session.status).toBe('signed-in');
    });
  });

  it('resumeSession with a mirror refreshes through the cookie and signs in', async () => {
    await writeMirror({
      user: demoUser(),
      balances: demoBalances({ balance_total_gld: 42 }),
      activeCurrency: 'gold',
    });
    routeFetch({
      'POST /api/v1/auth/refresh': () =>
        json(200, { token: 'jwt-r', token_expires_at: Date.now() + 900_000, method: 'refresh' }),
      'GET /api/v1/users/me': () => json(200, demoUser()),
      'GET /api/v1/wallet/balances': () => json(200, demoBalances({ balance_total_gld: 43 })),
      'GET /api/v1/properties': () => json(200, { results: [] }),
    });
    await resumeSession();
    expect(store.session.status).toBe('signed-in');
    expect(store.session.token).toBe('jwt-r');
    expect(store.balances.current?.balance_total_gld).toBe(43);
  });

  it('resumeSession from a country the block refuses signs out, forgets the mirror, then shows the country dialog', async () => {
    await writeMirror({ user: demoUser(), balances: demoBalances(), activeCurrency: 'gold' });
    const blocked = () =>
      json(403, { code: 'ACCESS_CURRENTLY_UNAVAILABLE', message: 'US only', field: null, extra: {} });
    routeFetch({ 'POST /api/v1/auth/refresh': blocked });
    await resumeSession();
    expect(store.session.status).toBe('signed-out');
    expect(store.session.user).toBeNull();
    expect(await readMirror()).toBeNull();
    // Opened after the sign-out (which clears the dialogs), so it is still there.
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['access-unavailable']);
  });

  it('resumeSession with no mirror from a blocked country stays signed out behind the country dialog', async () => {
    localStorage.setItem(STORAGE_KEYS.previousEmail, 'demo@example.com');
    routeFetch({
      'POST /api/v1/auth/refresh': () =>
        json(403, { code: 'ACCESS_CURRENTLY_UNAVAILABLE', message: 'US only', field: null, extra: {} }),
    });
    await resumeSession();
    expect(store.session.status).toBe('signed-out');
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['access-unavailable']);
  });

  it('resumeSession writes the reloaded player and balances together, once both have answered', async () => {
    await writeMirror({
      user: demoUser({ first_name: 'Mirrored' }),
      balances: demoBalances({ balance_total_gld: 42 }),
      activeCurrency: 'gold',
    });
    let answerMe: () => void = () => undefined;
    let balancesAnswered = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url).split('?')[0] ?? '';
        if (path === '/api/v1/auth/refresh')
          return json(200, { token: 'jwt-r', token_expires_at: Date.now() + 900_000, method: 'refresh' });
        if (path === '/api/v1/users/me')
          return new Promise<Response>((resolve) => {
            answerMe = () => resolve(json(200, demoUser({ first_name: 'Fresh' })));
          });
        if (path === '/api/v1/wallet/balances') {
          balancesAnswered = true;
          return json(200, demoBalances({ balance_total_gld: 43 }));
        }
        return json(200, { results: [] });
      }),
    );
    const resumed = resumeSession();
    await vi.waitFor(() => expect(balancesAnswered).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    // The balances' answer waits for the player's, so the page renders once for both.
    expect(store.balances.current?.balance_total_gld).toBe(42);
    answerMe();
    await resumed;
    expect(store.session.user?.first_name).toBe('Fresh');
    expect(store.balances.current?.balance_total_gld).toBe(43);
  });

  it('resumeSession: a refused refresh signs out and drops the mirror', async () => {
    await writeMirror({ user: demoUser(), balances: null, activeCurrency: 'gold' });
    routeFetch({ 'POST /api/v1/auth/refresh': () => json(401, { code: 'REFRESH_FAILED', message: 'no' }) });
    await resumeSession();
    expect(store.session.status).toBe('signed-out');
    expect(store.session.user).toBeNull();
    expect(await readMirror()).toBeNull();
  });

  it('resumeSession offline keeps the mirrored player and last balances, then resumes when the network returns', async () => {
    await writeMirror({
      user: demoUser(),
      balances: demoBalances({ balance_total_gld: 42 }),
      activeCurrency: 'gold',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await resumeSession();
    expect(store.session.status).toBe('signed-in');
    expect(store.session.token).toBeNull();
    expect(store.balances.current?.balance_total_gld).toBe(42);
    expect(await readMirror()).not.toBeNull();

    routeFetch({
      'POST /api/v1/auth/refresh': () =>
        json(200, { token: 'jwt-back', token_expires_at: Date.now() + 900_000, method: 'refresh' }),
      'GET /api/v1/users/me': () => json(200, demoUser()),
      'GET /api/v1/wallet/balances': () => json(200, demoBalances({ balance_total_gld: 50 })),
      'GET /api/v1/properties': () => json(200, { results: [] }),
    });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(store.session.token).toBe('jwt-back'));
    await vi.waitFor(() => expect(store.balances.current?.balance_total_gld).toBe(50));
  });

  it('resumeSession offline, then the server has ended the session: signed out at reconnect', async () => {
    await writeMirror({ user: demoUser(), balances: null, activeCurrency: 'gold' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await resumeSession();
    routeFetch({ 'POST /api/v1/auth/refresh': () => json(401, { code: 'REFRESH_FAILED', message: 'no' }) });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(store.session.status).toBe('signed-out'));
    expect(navigations).toEqual(['/login']);
  });

  it('login and logout change the slices in place, so whoever subscribed to them keeps hearing', () => {
    const slices = { session: store.session, balances: store.balances, currency: store.currency };
    completeLogin(loginResponse());
    clearLocalSession();
    completeLogin(loginResponse());
    expect(store.session).toBe(slices.session);
    expect(store.balances).toBe(slices.balances);
    expect(store.currency).toBe(slices.currency);
  });

  it('an expired session remembers where the player was and goes to login', () => {
    completeLogin(loginResponse());
    window.history.pushState({}, '', '/gold-coins-history?page=2');
    handleSessionExpired();
    expect(store.session.status).toBe('signed-out');
    expect(store.session.signedOutReason).toBe('session-expired');
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBe('/gold-coins-history?page=2');
    expect(navigations).toEqual(['/login']);
  });
});
