/**
 * Currency actions. The last used currency is kept in localStorage (STORAGE_KEYS.lastCurrency)
 * and restored on login and refresh; gold-only mode forces Gold (spec section 4).
 */
import { STORAGE_KEYS, TIMINGS } from '../contract/constants.ts';
import { isCurrency, type Currency } from '../contract/currency.ts';
import { PROPERTY_NAMES } from '../contract/properties.ts';
import { store } from './store.ts';
import { isPropertyTrue } from './properties-actions.ts';

let switchTimer: ReturnType<typeof setTimeout> | null = null;

export const isGoldOnly = (): boolean => isPropertyTrue(PROPERTY_NAMES.goldOnlyMode);

/** Why a switch is refused right now, or null when it is allowed. */
export function switchBlockedReason(): 'gold-only' | 'in-game' | 'switching' | 'disabled' | null {
  if (isGoldOnly()) return 'gold-only';
  if (store.currency.switching) return 'switching';
  if (store.currency.isInGame) return 'in-game';
  if (store.currency.switchingDisabled) return 'disabled';
  return null;
}

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
 * switch is blocked (gold-only, in a game, a switch in progress, or disabled).
 */
export function setCurrency(next: Currency): boolean {
  if (next === store.currency.activeCurrency) return true;
  if (next === 'sweeps' && switchBlockedReason()) return false;
  if (next === 'gold' && switchBlockedReason() && switchBlockedReason() !== 'gold-only') return false;
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
