/**
 * The table's state and its conversation with the host: resume an open hand on load, deal,
 * act, report each outcome's event, follow currency swaps and connectivity. Every API call goes
 * through the host bridge with one idempotency key per player action; a call that failed on the
 * network can be tried again with the same key, so it is never applied twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Currency } from '../../src/contract/currency.ts';
import { GAME_ERROR_CODES, type RoundAnswer, type RoundView } from '../../src/contract/games.ts';
import type { GameEvent } from '../../src/contract/game-messages.ts';
import { GameCallError, newActionKey, type HostBridge } from '../shared/host-bridge.ts';
import { shownErrorOf, type ShownError } from '../shared/shown-error.ts';
import { useHostSession } from '../shared/use-host-session.ts';
import type { BlackjackAction, BlackjackView } from '../engines/blackjack.ts';
import { BET_STEPS } from '../shared/bet-steps.ts';

/** The event reported after each move's answer (surrender has none of its own: the round ends). */
const MOVE_EVENT: Record<BlackjackAction['type'], GameEvent | null> = {
  insurance: 'blackjack_insurance_outcome',
  split: 'blackjack_split_outcome',
  hit: 'blackjack_hit',
  stand: 'blackjack_stand',
  double: 'blackjack_double_down',
  surrender: null,
};

type Attempt =
  | { kind: 'deal'; betValue: number; currency: Currency; key: string }
  | { kind: 'act'; roundId: string; action: BlackjackAction; key: string };

export type TableError = ShownError;

export interface BlackjackTable {
  /** The currency of the next hand. */
  currency: Currency;
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
  const [betIndex, setBetIndexState] = useState(0);
  const [round, setRound] = useState<RoundView | null>(null);
  const [busy, setBusy] = useState(false);
  const [resuming, setResuming] = useState(true);
  const [error, setError] = useState<TableError | null>(null);
  const [failed, setFailed] = useState<Attempt | null>(null);
  // One call at a time: a second press before the first answer (a double click, a key held
  // down) would otherwise send a second move with a key of its own.
  const inFlight = useRef(false);

  const steps = BET_STEPS[currency];
  const safeIndex = Math.min(betIndex, steps.length - 1);
  const betValue = steps[safeIndex] ?? 0;

  const resume = useCallback(async () => {
    const answer = await bridge.call<{ round: RoundView | null }>('round.open');
    if (answer.round && answer.round.status === 'open') setRound(answer.round);
  }, [bridge]);

  // Resume a hand left open (closed tab, lost network) exactly where it was.
  useEffect(() => {
    let live = true;
    bridge
      .call<{ round: RoundView | null }>('round.open')
      .then((answer) => {
        if (live && answer.round && answer.round.status === 'open') setRound(answer.round);
      })
      .catch((cause: unknown) => {
        if (live) setError(shownErrorOf(cause));
      })
      .finally(() => {
        if (live) setResuming(false);
      });
    return () => {
      live = false;
    };
  }, [bridge]);

  const applyAnswer = useCallback(
    (answer: RoundAnswer, attempt: Attempt) => {
      setRound(answer.round);
      const money = {
        balances: answer.balances,
        post_bet_balances: answer.post_bet_balances,
        currency: answer.round.currency,
      };
      if (attempt.kind === 'deal') bridge.report('blackjack_initial_bet', money);
      else {
        const event = MOVE_EVENT[attempt.action.type];
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

  const run = useCallback(
    async (attempt: Attempt) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      setError(null);
      setFailed(null);
      try {
        const answer =
          attempt.kind === 'deal'
            ? await bridge.call<RoundAnswer>(
                'round.start',
                { betValue: attempt.betValue, currency: attempt.currency },
                attempt.key,
              )
            : await bridge.call<RoundAnswer>(
                'round.act',
                { round_id: attempt.roundId, action: attempt.action },
                attempt.key,
              );
        applyAnswer(answer, attempt);
      } catch (cause) {
        const tableError = shownErrorOf(cause);
        setError(tableError);
        if (cause instanceof GameCallError && cause.status === 0) setFailed(attempt);
        // A hand is already open (another tab): show it so it can be finished.
        if (tableError.code === GAME_ERROR_CODES.ROUND_ALREADY_OPEN) await resume().catch(() => undefined);
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [applyAnswer, bridge, resume],
  );

  const view = round && isBlackjackView(round.state) ? round.state : null;

  return {
    currency,
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
    deal: () => void run({ kind: 'deal', betValue, currency, key: newActionKey() }),
    act: (action) => {
      if (round) void run({ kind: 'act', roundId: round.id, action, key: newActionKey() });
    },
    retry: () => {
      if (failed) void run(failed);
    },
  };
}
