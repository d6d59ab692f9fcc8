/** Balance actions: the header balance, delayed (animated) balances and reloading from the API. */
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

/** Reloads the balances from the API into the store. */
export async function loadBalances(): Promise<Balances> {
  store.balances.updateInProgress = true;
  try {
    const b = await api.get(API_PATHS.balances, BalancesSchema);
    if (!store.balances.delayed) setBalances(b);
    return b;
  } finally {
    store.balances.updateInProgress = false;
  }
}
