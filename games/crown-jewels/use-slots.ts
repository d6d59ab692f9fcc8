/**
 * The page's state and its talk with the host: Spin (round.start), the reel animation through
 * the paid spin and each free spin, the events the host's balance and currency-switch rules need
 * (start_game with the post-bet balances at once, end_round after the animation), the in-game
 * currency swap and connectivity. Every outcome comes from the server's answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Currency } from '../../src/contract/currency.ts';
import type { RoundAnswer, RoundView } from '../../src/contract/games.ts';
import type { SlotsState } from '../engines/slots.ts';
import type { HostBridge } from '../shared/host-bridge.ts';
import { shownErrorOf, type ShownError } from '../shared/shown-error.ts';
import { useActionKeys } from '../shared/use-action-keys.ts';
import { useHostSession } from '../shared/use-host-session.ts';
import { useGameSettings } from '../shared/use-game-settings.ts';
import { formatAmount } from '../../src/contract/money.ts';
import { isSlotsView } from './view-schema.ts';

/** How long the reels turn for the paid spin and for each free spin, milliseconds. */
export const SPIN_MS = 900;
export const FREE_SPIN_MS = 600;
/** The same with the player's quick spin setting (docs/player-settings.md). */
export const QUICK_SPIN_MS = 250;
export const QUICK_FREE_SPIN_MS = 200;

export interface SlotsMachine {
  busy: boolean;
  online: boolean;
  /** The currency of the next spin. */
  currency: Currency;
  /** The catalogue's bet steps of the currency (display units), from the host's init. */
  steps: readonly number[];
  stepIndex: number;
  /** The bet of the next spin, display units. */
  bet: number;
  /** The last round (its view), and which of its spins the reels show now. */
  round: RoundView | null;
  view: SlotsState | null;
  shownSpin: number;
  /** True while the reels animate through the round's spins. */
  animating: boolean;
  status: string;
  error: ShownError | null;
  canSpin: boolean;
  canChangeBet: boolean;
  increaseBet(): void;
  decreaseBet(): void;
  spin(): void;
  /** Shows the round's last spin at once (the animation's end). */
  skipAnimation(): void;
  /** The game settings as the host gives them now (reduce motion: no animation at all). */
  reducedMotion: boolean;
  buyCoins(): void;
}

const READY = 'Choose your bet and press Spin.';

function finalStatus(round: RoundView, view: SlotsState): string {
  const free = view.freeSpinsAwarded > 0 ? ` with ${view.freeSpinsAwarded} free spins` : '';
  if (round.win > 0)
    return `You win ${formatAmount(round.currency, round.win)}${free}! Press Spin to play again.`;
  return `No win this time${free}. Press Spin to play again.`;
}

function spinStatus(view: SlotsState, index: number): string {
  if (index === 0) return 'Spinning…';
  return `Free spin ${index} of ${view.spins.length - 1}`;
}

export function useSlots(bridge: HostBridge): SlotsMachine {
  const [busy, setBusy] = useState(false);
  const { currency, online } = useHostSession(bridge);
  const [stepIndex, setStepIndex] = useState(0);
  const [round, setRound] = useState<RoundView | null>(null);
  const [view, setView] = useState<SlotsState | null>(null);
  const [shownSpin, setShownSpin] = useState(0);
  const [animating, setAnimating] = useState(false);
  const [status, setStatus] = useState(READY);
  const [error, setError] = useState<ShownError | null>(null);
  // The answer whose end_round is still to be reported (after the animation).
  const ending = useRef<RoundAnswer | null>(null);
  // Pressing Spin again after a lost answer retries the same spin instead of placing a second bet.
  const keys = useActionKeys(bridge);
  const { reducedMotion, quickSpin } = useGameSettings(bridge);

  const finish = useCallback(() => {
    const answer = ending.current;
    ending.current = null;
    setAnimating(false);
    if (!answer || !isSlotsView(answer.round.state)) return;
    setShownSpin(answer.round.state.spins.length - 1);
    setStatus(finalStatus(answer.round, answer.round.state));
    bridge.report('end_round', {
      balances: answer.balances,
      win: answer.round.win,
      currency: answer.round.currency,
    });
  }, [bridge]);

  // The reel animation: each spin in turn, then the round's end.
  useEffect(() => {
    if (!animating || !view) return;
    const last = view.spins.length - 1;
    const timer = setTimeout(
      () => {
        if (shownSpin >= last) finish();
        else {
          setShownSpin(shownSpin + 1);
          setStatus(spinStatus(view, shownSpin + 1));
        }
      },
      quickSpin
        ? shownSpin === 0
          ? QUICK_SPIN_MS
          : QUICK_FREE_SPIN_MS
        : shownSpin === 0
          ? SPIN_MS
          : FREE_SPIN_MS,
    );
    return () => clearTimeout(timer);
  }, [animating, view, shownSpin, finish, quickSpin]);

  const steps = bridge.init.bet_steps[currency];
  const bet = steps[stepIndex] ?? steps[0] ?? 0;
  const canSpin = !busy && !animating && online;
  const canChangeBet = !busy && !animating;

  const spin = () => {
    if (!canSpin) return;
    setBusy(true);
    setError(null);
    setStatus('Spinning…');
    // A spin whose answer was lost is sent again as it was (same key, same bet).
    keys
      .send<RoundAnswer>('spin', { call: 'round.start', body: { betValue: bet, currency } })
      .then(
        ({ answer }) => {
          if (!isSlotsView(answer.round.state)) {
            setError({
              code: 'BAD_ANSWER',
              message: 'The game received reels it cannot show. Please reload.',
            });
            setStatus(READY);
            return;
          }
          setRound(answer.round);
          setView(answer.round.state);
          bridge.report('start_game', {
            balances: answer.balances,
            post_bet_balances: answer.post_bet_balances,
            win: answer.round.win,
            currency: answer.round.currency,
          });
          ending.current = answer;
          if (reducedMotion) {
            finish();
          } else {
            setShownSpin(0);
            setAnimating(true);
          }
        },
        (reason: unknown) => {
          setError(shownErrorOf(reason));
          setStatus(READY);
        },
      )
      .finally(() => setBusy(false));
  };

  return {
    busy,
    online,
    currency,
    steps,
    stepIndex,
    bet,
    round,
    view,
    shownSpin,
    animating,
    status,
    error,
    canSpin,
    canChangeBet,
    increaseBet: () => canChangeBet && setStepIndex((i) => Math.min(i + 1, steps.length - 1)),
    decreaseBet: () => canChangeBet && setStepIndex((i) => Math.max(i - 1, 0)),
    spin,
    skipAnimation: () => {
      if (animating) finish();
    },
    reducedMotion,
    buyCoins: () => bridge.navigate('buy_coins'),
  };
}
