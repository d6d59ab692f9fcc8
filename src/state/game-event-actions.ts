/**
 * What a house game's events do to the page (spec section 4, "Game messages"; the table is
 * GAME_EVENT_RULES in src/contract/game-messages.ts):
 * - currency switching is disabled or re-enabled, and re-enabled 3 s after a video poker draw;
 * - the event's balances are shown at once ('immediate') or after the win animation ('delayed');
 *   a post-bet event shows the balances after the stake at once and the final ones after it;
 *   a round's end (end round, blackjack game end) brings its final balances when no earlier event
 *   of the round showed them;
 * - while a blackjack hand or a solitaire game is in progress switching stays blocked until the
 *   game reports a currency swap, the round is seen finished, or the player leaves the game page.
 *
 * Switching is blocked when either reason holds (the last event's rule, or a round in progress),
 * so an 'enable' event in the middle of a blackjack hand does not open the switch.
 */
import { GAME_EVENT_RULES, type GameEvent, type SwitchingEffect } from '../contract/game-messages.ts';
import { HOUSE_GAME_IDS } from '../contract/games-catalogue.ts';
import { TIMINGS } from '../contract/constants.ts';
import type { Balances } from '../contract/schemas.ts';
import { store } from './store.ts';
import { setSwitchingDisabled } from './currency-actions.ts';
import { landPendingAndReloadBalances, setBalances, setBalancesWithDelay } from './balances-actions.ts';

export interface GameEventDetails {
  event: GameEvent;
  balances?: Balances;
  post_bet_balances?: Balances;
}

/** Games whose round in progress blocks switching until a swap or the player leaves. */
const HOLDING_GAMES: ReadonlySet<string> = new Set([HOUSE_GAME_IDS.blackjack, HOUSE_GAME_IDS.solitaire]);

let disabledByEvent = false;
/** The blackjack or solitaire game with a round in progress, or null. */
let roundInProgressGameId: string | null = null;
let drawDelayTimer: ReturnType<typeof setTimeout> | null = null;

function syncSwitching(): void {
  setSwitchingDisabled(disabledByEvent || roundInProgressGameId !== null);
}

function clearDrawDelay(): void {
  if (drawDelayTimer) clearTimeout(drawDelayTimer);
  drawDelayTimer = null;
}

function applySwitching(effect: SwitchingEffect): void {
  if (effect === null) return;
  clearDrawDelay();
  if (effect === 'disable') disabledByEvent = true;
  else if (effect === 'enable') disabledByEvent = false;
  else {
    // The drawn cards and their win are still showing: switching opens only after the delay.
    drawDelayTimer = setTimeout(() => {
      drawDelayTimer = null;
      disabledByEvent = false;
      syncSwitching();
    }, TIMINGS.videoPokerDrawDelayMs);
  }
  syncSwitching();
}

/** Events that close a round: they carry the round's final balances. */
const ROUND_END_EVENTS: ReadonlySet<GameEvent> = new Set<GameEvent>(['end_round', 'blackjack_game_end']);

const sameBalances = (a: Balances | null | undefined, b: Balances): boolean =>
  !!a && (Object.keys(b) as (keyof Balances)[]).every((key) => a[key] === b[key]);

function applyBalances(details: GameEventDetails): void {
  const rule = GAME_EVENT_RULES[details.event];
  const final = details.balances;
  if (!final) return;
  if (rule.balances === null) {
    // A round can end on a step no balance event follows (a blackjack at the deal, a surrender,
    // a solitaire collect): its final balances, when the header neither shows nor awaits them,
    // come after the win animation. Otherwise nothing changes (no second coin burst).
    const awaited = store.balances.delayed ?? store.balances.current;
    if (ROUND_END_EVENTS.has(details.event) && !sameBalances(awaited, final))
      setBalancesWithDelay(store.balances.current ?? final, final);
    return;
  }
  if (rule.balances === 'immediate') {
    setBalances(final);
    return;
  }
  // Delayed: what shows now is the balance after the stake (post-bet events) or the one showing.
  const shown = (rule.postBet ? details.post_bet_balances : undefined) ?? store.balances.current ?? final;
  setBalancesWithDelay(shown, final);
}

/** Applies one game event's rule: switching, then balances. */
export function applyGameEvent(details: GameEventDetails): void {
  applySwitching(GAME_EVENT_RULES[details.event].switching);
  // The game swapped currency: a round in progress no longer holds the switch.
  if (details.event === 'currency_swap_success') {
    roundInProgressGameId = null;
    syncSwitching();
  }
  applyBalances(details);
}

/**
 * The game (re)loaded in its frame: it has staked nothing yet, so the last event's reason is
 * dropped (a round left open holds the switch again once the game resumes it).
 */
export function applyGameFrameLoaded(): void {
  clearDrawDelay();
  disabledByEvent = false;
  syncSwitching();
}

/**
 * The host saw a round of `gameId` in an API answer (start, action, resume, purchase): an open
 * blackjack or solitaire round holds the switch; the same game's round seen finished releases it.
 */
export function noteGameRound(gameId: string, status: 'open' | 'finished'): void {
  if (!HOLDING_GAMES.has(gameId)) return;
  if (status === 'open') roundInProgressGameId = gameId;
  else if (roundInProgressGameId === gameId) roundInProgressGameId = null;
  syncSwitching();
}

/**
 * The player left the game page: switching opens again, nothing waits for an animation, and
 * the balances are read again (the game may have moved them after the last event).
 */
export async function leaveGamePage(): Promise<void> {
  clearDrawDelay();
  disabledByEvent = false;
  roundInProgressGameId = null;
  syncSwitching();
  await landPendingAndReloadBalances();
}

/** Test helper: forget the module's timers and reasons. */
export function resetGameEventState(): void {
  clearDrawDelay();
  disabledByEvent = false;
  roundInProgressGameId = null;
}
