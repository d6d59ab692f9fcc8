/**
 * Game actions: the "Recently played" list of quick-play game ids (newest first, mirrored to
 * IndexedDB with the balances) and the vendor game's stay (the header says IN GAME while the
 * vendor's own frame shows the balance; the balances are reloaded on the way out).
 */
import { GAME_ID_PATTERN } from '../contract/games.ts';
import { store } from './store.ts';
import type { Currency } from '../contract/currency.ts';
import { setGameDisabledCurrencies, setInGame, setSwitchingDisabled } from './currency-actions.ts';
import { fetchBalances, setBalances } from './balances-actions.ts';

export const MAX_RECENTLY_PLAYED = 8;

/** The list with `gameId` moved to the front, without repeats, at most `max` long. */
export function withRecentlyPlayed(
  list: readonly string[],
  gameId: string,
  max: number = MAX_RECENTLY_PLAYED,
): string[] {
  return [gameId, ...list.filter((id) => id !== gameId)].slice(0, max);
}

/** The game opened now goes to the front of "Recently played". */
export function recordRecentlyPlayed(gameId: string): void {
  if (!GAME_ID_PATTERN.test(gameId)) return;
  const next = withRecentlyPlayed(store.games.recentlyPlayed, gameId);
  const same =
    next.length === store.games.recentlyPlayed.length &&
    next.every((id, i) => id === store.games.recentlyPlayed[i]);
  // Re-opening the first game changes nothing, so it must not write the mirror again.
  if (!same) store.games.recentlyPlayed.splice(0, Infinity, ...next);
}

/** Puts back the list read from the mirror (keeps only well-formed ids, first of each, within the limit). */
export function restoreRecentlyPlayed(ids: readonly string[]): void {
  const clean = [...new Set(ids.filter((id) => GAME_ID_PATTERN.test(id)))].slice(0, MAX_RECENTLY_PLAYED);
  store.games.recentlyPlayed.splice(0, Infinity, ...clean);
}

/** The vendor game is on screen: its frame shows the balance, the header says IN GAME. */
export function enterVendorGame(): void {
  setInGame(true, true);
}

/**
 * Leaving the vendor game: the header shows balances again, reloaded from the wallet, since the
 * vendor moved them server to server while the frame was open.
 */
export async function leaveVendorGame(): Promise<void> {
  setInGame(false);
  try {
    setBalances(await fetchBalances());
  } catch {
    // Offline or a failing server: the header keeps the last balance, SWR refreshes it later.
  }
}

/**
 * Spec section 4: each navigation re-enables currency switching unless the selected game
 * disables currencies (its metadata lists some); the game page's own rules then apply.
 */
export function reenableSwitchingOnNavigation(): void {
  if (store.currency.gameDisabledCurrencies.length === 0) setSwitchingDisabled(false);
}

/** The game page opened `game`: it goes to the front of "Recently played" and its currency rules apply. */
export function openGame(gameId: string, disabledCurrencies: readonly Currency[]): void {
  recordRecentlyPlayed(gameId);
  setGameDisabledCurrencies(disabledCurrencies);
}

/** The game page closed: no game's currency rules apply any more. */
export function closeGame(): void {
  setGameDisabledCurrencies([]);
}
