/**
 * The five cards. Once dealt, each card is a toggle button named "Hold <card name>" with
 * aria-pressed, usable by keyboard (Tab, then Space or Enter). Before the first deal the row
 * shows five backs, which are not controls.
 */
import { cardName, type Card } from '../../engines/cards.ts';

const SUIT_SYMBOLS: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK_LABELS: Record<string, string> = { T: '10' };

interface CardRowProps {
  cards: readonly Card[] | null;
  held: readonly boolean[];
  /** Holds can change now (a deal is open and nothing is in flight). */
  canHold: boolean;
  onToggle(position: number): void;
}

export function CardRow({ cards, held, canHold, onToggle }: CardRowProps) {
  if (!cards) {
    return (
      <ul className="vp-cards" aria-label="Cards, not dealt yet">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i}>
            <span className="vp-card vp-card-back" aria-hidden="true" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="vp-cards" aria-label="Your cards">
      {cards.map((card, i) => {
        const red = card[1] === 'D' || card[1] === 'H';
        const isHeld = held[i] === true;
        return (
          <li key={`${i}-${card}`}>
            <button
              type="button"
              className={`vp-card${red ? ' vp-red' : ''}${isHeld ? ' vp-held' : ''}`}
              aria-label={`Hold ${cardName(card)}`}
              aria-pressed={isHeld}
              disabled={!canHold}
              onClick={() => onToggle(i)}
            >
              <span className="vp-rank" aria-hidden="true">
                {RANK_LABELS[card[0] ?? ''] ?? card[0]}
              </span>
              <span className="vp-suit" aria-hidden="true">
                {SUIT_SYMBOLS[card[1] ?? '']}
              </span>
              <span className="vp-held-mark" aria-hidden="true">
                {isHeld ? 'HELD' : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
