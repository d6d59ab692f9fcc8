import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../contract/constants.ts';
import { initialCurrency, resetStore, store } from './store.ts';
import {
  cancelCurrencySwitchTimer,
  enforceGoldOnly,
  restoreLastCurrency,
  setCurrency,
  setGameDisabledCurrencies,
  setInGame,
  setSwitchingDisabled,
  switchBlockedReason,
  switchBlockedReasonFor,
  toggleCurrency,
} from './currency-actions.ts';

describe('currency toggle rules (pure)', () => {
  const idle = initialCurrency();

  it('allows a switch when nothing blocks it', () => {
    expect(switchBlockedReasonFor(idle, false)).toBeNull();
    expect(switchBlockedReasonFor({ ...idle, activeCurrency: 'sweeps' }, false)).toBeNull();
  });

  it('blocks while a game round is in play', () => {
    expect(switchBlockedReasonFor({ ...idle, isInGame: true }, false)).toBe('in-game');
  });

  it('blocks during a currency swap', () => {
    expect(switchBlockedReasonFor({ ...idle, switching: 'sweeps' }, false)).toBe('switching');
  });

  it('blocks when the switcher is disabled', () => {
    expect(switchBlockedReasonFor({ ...idle, switchingDisabled: true }, false)).toBe('disabled');
  });

  it('blocks a switch to a currency the game disables, not away from it', () => {
    expect(switchBlockedReasonFor({ ...idle, gameDisabledCurrencies: ['sweeps'] }, false)).toBe(
      'game-disabled',
    );
    // On Sweeps in a Gold-only game: switching to Gold is what the player must be able to do.
    expect(
      switchBlockedReasonFor(
        { ...idle, activeCurrency: 'sweeps', gameDisabledCurrencies: ['sweeps'] },
        false,
      ),
    ).toBeNull();
  });

  it('gold-only mode refuses Sweeps but never Gold', () => {
    expect(switchBlockedReasonFor(idle, true)).toBe('gold-only');
    expect(switchBlockedReasonFor({ ...idle, activeCurrency: 'sweeps' }, true)).toBeNull();
  });
});

describe('currency actions', () => {
  beforeEach(() => {
    resetStore();
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cancelCurrencySwitchTimer();
    vi.useRealTimers();
  });

  it('a swap in progress blocks the next switch until the overlay ends', () => {
    expect(toggleCurrency()).toBe(true);
    expect(switchBlockedReason()).toBe('switching');
    expect(toggleCurrency()).toBe(false);
    vi.advanceTimersByTime(1500);
    expect(switchBlockedReason()).toBeNull();
    expect(toggleCurrency()).toBe(true);
    expect(store.currency.activeCurrency).toBe('gold');
  });

  it('in a game round, disabled, or game-disabled: the currency stays', () => {
    setInGame(true);
    expect(setCurrency('sweeps')).toBe(false);
    setInGame(false);
    setSwitchingDisabled(true);
    expect(setCurrency('sweeps')).toBe(false);
    setSwitchingDisabled(false);
    setGameDisabledCurrencies(['sweeps']);
    expect(setCurrency('sweeps')).toBe(false);
    expect(store.currency.activeCurrency).toBe('gold');
    setGameDisabledCurrencies([]);
    expect(setCurrency('sweeps')).toBe(true);
  });

  it('gold-only mode forces Gold: restore ignores a remembered Sweeps and enforce switches back', () => {
    localStorage.setItem(STORAGE_KEYS.lastCurrency, 'sweeps');
    store.properties.values.gold_only_mode = 'true';
    restoreLastCurrency();
    expect(store.currency.activeCurrency).toBe('gold');
    store.currency.activeCurrency = 'sweeps';
    enforceGoldOnly();
    expect(store.currency.activeCurrency).toBe('gold');
    expect(setCurrency('sweeps')).toBe(false);
  });

  it('outside gold-only mode the remembered currency is restored', () => {
    localStorage.setItem(STORAGE_KEYS.lastCurrency, 'sweeps');
    restoreLastCurrency();
    expect(store.currency.activeCurrency).toBe('sweeps');
  });
});
