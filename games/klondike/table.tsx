/**
 * The Klondike table: the stock (the Draw button), the waste, the four foundations and the seven
 * columns. Every face-up card is a button named after the card and its pile; every pile is a
 * button too (the destination of a selected card). Face-down cards are only counted.
 */
import type { CSSProperties } from 'react';
import type { Card } from '../engines/cards.ts';
import { suitIndex } from '../engines/cards.ts';
import type { SolitaireView } from '../engines/solitaire.ts';
import {
  cardFace,
  cardLabel,
  columnPile,
  foundationPile,
  pileLabel,
  sameSource,
  SUIT_NAMES,
  type MoveSource,
} from './piles.ts';
import type { CardDragHandlers } from './use-card-drag.ts';

interface TableProps {
  view: SolitaireView;
  playing: boolean;
  busy: boolean;
  selected: MoveSource | null;
  onCard: (from: MoveSource) => void;
  onPile: (pile: string) => void;
  onDraw: () => void;
  dragHandlers: (from: MoveSource) => CardDragHandlers;
}

/** The piles the selected card (or run) may go to now, from the view's list of moves. */
function targetsOf(view: SolitaireView, selected: MoveSource | null, selectedCard: Card | null): Set<string> {
  const targets = new Set<string>();
  if (!selected) return targets;
  for (const move of view.moves) {
    const from =
      move.from.pile === 'waste' || move.from.pile.startsWith('foundation')
        ? { pile: move.from.pile }
        : move.from;
    if (!sameSource(from, selected)) continue;
    targets.add(
      move.to.pile === 'foundation' && selectedCard ? foundationPile(suitIndex(selectedCard)) : move.to.pile,
    );
  }
  return targets;
}

function cardOf(view: SolitaireView, source: MoveSource | null): Card | null {
  if (!source) return null;
  if (source.pile === 'waste') return view.waste.top;
  if (source.pile.startsWith('foundation'))
    return view.foundations[Number(source.pile.slice(11))]?.top ?? null;
  const column = view.tableau[Number(source.pile.slice(8))];
  if (!column || source.index === undefined) return null;
  return column.faceUp[source.index - column.faceDown] ?? null;
}

function CardFace({ card }: { card: Card }) {
  const face = cardFace(card);
  return (
    <span className="card-face" aria-hidden="true">
      <span className="rank">{face.rank}</span>
      <span className="suit">{face.suit}</span>
    </span>
  );
}

interface CardButtonProps {
  card: Card;
  from: MoveSource;
  label: string;
  selected: boolean;
  playing: boolean;
  onCard: (from: MoveSource) => void;
  dragHandlers: (from: MoveSource) => CardDragHandlers;
}

function CardButton({ card, from, label, selected, playing, onCard, dragHandlers }: CardButtonProps) {
  const red = card[1] === 'D' || card[1] === 'H';
  return (
    <button
      type="button"
      className={`card ${red ? 'red' : 'black'}${selected ? ' selected' : ''}`}
      data-card={card}
      aria-label={label}
      aria-pressed={selected}
      disabled={!playing}
      onClick={() => onCard(from)}
      {...(playing ? dragHandlers(from) : {})}
    >
      <CardFace card={card} />
    </button>
  );
}

export function Table({ view, playing, busy, selected, onCard, onPile, onDraw, dragHandlers }: TableProps) {
  const targets = targetsOf(view, selected, cardOf(view, selected));
  const pileClass = (pile: string, base: string) => `${base}${targets.has(pile) ? ' target' : ''}`;
  const wasteTop = view.waste.top;

  return (
    <div className="table">
      <div className="top-row">
        <div className="stock">
          <button
            type="button"
            className="draw"
            onClick={onDraw}
            disabled={!playing || busy || !view.canDraw}
            aria-describedby="stock-count"
          >
            Draw
          </button>
          <span id="stock-count" className="stock-count">
            {view.stock.count} left
          </span>
        </div>
        <div className="waste" data-pile="waste">
          {wasteTop ? (
            <CardButton
              card={wasteTop}
              from={{ pile: 'waste' }}
              label={cardLabel(wasteTop, 'waste')}
              selected={selected?.pile === 'waste'}
              playing={playing}
              onCard={onCard}
              dragHandlers={dragHandlers}
            />
          ) : (
            <span className="slot" aria-hidden="true" />
          )}
        </div>
        <div className="foundations">
          {view.foundations.map((foundation, f) => {
            const pile = foundationPile(f);
            const label = `${SUIT_NAMES[f]} foundation${foundation.top ? `, ${cardLabel(foundation.top, pile).split(',')[0]} on top` : ''}`;
            return (
              <button
                key={pile}
                type="button"
                className={pileClass(pile, `foundation${selected?.pile === pile ? ' selected' : ''}`)}
                data-pile={pile}
                aria-label={label}
                disabled={!playing}
                onClick={() => onPile(pile)}
                {...(playing && foundation.top ? dragHandlers({ pile }) : {})}
              >
                {foundation.top ? (
                  <CardFace card={foundation.top} />
                ) : (
                  <span className="suit-mark">{'♣♦♥♠'[f]}</span>
                )}
              </button>
            );
          })}
        </div>
      </div>
      <div className="columns">
        {view.tableau.map((column, c) => {
          const pile = columnPile(c);
          return (
            <div key={pile} className="column" data-pile={pile}>
              <button
                type="button"
                className={pileClass(pile, 'column-button')}
                aria-label={`Column ${c + 1}`}
                disabled={!playing}
                onClick={() => onPile(pile)}
              >
                {c + 1}
              </button>
              <div className="stack">
                {column.faceDown > 0 && (
                  <span className="face-down" style={{ '--count': column.faceDown } as CSSProperties}>
                    <span className="visually-hidden">
                      {column.faceDown} face-down {column.faceDown === 1 ? 'card' : 'cards'} in{' '}
                      {pileLabel(pile)}
                    </span>
                  </span>
                )}
                {column.faceUp.map((card, k) => {
                  const from = { pile, index: column.faceDown + k };
                  return (
                    <CardButton
                      key={card}
                      card={card}
                      from={from}
                      label={cardLabel(card, pile)}
                      selected={selected !== null && sameSource(selected, from)}
                      playing={playing}
                      onCard={onCard}
                      dragHandlers={dragHandlers}
                    />
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
