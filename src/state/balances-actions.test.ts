import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore, store } from './store.ts';
import { demoBalances } from './test-fixtures.ts';
import {
  applyDelayedBalances,
  cancelDelayedBalances,
  setBalances,
  setBalancesWithDelay,
} from './balances-actions.ts';

describe('delayed balances and the ~1.2 s coin animation', () => {
  beforeEach(() => {
    resetStore();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cancelDelayedBalances();
    vi.useRealTimers();
  });

  const before = demoBalances({ balance_total_gld: 250000 });
  const after = demoBalances({ balance_total_gld: 255000 });

  it('shows the balance without the prize, applies it after 1.2 s, then animates for 1.2 s', () => {
    setBalancesWithDelay(before, after);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    expect(store.balances.delayed?.balance_total_gld).toBe(255000);
    expect(store.balances.animateCoins).toBe(false);

    vi.advanceTimersByTime(1199);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    vi.advanceTimersByTime(1);
    expect(store.balances.current?.balance_total_gld).toBe(255000);
    expect(store.balances.delayed).toBeNull();
    expect(store.balances.animateCoins).toBe(true);

    vi.advanceTimersByTime(1199);
    expect(store.balances.animateCoins).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.balances.animateCoins).toBe(false);
  });

  it('a second win during the animation restarts the full 1.2 s', () => {
    setBalancesWithDelay(before, after, 0);
    vi.advanceTimersByTime(0);
    expect(store.balances.animateCoins).toBe(true);
    vi.advanceTimersByTime(800);
    setBalancesWithDelay(after, demoBalances({ balance_total_gld: 260000 }), 0);
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(800);
    // The first animation's timer must not cut the second one short.
    expect(store.balances.animateCoins).toBe(true);
    vi.advanceTimersByTime(400);
    expect(store.balances.animateCoins).toBe(false);
    expect(store.balances.current?.balance_total_gld).toBe(260000);
  });

  it('applying with nothing delayed changes nothing and does not animate', () => {
    setBalances(before);
    applyDelayedBalances();
    expect(store.balances.animateCoins).toBe(false);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
  });

  it('cancel drops the pending prize and stops the animation (logout)', () => {
    setBalancesWithDelay(before, after);
    cancelDelayedBalances();
    vi.advanceTimersByTime(5000);
    expect(store.balances.current?.balance_total_gld).toBe(250000);
    expect(store.balances.animateCoins).toBe(false);
  });
});
