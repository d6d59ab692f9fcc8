/**
 * The game page's actions: opening a game (recently played, its currency rules) and closing it,
 * and the vendor game's stay (the header says IN GAME while the vendor's own frame shows the
 * balance; the balances are reloaded on the way out). Loaded with the game page.
 */
import type { Currency } from '../contract/currency.ts';
import { setGameDisabledCurrencies, setGamePageOpen, setInGame } from './currency-actions.ts';
import { landPendingAndReloadBalances } from './balances-actions.ts';
import { recordRecentlyPlayed } from './recently-played.ts';

/** The game page opened a game: it goes to the front of "Recently played" and its currency rules apply. */
export function openGame(gameId: string, disabledCurrencies: readonly Currency[]): void {
  recordRecentlyPlayed(gameId);
  setGameDisabledCurrencies(disabledCurrencies);
  setGamePageOpen(true);
}

/** The game page closed: no game's currency rules apply any more. */
export function closeGame(): void {
  setGameDisabledCurrencies([]);
  setGamePageOpen(false);
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
  await landPendingAndReloadBalances();
}
