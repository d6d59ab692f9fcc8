import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoinPackage } from '../contract/payments.ts';
import { resetApiClientState } from '../lib/api-client.ts';
import { CLOSE_ON_NAVIGATION } from './dialog-kinds.ts';
import {
  closeDialog,
  closeDialogsOnNavigation,
  openDialog,
  resetLoginPromotionResults,
} from './dialog-actions.ts';
import {
  fetchPendingLoginBonus,
  loadLoginFeaturedPackage,
  openLoginBonusFollowUp,
  resumeLoginPromotions,
} from './login-promotions-actions.ts';
import { cancelTokenRefresh, completeLogin, connectApiClientToSession } from './session-actions.ts';
import { applySavedAddress } from './payment-actions.ts';
import { resetStore, store } from './store.ts';
import { demoBalances, loginResponse } from './test-fixtures.ts';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function routeFetch(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = String(url).split('?')[0] ?? '';
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push(key);
      const handler = routes[key];
      return handler ? handler() : json(404, { code: 'NOT_FOUND', message: path });
    }),
  );
  return calls;
}

const featuredPackage: CoinPackage = {
  id: 'featured-welcome',
  name: 'Welcome offer',
  featured: true,
  price_usd: 9.99,
  original_price_usd: 19.99,
  quantity_gld: 200_000,
  quantity_ghc: 10,
  sweeps_withheld: false,
  show_countdown: true,
  description: 'Welcome offer',
  end_time: null,
  cdn_image: null,
  cdn_image_width: null,
  cdn_image_height: null,
};
const packagesAnswer = (featured: boolean) =>
  json(200, {
    results: [{ ...featuredPackage, featured }],
    sweeps_eligible: true,
    sweeps_withheld_state: null,
  });

const popup = { name: 'Weekend', cdn_image: null, button_text: 'Play now', button_location: '/lobby' };

const kinds = () => store.dialogs.stack.map((d) => d.kind);

/** A sign-in whose answer carries 5,000 Gold and 1.00 Sweeps of login bonus; the app then leaves the login page. */
async function signInWithBonus(extra: Parameters<typeof loginResponse>[0] = {}) {
  completeLogin(
    loginResponse({
      quantity_gld: 5000,
      quantity_ghc: 1,
      balances: demoBalances({ balance_total_gld: 255000, balance_total_ghc: 26, balance_free_ghc: 6 }),
      ...extra,
    }),
  );
  window.history.pushState({}, '', '/lobby');
  // completeLogin loads the login promotions with import(): let it arrive.
  await vi.dynamicImportSettled();
}

describe('login promotions', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    connectApiClientToSession();
    window.history.pushState({}, '', '/login');
    vi.useFakeTimers();
  });
  afterEach(async () => {
    // A new (empty) store stops any sequence still waiting.
    resetStore();
    await vi.advanceTimersByTimeAsync(20_000);
    cancelTokenRefresh();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('login bonus dialog -> closed: balance animates in, bonus acknowledged -> 2000 ms -> featured package', async () => {
    const calls = routeFetch({
      'GET /api/v1/banking/packages': () => packagesAnswer(true),
      'POST /api/v1/login-bonus/acknowledge': () => json(200, { quantity_ghc: 0, quantity_gld: 0 }),
      'GET /api/v1/properties': () => json(200, { results: [] }),
    });
    await signInWithBonus({ promopopups: [popup] });
    await vi.advanceTimersByTimeAsync(300);
    expect(kinds()).toEqual(['login-bonus']);
    expect(store.dialogs.stack[0]?.props).toEqual({ numSweepsCoinsToOffer: 1, numGoldCoinsToOffer: 5000 });
    expect(store.promotions.loginFeaturedPackage?.id).toBe('featured-welcome');
    // The balance stays without the bonus while the dialog is open.
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.balances.current?.balance_total_gld).toBe(250000);

    closeDialog('login-bonus', { closed: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.dialogs.results['login-bonus']).toEqual({ closed: true });
    expect(store.balances.current?.balance_total_gld).toBe(255000);
    expect(store.balances.current?.balance_total_ghc).toBe(26);
    expect(store.balances.animateCoins).toBe(true);
    expect(store.promotions.showLoginBonus).toBe(false);
    expect(calls).toContain('POST /api/v1/login-bonus/acknowledge');

    await vi.advanceTimersByTimeAsync(1990);
    expect(kinds()).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(kinds()).toEqual(['featured-package']);
    expect(store.dialogs.stack[0]?.props).toEqual({ package: featuredPackage });
    // Once a session: the coin store does not offer it again.
    expect(store.payment.featuredShown).toBe(true);
  });

  it('without a featured package the follow-up is the first promo pop-up', async () => {
    routeFetch({
      'GET /api/v1/banking/packages': () => packagesAnswer(false),
      'POST /api/v1/login-bonus/acknowledge': () => json(200, { quantity_ghc: 0, quantity_gld: 0 }),
    });
    await signInWithBonus({ promopopups: [popup, { ...popup, name: 'Second' }] });
    await vi.advanceTimersByTimeAsync(300);
    closeDialog('login-bonus', { closed: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(kinds()).toEqual(['promo-popup']);
    expect(store.dialogs.stack[0]?.props).toEqual({ popup });
  });

  it('the coin store being off (or unreachable) means no featured package: the promo pop-up follows', async () => {
    routeFetch({
      'GET /api/v1/banking/packages': () => json(403, { code: 'COIN_STORE_DISABLED', message: 'off' }),
    });
    await signInWithBonus({ promopopups: [popup] });
    await vi.advanceTimersByTimeAsync(300);
    expect(store.promotions.loginFeaturedPackage).toBeNull();
    expect(store.promotions.hasRetrievedPackages).toBe(true);
    closeDialog('login-bonus', { closed: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(kinds()).toEqual(['promo-popup']);
  });

  it('closed by a navigation (a redirect, the back button), the unclaimed bonus opens again once the page settles', async () => {
    const calls = routeFetch({ 'GET /api/v1/banking/packages': () => packagesAnswer(true) });
    await signInWithBonus({ promopopups: [popup] });
    await vi.advanceTimersByTimeAsync(300);
    expect(kinds()).toEqual(['login-bonus']);
    closeDialogsOnNavigation();
    await vi.advanceTimersByTimeAsync(0);
    expect(kinds()).toEqual([]);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    await vi.advanceTimersByTimeAsync(300);
    expect(kinds()).toEqual(['login-bonus']);
    closeDialog('login-bonus', { closed: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.balances.current?.balance_total_gld).toBe(255000);
    expect(calls).toContain('POST /api/v1/login-bonus/acknowledge');
  });

  it('closed by navigation three times: the coins land, unacknowledged and without a follow-up', async () => {
    const calls = routeFetch({ 'GET /api/v1/banking/packages': () => packagesAnswer(true) });
    await signInWithBonus({ promopopups: [popup] });
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(300);
      expect(kinds()).toEqual(['login-bonus']);
      closeDialogsOnNavigation();
    }
    await vi.advanceTimersByTimeAsync(5000);
    expect(kinds()).toEqual([]);
    expect(store.balances.current?.balance_total_gld).toBe(255000);
    expect(calls).not.toContain('POST /api/v1/login-bonus/acknowledge');
  });

  it('a sign-out while the 2000 ms run stops the follow-up', async () => {
    routeFetch({ 'GET /api/v1/banking/packages': () => packagesAnswer(true) });
    await signInWithBonus();
    await vi.advanceTimersByTimeAsync(300);
    closeDialog('login-bonus', { closed: true });
    await vi.advanceTimersByTimeAsync(1000);
    store.session.status = 'signed-out';
    await vi.advanceTimersByTimeAsync(2000);
    expect(kinds()).toEqual([]);
  });

  it('no login bonus: nothing opens at sign-in, the featured package is still chosen', async () => {
    routeFetch({ 'GET /api/v1/banking/packages': () => packagesAnswer(true) });
    completeLogin(loginResponse({ promopopups: [popup] }));
    window.history.pushState({}, '', '/lobby');
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(kinds()).toEqual([]);
    expect(store.promotions.loginFeaturedPackage?.id).toBe('featured-welcome');
    expect(store.payment.featuredShown).toBe(false);
  });

  it('a player who must verify their mobile number first gets no dialog; the balance is shown whole', async () => {
    routeFetch({ 'GET /api/v1/banking/packages': () => packagesAnswer(true) });
    await signInWithBonus({
      user: { ...loginResponse().user, account_state: 'pending_mobile_verification' },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(kinds()).toEqual([]);
    expect(store.balances.current?.balance_total_gld).toBe(255000);
  });

  it('the follow-up does not open a second promo pop-up over one already open', () => {
    store.promotions.promopopups = [popup];
    openDialog('promo-popup', { popup });
    expect(openLoginBonusFollowUp()).toBeNull();
    expect(kinds()).toEqual(['promo-popup']);
  });

  it('the reset action clears the promo pop-up, login bonus and featured package results together, and only them', () => {
    store.dialogs.results['promo-popup'] = { closed: true };
    store.dialogs.results['login-bonus'] = { closed: true };
    store.dialogs.results['featured-package'] = { closed: true };
    store.dialogs.results['amoe'] = { credited: true };
    resetLoginPromotionResults();
    expect(store.dialogs.results).toEqual({ amoe: { credited: true } });
  });

  it('a sign-in runs the reset action', async () => {
    routeFetch({ 'GET /api/v1/banking/packages': () => packagesAnswer(false) });
    store.dialogs.results['promo-popup'] = { closed: true };
    store.dialogs.results['featured-package'] = { closed: true };
    completeLogin(loginResponse());
    await vi.dynamicImportSettled();
    expect(store.dialogs.results['promo-popup']).toBeUndefined();
    expect(store.dialogs.results['featured-package']).toBeUndefined();
  });

  it('the login bonus, promo pop-up and featured package dialogs close on navigation', () => {
    for (const kind of ['login-bonus', 'promo-popup', 'featured-package'] as const)
      expect(CLOSE_ON_NAVIGATION).toContain(kind);
  });
});

describe('resumed session: the "user login bonus coins" call', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    connectApiClientToSession();
    vi.useFakeTimers();
    store.session.status = 'signed-in';
    store.session.token = 'jwt-1';
    store.session.user = loginResponse().user;
    store.balances.current = demoBalances({
      balance_total_gld: 255000,
      balance_total_ghc: 26,
      balance_free_ghc: 6,
    });
  });
  afterEach(async () => {
    resetStore();
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a bonus still pending shows its dialog again, the balance first without it', async () => {
    routeFetch({
      'GET /api/v1/login-bonus': () => json(200, { quantity_ghc: 1, quantity_gld: 5000 }),
      'GET /api/v1/banking/packages': () => packagesAnswer(false),
    });
    void resumeLoginPromotions();
    await vi.advanceTimersByTimeAsync(300);
    expect(kinds()).toEqual(['login-bonus']);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    expect(store.balances.current?.balance_total_ghc).toBe(25);
    closeDialog('login-bonus', { closed: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.balances.current?.balance_total_gld).toBe(255000);
  });

  it('nothing pending (seen already today): no dialog, balance untouched', async () => {
    routeFetch({ 'GET /api/v1/login-bonus': () => json(200, { quantity_ghc: 0, quantity_gld: 0 }) });
    void resumeLoginPromotions();
    await vi.advanceTimersByTimeAsync(1000);
    expect(kinds()).toEqual([]);
    expect(store.balances.current?.balance_total_gld).toBe(255000);
  });

  it('the failure action: retried quietly after 2 s and 10 s, then recorded; no dialog, no error shown', async () => {
    const calls = routeFetch({
      'GET /api/v1/login-bonus': () => json(503, { code: 'UNAVAILABLE', message: 'down' }),
    });
    const result = fetchPendingLoginBonus();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(calls.filter((c) => c.endsWith('/login-bonus'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.filter((c) => c.endsWith('/login-bonus'))).toHaveLength(2);
    expect(store.promotions.loginBonusFetchFailed).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toBeNull();
    expect(calls.filter((c) => c.endsWith('/login-bonus'))).toHaveLength(3);
    expect(store.promotions.loginBonusFetchFailed).toBe(true);
    expect(kinds()).toEqual([]);
  });

  it('a retry that succeeds clears the failure', async () => {
    let n = 0;
    routeFetch({
      'GET /api/v1/login-bonus': () =>
        ++n === 1
          ? json(503, { code: 'UNAVAILABLE', message: 'down' })
          : json(200, { quantity_ghc: 0, quantity_gld: 0 }),
    });
    store.promotions.loginBonusFetchFailed = true;
    const result = fetchPendingLoginBonus();
    await vi.advanceTimersByTimeAsync(2_100);
    expect(await result).toEqual({ quantity_ghc: 0, quantity_gld: 0 });
    expect(store.promotions.loginBonusFetchFailed).toBe(false);
  });
});

describe('doesNotNeedToRetrievePackages (promotions state)', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('an answer this session is kept: asking again sends no request until something changes the packages', async () => {
    const calls = routeFetch({ 'GET /api/v1/banking/packages': () => packagesAnswer(true) });
    await loadLoginFeaturedPackage();
    expect(store.promotions.loginFeaturedPackage?.id).toBe('featured-welcome');
    expect(store.promotions.doesNotNeedToRetrievePackages).toBe(true);
    await loadLoginFeaturedPackage();
    expect(calls.filter((c) => c.endsWith('/banking/packages'))).toHaveLength(1);
    // An address update changes which packages apply: the next ask goes to the server.
    applySavedAddress(loginResponse().user);
    expect(store.promotions.doesNotNeedToRetrievePackages).toBe(false);
    await loadLoginFeaturedPackage();
    expect(calls.filter((c) => c.endsWith('/banking/packages'))).toHaveLength(2);
    // A sign-out marks that packages must be fetched again.
    resetStore();
    expect(store.promotions.doesNotNeedToRetrievePackages).toBe(false);
  });

  it('the store switched off is an answer; a failure is not (asked again next time)', async () => {
    let answer = () => json(403, { code: 'COIN_STORE_DISABLED', message: 'off' });
    const calls = routeFetch({ 'GET /api/v1/banking/packages': () => answer() });
    await loadLoginFeaturedPackage();
    expect(store.promotions.doesNotNeedToRetrievePackages).toBe(true);
    store.promotions.doesNotNeedToRetrievePackages = false;
    answer = () => json(503, { code: 'UNAVAILABLE', message: 'down' });
    await loadLoginFeaturedPackage();
    expect(store.promotions.hasRetrievedPackages).toBe(true);
    expect(store.promotions.doesNotNeedToRetrievePackages).toBe(false);
    await loadLoginFeaturedPackage();
    expect(calls.filter((c) => c.endsWith('/banking/packages'))).toHaveLength(3);
  });

  it('a featured offer that has ended is asked for again', async () => {
    const calls = routeFetch({
      'GET /api/v1/banking/packages': () =>
        json(200, {
          results: [{ ...featuredPackage, end_time: new Date(Date.now() - 1000).toISOString() }],
          sweeps_eligible: true,
          sweeps_withheld_state: null,
        }),
    });
    await loadLoginFeaturedPackage();
    await loadLoginFeaturedPackage();
    expect(calls.filter((c) => c.endsWith('/banking/packages'))).toHaveLength(2);
  });
});
