import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetStore, store } from '../../state/store.ts';
import { demoBalances } from '../../state/test-fixtures.ts';
import { cancelDelayedBalances, setBalancesWithDelay } from '../../state/balances-actions.ts';
import {
  cancelCurrencySwitchTimer,
  setGameDisabledCurrencies,
  setInGame,
} from '../../state/currency-actions.ts';
import { BALANCE_REVEAL_DELAY_MS } from '../../state/balances-derived.ts';
import { CurrencyBar } from './currency-bar.tsx';

function renderBar(props: { goldOnly?: boolean; mobileVerificationPending?: boolean } = {}) {
  return render(
    <MemoryRouter>
      <CurrencyBar
        goldOnly={props.goldOnly ?? false}
        mobileVerificationPending={props.mobileVerificationPending}
      />
    </MemoryRouter>,
  );
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

const amount = () => screen.queryByTestId('balance-amount')?.textContent ?? null;
/** Store changes reach useSnapshot after a microtask: flush it inside act. */
const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
    await Promise.resolve();
  });
const change = (fn: () => void) =>
  act(async () => {
    fn();
    await Promise.resolve();
  });

describe('CurrencyBar balance view', () => {
  beforeEach(() => {
    resetStore();
    localStorage.clear();
    vi.useFakeTimers();
    store.session.status = 'signed-in';
    store.balances.current = demoBalances({ balance_total_gld: 250000, balance_total_ghc: 25 });
  });
  afterEach(() => {
    cleanup();
    cancelDelayedBalances();
    cancelCurrencySwitchTimer();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the amount only after the short delay', async () => {
    renderBar();
    expect(amount()).toBeNull();
    expect(screen.getByTestId('balance-spoken').textContent).toBe('Loading balance');
    await advance(BALANCE_REVEAL_DELAY_MS - 1);
    expect(amount()).toBeNull();
    await advance(1);
    expect(amount()).toBe('250,000');
    expect(screen.getByTestId('balance-spoken').textContent).toBe('Balance: 250,000 Gold Coins');
  });

  it('Sweeps shows 2 decimals', async () => {
    store.currency.activeCurrency = 'sweeps';
    renderBar();
    await advance(BALANCE_REVEAL_DELAY_MS);
    expect(amount()).toBe('25.00');
  });

  it("says 'IN GAME' in a vendor game, then waits the delay again on return", async () => {
    renderBar();
    await advance(BALANCE_REVEAL_DELAY_MS);
    await change(() => setInGame(true, true));
    expect(amount()).toBe('IN GAME');
    await change(() => setInGame(false));
    expect(amount()).toBeNull();
    await advance(BALANCE_REVEAL_DELAY_MS);
    expect(amount()).toBe('250,000');
  });

  it('renders nothing while mobile verification is pending or signed out', async () => {
    const { unmount } = renderBar({ mobileVerificationPending: true });
    expect(screen.queryByTestId('currency-bar')).toBeNull();
    unmount();
    store.session.status = 'signed-out';
    renderBar();
    expect(screen.queryByTestId('currency-bar')).toBeNull();
  });

  it('a delayed balance lands with a coin burst and counts up over ~1.2 s', async () => {
    mockReducedMotion(false);
    renderBar();
    await advance(BALANCE_REVEAL_DELAY_MS);
    await change(() =>
      setBalancesWithDelay(
        demoBalances({ balance_total_gld: 250000 }),
        demoBalances({ balance_total_gld: 255000 }),
      ),
    );
    await advance(1199);
    expect(amount()).toBe('250,000');
    expect(screen.queryAllByTestId('coin-burst')).toHaveLength(0);
    await advance(1);
    expect(screen.queryAllByTestId('coin-burst').length).toBeGreaterThan(0);
    // Screen readers hear the final amount once, at once.
    expect(screen.getByTestId('balance-spoken').textContent).toBe('Balance: 255,000 Gold Coins');
    await advance(400);
    const mid = Number((amount() ?? '').replace(/,/g, ''));
    expect(mid).toBeGreaterThan(250000);
    expect(mid).toBeLessThan(255000);
    await advance(800);
    expect(amount()).toBe('255,000');
    expect(screen.queryAllByTestId('coin-burst')).toHaveLength(0);
  });

  it('with reduced motion the new amount shows at once, without the burst', async () => {
    mockReducedMotion(true);
    renderBar();
    await advance(BALANCE_REVEAL_DELAY_MS);
    await change(() =>
      setBalancesWithDelay(
        demoBalances({ balance_total_gld: 250000 }),
        demoBalances({ balance_total_gld: 255000 }),
        0,
      ),
    );
    await advance(0);
    expect(amount()).toBe('255,000');
    expect(screen.queryAllByTestId('coin-burst')).toHaveLength(0);
  });
});

describe('CurrencyBar toggle', () => {
  beforeEach(() => {
    resetStore();
    localStorage.clear();
    store.session.status = 'signed-in';
    store.balances.current = demoBalances();
  });
  afterEach(() => {
    cleanup();
    cancelCurrencySwitchTimer();
    vi.unstubAllGlobals();
  });

  it('is blocked (focusable, with the reason) in a game round and does not switch', async () => {
    setInGame(true);
    renderBar();
    const toggle = screen.getByTestId('currency-toggle');
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('current game round ends');
    fireEvent.click(toggle);
    expect(store.currency.activeCurrency).toBe('gold');
  });

  it('is blocked during a swap and when the game disables the other currency', async () => {
    renderBar();
    const toggle = screen.getByTestId('currency-toggle');
    await change(() => fireEvent.click(toggle));
    expect(store.currency.activeCurrency).toBe('sweeps');
    expect(screen.getByTestId('currency-toggle').getAttribute('aria-disabled')).toBe('true');
    await change(() => fireEvent.click(screen.getByTestId('currency-toggle')));
    expect(store.currency.activeCurrency).toBe('sweeps');
    await change(() => cancelCurrencySwitchTimer());
    await change(() => setGameDisabledCurrencies(['gold']));
    expect(screen.getByTestId('currency-toggle').getAttribute('aria-disabled')).toBe('true');
    await change(() => setGameDisabledCurrencies([]));
    expect(screen.getByTestId('currency-toggle').getAttribute('aria-disabled')).toBeNull();
  });

  it('gold-only mode has no toggle', async () => {
    renderBar({ goldOnly: true });
    expect(screen.queryByTestId('currency-toggle')).toBeNull();
  });
});
