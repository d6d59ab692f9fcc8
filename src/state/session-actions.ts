/**
 * Session actions: login completion, token refresh (120 s before expiry), resume on app start,
 * logout, and sign-out when the session expires.
 * Storage written here: localStorage STORAGE_KEYS.previousEmail (the last signed-in email, to
 * prefill sign-in); the IndexedDB mirror is cleared on logout. The access token stays in memory.
 */
import { mutate } from 'swr';
import { API_PATHS } from '../contract/api-paths.ts';
import { CSRF_COOKIE, STORAGE_KEYS, TIMINGS } from '../contract/constants.ts';
import { ROUTES } from '../contract/routes.ts';
import { UserSchema, type LoginResponse } from '../contract/schemas.ts';
import { api, ApiError, configureApiClient, readCookie, refreshAccessToken } from '../lib/api-client.ts';
import { clearReturnTo, rememberReturnTo } from '../lib/return-to.ts';
import { navigateTo } from '../lib/navigation.ts';
import {
  assignSlice,
  store,
  initialBalances,
  initialCurrency,
  initialGames,
  initialPromotions,
  initialSession,
  type SessionSlice,
} from './store.ts';
import { cancelSessionPropertiesLoad, scheduleSessionPropertiesLoad } from './properties-actions.ts';
import {
  applyDelayedBalances,
  cancelDelayedBalances,
  fetchBalances,
  setBalances,
  setBalancesAwaitingClaim,
} from './balances-actions.ts';
import { cancelCurrencySwitchTimer, restoreLastCurrency } from './currency-actions.ts';
import { closeAllDialogs, openDialogOnce } from './dialog-actions.ts';
import { clearMirror, readMirror } from './idb-mirror.ts';
import { restoreRecentlyPlayed } from './recently-played.ts';
import { clearAnalytics } from '../lib/analytics.ts';

// ---------------------------------------------------------------- refresh scheduling
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/** Schedules the token refresh 120 s before the access token expires. */
export function scheduleTokenRefresh(): void {
  cancelTokenRefresh();
  const expiresAt = store.session.tokenExpiresAt;
  if (!expiresAt) return;
  const at = expiresAt - TIMINGS.tokenRefreshBeforeExpiryMs;
  store.session.refreshTimeEpoch = at;
  store.session.jwtRefreshCancelled = false;
  refreshTimer = setTimeout(
    () => {
      refreshTimer = null;
      void refreshSession();
    },
    Math.max(0, at - Date.now()),
  );
}

export function cancelTokenRefresh(): void {
  if (refreshTimer) {
    clearTimeout(refreshTimer);
    store.session.jwtRefreshCancelled = true;
  }
  refreshTimer = null;
}

/**
 * Gives the API client what it needs from the session: the access token, whether someone is
 * signed in, where a refreshed token goes, what an ended session does and how catalogue errors
 * are shown. Called once by the app at start (and by tests), so the client imports no state.
 */
export function connectApiClientToSession(): void {
  configureApiClient({
    accessToken: () => store.session.token,
    isSignedIn: () => store.session.status === 'signed-in',
    onTokenRefreshed: (answer) => {
      store.session.token = answer.token;
      store.session.tokenExpiresAt = answer.token_expires_at;
      store.session.jwtRefreshFailed = false;
      scheduleTokenRefresh();
    },
    onTokenRefreshFailed: () => {
      store.session.jwtRefreshFailed = true;
    },
    onSessionExpired: () => handleSessionExpired(),
    showErrorDialog: (dialog) => openDialogOnce(dialog.kind, dialog.props),
  });
}

// ---------------------------------------------------------------- login
export function readPreviousEmail(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.previousEmail);
  } catch {
    return null;
  }
}

/**
 * Login success (sign-in, sign-up, sign-in link): stores the session, user, balances (the login
 * bonus animates in), promotions; schedules the refresh; restores the last currency; remembers
 * the email; loads the session properties. The caller then navigates to consumeReturnTo().
 */
export function completeLogin(resp: LoginResponse): void {
  assignSlice('session', {
    ...initialSession(),
    user: resp.user,
    token: resp.token,
    tokenExpiresAt: resp.token_expires_at,
    accountClosed: resp.user.account_state === 'closed',
    status: 'signed-in',
  });
  assignSlice('promotions', {
    ...initialPromotions(),
    promopopups: resp.promopopups.map((p) => ({ ...p })),
    promocarousels: [...resp.promocarousels],
    loginBonusCoins:
      resp.quantity_ghc || resp.quantity_gld ? { ghc: resp.quantity_ghc, gld: resp.quantity_gld } : null,
    showLoginBonus: Boolean(resp.quantity_ghc || resp.quantity_gld),
  });
  if (resp.quantity_ghc || resp.quantity_gld) {
    const b = resp.balances;
    const before = {
      ...b,
      balance_total_gld: Math.max(0, b.balance_total_gld - resp.quantity_gld),
      balance_total_ghc: Math.max(0, Math.round((b.balance_total_ghc - resp.quantity_ghc) * 100) / 100),
      balance_free_ghc: Math.max(0, Math.round((b.balance_free_ghc - resp.quantity_ghc) * 100) / 100),
    };
    // The bonus lands with the win animation when its dialog closes (login-promotions-actions.ts).
    setBalancesAwaitingClaim(before, b);
  } else {
    setBalances(resp.balances);
  }
  scheduleTokenRefresh();
  restoreLastCurrency();
  try {
    localStorage.setItem(STORAGE_KEYS.previousEmail, resp.user.email);
  } catch {
    // ignore: prefill is a convenience
  }
  // A new sign-in ends the session a pending sign-out was about (the server ends the one the
  // browser's refresh cookie named).
  setPendingLogout(false);
  scheduleSessionPropertiesLoad();
  syncPlayerDataSoon();
  runLoginPromotions('login');
  // Without a login bonus the first promo pop-up opens once the landing page has settled.
  void import('./promo-popup-actions.ts').then(
    (m) => m.openFirstPromoPopupAfterSignIn(),
    () => undefined,
  );
}

/**
 * Favourites and game settings changed on this device and not yet sent go over the server's user
 * and are sent (loaded beside the page: most pages never need that module at first load).
 */
function syncPlayerDataSoon(): void {
  void import('./player-data-actions.ts').then(
    (m) => m.syncPlayerData(),
    () => undefined, // offline and not cached: the next sign-in, resume or change sends them
  );
}

/**
 * The login promotions (login bonus dialog, featured package, promo pop-up) load after sign-in,
 * never with start-up. A resumed session asks whether a bonus is still waiting to be shown.
 */
function runLoginPromotions(start: 'login' | 'resume'): void {
  // Read now: the page the sign-in happened on, which the app is about to leave.
  const signedInOn = typeof window === 'undefined' ? null : window.location.pathname;
  void import('./login-promotions-actions.ts')
    .then((m) => (start === 'login' ? m.startLoginPromotions(signedInOn) : m.resumeLoginPromotions()))
    .catch(() => {
      // The chunk could not load (offline): the bonus is credited, so show it now rather than never.
      applyDelayedBalances();
    });
}

// ---------------------------------------------------------------- refresh
/**
 * Reloads the user and balances after a refresh; failures keep what the store has. Both answers
 * are written together once both have arrived, so the signed-in page re-renders once for them.
 */
async function reloadUserAndBalances(): Promise<void> {
  const [user, balances] = await Promise.allSettled([
    api.get(API_PATHS.me, UserSchema, { handleErrors: false }),
    fetchBalances(),
  ]);
  if (user.status === 'fulfilled') {
    store.session.user = user.value;
    store.session.accountClosed = user.value.account_state === 'closed';
    syncPlayerDataSoon();
  }
  // A delayed (animated) balance wins until it has been applied.
  if (balances.status === 'fulfilled' && !store.balances.delayed) setBalances(balances.value);
}

/**
 * Refreshes the access token (scheduled 120 s before expiry). On success reloads the user,
 * restores the last currency and loads the session properties. Refused: the session ended.
 */
export async function refreshSession(): Promise<boolean> {
  const outcome = await refreshAccessToken();
  if (outcome === 'refreshed') {
    store.session.status = 'signed-in';
    restoreLastCurrency();
    scheduleSessionPropertiesLoad();
    await reloadUserAndBalances();
    return true;
  }
  if (outcome === 'refused' && store.session.status === 'signed-in') handleSessionExpired();
  if (outcome === 'blocked') void signOutForCountryBlock();
  if (outcome === 'unreachable') {
    // Try again shortly rather than signing a player out over a network blip.
    refreshTimer = setTimeout(() => void refreshSession(), 30_000);
  }
  return false;
}

/**
 * Whether this browser may hold a refresh cookie although nothing is mirrored (the mirror was
 * lost, or never written). Every session start sets the CSRF cookie and remembers the email, so
 * a first-time visitor has neither and is known to be signed out without asking the server.
 */
function maySignInWithCookie(): boolean {
  const csrfCookie = readCookie(CSRF_COOKIE) ?? readCookie(`__Host-${CSRF_COOKIE}`);
  return csrfCookie !== null || readPreviousEmail() !== null;
}

/** The refresh cookie gave a new token: load the player and balances, then signed in. */
async function completeResume(): Promise<void> {
  restoreLastCurrency();
  scheduleSessionPropertiesLoad();
  await reloadUserAndBalances();
}

let resuming: Promise<void> | null = null;

/**
 * App start: when the IndexedDB mirror says someone was signed in, show them at once and resume
 * with the refresh cookie. With no mirror, the refresh cookie is still tried once (when this
 * browser may hold one), so a player whose mirror is gone is not signed out; the status stays
 * 'unknown' meanwhile (the guards show the loading overlay, never the login page). Calls while
 * one is running share it.
 */
export function resumeSession(): Promise<void> {
  resuming ??= resume().finally(() => {
    resuming = null;
  });
  return resuming;
}

async function resume(): Promise<void> {
  if (hasPendingLogout()) {
    // The player signed out while the server could not hear it: finish that first.
    if (await tellServerLogout()) setPendingLogout(false);
    await clearMirror();
    store.session.status = 'signed-out';
    return;
  }
  const mirror = await readMirror();
  if (!mirror) {
    if (!maySignInWithCookie()) {
      store.session.status = 'signed-out';
      return;
    }
    const refreshed = await refreshAccessToken();
    if (refreshed === 'refreshed') {
      await completeResume();
      if (store.session.user) {
        store.session.status = 'signed-in';
        runLoginPromotions('resume');
        return;
      }
      // Without the player's profile nothing can be shown as signed in; the cookie is still
      // valid, so the next start tries again.
      cancelTokenRefresh();
      cancelSessionPropertiesLoad();
      assignSlice('session', initialSession());
    }
    // Nothing local to clear: attribution stored from this visit's address must stay.
    store.session.status = 'signed-out';
    if (refreshed === 'blocked') openDialogOnce('access-unavailable');
    return;
  }
  store.session.user = mirror.user;
  if (mirror.balances) store.balances.current = { ...mirror.balances };
  store.currency.activeCurrency = mirror.activeCurrency;
  restoreRecentlyPlayed(mirror.recentlyPlayed ?? []);
  const outcome = await refreshAccessToken();
  if (outcome === 'refreshed') {
    store.session.status = 'signed-in';
    await completeResume();
    runLoginPromotions('resume');
    return;
  }
  if (outcome === 'unreachable') {
    // Offline is a state, not a sign-out: keep showing the mirrored profile and last balances
    // (no token yet; pages that need the server say so) and resume when the network returns.
    store.session.status = 'signed-in';
    window.addEventListener('online', () => void resumeWhenOnline(), { once: true });
    return;
  }
  if (outcome === 'blocked') return signOutForCountryBlock();
  // Refused: the session is over, forget the mirror.
  await clearMirror();
  clearLocalSession({ status: 'signed-out' });
}

/**
 * The country block answered the session's refresh: the player is somewhere play is not offered.
 * The app signs out here and then shows the spec's country dialog (after, because signing out
 * clears the dialogs); its Exit signs out on the server too (docs/api.md, "Country block").
 */
async function signOutForCountryBlock(): Promise<void> {
  await clearMirror();
  clearLocalSession({ status: 'signed-out' });
  openDialogOnce('access-unavailable');
}

/** Back online after an offline start: get a token, or sign out if the server ended the session. */
async function resumeWhenOnline(): Promise<void> {
  if (store.session.status !== 'signed-in' || store.session.token) return;
  const outcome = await refreshAccessToken();
  if (outcome === 'refreshed') {
    scheduleSessionPropertiesLoad();
    await reloadUserAndBalances();
  } else if (outcome === 'refused') {
    handleSessionExpired();
  } else if (outcome === 'blocked') {
    void signOutForCountryBlock();
  } else {
    window.addEventListener('online', () => void resumeWhenOnline(), { once: true });
  }
}

// ---------------------------------------------------------------- logout
type Cleanup = () => void;
const logoutCleanups = new Set<Cleanup>();

/**
 * Features register what they keep (promo code state, social info, banking data) so one
 * logout clears it. Returns an unregister function.
 */
export function registerLogoutCleanup(fn: Cleanup): () => void {
  logoutCleanups.add(fn);
  return () => logoutCleanups.delete(fn);
}

/** Browser-storage keys logout removes (spec section 4). Last currency and previous email stay. */
export const LOGOUT_STORAGE_KEYS = [
  STORAGE_KEYS.promoCode,
  STORAGE_KEYS.utm,
  STORAGE_KEYS.gclid,
  STORAGE_KEYS.loginDialog,
  STORAGE_KEYS.returnTo,
] as const;

/** Clears everything the session holds in memory and storage (no server call, no navigation). */
const isPropertiesKey = (key: unknown): boolean => Array.isArray(key) && key[0] === API_PATHS.properties;

export function clearLocalSession(
  opts: { status?: SessionSlice['status']; reason?: SessionSlice['signedOutReason'] } = {},
): void {
  cancelTokenRefresh();
  cancelSessionPropertiesLoad();
  cancelDelayedBalances();
  cancelCurrencySwitchTimer();
  for (const key of LOGOUT_STORAGE_KEYS) {
    try {
      localStorage.removeItem(key);
      sessionStorage.removeItem(key);
    } catch {
      // ignore: storage unavailable means nothing was stored
    }
  }
  // The tracking data layer starts empty for the next visitor on this device.
  clearAnalytics();
  for (const fn of logoutCleanups) {
    try {
      fn();
    } catch {
      // one feature's cleanup must not stop the others
    }
  }
  // Every cached server answer (banking packages included) is re-fetched by the next session,
  // except the named properties: operator settings, the same for every player, which the route
  // guards wait for. Cleared while their request is in flight (a sign-out during start-up, as the
  // country block's), SWR drops the late answer and a guard mounted meanwhile would wait forever.
  void mutate((key) => !isPropertiesKey(key), undefined, { revalidate: false });
  assignSlice('session', {
    ...initialSession(),
    status: opts.status ?? 'signed-out',
    signedOutReason: opts.reason ?? null,
  });
  assignSlice('balances', initialBalances());
  assignSlice('promotions', initialPromotions());
  assignSlice('currency', initialCurrency());
  // The next player on this device starts with their own recently played games.
  assignSlice('games', initialGames());
  store.ui.menuOpen = false;
  closeAllDialogs();
  store.dialogs.results = {};
}

let loggingOut: Promise<void> | null = null;

/** Waits before each retry of a sign-out whose answer did not arrive (the browser online). */
export const LOGOUT_RETRY_DELAYS_MS = [300, 1_000] as const;

const setPendingLogout = (pending: boolean): void => {
  try {
    if (pending) localStorage.setItem(STORAGE_KEYS.pendingLogout, '1');
    else localStorage.removeItem(STORAGE_KEYS.pendingLogout);
  } catch {
    // Storage unavailable: nothing to remember with.
  }
};

const hasPendingLogout = (): boolean => {
  try {
    return localStorage.getItem(STORAGE_KEYS.pendingLogout) === '1';
  } catch {
    return false;
  }
};

/**
 * Tells the server to end the session. A sign-out is idempotent on the server, so an answer that
 * did not arrive is asked again (LOGOUT_RETRY_DELAYS_MS); answers whether the server heard it.
 */
async function tellServerLogout(): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await api.post(API_PATHS.logout, {}, undefined, { handleErrors: false });
      return true;
    } catch (e) {
      // Any answer (even a refusal) means the server was reached; only silence is retried.
      if (!(e instanceof ApiError) || e.status !== 0) return true;
      const delay = LOGOUT_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || navigator.onLine === false) return false;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Signs out: tells the server (best effort), clears the session everywhere, goes to login. */
export function logout(
  opts: { reason?: SessionSlice['signedOutReason']; navigate?: boolean } = {},
): Promise<void> {
  loggingOut ??= (async () => {
    // Always ask the server: it revokes the refresh token and clears the httpOnly cookie, which
    // scripts cannot do, even when this page never got an access token (e.g. a failed resume).
    // Not heard (no network): remembered, and sent again before the next start resumes anything,
    // so the refresh cookie left in the browser never signs the player back in.
    const heard = await tellServerLogout();
    clearLocalSession({ reason: opts.reason ?? null });
    setPendingLogout(!heard);
    clearReturnTo();
    await clearMirror();
    if (opts.navigate !== false) navigateTo(ROUTES.login, { replace: true });
  })().finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

/** The server no longer accepts the session: sign out here, keep where the player was. */
export function handleSessionExpired(): void {
  const here =
    typeof window === 'undefined'
      ? null
      : `${window.location.pathname}${window.location.search}${window.location.hash}`;
  clearLocalSession({ reason: 'session-expired' });
  void clearMirror();
  if (here) rememberReturnTo(here);
  navigateTo(ROUTES.login, { replace: true });
}

/** Clears the "why you were signed out" notice (shown once on the login page). */
export function clearSignedOutReason(): void {
  store.session.signedOutReason = null;
}
