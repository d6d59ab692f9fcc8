import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Balances } from '../../src/contract/schemas.ts';
import type { HostToGameMessage } from '../../src/contract/game-messages.ts';
import type { RoundAnswer } from '../../src/contract/games.ts';
import { slotsEngine } from '../engines/slots.ts';
import type { Floats } from '../engines/types.ts';
import { GameCallError, type HostBridge, type HostInit } from '../shared/host-bridge.ts';
import { displayToMinor } from '../../src/contract/money.ts';
import { SlotsApp } from './slots-app.tsx';
import { HOUSE_BET_STEPS } from '../../src/test-support/game-fixtures.ts';

const BALANCES: Balances = {
  balance_paid_ghc: 10,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 10,
  balance_total_gld: 5000,
};
const stopsFloats =
  (...spins: number[][]): Floats =>
  (i) =>
    (((spins[Math.min(Math.floor(i / 5), spins.length - 1)] as number[])[i % 5] as number) + 0.5) / 24;
const FIVE_DIAMONDS = [17, 17, 17, 17, 17];
const THREE_CHESTS = [14, 14, 14, 0, 0];
const NOTHING = [0, 0, 0, 0, 0];

function answerFor(betValue: number, currency: 'gold' | 'sweeps', floats: Floats): RoundAnswer {
  const state = slotsEngine.start({ betMinor: displayToMinor(currency, betValue), options: {} }, floats);
  const win = currency === 'gold' ? state.winMinor : state.winMinor / 100;
  return {
    round: {
      id: 'round-1',
      game_id: 'crown-jewels',
      currency,
      bet: betValue,
      win,
      status: 'finished',
      state,
      nonce: 1,
      server_seed_hash: 'a'.repeat(64),
      client_seed: 'seed',
      created_at: '2026-11-22T12:00:00Z',
      finished_at: '2026-11-22T12:00:00Z',
      auto_completed: false,
    },
    balances: { ...BALANCES, balance_total_gld: 5000 - betValue + win },
    post_bet_balances: { ...BALANCES, balance_total_gld: 5000 - betValue },
  };
}

function fakeHost(
  options: {
    reducedMotion?: boolean;
    quickSpin?: boolean;
    floats?: Floats;
    betSteps?: HostInit['bet_steps'];
  } = {},
) {
  const listeners = new Set<(m: HostToGameMessage) => void>();
  const call = vi.fn(async (name: string, body?: Record<string, unknown>) => {
    if (name !== 'round.start') throw new Error(`unexpected call ${name}`);
    return answerFor(
      body?.betValue as number,
      body?.currency as 'gold',
      options.floats ?? stopsFloats(FIVE_DIAMONDS),
    );
  });
  const bridge: HostBridge = {
    init: {
      v: 1,
      type: 'init',
      game_id: 'crown-jewels',
      currency: 'gold',
      balances: BALANCES,
      online: true,
      reduced_motion: options.reducedMotion ?? true,
      ...(options.quickSpin === undefined ? {} : { quick_spin: options.quickSpin }),
      bet_steps: options.betSteps ?? HOUSE_BET_STEPS,
    },
    call: call as unknown as HostBridge['call'],
    report: vi.fn(),
    navigate: vi.fn(),
    onHostMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (message: HostToGameMessage) => act(() => listeners.forEach((l) => l(message)));
  return { bridge, call, report: bridge.report as ReturnType<typeof vi.fn>, emit };
}

const spinButton = () => screen.getByRole('button', { name: 'Spin' });
const press = async (button: HTMLElement) => {
  await act(async () => {
    fireEvent.click(button);
  });
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Crown Jewels page', () => {
  it('spins: round.start with the bet and a fresh key, start_game with post-bet balances, then end_round', async () => {
    const host = fakeHost();
    render(<SlotsApp bridge={host.bridge} />);
    await press(spinButton());
    expect(host.call).toHaveBeenCalledWith(
      'round.start',
      { betValue: 100, currency: 'gold' },
      expect.stringMatching(/^game-/),
    );
    const answer = answerFor(100, 'gold', stopsFloats(FIVE_DIAMONDS));
    expect(host.report).toHaveBeenNthCalledWith(1, 'start_game', {
      balances: answer.balances,
      post_bet_balances: answer.post_bet_balances,
      win: 5000,
      currency: 'gold',
    });
    expect(host.report).toHaveBeenNthCalledWith(2, 'end_round', {
      balances: answer.balances,
      win: 5000,
      currency: 'gold',
    });
    expect(screen.getByRole('status').textContent).toContain('You win 5,000 GC!');
    expect(screen.getByRole('table', { name: 'Reels' }).textContent).toContain(
      'Reel 1 middle: Diamond, winning',
    );
    expect(screen.getByRole('heading', { name: 'Winning lines' })).toBeDefined();
    expect(screen.getByText('Line 1: 5 × Diamond, 5,000 GC')).toBeDefined();
  });

  it('animates the paid spin and each free spin before end_round', async () => {
    vi.useFakeTimers();
    const host = fakeHost({ reducedMotion: false, floats: stopsFloats(THREE_CHESTS, NOTHING) });
    render(<SlotsApp bridge={host.bridge} />);
    await press(spinButton());
    expect(host.report).toHaveBeenCalledTimes(1);
    expect(host.report).toHaveBeenCalledWith('start_game', expect.objectContaining({ win: 200 }));
    expect((spinButton() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(screen.getByRole('status').textContent).toContain('Free spin 1 of 8');
    // Free spins 2..8 in turn, then the last one stays for its time before the round ends.
    for (let i = 0; i < 8; i++)
      await act(async () => {
        vi.advanceTimersByTime(600);
      });
    expect(host.report).toHaveBeenLastCalledWith(
      'end_round',
      expect.objectContaining({ win: 200, currency: 'gold' }),
    );
    expect(screen.getByRole('status').textContent).toContain('You win 200 GC with 8 free spins!');
    expect((spinButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("quick spin (the player's setting) stops the reels sooner", async () => {
    vi.useFakeTimers();
    const host = fakeHost({
      reducedMotion: false,
      quickSpin: true,
      floats: stopsFloats(THREE_CHESTS, NOTHING),
    });
    render(<SlotsApp bridge={host.bridge} />);
    await press(spinButton());
    await act(async () => {
      vi.advanceTimersByTime(250);
    });
    expect(screen.getByRole('status').textContent).toContain('Free spin 1 of 8');
    for (let i = 0; i < 8; i++)
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
    expect(host.report).toHaveBeenLastCalledWith('end_round', expect.objectContaining({ win: 200 }));
  });

  it('follows a settings change while open: reduce motion turned on ends spins at once', async () => {
    const host = fakeHost({ reducedMotion: false });
    const { container } = render(<SlotsApp bridge={host.bridge} />);
    expect(container.querySelector('.cj-reduced-motion')).toBeNull();
    host.emit({ v: 1, type: 'settings', reduced_motion: true, quick_spin: false });
    expect(container.querySelector('.cj-reduced-motion')).not.toBeNull();
    await press(spinButton());
    expect(host.report).toHaveBeenLastCalledWith('end_round', expect.objectContaining({ win: 5000 }));
  });

  it('skips the animation on request', async () => {
    vi.useFakeTimers();
    const host = fakeHost({ reducedMotion: false });
    render(<SlotsApp bridge={host.bridge} />);
    await press(spinButton());
    await press(screen.getByRole('button', { name: 'Skip animation' }));
    expect(host.report).toHaveBeenLastCalledWith('end_round', expect.objectContaining({ win: 5000 }));
    expect(screen.getByRole('status').textContent).toContain('You win 5,000 GC!');
  });

  it('changes the bet with Increase bet and Decrease bet, within the steps', async () => {
    const host = fakeHost();
    render(<SlotsApp bridge={host.bridge} />);
    const decrease = screen.getByRole('button', { name: 'Decrease bet' });
    const increase = screen.getByRole('button', { name: 'Increase bet' });
    expect((decrease as HTMLButtonElement).disabled).toBe(true);
    await press(increase);
    expect(screen.getByText('Bet 200 GC')).toBeDefined();
    for (let i = 0; i < 5; i++) await press(increase);
    expect(screen.getByText('Bet 2,500 GC')).toBeDefined();
    expect((increase as HTMLButtonElement).disabled).toBe(true);
    await press(decrease);
    await press(spinButton());
    expect(host.call).toHaveBeenCalledWith(
      'round.start',
      { betValue: 1000, currency: 'gold' },
      expect.any(String),
    );
  });

  it("offers the catalogue's bet steps the host's init carries, and bets only those", async () => {
    const host = fakeHost({ betSteps: { gold: [50, 300], sweeps: [0.1, 0.3] } });
    render(<SlotsApp bridge={host.bridge} />);
    expect(screen.getByText('Bet 50 GC')).toBeDefined();
    const increase = screen.getByRole('button', { name: 'Increase bet' });
    await press(increase);
    expect(screen.getByText('Bet 300 GC')).toBeDefined();
    expect((increase as HTMLButtonElement).disabled).toBe(true);
    await press(spinButton());
    expect(host.call).toHaveBeenCalledWith(
      'round.start',
      { betValue: 300, currency: 'gold' },
      expect.any(String),
    );
  });

  it('shows a refusal plainly and offers Buy coins for an insufficient balance', async () => {
    const host = fakeHost();
    host.call.mockRejectedValueOnce(
      new GameCallError(402, 'INSUFFICIENT_BALANCE', 'Not enough Gold Coins for this bet.', null),
    );
    render(<SlotsApp bridge={host.bridge} />);
    await press(spinButton());
    expect(screen.getByRole('alert').textContent).toContain('Not enough Gold Coins for this bet.');
    expect(host.report).not.toHaveBeenCalled();
    await press(screen.getByRole('button', { name: 'Buy coins' }));
    expect(host.bridge.navigate).toHaveBeenCalledWith('buy_coins');
  });

  it('retries a spin whose answer was lost with the same key, and a refused one with a new key', async () => {
    const host = fakeHost();
    host.call
      .mockRejectedValueOnce(new GameCallError(0, 'NETWORK_ERROR', 'The request failed.', null))
      .mockRejectedValueOnce(new GameCallError(400, 'BET_OUT_OF_RANGE', 'Bet too high.', 'betValue'));
    render(<SlotsApp bridge={host.bridge} />);
    await press(spinButton());
    await press(spinButton());
    await press(spinButton());
    const keys = host.call.mock.calls.map((c) => (c as unknown[])[2]);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('swaps currency on the host’s word and answers currency_swap_success', async () => {
    const host = fakeHost();
    render(<SlotsApp bridge={host.bridge} />);
    host.emit({ v: 1, type: 'currency_swap', currency: 'sweeps' });
    expect(host.report).toHaveBeenCalledWith('currency_swap_success', { currency: 'sweeps' });
    expect(screen.getByText('Bet 0.20 SC')).toBeDefined();
    expect(screen.getByText('Playing with Sweeps Coins')).toBeDefined();
    await press(spinButton());
    expect(host.call).toHaveBeenCalledWith(
      'round.start',
      { betValue: 0.2, currency: 'sweeps' },
      expect.any(String),
    );
  });

  it('disables Spin with a message while offline', () => {
    const host = fakeHost();
    render(<SlotsApp bridge={host.bridge} />);
    host.emit({ v: 1, type: 'connectivity', online: false });
    expect((spinButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('You are offline');
    host.emit({ v: 1, type: 'connectivity', online: true });
    expect((spinButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens the rules and the recent rounds outside the frame', async () => {
    const host = fakeHost();
    render(<SlotsApp bridge={host.bridge} />);
    await press(screen.getByRole('button', { name: 'Rules' }));
    await press(screen.getByRole('button', { name: 'Recent rounds' }));
    expect(host.bridge.navigate).toHaveBeenNthCalledWith(1, 'rules');
    expect(host.bridge.navigate).toHaveBeenNthCalledWith(2, 'recall');
  });
});
