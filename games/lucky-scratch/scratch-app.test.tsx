import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostToGameMessage } from '../../src/contract/game-messages.ts';
import type { RoundAnswer, RoundView } from '../../src/contract/games.ts';
import type { Balances } from '../../src/contract/schemas.ts';
import { TIER_WEIGHT_TOTAL, scratchCardEngine, type ScratchCardState } from '../engines/scratch-card.ts';
import { simulationFloats } from '../engines/fair-random.ts';
import type { Floats } from '../engines/types.ts';
import { GameCallError, type HostBridge } from '../shared/host-bridge.ts';
import { ScratchApp } from './scratch-app.tsx';
import { clearPendingActions } from '../../src/lib/pending-actions.ts';
import { HOUSE_BET_STEPS } from '../../src/test-support/game-fixtures.ts';

const BALANCES: Balances = {
  balance_paid_ghc: 10,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 10,
  balance_total_gld: 5000,
};
/** Float 0 picks the tier (100 / 1e6 is the seven, 50x; 0.9 loses), the rest are seeded. */
const ticketFloats = (tierFloat: number): Floats => {
  const rest = simulationFloats(42);
  return (i) => (i === 0 ? tierFloat : rest(i));
};
const SEVEN = 100 / TIER_WEIGHT_TOTAL;
const LOSING = 0.9;

function roundOf(state: ScratchCardState, bet: number): RoundView {
  return {
    id: 'ticket-1',
    game_id: 'lucky-scratch',
    currency: 'gold',
    bet,
    win: state.winMinor,
    status: state.redeemed ? 'finished' : 'open',
    state,
    nonce: 3,
    server_seed_hash: 'b'.repeat(64),
    client_seed: 'seed',
    created_at: '2026-11-22T12:00:00Z',
    finished_at: state.redeemed ? '2026-11-22T12:01:00Z' : null,
    auto_completed: false,
  };
}

function fakeHost(options: { tierFloat?: number; openTicket?: boolean } = {}) {
  const floats = ticketFloats(options.tierFloat ?? SEVEN);
  let ticket: ScratchCardState | null = options.openTicket
    ? scratchCardEngine.start({ betMinor: 100, options: {} }, floats)
    : null;
  const listeners = new Set<(m: HostToGameMessage) => void>();
  const call = vi.fn(async (name: string, body?: Record<string, unknown>): Promise<unknown> => {
    if (name === 'round.open') return { round: ticket && !ticket.redeemed ? roundOf(ticket, 100) : null };
    if (name === 'instant_win.purchase') {
      const bet = body?.betValue as number;
      ticket = scratchCardEngine.start({ betMinor: bet, options: {} }, floats);
      const answer: RoundAnswer = {
        round: roundOf(ticket, bet),
        balances: { ...BALANCES, balance_total_gld: 5000 - bet },
        post_bet_balances: { ...BALANCES, balance_total_gld: 5000 - bet },
      };
      return answer;
    }
    if (name === 'instant_win.redeem') {
      if (!ticket) throw new Error('no ticket');
      ticket = scratchCardEngine.act(
        ticket,
        scratchCardEngine.parseAction({ type: 'redeem', ...body }),
        floats,
      );
      const answer: RoundAnswer = {
        round: roundOf(ticket, ticket.betMinor),
        balances: { ...BALANCES, balance_total_gld: 5000 - ticket.betMinor + ticket.winMinor },
        post_bet_balances: { ...BALANCES, balance_total_gld: 5000 - ticket.betMinor },
      };
      return answer;
    }
    throw new Error(`unexpected call ${name}`);
  });
  const bridge: HostBridge = {
    init: {
      v: 1,
      type: 'init',
      game_id: 'lucky-scratch',
      currency: 'gold',
      balances: BALANCES,
      online: true,
      reduced_motion: true,
      bet_steps: HOUSE_BET_STEPS,
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

const press = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const loaded = async (host: ReturnType<typeof fakeHost>) => {
  render(<ScratchApp bridge={host.bridge} />);
  await act(async () => {});
};
const statusText = () => screen.getByRole('status').textContent ?? '';

afterEach(cleanup);

describe('Lucky Scratch page', () => {
  it('buys a ticket: purchase call with price and a fresh key, purchase_outcome with the balances', async () => {
    const host = fakeHost();
    await loaded(host);
    expect(host.call).toHaveBeenCalledWith('round.open');
    expect(button('Scratch spot 1').disabled).toBe(true);
    await press(button('Buy ticket'));
    expect(host.call).toHaveBeenCalledWith(
      'instant_win.purchase',
      { betValue: 100, currency: 'gold' },
      expect.stringMatching(/^game-/),
    );
    expect(host.report).toHaveBeenCalledWith('purchase_outcome', {
      balances: { ...BALANCES, balance_total_gld: 4900 },
      currency: 'gold',
    });
    for (let spot = 1; spot <= 9; spot++) expect(button(`Scratch spot ${spot}`).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Buy ticket' })).toBeNull();
    expect(button('Reveal all').disabled).toBe(false);
  });

  it('reveals spots one by one and redeems with the scratch order once all nine show', async () => {
    const host = fakeHost();
    await loaded(host);
    await press(button('Buy ticket'));
    const order = [4, 0, 8, 1, 2, 3, 5, 6, 7];
    for (const [n, spot] of order.entries()) {
      await press(button(`Scratch spot ${spot + 1}`));
      if (n < 8) expect(statusText()).toMatch(new RegExp(`^Spot ${spot + 1}: `));
    }
    expect(host.call).toHaveBeenCalledWith(
      'instant_win.redeem',
      { ticketId: 'ticket-1', numScratched: 9, numSpots: 9, replayData: order },
      expect.stringMatching(/^game-/),
    );
    expect(host.report).toHaveBeenLastCalledWith('redeem_outcome', {
      balances: { ...BALANCES, balance_total_gld: 5000 - 100 + 5000 },
      win: 5000,
      currency: 'gold',
    });
    expect(statusText()).toContain('Three Seven symbols! You win 5,000 GC.');
    expect(screen.getAllByRole('button', { name: /^Spot \d: Seven, a match$/ })).toHaveLength(3);
    expect(button('Buy ticket').disabled).toBe(false);
  });

  it('Reveal all shows the rest in spot order after the ones scratched', async () => {
    const host = fakeHost({ tierFloat: LOSING });
    await loaded(host);
    await press(button('Buy ticket'));
    await press(button('Scratch spot 3'));
    await press(button('Scratch spot 6'));
    await press(button('Reveal all'));
    expect(host.call).toHaveBeenCalledWith(
      'instant_win.redeem',
      { ticketId: 'ticket-1', numScratched: 9, numSpots: 9, replayData: [2, 5, 0, 1, 3, 4, 6, 7, 8] },
      expect.any(String),
    );
    expect(host.report).toHaveBeenLastCalledWith('redeem_outcome', expect.objectContaining({ win: 0 }));
    expect(statusText()).toContain('No match this time.');
  });

  it('resumes an unredeemed ticket on load', async () => {
    const host = fakeHost({ openTicket: true });
    await loaded(host);
    expect(statusText()).toContain('Your unredeemed ticket is back.');
    expect(button('Scratch spot 1').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Buy ticket' })).toBeNull();
    await press(button('Reveal all'));
    expect(host.report).toHaveBeenLastCalledWith('redeem_outcome', expect.objectContaining({ win: 5000 }));
  });

  it('offers Claim prize after a lost redeem answer and retries it with the same key', async () => {
    const host = fakeHost();
    await loaded(host);
    await press(button('Buy ticket'));
    const realCall = host.call.getMockImplementation();
    host.call.mockImplementationOnce(async () => {
      throw new GameCallError(0, 'NETWORK_ERROR', 'The request failed.', null);
    });
    await press(button('Reveal all'));
    expect(screen.getByRole('alert').textContent).toContain('The request failed.');
    expect(host.report).not.toHaveBeenCalledWith('redeem_outcome', expect.anything());
    if (realCall) host.call.mockImplementation(realCall);
    await press(button('Claim prize'));
    const redeems = host.call.mock.calls.filter((c) => c[0] === 'instant_win.redeem');
    expect(redeems).toHaveLength(2);
    expect((redeems[0] as unknown[])[2]).toBe((redeems[1] as unknown[])[2]);
    expect(host.report).toHaveBeenLastCalledWith('redeem_outcome', expect.objectContaining({ win: 5000 }));
  });

  it('a ticket the server says is already credited is read back and its outcome shown, never a dead end', async () => {
    const host = fakeHost();
    await loaded(host);
    await press(button('Buy ticket'));
    const realCall = host.call.getMockImplementation();
    if (!realCall) throw new Error('no fake host');
    let credited: RoundAnswer | null = null;
    host.call.mockImplementation(async (name: string, body?: Record<string, unknown>) => {
      if (name === 'instant_win.redeem') {
        if (credited) throw new GameCallError(409, 'ROUND_FINISHED', 'This round is already finished.', null);
        // The server credits the ticket; its answer never arrives.
        credited = (await realCall(name, body)) as RoundAnswer;
        throw new GameCallError(0, 'NETWORK_ERROR', 'The request failed.', null);
      }
      if (name === 'rounds.recent') return { results: credited ? [{ ...credited.round, actions: [] }] : [] };
      return realCall(name, body);
    });
    await press(button('Reveal all'));
    expect(statusText()).toBe('Your ticket is not credited yet. Press Claim prize to try again.');
    expect(button('Claim prize').disabled).toBe(false);
    // The kept key is gone (another device, a cleared site): the claim goes with a new one.
    await act(async () => {
      await clearPendingActions();
    });
    await press(button('Claim prize'));
    await waitFor(() => expect(statusText()).toContain('Three Seven symbols! You win 5,000 GC.'));
    expect(host.call).toHaveBeenCalledWith('rounds.recent');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('Buy ticket').disabled).toBe(false);
  });

  it('shows a refusal plainly and offers Buy coins for an insufficient balance', async () => {
    const host = fakeHost();
    await loaded(host);
    host.call.mockRejectedValueOnce(
      new GameCallError(402, 'INSUFFICIENT_BALANCE', 'Not enough Gold Coins.', null),
    );
    await press(button('Buy ticket'));
    expect(screen.getByRole('alert').textContent).toContain('Not enough Gold Coins.');
    await press(button('Buy coins'));
    expect(host.bridge.navigate).toHaveBeenCalledWith('buy_coins');
  });

  it('changes the ticket price, swaps currency on the host’s word and stops buying offline', async () => {
    const host = fakeHost();
    await loaded(host);
    await press(button('Increase bet'));
    expect(screen.getByText('Ticket 200 GC')).toBeDefined();
    host.emit({ v: 1, type: 'currency_swap', currency: 'sweeps' });
    expect(host.report).toHaveBeenCalledWith('currency_swap_success', { currency: 'sweeps' });
    expect(screen.getByText('Ticket 0.50 SC')).toBeDefined();
    host.emit({ v: 1, type: 'connectivity', online: false });
    expect(button('Buy ticket').disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('You are offline');
    host.emit({ v: 1, type: 'connectivity', online: true });
    await press(button('Buy ticket'));
    expect(host.call).toHaveBeenCalledWith(
      'instant_win.purchase',
      { betValue: 0.5, currency: 'sweeps' },
      expect.any(String),
    );
  });

  it('opens the rules and the recent rounds outside the frame', async () => {
    const host = fakeHost();
    await loaded(host);
    await press(screen.getByRole('button', { name: 'Rules' }));
    await press(screen.getByRole('button', { name: 'Recent rounds' }));
    expect(host.bridge.navigate).toHaveBeenNthCalledWith(1, 'rules');
    expect(host.bridge.navigate).toHaveBeenNthCalledWith(2, 'recall');
  });
});
