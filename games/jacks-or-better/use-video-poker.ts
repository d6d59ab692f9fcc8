/**
 * The page's state and its talk with the host: resume an open deal on load, Deal (round.start),
 * Draw (round.act), the events the host's balance and currency-switch rules need, the in-game
 * currency swap and connectivity. Every outcome comes from the server's answer.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Currency } from '../../src/contract/currency.ts';
import type { RecalledRound, RoundAnswer, RoundView } from '../../src/contract/games.ts';
import { GAME_ERROR_CODES } from '../../src/contract/games.ts';
import type { VideoPokerView } from '../engines/video-poker.ts';
import { GameCallError, type HostBridge } from '../shared/host-bridge.ts';
import { shownErrorOf, type ShownError } from '../shared/shown-error.ts';
import { useActionKeys } from '../shared/use-action-keys.ts';
import { useHostSession } from '../shared/use-host-session.ts';
import { formatAmount } from '../../src/contract/money.ts';
import { coinsOfStep, stepOfCoins } from './coins.ts';
import { isVideoPokerView } from './view-schema.ts';

const NO_HOLDS: readonly boolean[] = [false, false, false, false, false];

export interface VideoPokerMachine {
  loading: boolean;
  busy: boolean;
  online: boolean;
  /** The currency of the next deal. */
  currency: Currency;
  stepIndex: number;
  /** The round on the table (open, or the last one finished), with its view. */
  round: RoundView | null;
  view: VideoPokerView | null;
  /** The holds shown: the player's choice while open, the round's after the draw. */
  holds: readonly boolean[];
  status: string;
  error: ShownError | null;
  canDeal: boolean;
  canDraw: boolean;
  setStepIndex(stepIndex: number): void;
  toggleHold(position: number): void;
  deal(): void;
  draw(): void;
  buyCoins(): void;
}

const isOpen = (round: RoundView | null, view: VideoPokerView | null): boolean =>
  round?.status === 'open' && view?.phase === 'dealt';

function dealtStatus(view: VideoPokerView, resumed: boolean): string {
  const start = resumed ? 'Your unfinished hand is back' : 'Dealt';
  const made = view.hand_name ? `: ${view.hand_name}` : '';
  return `${start}${made}. Choose the cards to hold, then press Draw.`;
}

function drawnStatus(round: RoundView, view: VideoPokerView): string {
  if (round.win > 0 && view.hand_name)
    return `${view.hand_name}! You win ${formatAmount(round.currency, round.win)}. Press Deal to play again.`;
  return 'No win this time. Press Deal to play again.';
}

const READY = 'Choose your bet and press Deal.';

export function useVideoPoker(bridge: HostBridge): VideoPokerMachine {
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  // A swap is for the next deal; an open deal keeps the currency it was bet in.
  const { currency, online } = useHostSession(bridge);
  const [stepIndex, setStepIndex] = useState(0);
  const [round, setRound] = useState<RoundView | null>(null);
  const [view, setView] = useState<VideoPokerView | null>(null);
  const [holds, setHolds] = useState<readonly boolean[]>(NO_HOLDS);
  const [status, setStatus] = useState('Loading your game…');
  const [error, setError] = useState<ShownError | null>(null);
  const keys = useActionKeys(bridge);

  const show = useCallback((next: RoundView, resumed: boolean): VideoPokerView | null => {
    if (!isVideoPokerView(next.state)) {
      setError({ code: 'BAD_ANSWER', message: 'The game received a hand it cannot show. Please reload.' });
      return null;
    }
    const nextView = next.state;
    setRound(next);
    setView(nextView);
    setHolds(nextView.phase === 'dealt' ? NO_HOLDS : nextView.held);
    if (nextView.phase === 'dealt') {
      setStepIndex(stepOfCoins(nextView.coins));
      setStatus(dealtStatus(nextView, resumed));
    } else {
      setStatus(drawnStatus(next, nextView));
    }
    return nextView;
  }, []);

  const resume = useCallback(async () => {
    const answer = await bridge.call<{ round: RoundView | null }>('round.open');
    if (answer.round && answer.round.status === 'open') {
      show(answer.round, true);
      return true;
    }
    return false;
  }, [bridge, show]);

  const fail = useCallback((reason: unknown) => setError(shownErrorOf(reason)), []);

  /** The server says the hand is already finished (a lost draw answer): read it back and show it. */
  const showFinished = useCallback(
    async (roundId: string) => {
      const recent = await bridge.call<{ results: RecalledRound[] }>('rounds.recent');
      const done = recent.results.find((r) => r.id === roundId);
      if (done && show(done, false))
        bridge.report('video_poker_draw', { win: done.win, currency: done.currency });
    },
    [bridge, show],
  );

  useEffect(() => {
    let current = true;
    // A deal or draw whose answer was lost before a reload is sent again first (same key).
    void keys.pending().then((pending) => {
      const first = pending.sort((a, b) => a.since - b.since)[0];
      if (!current || !first) return;
      keys.send<RoundAnswer>(first.action, first.body).then(
        ({ answer, request }) => {
          if (!current || !show(answer.round, false)) return;
          if (request.call === 'round.start')
            bridge.report('video_poker_deal', { balances: answer.balances, currency: answer.round.currency });
          else
            bridge.report('video_poker_draw', {
              balances: answer.balances,
              win: answer.round.win,
              currency: answer.round.currency,
            });
        },
        (reason: unknown) => {
          if (current) fail(reason);
        },
      );
    });
    bridge.call<{ round: RoundView | null }>('round.open').then(
      (answer) => {
        if (!current) return;
        setLoading(false);
        if (answer.round && answer.round.status === 'open') show(answer.round, true);
        else setStatus(READY);
      },
      (reason: unknown) => {
        if (!current) return;
        setLoading(false);
        setStatus(READY);
        fail(reason);
      },
    );
    return () => {
      current = false;
    };
  }, [bridge, keys, show, fail]);

  const open = isOpen(round, view);
  const canDeal = !loading && !busy && online && !open;
  const canDraw = !loading && !busy && online && open;

  const deal = () => {
    if (!canDeal) return;
    const steps = bridge.init.bet_steps[currency];
    const betValue = steps[stepIndex] ?? steps[0] ?? 0;
    const coins = coinsOfStep(stepIndex);
    setBusy(true);
    setError(null);
    setStatus('Dealing…');
    keys
      .send<RoundAnswer>('deal', { call: 'round.start', body: { betValue, currency, options: { coins } } })
      .then(
        ({ answer }) => {
          if (show(answer.round, false))
            bridge.report('video_poker_deal', { balances: answer.balances, currency: answer.round.currency });
        },
        async (reason: unknown) => {
          fail(reason);
          if (reason instanceof GameCallError && reason.code === GAME_ERROR_CODES.ROUND_ALREADY_OPEN) {
            if (await resume().catch(() => false)) setError(null);
            return;
          }
          setStatus(READY);
        },
      )
      .finally(() => setBusy(false));
  };

  const draw = () => {
    if (!canDraw || !round) return;
    const hold = holds.slice();
    const roundId = round.id;
    setBusy(true);
    setError(null);
    setStatus('Drawing…');
    // A draw whose answer was lost is sent again as it was (same key, same holds).
    keys
      .send<RoundAnswer>(`draw:${roundId}`, {
        call: 'round.act',
        body: { round_id: roundId, action: { type: 'draw', hold } },
      })
      .then(
        ({ answer }) => {
          if (show(answer.round, false))
            bridge.report('video_poker_draw', {
              balances: answer.balances,
              win: answer.round.win,
              currency: answer.round.currency,
            });
        },
        async (reason: unknown) => {
          if (reason instanceof GameCallError && reason.code === GAME_ERROR_CODES.ROUND_FINISHED) {
            await showFinished(roundId).catch(fail);
            return;
          }
          fail(reason);
          setStatus('The draw did not go through. Press Draw to try again.');
        },
      )
      .finally(() => setBusy(false));
  };

  const toggleHold = (position: number) => {
    if (!canDraw) return;
    setHolds((previous) => previous.map((held, i) => (i === position ? !held : held)));
  };

  return {
    loading,
    busy,
    online,
    currency,
    stepIndex,
    round,
    view,
    holds,
    status,
    error,
    canDeal,
    canDraw,
    setStepIndex: (next) => {
      if (!open) setStepIndex(Math.min(Math.max(next, 0), bridge.init.bet_steps[currency].length - 1));
    },
    toggleHold,
    deal,
    draw,
    buyCoins: () => bridge.navigate('buy_coins'),
  };
}
