/**
 * Currency actions. The last used currency is kept in localStorage (STORAGE_KEYS.lastCurrency)
 * and restored on login and refresh; gold-only mode forces Gold (spec section 4).
 */
import { STORAGE_KEYS, TIMINGS } from '../contract/constants.ts';
import { isCurrency, type Currency } from '../contract/currency.ts';
import { PROPERTY_NAMES } from '../contract/properties.ts';
import { store, type CurrencySlice } from './store.ts';
import { isPropertyTrue } from './properties-actions.ts';

let switchTimer: ReturnType<typeof setTimeout> | null = null;

export const isGoldOnly = (): boolean => isPropertyTrue(PROPERTY_NAMES.goldOnlyMode);

export type SwitchBlockedReason = 'gold-only' | 'in-game' | 'switching' | 'disabled' | 'game-disabled';

/**
 * Why a switch to `target` is refused, or null when it is allowed (spec section 4): gold-only
 * mode (Sweeps only), a currency swap in progress, a game round in play, the switcher disabled,
 * or the open game does not accept the target currency. Pure, so every rule is unit-tested.
 */
export function switchBlockedReasonFor(
  state: Readonly<Pick<CurrencySlice, 'activeCurrency' | 'switching' | 'isInGame' | 'switchingDisabled'>> & {
    readonly gameDisabledCurrencies: readonly Currency[];
  },
  goldOnly: boolean,
  target: Currency = state.activeCurrency === 'gold' ? 'sweeps' : 'gold',
): SwitchBlockedReason | null {
  if (goldOnly && target === 'sweeps') return 'gold-only';
  if (state.switching) return 'switching';
  if (state.isInGame) return 'in-game';
  if (state.switchingDisabled) return 'disabled';
  if (state.gameDisabledCurrencies.includes(target)) return 'game-disabled';
  return null;
}

/** Why a switch (by default to the other currency) is refused right now, or null. */
export function switchBlockedReason(target?: Currency): SwitchBlockedReason | null {
  return switchBlockedReasonFor(store.currency, isGoldOnly(), target);
}

/** Plain words for a blocked toggle (its accessible description and tooltip). */
export const SWITCH_BLOCKED_MESSAGES: Record<SwitchBlockedReason, string> = {
  'gold-only': 'Only Gold Coins are available.',
  switching: 'A currency switch is in progress.',
  'in-game': 'You can switch currency when the current game round ends.',
  disabled: 'Currency switching is not available right now.',
  'game-disabled': 'This game does not accept that currency.',
};

export function readLastCurrency(): Currency | null {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.lastCurrency);
    return isCurrency(v) ? v : null;
  } catch {
    return null;
  }
}

function rememberCurrency(c: Currency): void {
  try {
    localStorage.setItem(STORAGE_KEYS.lastCurrency, c);
  } catch {
    // ignore: the choice just will not survive a reload
  }
}

/**
 * Switches the active currency with the ~1.5 s "Switching to" overlay. Returns false when the
 * switch is blocked (see switchBlockedReasonFor).
 */
export function setCurrency(next: Currency): boolean {
  if (next === store.currency.activeCurrency) return true;
  if (switchBlockedReason(next)) return false;
  store.currency.activeCurrency = next;
  store.currency.switching = next;
  rememberCurrency(next);
  if (switchTimer) clearTimeout(switchTimer);
  switchTimer = setTimeout(() => {
    switchTimer = null;
    store.currency.switching = null;
  }, TIMINGS.currencySwitchOverlayMs);
  return true;
}

export function toggleCurrency(): boolean {
  return setCurrency(store.currency.activeCurrency === 'gold' ? 'sweeps' : 'gold');
}

/** Applies the remembered currency without the overlay (login, refresh, app start). */
export function restoreLastCurrency(): void {
  const last = readLastCurrency();
  store.currency.activeCurrency = isGoldOnly() ? 'gold' : (last ?? store.currency.activeCurrency);
}

/** Gold-only mode arrived (property loaded): force Gold. */
export function enforceGoldOnly(): void {
  if (isGoldOnly() && store.currency.activeCurrency !== 'gold') store.currency.activeCurrency = 'gold';
}

export function setSwitchingDisabled(disabled: boolean): void {
  store.currency.switchingDisabled = disabled;
}

/** The open game's disabled currencies (game page; [] when it closes). */
export function setGameDisabledCurrencies(disabled: readonly Currency[]): void {
  store.currency.gameDisabledCurrencies = [...disabled];
}

export function setGamePageOpen(open: boolean): void {
  store.currency.gamePageOpen = open;
}

export function setInGame(inGame: boolean, vendor = false): void {
  store.currency.isInGame = inGame;
  store.currency.isInVendorGame = inGame && vendor;
  // Vendor games show their own balance; the header says IN GAME meanwhile.
  store.currency.balanceVisible = !(inGame && vendor);
}

export function cancelCurrencySwitchTimer(): void {
  if (switchTimer) clearTimeout(switchTimer);
  switchTimer = null;
  store.currency.switching = null;
}
