import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '../../src/contract/currency.ts';
import type { HostToGameMessage } from '../../src/contract/game-messages.ts';
import type { RoundAnswer, RoundView } from '../../src/contract/games.ts';
import { FRESH_DECK, type Card } from '../engines/cards.ts';
import {
  FACE_UP_POSITIONS,
  FIRST_STOCK_POSITION,
  solitaireEngine,
  type SolitaireState,
} from '../engines/solitaire.ts';
import { GameCallError, type HostBridge } from '../shared/host-bridge.ts';
import { KlondikeApp } from './klondike-app.tsx';
import { HOUSE_BET_STEPS } from '../../src/test-support/game-fixtures.ts';

const balances = {
  balance_paid_ghc: 0,
  balance_free_ghc: 10,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 10,
  balance_total_gld: 5_000,
};

/** Face-up KS QH JC 5D 9S 8H 2S, the ace of hearts on the waste. */
function testDeck(): Card[] {
  const placed: Record<number, Card> = { [FIRST_STOCK_POSITION]: 'AH' };
  (['KS', 'QH', 'JC', '5D', '9S', '8H', '2S'] as Card[]).forEach((card, c) => {
    placed[FACE_UP_POSITIONS[c] as number] = card;
  });
  const rest = FRESH_DECK.filter((c) => !Object.values(placed).includes(c));
  return Array.from({ length: 52 }, (_, i) => placed[i] ?? (rest.shift() as Card));
}

const noFloats = () => 0;

/**
 * A fake host that plays the real engine on a fixed deck, the way the server would: it answers
 * the purchase and the actions with round answers, and records calls and reports.
 */
function fakeHost(options: { openRound?: boolean; currency?: Currency } = {}) {
  let state: SolitaireState | null = null;
  let listener: ((m: HostToGameMessage) => void) | null = null;
  const reports: { event: string; details: unknown }[] = [];
  const calls: { call: string; body: unknown; key: string | undefined }[] = [];
  let failNext: GameCallError | null = null;

  const roundOf = (s: SolitaireState): RoundView => ({
    id: 'rd_1',
    game_id: 'klondike',
    currency: 'gold',
    bet: solitaireEngine.staked(s),
    win: solitaireEngine.won(s),
    status: solitaireEngine.finished(s) ? 'finished' : 'open',
    state: solitaireEngine.view(s),
    nonce: 1,
    server_seed_hash: 'ab'.repeat(32),
    client_seed: 'seed',
    created_at: '2026-11-22T12:00:00.000Z',
    finished_at: null,
    auto_completed: false,
  });
  const answer = (s: SolitaireState): RoundAnswer => ({
    round: roundOf(s),
    balances,
    post_bet_balances: balances,
  });
  const startState = (bet: number, noMovesBet = 0, redOrBlackBet = 0) =>
    solitaireEngine.start(
      {
        betMinor: bet,
        options: solitaireEngine.parseOptions({ noMovesBet, redOrBlackBet, testDeck: testDeck() }),
      },
      noFloats,
    );
  if (options.openRound) state = startState(100);

  const bridge: HostBridge = {
    init: {
      v: 1,
      type: 'init',
      game_id: 'klondike',
      currency: options.currency ?? 'gold',
      balances,
      online: true,
      reduced_motion: true,
      bet_steps: HOUSE_BET_STEPS,
    },
    call: vi.fn(async (call: string, body?: Record<string, unknown>, key?: string) => {
      calls.push({ call, body, key });
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      if (call === 'round.open')
        return { round: state && !solitaireEngine.finished(state) ? roundOf(state) : null };
      if (call === 'solitaire.purchase') {
        const b = body as { betValue: number; noMovesBet: number; redOrBlackBet: number };
        state = startState(b.betValue, b.noMovesBet, b.redOrBlackBet);
        return answer(state);
      }
      if (call === 'round.act' && state) {
        state = solitaireEngine.act(
          state,
          solitaireEngine.parseAction((body as { action: unknown }).action),
          noFloats,
        );
        return answer(state);
      }
      throw new Error(`unexpected call ${call}`);
    }) as HostBridge['call'],
    report: vi.fn((event, details) => {
      reports.push({ event, details });
    }),
    navigate: vi.fn(),
    onHostMessage: (l) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
  };
  return {
    bridge,
    reports,
    calls,
    failWith: (e: GameCallError) => {
      failNext = e;
    },
    /** A round opened elsewhere (another tab) from now on. */
    openElsewhere: () => {
      state = startState(100);
    },
    send: (m: HostToGameMessage) => act(() => listener?.(m)),
  };
}

// The machine running the suite may be busy: give asynchronous renders room.
configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('Klondike page', { timeout: 30_000 }, () => {
  it('deals with the chosen bet and side bet, and reports the purchase outcome', async () => {
    const host = fakeHost();
    render(<KlondikeApp bridge={host.bridge} />);
    await waitFor(() => expect((button('Deal') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button('Increase bet'));
    expect(screen.getByText('Bet 200 GC')).toBeTruthy();
    fireEvent.click(button('Red or black'));
    expect(button('Red or black').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Deal'));
    await screen.findByRole('button', { name: 'Ace of Hearts, waste' });
    const purchase = host.calls.find((c) => c.call === 'solitaire.purchase');
    expect(purchase?.body).toEqual({ betValue: 200, currency: 'gold', noMovesBet: 0, redOrBlackBet: 200 });
    expect(purchase?.key).toMatch(/^game-/);
    expect(host.reports).toContainEqual({
      event: 'purchase_outcome',
      details: { balances, currency: 'gold' },
    });
    // Face-down cards are counted, never named.
    expect(screen.getByText('6 face-down cards in column 7')).toBeTruthy();
    expect(button('King of Spades, column 1')).toBeTruthy();
    expect((button('Draw') as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers only stakes within the game's maximum: the bet and side bets together at most the top step", async () => {
    const host = fakeHost();
    render(<KlondikeApp bridge={host.bridge} />);
    await waitFor(() => expect((button('Deal') as HTMLButtonElement).disabled).toBe(false));
    const disabled = (name: string) => (button(name) as HTMLButtonElement).disabled;
    // 500 GC with both side bets is 1,500: fits; 1,000 with both (3,000) does not.
    fireEvent.click(button('Increase bet'));
    fireEvent.click(button('Increase bet'));
    expect(screen.getByText('Bet 500 GC')).toBeTruthy();
    fireEvent.click(button('No moves'));
    fireEvent.click(button('Red or black'));
    expect(disabled('Increase bet')).toBe(true);
    expect(screen.getByText(/together are at most 2,500 GC/)).toBeTruthy();
    // One side bet off: 1,000 with one side bet is 2,000, then the other side bet no longer fits.
    fireEvent.click(button('Red or black'));
    fireEvent.click(button('Increase bet'));
    expect(screen.getByText('Bet 1,000 GC')).toBeTruthy();
    expect(disabled('Increase bet')).toBe(true);
    expect(disabled('Red or black')).toBe(true);
    // No side bets: up to 2,500, where no side bet fits.
    fireEvent.click(button('No moves'));
    fireEvent.click(button('Increase bet'));
    expect(screen.getByText('Bet 2,500 GC')).toBeTruthy();
    expect(disabled('No moves')).toBe(true);
    expect(disabled('Red or black')).toBe(true);
    fireEvent.click(button('Deal'));
    await screen.findByRole('button', { name: 'Ace of Hearts, waste' });
    const purchase = host.calls.find((c) => c.call === 'solitaire.purchase');
    expect(purchase?.body).toEqual({ betValue: 2_500, currency: 'gold', noMovesBet: 0, redOrBlackBet: 0 });
  });

  it('resumes the open round on load, moves by keyboard (select, destination, Escape), draws and collects', async () => {
    const host = fakeHost({ openRound: true });
    render(<KlondikeApp bridge={host.bridge} />);
    const ace = await screen.findByRole('button', { name: 'Ace of Hearts, waste' });
    expect(screen.queryByRole('button', { name: 'Deal' })).toBeNull();

    // Select, then cancel with Escape.
    fireEvent.click(ace);
    expect(ace.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(ace, { key: 'Escape' });
    expect(ace.getAttribute('aria-pressed')).toBe('false');

    // Select the ace, then its foundation.
    fireEvent.click(ace);
    fireEvent.click(button('Hearts foundation'));
    await screen.findByRole('button', { name: 'Hearts foundation, Ace of Hearts on top' });
    expect(host.calls.at(-1)).toMatchObject({
      call: 'round.act',
      body: {
        round_id: 'rd_1',
        action: { type: 'move', from: { pile: 'waste' }, to: { pile: 'foundation-2' } },
      },
    });

    // A run: the queen of hearts onto the king of spades (select the card, then the column).
    fireEvent.click(button('Queen of Hearts, column 2'));
    fireEvent.click(button('Column 1'));
    await screen.findByRole('button', { name: 'Queen of Hearts, column 1' });

    fireEvent.click(button('Draw'));
    await waitFor(() =>
      expect(host.calls.at(-1)?.body).toEqual({ round_id: 'rd_1', action: { type: 'draw' } }),
    );

    fireEvent.click(button('Collect'));
    await screen.findByRole('button', { name: 'Deal' });
    const end = host.reports.find((r) => r.event === 'end_round');
    expect(end?.details).toEqual({ balances, win: 20, currency: 'gold' });
  });

  it('refuses an illegal move with the server message shown plainly', async () => {
    const host = fakeHost({ openRound: true });
    render(<KlondikeApp bridge={host.bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Five of Diamonds, column 4' }));
    host.failWith(new GameCallError(400, 'ILLEGAL_ACTION', 'That card does not go on that column', 'action'));
    fireEvent.click(button('Column 5'));
    expect((await screen.findByRole('alert')).textContent).toBe('That card does not go on that column');
  });

  it('brings in the round already open elsewhere when Deal is refused for it', async () => {
    const host = fakeHost();
    render(<KlondikeApp bridge={host.bridge} />);
    await waitFor(() => expect((button('Deal') as HTMLButtonElement).disabled).toBe(false));
    host.openElsewhere();
    host.failWith(new GameCallError(409, 'ROUND_ALREADY_OPEN', 'Finish your open game first.', null));
    fireEvent.click(button('Deal'));
    expect((await screen.findByRole('alert')).textContent).toBe('Finish your open game first.');
    await screen.findByRole('button', { name: 'Ace of Hearts, waste' });
    expect(host.calls.at(-1)?.call).toBe('round.open');
  });

  it('moves a card by dragging it onto a pile', async () => {
    const host = fakeHost({ openRound: true });
    render(<KlondikeApp bridge={host.bridge} />);
    const queen = await screen.findByRole('button', { name: 'Queen of Hearts, column 2' });
    const column1 = button('Column 1').closest<HTMLElement>('[data-pile]') as HTMLElement;
    const elementFromPoint = vi.fn(() => column1);
    Object.defineProperty(document, 'elementFromPoint', { value: elementFromPoint, configurable: true });
    fireEvent.pointerDown(queen, { pointerId: 1, button: 0, clientX: 100, clientY: 200 });
    fireEvent.pointerMove(queen, { pointerId: 1, clientX: 40, clientY: 150 });
    expect(queen.classList.contains('dragging')).toBe(true);
    fireEvent.pointerUp(queen, { pointerId: 1, clientX: 40, clientY: 150 });
    fireEvent.click(queen);
    await screen.findByRole('button', { name: 'Queen of Hearts, column 1' });
    expect(host.calls.at(-1)?.body).toEqual({
      round_id: 'rd_1',
      action: { type: 'move', from: { pile: 'tableau-1', index: 1 }, to: { pile: 'tableau-0' } },
    });
    expect(elementFromPoint).toHaveBeenCalledWith(40, 150);
  });

  it('answers a currency swap, shows the Sweeps steps, and waits while offline', async () => {
    const host = fakeHost();
    render(<KlondikeApp bridge={host.bridge} />);
    await waitFor(() => expect((button('Deal') as HTMLButtonElement).disabled).toBe(false));
    await host.send({ v: 1, type: 'currency_swap', currency: 'sweeps' });
    expect(host.reports).toContainEqual({ event: 'currency_swap_success', details: { currency: 'sweeps' } });
    expect(screen.getByText('Bet 0.20 SC')).toBeTruthy();
    fireEvent.click(button('Increase bet'));
    expect(screen.getByText('Bet 0.50 SC')).toBeTruthy();
    await host.send({ v: 1, type: 'connectivity', online: false });
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    expect((button('Deal') as HTMLButtonElement).disabled).toBe(true);
    await host.send({ v: 1, type: 'connectivity', online: true });
    expect((button('Deal') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });
});
