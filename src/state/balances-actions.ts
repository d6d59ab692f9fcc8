/** Balance actions: the header balance, delayed (animated) balances and loading from the API. */
import { BalancesSchema, type Balances } from '../contract/schemas.ts';
import { API_PATHS } from '../contract/api-paths.ts';
import { TIMINGS } from '../contract/constants.ts';
import { api } from '../lib/api-client.ts';
import { store } from './store.ts';

let delayedTimer: ReturnType<typeof setTimeout> | null = null;
/** Ends the coin animation; one at a time so a second win restarts the full ~1.2 s. */
let animateTimer: ReturnType<typeof setTimeout> | null = null;

export function setBalances(b: Balances): void {
  store.balances.current = { ...b };
}

/**
 * Shows `shown` now and applies `final` after the win animation (spec section 4: login bonus,
 * daily bonus and purchases first show the balance without the prize, then animate to it).
 */
export function setBalancesWithDelay(
  shown: Balances,
  final: Balances,
  delayMs: number = TIMINGS.winAnimationMs,
): void {
  store.balances.current = { ...shown };
  store.balances.delayed = { ...final };
  if (delayedTimer) clearTimeout(delayedTimer);
  delayedTimer = setTimeout(applyDelayedBalances, delayMs);
}

/**
 * Shows `shown` now and keeps `final` as the delayed balance until applyDelayedBalances: the login
 * bonus lands with the win animation when its dialog closes, not on a timer.
 */
export function setBalancesAwaitingClaim(shown: Balances, final: Balances): void {
  if (delayedTimer) clearTimeout(delayedTimer);
  delayedTimer = null;
  store.balances.current = { ...shown };
  store.balances.delayed = { ...final };
}

export function applyDelayedBalances(): void {
  if (delayedTimer) clearTimeout(delayedTimer);
  delayedTimer = null;
  const next = store.balances.delayed;
  if (!next) return;
  store.balances.current = { ...next };
  store.balances.delayed = null;
  // The header plays the coin burst and counts up to the new amount while this is true.
  store.balances.animateCoins = true;
  if (animateTimer) clearTimeout(animateTimer);
  animateTimer = setTimeout(() => {
    animateTimer = null;
    store.balances.animateCoins = false;
  }, TIMINGS.winAnimationMs);
}

/** Drops a pending delayed balance and stops the animation (logout, session end). */
export function cancelDelayedBalances(): void {
  if (delayedTimer) clearTimeout(delayedTimer);
  delayedTimer = null;
  if (animateTimer) clearTimeout(animateTimer);
  animateTimer = null;
  store.balances.animateCoins = false;
}

/**
 * Leaving a game: a win still waiting for its animation lands now, without the animation (left
 * pending, its timer would later overwrite the fresher balance read here), then the balances are
 * read again, since the game may have moved them after its last message. Offline or signed out
 * meanwhile, the balances shown stay until the next load.
 */
export async function landPendingAndReloadBalances(): Promise<void> {
  applyDelayedBalances();
  cancelDelayedBalances();
  try {
    setBalances(await fetchBalances());
  } catch {
    // Kept as shown; SWR refreshes them on the next page.
  }
}

/**
 * How long a load from the API counts as fresh for a page that mounts meanwhile (SWR's own
 * deduping interval): the page shows the store's balances instead of asking a second time.
 */
export const RECENT_BALANCES_LOAD_MS = 2_000;

let lastLoad: { startedAt: number; settled: boolean } | null = null;

/** Whether a load is running or started less than RECENT_BALANCES_LOAD_MS ago. */
export function balancesLoadIsRecent(now: number = Date.now()): boolean {
  if (!lastLoad) return false;
  return !lastLoad.settled || now - lastLoad.startedAt < RECENT_BALANCES_LOAD_MS;
}

/**
 * Asks the API for the balances without writing them, so a caller that loads more than the
 * balances can write every answer in one go (one render). Marks the load for
 * balancesLoadIsRecent.
 */
export async function fetchBalances(): Promise<Balances> {
  const load = { startedAt: Date.now(), settled: false };
  lastLoad = load;
  try {
    return await api.get(API_PATHS.balances, BalancesSchema);
  } finally {
    load.settled = true;
  }
}
