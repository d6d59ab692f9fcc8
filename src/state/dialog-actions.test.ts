import { beforeEach, describe, expect, it, vi, afterEach } from 'vitest';
import { resetStore, store } from './store.ts';
import {
  closeDialog,
  closeDialogsOnNavigation,
  dialogResult,
  openDialog,
  openDialogOnce,
} from './dialog-actions.ts';
import { setCurrency, setInGame, toggleCurrency } from './currency-actions.ts';
import { STORAGE_KEYS } from '../contract/constants.ts';
import { redemptionValueUsd, unplayedSweeps } from './balances-derived.ts';
import { demoBalances } from './test-fixtures.ts';

describe('dialog actions', () => {
  beforeEach(() => resetStore());

  it('stores each close result under its kind and clears it when the kind opens again', () => {
    const id = openDialog('confirm-purchase');
    closeDialog(id, { confirmedPurchase: true });
    expect(dialogResult('confirm-purchase')).toEqual({ confirmedPurchase: true });
    openDialog('confirm-purchase');
    expect(dialogResult('confirm-purchase')).toBeUndefined();
  });

  it('openDialogOnce does not stack the same kind', () => {
    openDialogOnce('server-busy');
    openDialogOnce('server-busy');
    expect(store.dialogs.stack).toHaveLength(1);
  });

  it('navigation closes only the listed kinds', () => {
    openDialog('generic-error');
    openDialog('featured-package');
    openDialog('confirm-purchase');
    openDialog('access-unavailable');
    closeDialogsOnNavigation();
    expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['generic-error', 'access-unavailable']);
  });
});

describe('currency actions', () => {
  beforeEach(() => {
    resetStore();
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('switches with a ~1.5 s overlay and remembers the choice', () => {
    expect(toggleCurrency()).toBe(true);
    expect(store.currency.activeCurrency).toBe('sweeps');
    expect(store.currency.switching).toBe('sweeps');
    expect(localStorage.getItem(STORAGE_KEYS.lastCurrency)).toBe('sweeps');
    vi.advanceTimersByTime(1499);
    expect(store.currency.switching).toBe('sweeps');
    vi.advanceTimersByTime(2);
    expect(store.currency.switching).toBeNull();
  });

  it('is blocked in a game, during a swap, when disabled and (to Sweeps) in gold-only mode', () => {
    setInGame(true);
    expect(setCurrency('sweeps')).toBe(false);
    setInGame(false);
    store.currency.switchingDisabled = true;
    expect(setCurrency('sweeps')).toBe(false);
    store.currency.switchingDisabled = false;
    store.properties.values.gold_only_mode = 'true';
    expect(setCurrency('sweeps')).toBe(false);
    expect(store.currency.activeCurrency).toBe('gold');
    store.properties.values.gold_only_mode = 'false';
    expect(setCurrency('sweeps')).toBe(true);
    expect(setCurrency('gold')).toBe(false); // a swap is in progress
  });

  it('a vendor game hides the balance', () => {
    setInGame(true, true);
    expect(store.currency.balanceVisible).toBe(false);
    setInGame(false);
    expect(store.currency.balanceVisible).toBe(true);
  });
});

describe('derived balances', () => {
  it('unplayed Sweeps is total minus redeemable, USD value uses the rate', () => {
    const b = demoBalances({ balance_total_ghc: 25.1, balance_redeemable_ghc: 10.05 });
    expect(unplayedSweeps(b)).toBe(15.05);
    expect(redemptionValueUsd(b)).toBe(10.05);
    expect(redemptionValueUsd(b, 2)).toBe(5.02);
    expect(unplayedSweeps(demoBalances({ balance_total_ghc: 1, balance_redeemable_ghc: 2 }))).toBe(0);
  });
});
