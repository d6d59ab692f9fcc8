/**
 * The ticket's 9 spots as buttons in a 3 x 3 grid. A covered spot is "Scratch spot N"; a
 * scratched one keeps its place (and the focus) as "Spot N: Clover", marked when it is part of
 * the match once the ticket is settled.
 */
import { SPOT_COUNT, type ScratchCardState } from '../../engines/scratch-card.ts';
import { SYMBOL_LOOKS } from '../symbols.ts';

export function Ticket({
  view,
  revealed,
  canScratch,
  onScratch,
}: {
  view: ScratchCardState | null;
  revealed: readonly number[];
  canScratch: boolean;
  onScratch: (spot: number) => void;
}) {
  const settled = view?.redeemed ?? false;
  return (
    <ol className="ls-ticket" aria-label="Ticket spots">
      {Array.from({ length: SPOT_COUNT }, (_, spot) => {
        const symbol = view?.ticket.spots[spot];
        const shown = view !== null && (settled || revealed.includes(spot));
        const match = settled && (view?.ticket.winningSpots.includes(spot) ?? false);
        if (!view || !shown || !symbol)
          return (
            <li key={spot}>
              <button
                type="button"
                className="ls-spot ls-covered"
                disabled={!view || !canScratch}
                onClick={() => onScratch(spot)}
              >
                Scratch spot {spot + 1}
              </button>
            </li>
          );
        const looks = SYMBOL_LOOKS[symbol];
        return (
          <li key={spot}>
            <button
              type="button"
              className={`ls-spot ls-sym-${symbol}${match ? ' ls-match' : ''}`}
              aria-disabled="true"
              aria-label={`Spot ${spot + 1}: ${looks.name}${match ? ', a match' : ''}`}
            >
              <span aria-hidden="true" className="ls-glyph">
                {looks.glyph}
              </span>
              <span aria-hidden="true" className="ls-name">
                {looks.name}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
