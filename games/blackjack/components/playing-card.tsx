import { cardName, isRed, type Card } from '../../engines/cards.ts';

const SUIT_SYMBOL: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

/** A card face; its text alternative is the card's name ("Ace of Spades"). */
export function PlayingCard({ card }: { card: Card }) {
  const rank = card[0] === 'T' ? '10' : (card[0] ?? '?');
  return (
    <span role="img" aria-label={cardName(card)} className={`bj-card${isRed(card) ? ' bj-card--red' : ''}`}>
      <span aria-hidden="true" className="bj-card__rank">
        {rank}
      </span>
      <span aria-hidden="true" className="bj-card__suit">
        {SUIT_SYMBOL[card[1] ?? ''] ?? ''}
      </span>
    </span>
  );
}

/** The dealer's hole card while the hand is open. */
export function FaceDownCard() {
  return <span role="img" aria-label="Face-down card" className="bj-card bj-card--back" />;
}
