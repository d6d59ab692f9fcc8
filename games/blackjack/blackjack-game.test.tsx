import { clearPendingActions } from '../../src/lib/pending-actions.ts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Currency } from '../../src/contract/currency.ts';
import type { RoundAnswer, RoundView } from '../../src/contract/games.ts';
import type { GameCall, GameEvent, HostToGameMessage } from '../../src/contract/game-messages.ts';
import type { Balances } from '../../src/contract/schemas.ts';
import { blackjackEngine as engine, type BlackjackState } from '../engines/blackjack.ts';
import { FRESH_DECK, type Card } from '../engines/cards.ts';
import type { Floats } from '../engines/types.ts';
import { GameCallError, type HostBridge } from '../shared/host-bridge.ts';
import { BlackjackGame } from './blackjack-game.tsx';
import { HOUSE_BET_STEPS } from '../../src/test-support/game-fixtures.ts';

afterEach(cleanup);

const dealing =
  (cards: readonly Card[]): Floats =>
  (index) =>
    (FRESH_DECK.indexOf(cards[index] as Card) + 0.5) / 52;

const balances = (gold: number, sweeps = 10): Balances => ({
  balance_paid_ghc: sweeps,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: sweeps,
  balance_total_gld: gold,
});

interface Call {
  call: GameCall;
  body: Record<string, unknown> | undefined;
  key: string | undefined;
}

/**
 * A host that answers like the server: it runs the real engine on a fixed deck, keeps a Gold
 * balance, and records every call, report and navigation the game makes.
 */
function fakeHost(options: { decks?: Card[][]; currency?: Currency; online?: boolean; open?: Card[] } = {}) {
  const decks = (options.decks ?? []).slice();
  const calls: Call[] = [];
  const reports: { event: GameEvent; details: Record<string, unknown> }[] = [];
  const navigations: string[] = [];
  const listeners = new Set<(message: HostToGameMessage) => void>();
  let gold = 10_000;
  let round: { id: string; currency: Currency; state: BlackjackState; floats: Floats } | null = null;
  let failNext: GameCallError | null = null;
  // As the server: an answer is stored per idempotency key and replayed for the same key.
  const byKey = new Map<string, unknown>();
  let loseNextAnswer = false;
  let rounds = 0;
  const display = (minor: number, currency: Currency) => (currency === 'sweeps' ? minor / 100 : minor);

  const roundView = (): RoundView => {
    if (!round) throw new Error('no round');
    const finished = engine.finished(round.state);
    return {
      id: round.id,
      game_id: 'blackjack',
      currency: round.currency,
      bet: display(engine.staked(round.state), round.currency),
      win: display(engine.won(round.state), round.currency),
      status: finished ? 'finished' : 'open',
      state: engine.view(round.state),
      nonce: rounds,
      server_seed_hash: 'a'.repeat(64),
      client_seed: 'client',
      created_at: '2026-11-22T00:00:00Z',
      finished_at: finished ? '2026-11-22T00:00:01Z' : null,
      auto_completed: false,
    };
  };
  const answer = (stakedBefore: number): RoundAnswer => {
    if (!round) throw new Error('no round');
    const stakeNow = engine.staked(round.state) - stakedBefore;
    gold -= stakeNow;
    const postBet = balances(gold);
    if (engine.finished(round.state)) gold += engine.won(round.state);
    return { round: roundView(), balances: balances(gold), post_bet_balances: postBet };
  };

  const startRound = (cards: Card[], betMinor: number, currency: Currency) => {
    const floats = dealing(cards);
    rounds += 1;
    round = {
      id: `round-${rounds}`,
      currency,
      state: engine.start({ betMinor, options: {} }, floats),
      floats,
    };
  };
  if (options.open) {
    startRound(options.open, 100, 'gold');
    gold -= 100;
  }

  const handle = (call: GameCall, body: Record<string, unknown> = {}): unknown => {
    if (call === 'round.open') return { round: round && !engine.finished(round.state) ? roundView() : null };
    if (call === 'round.start') {
      const currency = body.currency as Currency;
      const betValue = body.betValue as number;
      const betMinor = currency === 'sweeps' ? Math.round(betValue * 100) : betValue;
      startRound(decks.shift() ?? [], betMinor, currency);
      return answer(0);
    }
    if (call === 'rounds.recent') return { results: round ? [{ ...roundView(), actions: [] }] : [] };
    if (call === 'round.act') {
      if (!round || body.round_id !== round.id)
        throw new GameCallError(404, 'ROUND_NOT_FOUND', 'No such round', null);
      if (engine.finished(round.state))
        throw new GameCallError(409, 'ROUND_FINISHED', 'This round is already finished.', null);
      const before = engine.staked(round.state);
      round.state = engine.act(round.state, engine.parseAction(body.action), round.floats);
      return answer(before);
    }
    throw new Error(`unexpected call ${call}`);
  };

  const bridge: HostBridge = {
    init: {
      v: 1,
      type: 'init',
      game_id: 'blackjack',
      currency: options.currency ?? 'gold',
      balances: balances(gold),
      online: options.online ?? true,
      reduced_motion: true,
      bet_steps: HOUSE_BET_STEPS,
    },
    call<T>(call: GameCall, body?: Record<string, unknown>, key?: string): Promise<T> {
      calls.push({ call, body, key });
      if (failNext) {
        const error = failNext;
        failNext = null;
        return Promise.reject(error);
      }
      try {
        if (key && byKey.has(key)) return Promise.resolve(byKey.get(key) as T);
        const answered = handle(call, body);
        if (key) byKey.set(key, answered);
        if (loseNextAnswer) {
          // The server did the work; its answer never arrives.
          loseNextAnswer = false;
          return Promise.reject(new GameCallError(0, 'NETWORK_ERROR', 'The request failed.', null));
        }
        return Promise.resolve(answered as T);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    report(event, details = {}) {
      reports.push({ event, details });
    },
    navigate(to) {
      navigations.push(to);
    },
    onHostMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    bridge,
    calls,
    reports,
    navigations,
    events: () => reports.map((r) => r.event),
    /** Another tab of the same player opened a hand. */
    startElsewhere(cards: Card[]) {
      startRound(cards, 100, 'gold');
    },
    failNextCall(error: GameCallError) {
      failNext = error;
    },
    loseNextAnswer() {
      loseNextAnswer = true;
    },
    send(message: HostToGameMessage) {
      act(() => {
        for (const listener of listeners) listener(message);
      });
    },
  };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The table's announcement line (the bet's <output> is a status too). */
const statusLine = () => {
  const line = screen.getAllByRole('status').find((element) => element.tagName === 'P');
  if (!line) throw new Error('no status line');
  return line;
};
const press = async (name: string) => {
  await waitFor(() => expect(button(name).disabled).toBe(false));
  await act(async () => {
    fireEvent.click(button(name));
  });
};

describe('blackjack game page', () => {
  it('resumes an open hand on load, showing the up card and a face-down hole card only', async () => {
    const host = fakeHost({ open: ['9C', '6D', '5H', 'QS', '3C', 'TD'] });
    render(<BlackjackGame bridge={host.bridge} />);
    const hand = await screen.findByRole('region', { name: 'Your hand' });
    expect(within(hand).getByRole('img', { name: 'Nine of Clubs' })).toBeTruthy();
    expect(within(hand).getByRole('img', { name: 'Five of Hearts' })).toBeTruthy();
    const dealer = screen.getByRole('region', { name: 'Dealer' });
    expect(within(dealer).getByRole('img', { name: 'Six of Diamonds' })).toBeTruthy();
    expect(within(dealer).getByRole('img', { name: 'Face-down card' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Queen of Spades' })).toBeNull();
    expect(host.calls[0]?.call).toBe('round.open');
    expect(statusLine().textContent).toContain("Your hand: 14 against the dealer's Six of Diamonds.");
    expect(button('Split').disabled).toBe(true);
    await press('Hit');
    expect(host.calls.at(-1)).toMatchObject({
      call: 'round.act',
      body: { round_id: 'round-1', action: { type: 'hit' } },
    });
    expect(host.events()).toEqual(['blackjack_hit']);
  });

  it('deals, hits and stands: calls round.start and round.act with fresh keys and reports each event', async () => {
    const host = fakeHost({ decks: [['9C', '6D', '2H', 'TS', '3C', '9D']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    const start = host.calls.find((c) => c.call === 'round.start');
    expect(start?.body).toEqual({ betValue: 100, currency: 'gold' });
    expect(start?.key).toMatch(/^game-/);
    expect(host.reports[0]).toEqual({
      event: 'blackjack_initial_bet',
      details: { balances: balances(9_900), post_bet_balances: balances(9_900), currency: 'gold' },
    });
    await press('Hit');
    await press('Stand');
    const acts = host.calls.filter((c) => c.call === 'round.act');
    expect(acts.map((c) => c.body?.action)).toEqual([{ type: 'hit' }, { type: 'stand' }]);
    expect(new Set([start?.key, ...acts.map((c) => c.key)]).size).toBe(3);
    expect(host.events()).toEqual([
      'blackjack_initial_bet',
      'blackjack_hit',
      'blackjack_stand',
      'blackjack_game_end',
    ]);
    // 9 + 2 + 3 = 14 against 6 + T + 9 = 25: the dealer busts and the hand wins 200.
    expect(host.reports.at(-1)).toEqual({
      event: 'blackjack_game_end',
      details: { balances: balances(10_100), win: 200, currency: 'gold' },
    });
    expect(statusLine().textContent).toContain('Dealer busts. You win 200 GC.');
    expect(
      within(screen.getByRole('region', { name: 'Dealer' })).getByRole('img', { name: 'Ten of Spades' }),
    ).toBeTruthy();
    expect(button('Deal').disabled).toBe(false);
  });

  it('offers insurance with an ace up and reports the insurance outcome', async () => {
    const host = fakeHost({ decks: [['9C', 'AD', '8H', '7S']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    expect(statusLine().textContent).toContain('Insurance costs 50 GC');
    expect(screen.queryByRole('button', { name: 'Hit' })).toBeNull();
    await press('No insurance');
    expect(host.calls.at(-1)?.body).toEqual({
      round_id: 'round-1',
      action: { type: 'insurance', take: false },
    });
    expect(host.events()).toEqual(['blackjack_initial_bet', 'blackjack_insurance_outcome']);
    expect(button('Hit').disabled).toBe(false);
  });

  it('takes insurance: a dealer blackjack ends the hand with the insurance paid', async () => {
    const host = fakeHost({ decks: [['9C', 'AD', '8H', 'KS']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    await press('Insurance');
    expect(host.events()).toEqual([
      'blackjack_initial_bet',
      'blackjack_insurance_outcome',
      'blackjack_game_end',
    ]);
    expect(host.reports.at(-1)?.details.win).toBe(150);
    expect(statusLine().textContent).toBe('Dealer has 21. Insurance pays 150 GC. 150 GC back.');
  });

  it('split and double after split report their events; double carries the post-bet balances', async () => {
    const host = fakeHost({ decks: [['8C', '6D', '8H', 'TS', '3C', 'TH', '2D', 'TC']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    await press('Split');
    expect(screen.getByRole('region', { name: 'Your hand 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your hand 2' })).toBeTruthy();
    await press('Double');
    const double = host.reports.find((r) => r.event === 'blackjack_double_down');
    expect(double?.details.post_bet_balances).toEqual(balances(9_700));
    await press('Stand');
    expect(host.events()).toEqual([
      'blackjack_initial_bet',
      'blackjack_split_outcome',
      'blackjack_double_down',
      'blackjack_stand',
      'blackjack_game_end',
    ]);
  });

  it('surrender ends the hand with half the bet back', async () => {
    const host = fakeHost({ decks: [['TC', 'TD', '6H', '7S']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    await press('Surrender');
    expect(host.events()).toEqual(['blackjack_initial_bet', 'blackjack_game_end']);
    expect(host.reports.at(-1)?.details.win).toBe(50);
    expect(statusLine().textContent).toContain('50 GC back');
  });

  it('steps the bet and follows a currency swap for the next hand', async () => {
    const host = fakeHost({ decks: [['AC', '9D', 'KH', '7S']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await waitFor(() => expect(button('Deal').disabled).toBe(false));
    expect(button('Decrease bet').disabled).toBe(true);
    fireEvent.click(button('Increase bet'));
    expect(screen.getByText('200 GC')).toBeTruthy();
    host.send({ v: 1, type: 'currency_swap', currency: 'sweeps' });
    expect(host.reports.at(-1)).toEqual({ event: 'currency_swap_success', details: { currency: 'sweeps' } });
    expect(screen.getByText('0.50 SC')).toBeTruthy();
    await press('Deal');
    expect(host.calls.at(-1)?.body).toEqual({ betValue: 0.5, currency: 'sweeps' });
    // A blackjack is settled at once: initial bet and game end together.
    expect(host.events().slice(-2)).toEqual(['blackjack_initial_bet', 'blackjack_game_end']);
    expect(host.reports.at(-1)?.details).toMatchObject({ win: 1.25, currency: 'sweeps' });
  });

  it('shows an insufficient balance plainly with a Buy coins button', async () => {
    const host = fakeHost();
    render(<BlackjackGame bridge={host.bridge} />);
    await waitFor(() => expect(button('Deal').disabled).toBe(false));
    host.failNextCall(
      new GameCallError(402, 'INSUFFICIENT_BALANCE', 'Your Gold Coin balance is too low for this bet.', null),
    );
    await press('Deal');
    expect(screen.getByRole('alert').textContent).toContain(
      'Your Gold Coin balance is too low for this bet.',
    );
    fireEvent.click(button('Buy coins'));
    expect(host.navigations).toEqual(['buy_coins']);
    expect(host.reports).toEqual([]);
  });

  it('a hand already open elsewhere is shown to finish when Deal is refused with ROUND_ALREADY_OPEN', async () => {
    const host = fakeHost();
    render(<BlackjackGame bridge={host.bridge} />);
    await waitFor(() => expect(button('Deal').disabled).toBe(false));
    host.startElsewhere(['9C', '6D', '5H', 'QS', '3C', 'TD']);
    host.failNextCall(new GameCallError(409, 'ROUND_ALREADY_OPEN', 'Finish the hand in play first.', null));
    await press('Deal');
    expect(screen.getByRole('alert').textContent).toContain('Finish the hand in play first.');
    expect(host.calls.map((c) => c.call)).toEqual(['round.open', 'round.start', 'round.open']);
    await waitFor(() => expect(button('Hit').disabled).toBe(false));
    expect(screen.getByRole('img', { name: 'Nine of Clubs' })).toBeTruthy();
  });

  it('disables play offline and says why, and enables it again when back online', async () => {
    const host = fakeHost({ online: false });
    render(<BlackjackGame bridge={host.bridge} />);
    await waitFor(() => expect(statusLine().textContent).toContain('You are offline'));
    expect(button('Deal').disabled).toBe(true);
    host.send({ v: 1, type: 'connectivity', online: true });
    await waitFor(() => expect(button('Deal').disabled).toBe(false));
  });

  it('a move lost on the network is tried again with the same idempotency key', async () => {
    const host = fakeHost({ decks: [['9C', '6D', '2H', 'TS', '3C', '9D']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    host.failNextCall(new GameCallError(0, 'NETWORK_ERROR', 'The request failed.', null));
    await press('Hit');
    expect(screen.getByRole('alert').textContent).toContain('The request failed.');
    await press('Try again');
    const hits = host.calls.filter((c) => c.call === 'round.act');
    expect(hits).toHaveLength(2);
    expect(hits[0]?.key).toBe(hits[1]?.key);
    expect(host.events()).toEqual(['blackjack_initial_bet', 'blackjack_hit']);
  });

  it('the answer to Stand is lost and Stand is pressed again: the same key, and the outcome of the hand shows', async () => {
    const host = fakeHost({ decks: [['9C', '6D', '2H', 'TS', '3C', '9D']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    host.loseNextAnswer();
    await press('Stand');
    expect(screen.getByRole('alert').textContent).toContain('The request failed.');
    expect(button('Try again').disabled).toBe(false);
    await press('Stand');
    const stands = host.calls.filter((c) => c.call === 'round.act');
    expect(stands).toHaveLength(2);
    expect(stands[1]?.key).toBe(stands[0]?.key);
    await waitFor(() => expect(statusLine().textContent).toMatch(/Dealer (has \d+|busts)\./));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stand' })).toBeNull();
    expect(button('Deal').disabled).toBe(false);
    expect(host.events()).toEqual(['blackjack_initial_bet', 'blackjack_stand', 'blackjack_game_end']);
  });

  it('a hand the server says is already finished is read back and shown with its outcome, never left on Hit and Stand', async () => {
    const host = fakeHost({ decks: [['9C', '6D', '2H', 'TS', '3C', '9D']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await press('Deal');
    host.loseNextAnswer();
    await press('Stand');
    // The kept key is gone (another device's storage, a cleared site): Stand goes with a new key.
    await clearPendingActions();
    await press('Stand');
    await waitFor(() => expect(statusLine().textContent).toMatch(/Dealer (has \d+|busts)\./));
    expect(host.calls.map((c) => c.call)).toContain('rounds.recent');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stand' })).toBeNull();
    expect(button('Deal').disabled).toBe(false);
    expect(host.events().at(-1)).toBe('blackjack_game_end');
  });

  it('a burst of presses sends one call: five Deal clicks at once, then five Hit clicks at once', async () => {
    const host = fakeHost({ decks: [['9C', '6D', '2H', 'TS', '3C', '9D']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await waitFor(() => expect(button('Deal').disabled).toBe(false));
    const deal = button('Deal');
    await act(async () => {
      for (let i = 0; i < 5; i++) fireEvent.click(deal);
    });
    expect(host.calls.filter((c) => c.call === 'round.start')).toHaveLength(1);
    await waitFor(() => expect(button('Hit').disabled).toBe(false));
    const hit = button('Hit');
    await act(async () => {
      for (let i = 0; i < 5; i++) fireEvent.click(hit);
    });
    expect(host.calls.filter((c) => c.call === 'round.act')).toHaveLength(1);
    expect(host.events()).toEqual(['blackjack_initial_bet', 'blackjack_hit']);
  });

  it('keeps keyboard focus on a usable control after each move, and takes none on load', async () => {
    const host = fakeHost({ decks: [['9C', '6D', '2H', 'TS', '3C', '9D']] });
    render(<BlackjackGame bridge={host.bridge} />);
    await waitFor(() => expect(button('Deal').disabled).toBe(false));
    expect(document.activeElement).toBe(document.body);
    await press('Deal');
    await waitFor(() => expect(document.activeElement).toBe(button('Hit')));
  });
});
