import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameToHostMessage } from '../../src/contract/game-messages.ts';
import type { RoundView } from '../../src/contract/games.ts';
import type { Balances } from '../../src/contract/schemas.ts';
import type { VideoPokerView } from '../engines/video-poker.ts';
import { connectToHost } from '../shared/host-bridge.ts';
import { VideoPokerApp } from './video-poker-app.tsx';
import { HOUSE_BET_STEPS } from '../../src/test-support/game-fixtures.ts';

type Answer =
  { ok: boolean; status: number; body: unknown } | Promise<{ ok: boolean; status: number; body: unknown }>;
type Request = Extract<GameToHostMessage, { type: 'request' }>;

const balances = (gold: number): Balances => ({
  balance_paid_ghc: 0,
  balance_free_ghc: 10,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 10,
  balance_total_gld: gold,
});

function dealtView(cards: string[], over: Partial<VideoPokerView> = {}): VideoPokerView {
  return {
    phase: 'dealt',
    coins: 1,
    cards,
    held: [false, false, false, false, false],
    hand: null,
    hand_name: null,
    pay: 0,
    allowed_actions: ['draw'],
    ...over,
  };
}

function roundView(state: VideoPokerView, over: Partial<RoundView> = {}): RoundView {
  return {
    id: 'rd_1',
    game_id: 'jacks-or-better',
    currency: 'gold',
    bet: 100,
    win: 0,
    status: state.phase === 'dealt' ? 'open' : 'finished',
    state,
    nonce: 3,
    server_seed_hash: 'ab'.repeat(32),
    client_seed: 'seed',
    created_at: '2026-11-22T14:00:00.000Z',
    finished_at: null,
    auto_completed: false,
    ...over,
  };
}

const DEALT = ['JS', 'JD', '4H', '8C', '2D'];

/**
 * A fake host in the same window (jsdom: window.parent === window): it hears what the game posts
 * (postMessage is spied) and answers with MessageEvents from the parent at the app's origin.
 */
class FakeHost {
  requests: Request[] = [];
  sent: GameToHostMessage[] = [];
  handlers: Partial<Record<string, (request: Request) => Answer>> = {
    'round.open': () => ({ ok: true, status: 200, body: { round: null } }),
  };

  constructor() {
    vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
      const m = message as GameToHostMessage;
      this.sent.push(m);
      if (m.type === 'iframe_loaded') this.send(this.init);
      if (m.type === 'request') {
        this.requests.push(m);
        const handler = this.handlers[m.call];
        if (!handler) throw new Error(`No fake answer for ${m.call}`);
        void Promise.resolve(handler(m)).then((answer) =>
          this.send({ v: 1, type: 'response', id: m.id, ...answer }),
        );
      }
    });
  }

  init = {
    v: 1,
    type: 'init',
    game_id: 'jacks-or-better',
    currency: 'gold',
    balances: balances(5000),
    online: true,
    reduced_motion: true,
    bet_steps: HOUSE_BET_STEPS,
  };

  send(data: unknown): void {
    setTimeout(() =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data, origin: window.location.origin, source: window }),
        );
      }),
    );
  }

  events(): Extract<GameToHostMessage, { type: 'event' }>[] {
    return this.sent.filter((m): m is Extract<GameToHostMessage, { type: 'event' }> => m.type === 'event');
  }

  calls(name: string): Request[] {
    return this.requests.filter((r) => r.call === name);
  }
}

let host: FakeHost;

// Each test renders and waits on several message round trips; a shared machine can be slow.
vi.setConfig({ testTimeout: 20_000 });

async function startGame(): Promise<void> {
  const bridge = await connectToHost(window);
  render(<VideoPokerApp bridge={bridge} />);
  await waitFor(() => expect(host.calls('round.open').length).toBeGreaterThan(0));
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const status = () => screen.getByRole('status');

beforeEach(() => {
  host = new FakeHost();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Jacks or Better page', () => {
  it('plays a round: Deal places the bet, holds toggle, Draw sends the holds and reports the win', async () => {
    host.handlers['round.start'] = () => ({
      ok: true,
      status: 200,
      body: {
        round: roundView(dealtView(DEALT, { hand: 'jacks_or_better', hand_name: 'Jacks or Better', pay: 1 })),
        balances: balances(4900),
        post_bet_balances: balances(4900),
      },
    });
    host.handlers['round.act'] = () => ({
      ok: true,
      status: 200,
      body: {
        round: roundView(
          {
            ...dealtView(['JS', 'JD', 'JH', '9C', '3S'], {
              hand: 'three_of_a_kind',
              hand_name: 'Three of a Kind',
            }),
            phase: 'drawn',
            held: [true, true, false, false, false],
            pay: 3,
            allowed_actions: [],
          },
          { status: 'finished', win: 300 },
        ),
        balances: balances(5200),
        post_bet_balances: balances(4900),
      },
    });
    await startGame();
    await waitFor(() => expect(status().textContent).toBe('Choose your bet and press Deal.'));
    expect(screen.queryByRole('button', { name: /^Hold / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Draw' })).toBeNull();

    fireEvent.click(button('Deal'));
    await waitFor(() => expect(button('Hold Jack of Spades')).toBeTruthy());
    const start = host.calls('round.start')[0]!;
    expect(start.body).toEqual({ betValue: 100, currency: 'gold', options: { coins: 1 } });
    expect(start.idempotency_key).toMatch(/^game-/);
    expect(host.events()).toContainEqual({
      v: 1,
      type: 'event',
      event: 'video_poker_deal',
      balances: balances(4900),
      currency: 'gold',
    });
    expect(status().textContent).toBe('Dealt: Jacks or Better. Choose the cards to hold, then press Draw.');
    expect(button('Decrease bet')).toHaveProperty('disabled', true);
    expect(button('Increase bet')).toHaveProperty('disabled', true);

    const jackOfSpades = button('Hold Jack of Spades');
    expect(jackOfSpades.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(jackOfSpades);
    fireEvent.click(button('Hold Jack of Diamonds'));
    fireEvent.click(button('Hold Four of Hearts'));
    fireEvent.click(button('Hold Four of Hearts'));
    expect(jackOfSpades.getAttribute('aria-pressed')).toBe('true');
    expect(button('Hold Four of Hearts').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(button('Draw'));
    await waitFor(() =>
      expect(status().textContent).toBe('Three of a Kind! You win 300 GC. Press Deal to play again.'),
    );
    const draw = host.calls('round.act')[0]!;
    expect(draw.body).toEqual({
      round_id: 'rd_1',
      action: { type: 'draw', hold: [true, true, false, false, false] },
    });
    expect(draw.idempotency_key).not.toBe(start.idempotency_key);
    expect(host.events()).toContainEqual({
      v: 1,
      type: 'event',
      event: 'video_poker_draw',
      balances: balances(5200),
      win: 300,
      currency: 'gold',
    });
    // The final hand is shown, holds are fixed, the pay table highlights the line made.
    expect(button('Hold Jack of Hearts')).toHaveProperty('disabled', true);
    const winning = screen.getByRole('row', { current: true });
    expect(within(winning).getByRole('rowheader').textContent).toBe('Three of a Kind (your hand)');
    expect(
      within(winning)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3×', '300 GC']);
    expect(button('Deal')).toHaveProperty('disabled', false);
  });

  it('resumes an open deal exactly where it was, with its bet, and draws it', async () => {
    host.handlers['round.open'] = () => ({
      ok: true,
      status: 200,
      body: {
        round: roundView(dealtView(['AS', 'KS', 'QS', 'JS', '3D'], { coins: 5 }), { id: 'rd_7', bet: 2500 }),
      },
    });
    host.handlers['round.act'] = () => new Promise(() => {});
    await startGame();
    await waitFor(() =>
      expect(status().textContent).toBe(
        'Your unfinished hand is back. Choose the cards to hold, then press Draw.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Deal' })).toBeNull();
    expect(screen.getByText(/Bet 2,500 GC/).textContent).toContain('5 coins (max bet)');
    expect(screen.getByRole('row', { name: /Royal Flush/ }).textContent).toContain('800×');
    fireEvent.click(button('Hold Ace of Spades'));
    fireEvent.click(button('Draw'));
    await waitFor(() => expect(host.calls('round.act')).toHaveLength(1));
    expect(host.calls('round.act')[0]!.body).toMatchObject({ round_id: 'rd_7' });
    // While the draw is in flight nothing else can be pressed.
    expect(button('Draw')).toHaveProperty('disabled', true);
    expect(button('Hold Ace of Spades')).toHaveProperty('disabled', true);
  });

  it('steps the bet over the five coins, and five coins is the top step', async () => {
    host.handlers['round.start'] = () => new Promise(() => {});
    await startGame();
    await waitFor(() => expect(button('Deal')).toHaveProperty('disabled', false));
    expect(button('Decrease bet')).toHaveProperty('disabled', true);
    for (let i = 0; i < 4; i++) fireEvent.click(button('Increase bet'));
    expect(button('Increase bet')).toHaveProperty('disabled', true);
    expect(screen.getByText(/Bet 2,500 GC/)).toBeTruthy();
    fireEvent.click(button('Decrease bet'));
    fireEvent.click(button('Increase bet'));
    fireEvent.click(button('Deal'));
    await waitFor(() => expect(host.calls('round.start')).toHaveLength(1));
    expect(host.calls('round.start')[0]!.body).toEqual({
      betValue: 2500,
      currency: 'gold',
      options: { coins: 5 },
    });
    // A second press while the deal is in flight sends nothing.
    fireEvent.click(button('Deal'));
    expect(host.calls('round.start')).toHaveLength(1);
  });

  it('shows a refusal plainly; not enough coins offers Buy coins, which asks the host for the store', async () => {
    host.handlers['round.start'] = () => ({
      ok: false,
      status: 402,
      body: {
        code: 'INSUFFICIENT_BALANCE',
        message: 'Not enough Gold Coins for this bet.',
        field: 'betValue',
      },
    });
    await startGame();
    await waitFor(() => expect(button('Deal')).toHaveProperty('disabled', false));
    fireEvent.click(button('Deal'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not enough Gold Coins for this bet. (INSUFFICIENT_BALANCE)');
    fireEvent.click(within(alert).getByRole('button', { name: 'Buy coins' }));
    expect(host.sent).toContainEqual({ v: 1, type: 'navigate', to: 'buy_coins' });
    expect(status().textContent).toBe('Choose your bet and press Deal.');
    expect(host.events().filter((e) => e.event === 'video_poker_deal')).toEqual([]);
  });

  it('retries a deal whose answer was lost with the same key, and a refused one with a new key', async () => {
    let answers = [
      { ok: false, status: 0, body: null },
      {
        ok: false,
        status: 400,
        body: { code: 'BET_OUT_OF_RANGE', message: 'Bet out of range.', field: 'betValue' },
      },
      {
        ok: true,
        status: 200,
        body: { round: roundView(dealtView(DEALT)), balances: balances(1), post_bet_balances: balances(1) },
      },
    ];
    host.handlers['round.start'] = () => {
      const [first, ...rest] = answers;
      answers = rest;
      return first!;
    };
    await startGame();
    await waitFor(() => expect(button('Deal')).toHaveProperty('disabled', false));
    fireEvent.click(button('Deal'));
    await screen.findByText(/NETWORK_ERROR/);
    fireEvent.click(button('Deal'));
    await screen.findByText(/BET_OUT_OF_RANGE/);
    fireEvent.click(button('Deal'));
    await waitFor(() => expect(button('Draw')).toBeTruthy());
    const keys = host.calls('round.start').map((r) => r.idempotency_key);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('resumes instead of dealing when the server says a deal is already open', async () => {
    let opens = 0;
    host.handlers['round.open'] = () => ({
      ok: true,
      status: 200,
      body: { round: opens++ === 0 ? null : roundView(dealtView(DEALT), { id: 'rd_open' }) },
    });
    host.handlers['round.start'] = () => ({
      ok: false,
      status: 409,
      body: { code: 'ROUND_ALREADY_OPEN', message: 'Finish the open hand first.', field: null },
    });
    await startGame();
    await waitFor(() => expect(button('Deal')).toHaveProperty('disabled', false));
    fireEvent.click(button('Deal'));
    await waitFor(() => expect(button('Hold Jack of Spades')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('swaps the currency for the next deal when the host says so, and answers currency_swap_success', async () => {
    host.handlers['round.start'] = () => new Promise(() => {});
    await startGame();
    await waitFor(() => expect(button('Deal')).toHaveProperty('disabled', false));
    host.send({ v: 1, type: 'currency_swap', currency: 'sweeps' });
    await screen.findByText('Playing with Sweeps Coins');
    expect(host.events()).toContainEqual({
      v: 1,
      type: 'event',
      event: 'currency_swap_success',
      currency: 'sweeps',
    });
    expect(screen.getByText(/Bet 0.20 SC/)).toBeTruthy();
    fireEvent.click(button('Deal'));
    await waitFor(() => expect(host.calls('round.start')).toHaveLength(1));
    expect(host.calls('round.start')[0]!.body).toEqual({
      betValue: 0.2,
      currency: 'sweeps',
      options: { coins: 1 },
    });
  });

  it('disables Deal and Draw offline with a clear message, and enables them when back online', async () => {
    host.handlers['round.open'] = () => ({
      ok: true,
      status: 200,
      body: { round: roundView(dealtView(DEALT)) },
    });
    await startGame();
    await waitFor(() => expect(button('Draw')).toHaveProperty('disabled', false));
    host.send({ v: 1, type: 'connectivity', online: false });
    await waitFor(() => expect(button('Draw')).toHaveProperty('disabled', true));
    expect(screen.getByRole('alert').textContent).toContain('You are offline');
    expect(button('Hold Jack of Spades')).toHaveProperty('disabled', true);
    host.send({ v: 1, type: 'connectivity', online: true });
    await waitFor(() => expect(button('Draw')).toHaveProperty('disabled', false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores messages from another origin', async () => {
    await startGame();
    await waitFor(() => expect(button('Deal')).toHaveProperty('disabled', false));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { v: 1, type: 'connectivity', online: false },
          origin: 'https://evil.example',
          source: window,
        }),
      );
    });
    expect(button('Deal')).toHaveProperty('disabled', false);
  });
});
