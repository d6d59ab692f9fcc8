/**
 * The page's state and its talk with the host: resume an unredeemed ticket on load (round.open),
 * Buy ticket (instant_win.purchase), scratching spot by spot or Reveal all, and the redeem
 * (instant_win.redeem) once every spot is showing; the events the host's rules need
 * (purchase_outcome, redeem_outcome), the in-game currency swap and connectivity.
 * A purchase and a claim each keep one idempotency key until their outcome is known
 * (../shared/use-action-keys.ts, kept in IndexedDB): Claim prize again, or a reload, sends the
 * same claim and the server replays its answer; on load a purchase or claim still pending is sent
 * again first. A ticket the server says is already credited is read back from the recent rounds.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { Currency } from '../../src/contract/currency.ts';
import {
  GAME_ERROR_CODES,
  type RecalledRound,
  type RoundAnswer,
  type RoundView,
} from '../../src/contract/games.ts';
import { SPOT_COUNT, type ScratchCardState } from '../engines/scratch-card.ts';
import { GameCallError, type HostBridge } from '../shared/host-bridge.ts';
import { shownErrorOf, type ShownError } from '../shared/shown-error.ts';
import { useActionKeys, type GameRequest } from '../shared/use-action-keys.ts';
import { useHostSession } from '../shared/use-host-session.ts';
import { formatAmount } from '../../src/contract/money.ts';
import { SYMBOL_LOOKS } from './symbols.ts';
import { isScratchView } from './view-schema.ts';

export interface ScratchMachine {
  loading: boolean;
  busy: boolean;
  online: boolean;
  /** The currency of the next ticket. */
  currency: Currency;
  /** Ticket prices: the catalogue's bet steps of the currency (display units), from the host's init. */
  steps: readonly number[];
  stepIndex: number;
  /** The price of the next ticket, display units. */
  price: number;
  /** The ticket on the table (open, or the last one redeemed) and its view. */
  round: RoundView | null;
  view: ScratchCardState | null;
  /** The spots scratched, in the order they were scratched. */
  revealed: readonly number[];
  status: string;
  error: ShownError | null;
  /** The redeem failed: the player can claim again (same key while its outcome is unknown). */
  claimPending: boolean;
  canBuy: boolean;
  canScratch: boolean;
  increasePrice(): void;
  decreasePrice(): void;
  buy(): void;
  scratch(spot: number): void;
  revealAll(): void;
  claim(): void;
  buyCoins(): void;
}

function outcomeText(done: RoundView): string {
  const symbol = isScratchView(done.state) ? done.state.ticket.winningSymbol : null;
  return done.win > 0 && symbol
    ? `Three ${SYMBOL_LOOKS[symbol].name} symbols! You win ${formatAmount(done.currency, done.win)}. Buy another ticket to play again.`
    : 'No match this time. Buy another ticket to play again.';
}

const READY = 'Choose your ticket price and press Buy ticket.';
const SCRATCH = 'Scratch the spots one by one, or press Reveal all. Match three symbols to win that prize.';

export function useScratchCard(bridge: HostBridge): ScratchMachine {
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  // The next ticket is bought in the new currency; a ticket on the table keeps its own.
  const { currency, online } = useHostSession(bridge);
  const [stepIndex, setStepIndex] = useState(0);
  const [round, setRound] = useState<RoundView | null>(null);
  const [view, setView] = useState<ScratchCardState | null>(null);
  const [revealed, setRevealed] = useState<readonly number[]>([]);
  const [status, setStatus] = useState('Loading your game…');
  const [error, setError] = useState<ShownError | null>(null);
  const [claimPending, setClaimPending] = useState(false);
  // Trying a purchase or redeem again repeats it instead of making a second one.
  const keys = useActionKeys(bridge);

  /** Puts a ticket on the table; false when the answer is not a ticket this page can show. */
  const showTicket = useCallback((next: RoundView): boolean => {
    if (!isScratchView(next.state)) {
      setError({ code: 'BAD_ANSWER', message: 'The game received a ticket it cannot show. Please reload.' });
      return false;
    }
    setRound(next);
    setView(next.state);
    return true;
  }, []);

  /** Shows the ticket round.open answered with, when it is an open one; false when there is none. */
  const showOpen = useCallback(
    (answer: { round: RoundView | null }): boolean => {
      if (answer.round?.status !== 'open' || !showTicket(answer.round)) return false;
      setRevealed([]);
      setStatus(`Your unredeemed ticket is back. ${SCRATCH}`);
      return true;
    },
    [showTicket],
  );

  const resume = useCallback(
    async (): Promise<boolean> => showOpen(await bridge.call<{ round: RoundView | null }>('round.open')),
    [bridge, showOpen],
  );

  const open = round?.status === 'open' && view !== null && !view.redeemed;
  const steps = bridge.init.bet_steps[currency];
  const price = steps[stepIndex] ?? steps[0] ?? 0;
  const canBuy = !loading && !busy && online && !open;
  const canScratch = !loading && !busy && open && !claimPending;

  /** Shows a redeemed ticket and its outcome, and tells the host. */
  const showRedeemed = (answer: RoundAnswer) => {
    setClaimPending(false);
    if (!showTicket(answer.round)) return;
    const { round: done } = answer;
    if (isScratchView(done.state)) setRevealed(Array.from({ length: SPOT_COUNT }, (_, i) => i));
    bridge.report('redeem_outcome', {
      balances: answer.balances,
      win: done.win,
      currency: done.currency,
    });
    setStatus(outcomeText(done));
  };

  /**
   * The server says the ticket is already credited (a claim whose answer was lost, its key not
   * kept): read it back from the recent rounds and show its outcome.
   */
  const showCredited = async (ticketId: string) => {
    const recent = await bridge.call<{ results: RecalledRound[] }>('rounds.recent');
    const done = recent.results.find((r) => r.id === ticketId);
    setClaimPending(false);
    if (!done || !showTicket(done)) {
      setStatus(READY);
      return;
    }
    setRevealed(Array.from({ length: SPOT_COUNT }, (_, i) => i));
    bridge.report('redeem_outcome', { win: done.win, currency: done.currency });
    setStatus(outcomeText(done));
  };

  const redeem = (action: string, request: GameRequest) => {
    setBusy(true);
    setError(null);
    setStatus('Checking your ticket…');
    keys
      .send<RoundAnswer>(action, request)
      .then(
        ({ answer }) => showRedeemed(answer),
        async (reason: unknown) => {
          const ticketId = request.body.ticketId;
          if (
            reason instanceof GameCallError &&
            (reason.code === GAME_ERROR_CODES.ROUND_FINISHED ||
              reason.code === GAME_ERROR_CODES.ROUND_NOT_FOUND) &&
            typeof ticketId === 'string'
          ) {
            await showCredited(ticketId).catch((cause: unknown) => setError(shownErrorOf(cause)));
            return;
          }
          setError(shownErrorOf(reason));
          setClaimPending(true);
          setStatus('Your ticket is not credited yet. Press Claim prize to try again.');
        },
      )
      .finally(() => setBusy(false));
  };

  const redeemTicket = (ticket: RoundView, order: readonly number[]) =>
    redeem(`redeem:${ticket.id}`, {
      call: 'instant_win.redeem',
      body: {
        ticketId: ticket.id,
        numScratched: order.length,
        numSpots: SPOT_COUNT,
        replayData: order.slice(),
      },
    });

  const reveal = (spots: readonly number[]) => {
    if (!canScratch || !round || !view) return;
    const order = [...revealed, ...spots.filter((spot) => !revealed.includes(spot))];
    setRevealed(order);
    const last = spots[spots.length - 1];
    if (order.length < SPOT_COUNT && last !== undefined) {
      const symbol = view.ticket.spots[last];
      setStatus(
        `Spot ${last + 1}: ${symbol ? SYMBOL_LOOKS[symbol].name : ''}. ${SPOT_COUNT - order.length} to go.`,
      );
    }
    if (order.length === SPOT_COUNT) redeemTicket(round, order);
  };

  const purchase = (action: string, request: GameRequest) => {
    setBusy(true);
    setError(null);
    setStatus('Buying your ticket…');
    keys
      .send<RoundAnswer>(action, request)
      .then(
        ({ answer }) => {
          if (!showTicket(answer.round)) {
            setStatus(READY);
            return;
          }
          setRevealed([]);
          setClaimPending(false);
          setStatus(SCRATCH);
          bridge.report('purchase_outcome', { balances: answer.balances, currency: answer.round.currency });
        },
        async (reason: unknown) => {
          setError(shownErrorOf(reason));
          if (reason instanceof GameCallError && reason.code === GAME_ERROR_CODES.ROUND_ALREADY_OPEN) {
            if (await resume().catch(() => false)) setError(null);
            return;
          }
          setStatus(READY);
        },
      )
      .finally(() => setBusy(false));
  };

  const buy = () => {
    if (!canBuy) return;
    purchase('buy', { call: 'instant_win.purchase', body: { betValue: price, currency } });
  };

  // The load effect sends a pending purchase or claim again through the latest functions.
  const replay = useEffectEvent((action: string, request: GameRequest) => {
    if (request.call === 'instant_win.redeem') redeem(action, request);
    else purchase(action, request);
  });

  useEffect(() => {
    let current = true;
    void (async () => {
      // A purchase or claim whose answer was lost before a reload: send it again (same key).
      const pending = (await keys.pending()).sort((a, b) => a.since - b.since)[0];
      if (!current) return;
      if (pending) {
        setLoading(false);
        replay(pending.action, pending.body);
        return;
      }
      try {
        const answer = await bridge.call<{ round: RoundView | null }>('round.open');
        if (!current) return;
        setLoading(false);
        if (!showOpen(answer)) setStatus(READY);
      } catch (reason) {
        if (!current) return;
        setLoading(false);
        setStatus(READY);
        setError(shownErrorOf(reason));
      }
    })();
    return () => {
      current = false;
    };
  }, [bridge, keys, showOpen]);

  return {
    loading,
    busy,
    online,
    currency,
    steps,
    stepIndex,
    price,
    round,
    view,
    revealed,
    status,
    error,
    claimPending,
    canBuy,
    canScratch,
    increasePrice: () => !open && !busy && setStepIndex((i) => Math.min(i + 1, steps.length - 1)),
    decreasePrice: () => !open && !busy && setStepIndex((i) => Math.max(i - 1, 0)),
    buy,
    scratch: (spot) => reveal([spot]),
    revealAll: () => reveal(Array.from({ length: SPOT_COUNT }, (_, i) => i)),
    claim: () => {
      if (claimPending && !busy && round && open) redeemTicket(round, revealed);
    },
    buyCoins: () => bridge.navigate('buy_coins'),
  };
}
