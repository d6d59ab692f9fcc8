import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_EVENTS, GAME_EVENT_RULES, type GameEvent } from '../contract/game-messages.ts';
import { HOUSE_GAME_IDS } from '../contract/games.ts';
import { resetStore, store } from './store.ts';
import { demoBalances } from './test-fixtures.ts';
import { cancelDelayedBalances, setBalances } from './balances-actions.ts';
import { setSwitchingDisabled } from './currency-actions.ts';
import {
  applyGameEvent,
  applyGameFrameLoaded,
  leaveGamePage,
  noteGameRound,
  resetGameEventState,
} from './game-event-actions.ts';

const shown = demoBalances({ balance_total_gld: 1_000 });
const postBet = demoBalances({ balance_total_gld: 990 });
const final = demoBalances({ balance_total_gld: 1_050 });

beforeEach(() => {
  resetStore();
  resetGameEventState();
  vi.useFakeTimers();
  setBalances(shown);
});
afterEach(() => {
  cancelDelayedBalances();
  resetGameEventState();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('GAME_EVENT_RULES applied to currency switching', () => {
  const cases = GAME_EVENTS.map((event) => [event, GAME_EVENT_RULES[event].switching] as const);

  it.each(cases)('%s: switching effect %s', (event: GameEvent, effect) => {
    // From enabled and from disabled, so both directions of every rule are seen.
    for (const startDisabled of [false, true]) {
      resetGameEventState();
      if (startDisabled) applyGameEvent({ event: 'purchase_outcome' });
      else setSwitchingDisabled(false);
      applyGameEvent({ event });
      if (effect === 'disable') expect(store.currency.switchingDisabled).toBe(true);
      else if (effect === 'enable') expect(store.currency.switchingDisabled).toBe(false);
      else if (effect === null) expect(store.currency.switchingDisabled).toBe(startDisabled);
      else {
        // enable_after_draw_delay: still as it was until the 3 s have passed.
        expect(store.currency.switchingDisabled).toBe(startDisabled);
        vi.advanceTimersByTime(2_999);
        expect(store.currency.switchingDisabled).toBe(startDisabled);
        vi.advanceTimersByTime(1);
        expect(store.currency.switchingDisabled).toBe(false);
      }
    }
  });

  it('a deal after a draw cancels the pending re-enable (the new hand keeps switching off)', () => {
    applyGameEvent({ event: 'video_poker_deal' });
    applyGameEvent({ event: 'video_poker_draw' });
    vi.advanceTimersByTime(1_000);
    applyGameEvent({ event: 'video_poker_deal' });
    vi.advanceTimersByTime(5_000);
    expect(store.currency.switchingDisabled).toBe(true);
  });
});

describe('GAME_EVENT_RULES applied to the balances', () => {
  const cases = GAME_EVENTS.map(
    (event) => [event, GAME_EVENT_RULES[event].balances, GAME_EVENT_RULES[event].postBet] as const,
  );

  it.each(cases)('%s: balances %s, post-bet %s', (event, effect, postBetRule) => {
    applyGameEvent({ event, balances: final, post_bet_balances: postBet });
    if (effect === null && (event === 'end_round' || event === 'blackjack_game_end')) {
      // A round's end not shown by an earlier event: its final balances after the animation.
      expect(store.balances.current?.balance_total_gld).toBe(1_000);
      expect(store.balances.delayed?.balance_total_gld).toBe(1_050);
      vi.advanceTimersByTime(1_200);
      expect(store.balances.current?.balance_total_gld).toBe(1_050);
      return;
    }
    if (effect === null) {
      expect(store.balances.current?.balance_total_gld).toBe(1_000);
      expect(store.balances.delayed).toBeNull();
      return;
    }
    if (effect === 'immediate') {
      expect(store.balances.current?.balance_total_gld).toBe(1_050);
      expect(store.balances.delayed).toBeNull();
      return;
    }
    // Delayed: the post-bet balances (or the ones showing) now, the final ones with the animation.
    expect(store.balances.current?.balance_total_gld).toBe(postBetRule ? 990 : 1_000);
    expect(store.balances.delayed?.balance_total_gld).toBe(1_050);
    vi.advanceTimersByTime(1_200);
    expect(store.balances.current?.balance_total_gld).toBe(1_050);
    expect(store.balances.animateCoins).toBe(true);
  });

  it.each(['end_round', 'blackjack_game_end'] as const)(
    '%s after an event that already showed the same final balances changes nothing more',
    (end) => {
      applyGameEvent({ event: 'start_game', balances: final, post_bet_balances: postBet });
      applyGameEvent({ event: end, balances: final });
      // Still the post-bet balance, the final one on the first event's timer.
      expect(store.balances.current?.balance_total_gld).toBe(990);
      vi.advanceTimersByTime(1_200);
      expect(store.balances.current?.balance_total_gld).toBe(1_050);
      vi.advanceTimersByTime(5_000);
      expect(store.balances.animateCoins).toBe(false);
      // The round's end arriving after the animation: no second coin burst.
      applyGameEvent({ event: end, balances: final });
      expect(store.balances.delayed).toBeNull();
      expect(store.balances.animateCoins).toBe(false);
    },
  );

  it('an event without balances leaves them alone', () => {
    applyGameEvent({ event: 'video_poker_deal' });
    applyGameEvent({ event: 'blackjack_hit' });
    expect(store.balances.current?.balance_total_gld).toBe(1_000);
    expect(store.balances.delayed).toBeNull();
  });
});

describe('the game loading in its frame', () => {
  it('re-enables switching disabled by an earlier event, but not a round in progress', () => {
    applyGameEvent({ event: 'video_poker_deal' });
    applyGameEvent({ event: 'video_poker_draw' });
    applyGameFrameLoaded();
    expect(store.currency.switchingDisabled).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(store.currency.switchingDisabled).toBe(false);
    noteGameRound(HOUSE_GAME_IDS.blackjack, 'open');
    applyGameFrameLoaded();
    expect(store.currency.switchingDisabled).toBe(true);
  });
});

describe('a blackjack or solitaire round in progress', () => {
  it.each([HOUSE_GAME_IDS.blackjack, HOUSE_GAME_IDS.solitaire])(
    '%s: blocks switching through enable events until a currency swap',
    (gameId) => {
      noteGameRound(gameId, 'open');
      expect(store.currency.switchingDisabled).toBe(true);
      applyGameEvent({ event: 'end_round' });
      applyGameEvent({ event: 'redeem_outcome' });
      expect(store.currency.switchingDisabled).toBe(true);
      applyGameEvent({ event: 'currency_swap_success' });
      expect(store.currency.switchingDisabled).toBe(false);
    },
  );

  it('is released when the same game is seen finished', () => {
    noteGameRound(HOUSE_GAME_IDS.blackjack, 'open');
    noteGameRound(HOUSE_GAME_IDS.blackjack, 'finished');
    expect(store.currency.switchingDisabled).toBe(false);
  });

  it('other games do not hold the switch', () => {
    noteGameRound(HOUSE_GAME_IDS.videoPoker, 'open');
    noteGameRound(HOUSE_GAME_IDS.slots, 'open');
    expect(store.currency.switchingDisabled).toBe(false);
  });
});

describe('leaving the game page', () => {
  it('re-enables switching, lands a waiting win and reloads the balances', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(demoBalances({ balance_total_gld: 2_000 })), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    noteGameRound(HOUSE_GAME_IDS.blackjack, 'open');
    applyGameEvent({ event: 'blackjack_initial_bet' });
    applyGameEvent({ event: 'video_poker_draw', balances: final });
    expect(store.balances.delayed).not.toBeNull();

    const left = leaveGamePage();
    expect(store.currency.switchingDisabled).toBe(false);
    expect(store.balances.delayed).toBeNull();
    expect(store.balances.current?.balance_total_gld).toBe(1_050);
    expect(store.balances.animateCoins).toBe(false);
    await left;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.balances.current?.balance_total_gld).toBe(2_000);
    // The draw's 3 s timer no longer fires into a page that is gone.
    applyGameEvent({ event: 'purchase_outcome' });
    vi.advanceTimersByTime(5_000);
    expect(store.currency.switchingDisabled).toBe(true);
  });

  it('keeps the balances shown when the reload fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await leaveGamePage();
    expect(store.balances.current?.balance_total_gld).toBe(1_000);
  });
});
