import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore, store } from './store.ts';
import { closeGame, enterVendorGame, leaveVendorGame, openGame } from './game-actions.ts';
import {
  MAX_RECENTLY_PLAYED,
  recordRecentlyPlayed,
  restoreRecentlyPlayed,
  withRecentlyPlayed,
} from './recently-played.ts';
import { reenableSwitchingOnNavigation } from './switching-on-navigation.ts';
import { resetApiClientState } from '../lib/api-client.ts';
import { stubApi } from '../test-support/stub-api.ts';
import { setBalancesWithDelay } from './balances-actions.ts';

const balances = {
  balance_paid_ghc: 0,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 7,
  balance_total_gld: 4_321,
};

describe('game actions, recently played and switching on navigation', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('withRecentlyPlayed moves the game to the front without repeats and keeps the limit', () => {
    expect(withRecentlyPlayed(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(withRecentlyPlayed(['a', 'b'], 'z', 2)).toEqual(['z', 'a']);
  });

  it('recordRecentlyPlayed keeps the newest first, at most MAX_RECENTLY_PLAYED, and ignores malformed ids', () => {
    for (let i = 0; i < MAX_RECENTLY_PLAYED + 3; i++) recordRecentlyPlayed(`game-${i}`);
    recordRecentlyPlayed('game-5');
    recordRecentlyPlayed('Not An Id!');
    const list = store.games.recentlyPlayed;
    expect(list).toHaveLength(MAX_RECENTLY_PLAYED);
    expect(list.slice(0, 3)).toEqual(['game-5', 'game-10', 'game-9']);
    expect(new Set(list).size).toBe(list.length);
  });

  it('restoreRecentlyPlayed keeps well-formed ids, first of each, within the limit', () => {
    restoreRecentlyPlayed(['b', 'BAD ID', 'a', 'b', ...Array.from({ length: 20 }, (_, i) => `g${i}`)]);
    expect(store.games.recentlyPlayed.slice(0, 3)).toEqual(['b', 'a', 'g0']);
    expect(store.games.recentlyPlayed).toHaveLength(MAX_RECENTLY_PLAYED);
  });

  it('a navigation re-enables currency switching unless the open game disables a currency', () => {
    store.currency.switchingDisabled = true;
    reenableSwitchingOnNavigation();
    expect(store.currency.switchingDisabled).toBe(false);

    openGame('crown-jewels', ['sweeps']);
    expect(store.games.recentlyPlayed[0]).toBe('crown-jewels');
    expect(store.currency.gameDisabledCurrencies).toEqual(['sweeps']);
    store.currency.switchingDisabled = true;
    reenableSwitchingOnNavigation();
    expect(store.currency.switchingDisabled).toBe(true);

    closeGame();
    expect(store.currency.gameDisabledCurrencies).toEqual([]);
    reenableSwitchingOnNavigation();
    expect(store.currency.switchingDisabled).toBe(false);
  });

  it('the vendor game hides the balance (IN GAME) and leaving it shows the reloaded balance', async () => {
    const calls = stubApi({ '/wallet/balances': { status: 200, body: balances } });
    enterVendorGame();
    expect(store.currency.isInVendorGame).toBe(true);
    expect(store.currency.balanceVisible).toBe(false);
    await leaveVendorGame();
    expect(store.currency.isInVendorGame).toBe(false);
    expect(store.currency.balanceVisible).toBe(true);
    expect(store.balances.current?.balance_total_gld).toBe(4_321);
    expect(calls.map((c) => c.path)).toEqual(['/wallet/balances']);
  });

  it('leaving the vendor game right after a purchase: the pending animated balance does not overwrite the fresh one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      stubApi({ '/wallet/balances': { status: 200, body: { ...balances, balance_total_gld: 199_900 } } });
      setBalancesWithDelay(
        { ...balances, balance_total_gld: 0 },
        { ...balances, balance_total_gld: 200_000 },
      );
      enterVendorGame();
      await leaveVendorGame();
      vi.advanceTimersByTime(5_000);
      expect(store.balances.current?.balance_total_gld).toBe(199_900);
      expect(store.balances.delayed).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaving the vendor game offline keeps the last balance', async () => {
    store.balances.current = { ...balances, balance_total_gld: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    enterVendorGame();
    await leaveVendorGame();
    expect(store.currency.isInVendorGame).toBe(false);
    expect(store.balances.current?.balance_total_gld).toBe(1);
  });
});
