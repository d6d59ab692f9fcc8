import { useEffect, useRef } from 'react';
import type { Currency } from '../../src/contract/currency.ts';
import { GAME_ERROR_CODES, type RoundView } from '../../src/contract/games.ts';
import { cardName } from '../engines/cards.ts';
import type { BlackjackMove, BlackjackView } from '../engines/blackjack.ts';
import { GameLinks } from '../shared/game-links.tsx';
import type { HostBridge } from '../shared/host-bridge.ts';
import { BetControl } from './components/bet-control.tsx';
import { HandView, totalText } from './components/hand-view.tsx';
import { FaceDownCard, PlayingCard } from './components/playing-card.tsx';
import { formatAmount, formatMinor } from '../../src/contract/money.ts';
import { useBlackjackTable, type BlackjackTable } from './use-blackjack-table.ts';

const PLAY_MOVES: readonly { move: Exclude<BlackjackMove, 'insurance'>; label: string }[] = [
  { move: 'hit', label: 'Hit' },
  { move: 'stand', label: 'Stand' },
  { move: 'double', label: 'Double' },
  { move: 'split', label: 'Split' },
  { move: 'surrender', label: 'Surrender' },
];

/** The sentence the status line announces for the table as it is now. */
function statusText(table: BlackjackTable): string {
  const { view, round } = table;
  if (!table.online)
    return 'You are offline. Playing needs a connection; a hand in play is kept until you are back.';
  if (table.resuming) return 'Checking for a hand in play…';
  if (!view || !round) return `Choose your bet and press Deal. Next hand in ${currencyWord(table.currency)}.`;
  const currency = round.currency;
  const up = view.dealer.cards[0];
  const dealerShows = up ? cardName(up) : 'nothing';
  if (view.phase === 'insurance')
    return `The dealer shows an ace. Insurance costs ${formatMinor(currency, Math.floor(view.bet / 2))}: take it or not.`;
  if (view.phase === 'player' && view.active !== null) {
    const hand = view.hands[view.active];
    if (!hand) return '';
    const which = view.hands.length > 1 ? `Hand ${view.active + 1} of ${view.hands.length}: ` : 'Your hand: ';
    return `${which}${totalText(hand.total, hand.soft)} against the dealer's ${dealerShows}.`;
  }
  return finishedText(round, view, currency);
}

function finishedText(round: RoundView, view: BlackjackView, currency: Currency): string {
  const insurance = view.insurance?.taken
    ? view.insurance.payout > 0
      ? ` Insurance pays ${formatMinor(currency, view.insurance.payout)}.`
      : ' Insurance lost.'
    : '';
  const dealer = `${view.dealer.total > 21 ? 'Dealer busts.' : `Dealer has ${view.dealer.total}.`}${insurance}`;
  if (round.win > round.bet) return `${dealer} You win ${formatAmount(currency, round.win)}.`;
  if (round.win === round.bet && view.hands.every((hand) => hand.result === 'push'))
    return `${dealer} Push: your ${formatAmount(currency, round.bet)} is back.`;
  if (round.win > 0) return `${dealer} ${formatAmount(currency, round.win)} back.`;
  return `${dealer} The dealer wins.`;
}

const currencyWord = (currency: Currency): string => (currency === 'gold' ? 'Gold Coins' : 'Sweeps Coins');

export function BlackjackGame({ bridge }: { bridge: HostBridge }) {
  const table = useBlackjackTable(bridge);
  const { view, round } = table;
  const controls = useRef<HTMLDivElement>(null);
  // Focus is moved only once the player used the controls, never on load (the frame would
  // take focus from the page around it).
  const used = useRef(false);
  const inPlay = view !== null && view.phase !== 'finished';
  const canAct = table.online && !table.busy && !table.resuming;
  const roundCurrency = round?.currency ?? table.currency;

  // Keyboard players keep their place: when the pressed button went away or was disabled,
  // focus moves to the first control that can be used now.
  const focusKey = `${round?.id ?? ''}:${view?.phase ?? ''}:${view?.active ?? ''}:${table.busy}`;
  useEffect(() => {
    const active = document.activeElement;
    const lost =
      !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!used.current || !lost || !controls.current) return;
    controls.current.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [focusKey]);

  return (
    <main className="bj-table">
      <h1 className="bj-title">Blackjack</h1>
      <p className="bj-rules-line">
        Blackjack pays 3 to 2 · Dealer stands on soft 17 · Insurance pays 2 to 1
      </p>

      <section className="bj-dealer" aria-label="Dealer">
        <div className="bj-hand__cards">
          {view ? (
            <>
              {view.dealer.cards.map((card, index) => (
                <PlayingCard key={`${card}-${index}`} card={card} />
              ))}
              {Array.from({ length: view.dealer.hidden }, (_, index) => (
                <FaceDownCard key={`hidden-${index}`} />
              ))}
            </>
          ) : null}
        </div>
        {view ? (
          <p className="bj-hand__meta">
            {view.dealer.hidden > 0
              ? `Dealer shows ${view.dealer.total}`
              : `Dealer has ${view.dealer.total > 21 ? `${view.dealer.total}, bust` : totalText(view.dealer.total, view.dealer.soft)}`}
          </p>
        ) : null}
      </section>

      <div className="bj-hands">
        {view?.hands.map((hand, index) => (
          <HandView
            key={index}
            hand={hand}
            currency={roundCurrency}
            active={view.active === index}
            label={view.hands.length > 1 ? `Your hand ${index + 1}` : 'Your hand'}
          />
        ))}
      </div>

      <p className="bj-status" role="status" aria-live="polite">
        {statusText(table)}
      </p>

      {table.error ? (
        <div className="bj-error" role="alert">
          <p>{table.error.message}</p>
          {table.error.code === GAME_ERROR_CODES.INSUFFICIENT_BALANCE ? (
            <button type="button" className="bj-button" onClick={() => bridge.navigate('buy_coins')}>
              Buy coins
            </button>
          ) : null}
          {table.canRetry ? (
            <button type="button" className="bj-button" onClick={table.retry}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}

      <div
        className="bj-controls"
        ref={controls}
        onClickCapture={() => {
          used.current = true;
        }}
      >
        {view?.phase === 'insurance' ? (
          <div className="bj-actions" role="group" aria-label="Insurance">
            <button
              type="button"
              className="bj-button"
              disabled={!canAct}
              onClick={() => table.act({ type: 'insurance', take: true })}
            >
              Insurance
            </button>
            <button
              type="button"
              className="bj-button"
              disabled={!canAct}
              onClick={() => table.act({ type: 'insurance', take: false })}
            >
              No insurance
            </button>
          </div>
        ) : inPlay ? (
          <div className="bj-actions" role="group" aria-label="Your move">
            {PLAY_MOVES.map(({ move, label }) => (
              <button
                key={move}
                type="button"
                className="bj-button"
                disabled={!canAct || !view.actions.includes(move)}
                onClick={() => table.act({ type: move })}
              >
                {label}
              </button>
            ))}
          </div>
        ) : (
          <div className="bj-deal">
            <BetControl
              steps={table.steps}
              index={table.betIndex}
              currency={table.currency}
              disabled={table.busy}
              onChange={table.setBetIndex}
            />
            <button
              type="button"
              className="bj-button bj-button--primary"
              disabled={!canAct}
              onClick={table.deal}
            >
              Deal
            </button>
          </div>
        )}
      </div>

      <GameLinks bridge={bridge} className="bj-links" label="Game" buttonClassName="bj-link" />
    </main>
  );
}
