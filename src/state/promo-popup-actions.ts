/**
 * The promo pop-up after a sign-in without a login bonus (docs/promotions.md): once the page the
 * player lands on has settled, the first live pop-up of the login answer opens (dialog kind
 * 'promo-popup', props { popup }). With a login bonus the bonus sequence
 * (login-promotions-actions.ts) opens it instead, 2000 ms after the bonus dialog closes.
 * Loaded by session-actions.ts after a sign-in, never with start-up.
 */
import { openDialog } from './dialog-actions.ts';
import { store } from './store.ts';

/** How often, and how long at most, the page after sign-in is waited for. */
const SETTLE_POLL_MS = 100;
const SETTLE_MAX_MS = 5_000;

/** Each sign-in starts a new wait; an older one stops. */
let latestWait = 0;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Dialogs a pop-up must not cover (or be covered by) when it would open. */
const LOGIN_DIALOGS = new Set(['promo-popup', 'login-bonus', 'featured-package']);

/**
 * Waits until the sign-in page has been left and no route is loading, seen on two polls in a
 * row: the navigation after sign-in closes the dialogs of CLOSE_ON_NAVIGATION, so the pop-up opens
 * only once that navigation is over. Answers false when a newer sign-in or a sign-out came first.
 */
async function landed(wait: number, leaving: string): Promise<boolean> {
  const started = Date.now();
  let settledOnce = false;
  for (;;) {
    await sleep(SETTLE_POLL_MS);
    if (wait !== latestWait || store.session.status !== 'signed-in') return false;
    const settled = window.location.pathname !== leaving && !store.ui.navigating;
    if ((settled && settledOnce) || Date.now() - started > SETTLE_MAX_MS) return true;
    settledOnce = settled;
  }
}

/** After completeLogin: the first live promo pop-up, unless a login bonus will lead to it. */
export async function openFirstPromoPopupAfterSignIn(): Promise<void> {
  const wait = ++latestWait;
  if (store.promotions.showLoginBonus || store.promotions.promopopups.length === 0) return;
  if (!(await landed(wait, window.location.pathname))) return;
  // A player who must verify their mobile number first (or whose account closed) sees none.
  if (store.session.user?.account_state !== 'active' || store.promotions.showLoginBonus) return;
  const popup = store.promotions.promopopups[0];
  if (!popup || store.dialogs.stack.some((d) => LOGIN_DIALOGS.has(d.kind))) return;
  openDialog('promo-popup', { popup: { ...popup } });
}
