import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore, store } from './store.ts';
import { animateCoinsFromZero, JOIN_COINS_DELAY_MS } from './join-coins.ts';

const joined = {
  balance_paid_ghc: 0,
  balance_free_ghc: 1,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 1,
  balance_total_gld: 250_000,
};

describe('the coins a new account joins with', () => {
  beforeEach(() => {
    resetStore();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows 0 first, then the joined-with balances with the coin animation', () => {
    store.balances.current = { ...joined };
    animateCoinsFromZero(joined);
    expect(store.balances.current?.balance_total_gld).toBe(0);
    expect(store.balances.delayed).toEqual(joined);
    vi.advanceTimersByTime(JOIN_COINS_DELAY_MS);
    expect(store.balances.current).toEqual(joined);
    expect(store.balances.animateCoins).toBe(true);
  });

  it('leaves a balance of nothing as it is', () => {
    const none = { ...joined, balance_free_ghc: 0, balance_total_ghc: 0, balance_total_gld: 0 };
    store.balances.current = { ...none };
    animateCoinsFromZero(none);
    expect(store.balances.delayed).toBeNull();
    expect(store.balances.current).toEqual(none);
  });
});
