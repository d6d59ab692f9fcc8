/**
 * The table's state and its conversation with the host: resume an open hand on load, deal,
 * act, report each outcome's event, follow currency swaps and connectivity. Every deal and move
 * goes through the game's action keys (../shared/use-action-keys.ts): one idempotency key per
 * player action, kept in IndexedDB until its outcome is known. Pressing the move again, Try
 * again or reloading the page sends the same move with the same key and the server replays its
 * answer; on load, a move still pending is sent again first, so the hand's outcome is shown even
 * when its answer was lost. A hand the server says is already finished is read back from the
 * recent rounds and shown with its outcome.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Currency } from '../../src/contract/currency.ts';
import {
  GAME_ERROR_CODES,
  type RecalledRound,
  type RoundAnswer,
  type RoundView,
} from '../../src/contract/games.ts';
import type { GameEvent } from '../../src/contract/game-messages.ts';
import { GameCallError, type HostBridge } from '../shared/host-bridge.ts';
import { useActionKeys, type GameRequest } from '../shared/use-action-keys.ts';
import { shownErrorOf, type ShownError } from '../shared/shown-error.ts';
import { useHostSession } from '../shared/use-host-session.ts';
import type { BlackjackAction, BlackjackView } from '../engines/blackjack.ts';

/** The event reported after each move's answer (surrender has none of its own: the round ends). */
const MOVE_EVENT: Record<BlackjackAction['type'], GameEvent | null> = {
  insurance: 'blackjack_insurance_outcome',
  split: 'blackjack_split_outcome',
  hit: 'blackjack_hit',
  stand: 'blackjack_stand',
  double: 'blackjack_double_down',
  surrender: null,
};

/** A player action and the request it sends (kept, with its key, until its outcome is known). */
interface Attempt {
  action: string;
  request: GameRequest;
}

export type TableError = ShownError;

export interface BlackjackTable {
  /** The currency of the next hand. */
  currency: Currency;
  /** The catalogue's bet steps of the currency (display units), from the host's init. */
  steps: readonly number[];
  betIndex: number;
  betValue: number;
  /** The hand in play, or the last one played. */
  round: RoundView | null;
  view: BlackjackView | null;
  online: boolean;
  busy: boolean;
  /** True until the open-hand check on load answered. */
  resuming: boolean;
  error: TableError | null;
  /** A call lost on the network can be sent again (same key). */
  canRetry: boolean;
  setBetIndex(index: number): void;
  deal(): void;
  act(action: BlackjackAction): void;
  retry(): void;
}

function isBlackjackView(value: unknown): value is BlackjackView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Partial<BlackjackView>;
  return typeof view.phase === 'string' && Array.isArray(view.hands) && typeof view.dealer === 'object';
}

export function useBlackjackTable(bridge: HostBridge): BlackjackTable {
  const { currency, online } = useHostSession(bridge);
  const keys = useActionKeys(bridge);
  const [betIndex, setBetIndexState] = useState(0);
  const [round, setRound] = useState<RoundView | null>(null);
  const [busy, setBusy] = useState(false);
  const [resuming, setResuming] = useState(true);
  const [error, setError] = useState<TableError | null>(null);
  const [failed, setFailed] = useState<Attempt | null>(null);
  // One call at a time: a second press before the first answer (a double click, a key held
  // down) would otherwise send a second move.
  const inFlight = useRef(false);

  const steps = bridge.init.bet_steps[currency];
  const safeIndex = Math.min(betIndex, steps.length - 1);
  const betValue = steps[safeIndex] ?? 0;

  const resume = useCallback(async () => {
    const answer = await bridge.call<{ round: RoundView | null }>('round.open');
    if (answer.round && answer.round.status === 'open') setRound(answer.round);
  }, [bridge]);

  const applyAnswer = useCallback(
    (answer: RoundAnswer, request: GameRequest) => {
      setRound(answer.round);
      const money = {
        balances: answer.balances,
        post_bet_balances: answer.post_bet_balances,
        currency: answer.round.currency,
      };
      if (request.call === 'round.start') bridge.report('blackjack_initial_bet', money);
      else {
        const move = (request.body.action as BlackjackAction | undefined)?.type;
        const event = move ? MOVE_EVENT[move] : null;
        if (event) bridge.report(event, money);
      }
      if (answer.round.status === 'finished')
        bridge.report('blackjack_game_end', {
          balances: answer.balances,
          win: answer.round.win,
          currency: answer.round.currency,
        });
    },
    [bridge],
  );

  /**
   * The server says the hand is already finished (a move whose answer was lost finished it, and
   * its key was not kept): read the hand back from the recent rounds and show its outcome.
   */
  const showFinished = useCallback(
    async (roundId: string) => {
      const recent = await bridge.call<{ results: RecalledRound[] }>('rounds.recent');
      const done = recent.results.find((r) => r.id === roundId);
      if (!done) {
        setRound(null);
        await resume();
        return;
      }
      setRound(done);
      // The host reads the balances again on the refusal; the end releases the currency switch.
      bridge.report('blackjack_game_end', { win: done.win, currency: done.currency });
    },
    [bridge, resume],
  );

  const run = useCallback(
    async (attempt: Attempt) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      setError(null);
      setFailed(null);
      try {
        const { answer, request } = await keys.send<RoundAnswer>(attempt.action, attempt.request);
        applyAnswer(answer, request);
      } catch (cause) {
        const code = cause instanceof GameCallError ? cause.code : '';
        const unknownOutcome = cause instanceof GameCallError && (cause.status === 0 || cause.status >= 500);
        const roundId = attempt.request.body.round_id;
        if (
          (code === GAME_ERROR_CODES.ROUND_FINISHED || code === GAME_ERROR_CODES.ROUND_NOT_FOUND) &&
          typeof roundId === 'string'
        ) {
          await showFinished(roundId).catch((reason: unknown) => setError(shownErrorOf(reason)));
        } else {
          setError(shownErrorOf(cause));
          if (unknownOutcome) setFailed(attempt);
          // A hand is already open (another tab, or a deal whose answer was lost): show it.
          if (code === GAME_ERROR_CODES.ROUND_ALREADY_OPEN) await resume().catch(() => undefined);
        }
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [applyAnswer, keys, resume, showFinished],
  );

  // On load: a deal or move whose outcome is still unknown (its answer was lost, then the page
  // was reloaded) is sent again with its key, so its outcome shows; else resume an open hand.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const pending = (await keys.pending()).sort((a, b) => a.since - b.since)[0];
        if (pending && live) {
          setResuming(false);
          await run({ action: pending.action, request: pending.body });
          return;
        }
        const answer = await bridge.call<{ round: RoundView | null }>('round.open');
        if (live && answer.round && answer.round.status === 'open') setRound(answer.round);
      } catch (cause) {
        if (live) setError(shownErrorOf(cause));
      } finally {
        if (live) setResuming(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [bridge, keys, run]);

  const view = round && isBlackjackView(round.state) ? round.state : null;

  return {
    currency,
    steps,
    betIndex: safeIndex,
    betValue,
    round,
    view,
    online,
    busy,
    resuming,
    error,
    canRetry: failed !== null && online,
    setBetIndex: (index) => setBetIndexState(Math.max(0, Math.min(index, steps.length - 1))),
    deal: () => void run({ action: 'deal', request: { call: 'round.start', body: { betValue, currency } } }),
    act: (action) => {
      if (round)
        void run({
          action: `act:${round.id}`,
          request: { call: 'round.act', body: { round_id: round.id, action } },
        });
    },
    retry: () => {
      if (failed) void run(failed);
    },
  };
}
