/**
 * The 5 x 3 window as a table: one column per reel, each cell the symbol's picture with its name
 * as text for screen readers. Cells on a winning line of the shown spin are marked.
 */
import type { SlotsSpin } from '../../engines/slots.ts';
import { PAYLINES, REEL_COUNT, ROW_COUNT } from '../../engines/slots.ts';
import { SYMBOL_LOOKS } from '../symbols.ts';

const ROW_NAMES = ['top', 'middle', 'bottom'];

function winningCells(spin: SlotsSpin | null): Set<string> {
  const cells = new Set<string>();
  for (const win of spin?.lineWins ?? []) {
    const rows = PAYLINES[win.line - 1] ?? [];
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  return cells;
}

export function Reels({ spin, spinning }: { spin: SlotsSpin | null; spinning: boolean }) {
  const winning = spinning ? new Set<string>() : winningCells(spin);
  return (
    <table className={`cj-reels${spinning ? ' cj-spinning' : ''}`} aria-busy={spinning}>
      <caption className="game-visually-hidden">
        Reels{spin?.kind === 'free_spin' ? ' (free spin)' : ''}
      </caption>
      <tbody>
        {Array.from({ length: ROW_COUNT }, (_, row) => (
          <tr key={row}>
            {Array.from({ length: REEL_COUNT }, (_, reel) => {
              const symbol = spin?.window[reel]?.[row];
              const looks = symbol ? SYMBOL_LOOKS[symbol] : null;
              const win = winning.has(`${reel}:${row}`);
              return (
                <td
                  key={reel}
                  className={`cj-cell${symbol ? ` cj-sym-${symbol}` : ''}${win ? ' cj-win' : ''}`}
                >
                  {looks ? (
                    <>
                      <span aria-hidden="true" className="cj-glyph">
                        {looks.glyph}
                      </span>
                      <span className="game-visually-hidden">
                        Reel {reel + 1} {ROW_NAMES[row]}: {looks.name}
                        {win ? ', winning' : ''}
                      </span>
                    </>
                  ) : (
                    <span className="game-visually-hidden">
                      Reel {reel + 1} {ROW_NAMES[row]}: not spun yet
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
