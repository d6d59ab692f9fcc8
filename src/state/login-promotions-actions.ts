/**
 * The promotions of a sign-in (spec section 4, "Login success", "Login bonus", "Dialog results";
 * rules in docs/login-bonus.md). Loaded by session-actions.ts after a sign-in or a resumed
 * session, never with start-up.
 *
 *   sign-in  -> reset action (promo pop-up, login bonus, featured package results)
 *            -> the featured package chosen from the banking packages (loginFeaturedPackage)
 *            -> with a login bonus: the login bonus dialog; on {closed} the delayed balance lands
 *               with the win animation, the bonus is acknowledged, and 2000 ms later the
 *               follow-up: the featured package dialog, else the first promo pop-up.
 *   resume   -> the "user login bonus coins" call; a bonus still pending runs the same dialog.
 *
 * A later sign-in, or the sign-out, stops a sequence still waiting (its run number is stale, or
 * nobody is signed in any more).
 */
import { TIMINGS } from '../contract/constants.ts';
import {
  LOGIN_BONUS_API_PATHS,
  LOGIN_BONUS_DIALOG,
  LOGIN_BONUS_FETCH_RETRY_DELAYS_MS,
  LoginBonusCoinsSchema,
  type LoginBonusCoins,
} from '../contract/login-bonus.ts';
import {
  BankingPackagesResponseSchema,
  PAYMENT_ERROR_CODES,
  PAYMENTS_API_PATHS,
} from '../contract/payment-pages.ts';
import { api, isApiError } from '../lib/api-client.ts';
import { applyDelayedBalances, setBalancesAwaitingClaim } from './balances-actions.ts';
import { openDialog, openDialogForResult, resetLoginPromotionResults } from './dialog-actions.ts';
import { markFeaturedShown } from './payment-selection.ts';
import { store } from './store.ts';

/** Each sign-in or resume starts a new run; a run that is no longer the latest stops. */
let latestRun = 0;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isCurrent = (run: number) => run === latestRun && store.session.status === 'signed-in';

/** A player who must verify their mobile number first (or whose account closed) sees no promotions. */
const mayShowPromotions = () => store.session.user?.account_state === 'active';

/** How often, and how long at most, the sequence waits for the page after sign-in to settle. */
const SETTLE_POLL_MS = 100;
const SETTLE_MAX_MS = 5_000;

/**
 * Waits until the navigation that follows a sign-in has finished (the sign-in page is left and no
 * route is loading), so that navigation does not close the dialogs about to open.
 */
async function pageSettled(run: number, leaving: string | null): Promise<boolean> {
  const started = Date.now();
  // Seen settled on two polls in a row: a route that loads lazily starts navigating a moment later.
  let settledOnce = false;
  for (;;) {
    await sleep(SETTLE_POLL_MS);
    if (!isCurrent(run)) return false;
    const settled = (leaving === null || window.location.pathname !== leaving) && !store.ui.navigating;
    if ((settled && settledOnce) || Date.now() - started > SETTLE_MAX_MS) return true;
    settledOnce = settled;
  }
}

/** The featured package known this session is still on offer (no end_time, or one still ahead). */
function featuredStillOffered(now: number): boolean {
  const end = store.promotions.loginFeaturedPackage?.end_time;
  return !end || Date.parse(end) > now;
}

/**
 * Login success: the featured package is set from the banking packages (none when the store is off
 * or unreachable). Not asked again while doesNotNeedToRetrievePackages holds (an answer this
 * session that nothing has changed since) and its featured offer has not ended.
 */
export async function loadLoginFeaturedPackage(run: number = latestRun): Promise<void> {
  if (store.promotions.doesNotNeedToRetrievePackages && featuredStillOffered(Date.now())) return;
  let answered = true;
  try {
    const answer = await api.get(PAYMENTS_API_PATHS.bankingPackages, BankingPackagesResponseSchema, {
      handleErrors: false,
    });
    if (run !== latestRun) return;
    const featured = answer.results.find((p) => p.featured);
    store.promotions.loginFeaturedPackage = featured ? { ...featured } : null;
  } catch (error) {
    if (run !== latestRun) return;
    store.promotions.loginFeaturedPackage = null;
    // The store switched off is an answer; a network failure or a server error is asked again.
    answered = isApiError(error) && error.code === PAYMENT_ERROR_CODES.COIN_STORE_DISABLED;
  }
  store.promotions.hasRetrievedPackages = true;
  store.promotions.doesNotNeedToRetrievePackages = answered;
}

/**
 * The follow-up of a claimed login bonus: the featured package dialog when a featured package
 * exists (once a session), else the first promo pop-up. Answers the dialog it opened.
 */
export function openLoginBonusFollowUp(): 'featured-package' | 'promo-popup' | null {
  const featured = store.promotions.loginFeaturedPackage;
  if (featured && !store.payment.featuredShown) {
    markFeaturedShown();
    openDialog('featured-package', { package: { ...featured } });
    return 'featured-package';
  }
  const popup = store.promotions.promopopups[0];
  if (popup && !store.dialogs.stack.some((d) => d.kind === 'promo-popup')) {
    openDialog('promo-popup', { popup: { ...popup } });
    return 'promo-popup';
  }
  return null;
}

/** The player saw the bonus: the server stops answering it as pending (best effort: worst case it shows again). */
function acknowledgeLoginBonus(): void {
  void api
    .post(LOGIN_BONUS_API_PATHS.acknowledge, {}, undefined, { handleErrors: false })
    .catch(() => undefined);
}

/** The login bonus was shown and dismissed. */
function dismissLoginBonus(): void {
  store.promotions.showLoginBonus = false;
}

/**
 * How many times the login bonus dialog opens before a sign-in gives up announcing the bonus. The
 * dialog is modal, so what closes it without the player is nearly always the app's own navigation
 * (a redirect after sign-in) or the browser's back button: the bonus is still unclaimed, so it
 * opens again once the page has settled.
 */
const LOGIN_BONUS_OPENINGS = 3;

/**
 * The login bonus dialog until the player closes it ({closed}), then 2000 ms, then the follow-up.
 * Closed each time by navigation instead, the coins still land in the end, without the follow-up
 * and without acknowledging (the next start announces the bonus again).
 */
async function runLoginBonusDialog(run: number, coins: { ghc: number; gld: number }): Promise<void> {
  for (let opening = 1; ; opening++) {
    const result = await openDialogForResult(LOGIN_BONUS_DIALOG, {
      numSweepsCoinsToOffer: coins.ghc,
      numGoldCoinsToOffer: coins.gld,
    });
    if (run !== latestRun) return;
    if (result?.closed === true) break;
    if (opening >= LOGIN_BONUS_OPENINGS || !(await pageSettled(run, null))) {
      applyDelayedBalances();
      return;
    }
  }
  applyDelayedBalances();
  dismissLoginBonus();
  acknowledgeLoginBonus();
  await sleep(TIMINGS.loginBonusClaimedDelayMs);
  if (!isCurrent(run)) return;
  openLoginBonusFollowUp();
}

/**
 * After completeLogin: the reset action, the featured package, then the login bonus sequence.
 * `signedInOn` is the page the sign-in happened on (the app navigates away from it next).
 */
export async function startLoginPromotions(signedInOn: string | null): Promise<void> {
  const run = ++latestRun;
  resetLoginPromotionResults();
  const coins = store.promotions.loginBonusCoins;
  const bonus = store.promotions.showLoginBonus && coins !== null;
  // Asked at once, while the page after sign-in loads, so the follow-up has it when it fires.
  const featured = loadLoginFeaturedPackage(run);
  if (!bonus) return;
  if (!(await pageSettled(run, signedInOn))) return;
  await featured;
  if (!isCurrent(run)) return;
  if (!mayShowPromotions()) {
    applyDelayedBalances();
    return;
  }
  await runLoginBonusDialog(run, coins);
}

/**
 * The failure action of the "user login bonus coins" call: after its quiet retries it is
 * recorded, and nothing is shown. The bonus is not lost: the server credited it at sign-in (it is
 * in the balance and the coin histories) and keeps it pending, so the next start shows it.
 */
export function loginBonusFetchFailed(): void {
  store.promotions.loginBonusFetchFailed = true;
}

/** The "user login bonus coins" call, retried quietly; null when it still fails (the failure action ran). */
export async function fetchPendingLoginBonus(run: number = latestRun): Promise<LoginBonusCoins | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const coins = await api.get(LOGIN_BONUS_API_PATHS.pending, LoginBonusCoinsSchema, {
        handleErrors: false,
      });
      store.promotions.loginBonusFetchFailed = false;
      return coins;
    } catch {
      const wait = LOGIN_BONUS_FETCH_RETRY_DELAYS_MS[attempt];
      if (wait === undefined) {
        if (run === latestRun) loginBonusFetchFailed();
        return null;
      }
      await sleep(wait);
      if (!isCurrent(run)) return null;
    }
  }
}

/**
 * A resumed session (app start with the refresh cookie): a bonus granted today that the player
 * has not seen yet (they reloaded before closing its dialog) is shown again, the balance first
 * without it, as at sign-in.
 */
export async function resumeLoginPromotions(): Promise<void> {
  const run = ++latestRun;
  if (!mayShowPromotions()) return;
  const pending = await fetchPendingLoginBonus(run);
  if (!pending || !isCurrent(run) || (!pending.quantity_ghc && !pending.quantity_gld)) return;
  const coins = { ghc: pending.quantity_ghc, gld: pending.quantity_gld };
  store.promotions.loginBonusCoins = coins;
  store.promotions.showLoginBonus = true;
  const now = store.balances.delayed ?? store.balances.current;
  if (now) {
    const round = (n: number) => Math.max(0, Math.round(n * 100) / 100);
    setBalancesAwaitingClaim(
      {
        ...now,
        balance_total_gld: Math.max(0, now.balance_total_gld - coins.gld),
        balance_total_ghc: round(now.balance_total_ghc - coins.ghc),
        balance_free_ghc: round(now.balance_free_ghc - coins.ghc),
      },
      now,
    );
  }
  if (!(await pageSettled(run, null))) return;
  await loadLoginFeaturedPackage(run);
  if (!isCurrent(run)) return;
  await runLoginBonusDialog(run, coins);
}
