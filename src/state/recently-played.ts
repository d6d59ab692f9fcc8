/**
 * The "Recently played" list of quick-play game ids (newest first), kept in the store and
 * mirrored to IndexedDB with the balances, so the lobby shows it after a reload or offline.
 * Loads with the app's start (the session restores it from the mirror); the game page's own
 * actions are in game-actions.ts.
 */
import { GAME_ID_PATTERN } from '../contract/game-ids.ts';
import { store } from './store.ts';

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
