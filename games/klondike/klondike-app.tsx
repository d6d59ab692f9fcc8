/**
 * Klondike solitaire in the game frame. The server decides everything: this page buys a round
 * ("Deal", the spec's purchase solitaire call), sends the player's draws, moves and "Collect"
 * as round actions, shows the engine's view from each answer, and reports the outcomes to the
 * host (purchase outcome at the deal, end round when the round finishes). On load it asks for
 * the round left open and resumes it exactly where it was.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RecalledRound, RoundAnswer, RoundView } from '../../src/contract/games.ts';
import { GameLinks } from '../shared/game-links.tsx';
import { GameCallError, type HostBridge } from '../shared/host-bridge.ts';
import { useActionKeys } from '../shared/use-action-keys.ts';
import { shownErrorOf } from '../shared/shown-error.ts';
import { useHostSession } from '../shared/use-host-session.ts';
import type { SolitaireAction, SolitaireView } from '../engines/solitaire.ts';
import { displayToMinor, formatAmount, minorToDisplay } from '../../src/contract/money.ts';
import { cardLabel, pileLabel, sameSource, type MoveSource } from './piles.ts';
import { Table } from './table.tsx';
import { useCardDrag } from './use-card-drag.ts';

const END_REASONS: Record<string, string> = {
  player: 'You collected.',
  won: 'Every card is home: you cleared the table!',
  no_moves: 'No move is left.',
};

const messageOf = (error: unknown): string =>
  shownErrorOf(error, 'Something went wrong. Check your connection and try again.').message;

export function KlondikeApp({ bridge }: { bridge: HostBridge }) {
  const [betIndex, setBetIndex] = useState(0);
  // A swap starts the bet again from the lowest step of the new currency.
  const resetBet = useCallback(() => setBetIndex(0), []);
  const { currency, online } = useHostSession(bridge, resetBet);
  const [noMoves, setNoMoves] = useState(false);
  const [redOrBlack, setRedOrBlack] = useState(false);
  const [round, setRound] = useState<RoundView | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [selected, setSelected] = useState<MoveSource | null>(null);
  // One key per deal or move until its outcome is known (kept across reloads): pressing again
  // after a lost answer sends the same request, and the server replays its answer.
  const keys = useActionKeys(bridge);

  useEffect(() => {
    let live = true;
    bridge
      .call<{ round: RoundView | null }>('round.open')
      .then((answer) => {
        if (live && answer.round?.status === 'open') {
          setRound(answer.round);
          setNotice('Your game is back where you left it.');
        }
      })
      .catch((e: unknown) => live && setError(messageOf(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [bridge]);

  const view = (round?.state ?? null) as SolitaireView | null;
  const playing = round?.status === 'open';
  // The catalogue's bet steps of the currency, from the host's init.
  const steps = bridge.init.bet_steps[currency];
  const bet = steps[Math.min(betIndex, steps.length - 1)] ?? 0;
  const blocked = busy || !online;
  // The whole stake (the bet and each side bet, the same amount) stays within the game's maximum
  // bet, the highest step, as the server requires: the page offers only stakes that fit.
  const maxStake = displayToMinor(currency, steps[steps.length - 1] ?? 0);
  const sideBets = (noMoves ? 1 : 0) + (redOrBlack ? 1 : 0);
  const fits = (value: number | undefined, sides: number) =>
    value !== undefined && displayToMinor(currency, value) * (1 + sides) <= maxStake;
  const canIncrease = fits(steps[betIndex + 1], sideBets);
  const canAddSideBet = fits(bet, sideBets + 1);

  const finishIfOver = (answer: RoundAnswer) => {
    if (answer.round.status !== 'finished') return;
    const state = answer.round.state as SolitaireView;
    setNotice(
      `${END_REASONS[state.endedBy ?? 'player'] ?? ''} You won ${formatAmount(answer.round.currency, answer.round.win)}.`,
    );
    bridge.report('end_round', {
      balances: answer.balances,
      win: answer.round.win,
      currency: answer.round.currency,
    });
  };

  async function deal() {
    if (blocked) return;
    setBusy(true);
    setError(null);
    setSelected(null);
    try {
      const { answer } = await keys.send<RoundAnswer>('deal', {
        call: 'solitaire.purchase',
        body: { betValue: bet, currency, noMovesBet: noMoves ? bet : 0, redOrBlackBet: redOrBlack ? bet : 0 },
      });
      setRound(answer.round);
      bridge.report('purchase_outcome', { balances: answer.balances, currency: answer.round.currency });
      const state = answer.round.state as SolitaireView;
      const hits = [
        state.sideBets.noMoves.hit && state.sideBets.noMoves.bet > 0 ? 'No moves wins!' : '',
        state.sideBets.redOrBlack.hit && state.sideBets.redOrBlack.bet > 0 ? 'Red or black wins!' : '',
      ].filter(Boolean);
      setNotice(['Cards dealt.', ...hits].join(' '));
      finishIfOver(answer);
    } catch (e) {
      setError(messageOf(e));
      // A round opened elsewhere (another tab): bring it here instead of a second deal.
      if (e instanceof GameCallError && e.code === 'ROUND_ALREADY_OPEN') {
        const open = await bridge.call<{ round: RoundView | null }>('round.open').catch(() => null);
        if (open?.round?.status === 'open') setRound(open.round);
      }
    } finally {
      setBusy(false);
    }
  }

  async function act(action: SolitaireAction, describe: string) {
    if (!round || blocked) return;
    setBusy(true);
    setError(null);
    setSelected(null);
    try {
      const { answer, request } = await keys.send<RoundAnswer>(`act:${round.id}`, {
        call: 'round.act',
        body: { round_id: round.id, action },
      });
      setRound(answer.round);
      // A move still pending from a lost answer went first: say so rather than this move.
      setNotice(
        JSON.stringify(request.body.action) === JSON.stringify(action) ? describe : 'Your last move is in.',
      );
      finishIfOver(answer);
    } catch (e) {
      if (e instanceof GameCallError && e.code === 'ROUND_FINISHED') {
        // The game was finished by a try whose answer was lost: show it as it ended.
        const recent = await bridge.call<{ results: RecalledRound[] }>('rounds.recent').catch(() => null);
        const done = recent?.results.find((r) => r.id === round.id);
        if (done) {
          setRound(done);
          setNotice(`Game over. You won ${formatAmount(done.currency, done.win)}.`);
          bridge.report('end_round', { win: done.win, currency: done.currency });
          return;
        }
      }
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const describeSource = (from: MoveSource): string => {
    if (!view) return '';
    if (from.pile === 'waste')
      return view.waste.top ? (cardLabel(view.waste.top, 'waste').split(',')[0] ?? '') : '';
    if (from.pile.startsWith('foundation')) {
      const top = view.foundations[Number(from.pile.slice(11))]?.top;
      return top ? (cardLabel(top, from.pile).split(',')[0] ?? '') : '';
    }
    const column = view.tableau[Number(from.pile.slice(8))];
    const card = column && from.index !== undefined ? column.faceUp[from.index - column.faceDown] : undefined;
    return card ? (cardLabel(card, from.pile).split(',')[0] ?? '') : '';
  };

  const move = (from: MoveSource, to: string) => {
    if (from.pile === to) {
      setSelected(null);
      return;
    }
    const target = to as Extract<SolitaireAction, { type: 'move' }>['to']['pile'];
    void act(
      { type: 'move', from, to: { pile: target } },
      `Moved ${describeSource(from)} to ${pileLabel(to)}.`,
    );
  };

  const drag = useCardDrag((from, to) => move(from, to));

  const onCard = (from: MoveSource) => {
    if (drag.consumeDrop()) return;
    if (!selected) {
      setSelected(from);
      setNotice(`${describeSource(from)} selected. Choose where it goes, or press Escape.`);
    } else if (sameSource(selected, from)) {
      setSelected(null);
      setNotice('Selection cancelled.');
    } else if (selected.pile === from.pile) {
      setSelected(from);
      setNotice(`${describeSource(from)} selected. Choose where it goes, or press Escape.`);
    } else move(selected, from.pile);
  };

  const onPile = (pile: string) => {
    if (drag.consumeDrop()) return;
    if (selected) move(selected, pile);
    else if (pile.startsWith('foundation') && view?.foundations[Number(pile.slice(11))]?.top)
      onCard({ pile: pile as MoveSource['pile'] });
    else setNotice('Choose a card first.');
  };

  const paid = view ? minorToDisplay(round?.currency ?? currency, view.foundationWin) : 0;

  return (
    <main
      className="klondike"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selected) {
          setSelected(null);
          setNotice('Selection cancelled.');
        }
      }}
    >
      <h1 className="title">Klondike</h1>
      {!online && (
        <p className="offline" role="status">
          You are offline. Your game waits here until the connection is back.
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="notice" aria-live="polite">
        {notice}
      </p>

      {view && round ? (
        <>
          <Table
            view={view}
            playing={playing}
            busy={blocked}
            selected={selected}
            onCard={onCard}
            onPile={onPile}
            onDraw={() => void act({ type: 'draw' }, 'Drew a card.')}
            dragHandlers={drag.handlersFor}
          />
          <dl className="round-figures">
            <div>
              <dt>Cards home</dt>
              <dd>{view.paidCards}</dd>
            </div>
            <div>
              <dt>Paid so far</dt>
              <dd>{formatAmount(round.currency, paid)}</dd>
            </div>
            <div>
              <dt>Round win</dt>
              <dd>{formatAmount(round.currency, round.win)}</dd>
            </div>
          </dl>
        </>
      ) : (
        !loading && <p className="intro">Choose your bet and press Deal. One pass through the stock.</p>
      )}

      <div className="controls">
        {playing ? (
          <button
            type="button"
            className="collect"
            onClick={() => void act({ type: 'end' }, 'Collected.')}
            disabled={blocked}
          >
            Collect
          </button>
        ) : (
          <>
            <div className="bet" role="group" aria-label="Bet">
              <button
                type="button"
                onClick={() => setBetIndex((i) => Math.max(0, i - 1))}
                disabled={blocked || loading || betIndex === 0}
              >
                Decrease bet
              </button>
              <output className="bet-value" aria-live="polite">
                Bet {formatAmount(currency, bet)}
              </output>
              <button
                type="button"
                onClick={() => setBetIndex((i) => (fits(steps[i + 1], sideBets) ? i + 1 : i))}
                disabled={blocked || loading || !canIncrease}
              >
                Increase bet
              </button>
            </div>
            <div className="side-bets" role="group" aria-label="Side bets">
              <button
                type="button"
                aria-pressed={noMoves}
                onClick={() => setNoMoves((v) => !v)}
                disabled={blocked || (!noMoves && !canAddSideBet)}
              >
                No moves
              </button>
              <button
                type="button"
                aria-pressed={redOrBlack}
                onClick={() => setRedOrBlack((v) => !v)}
                disabled={blocked || (!redOrBlack && !canAddSideBet)}
              >
                Red or black
              </button>
              <span className="side-bet-note">
                Each side bet stakes {formatAmount(currency, bet)}. The bet and side bets together are at most{' '}
                {formatAmount(currency, minorToDisplay(currency, maxStake))}.
              </span>
            </div>
            <button type="button" className="deal" onClick={() => void deal()} disabled={blocked || loading}>
              Deal
            </button>
          </>
        )}
      </div>
      <GameLinks bridge={bridge} className="links" />
    </main>
  );
}
