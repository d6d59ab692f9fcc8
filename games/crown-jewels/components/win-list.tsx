/** The wins of the spin shown: each paying line and the scatter, in the round's currency. */
import type { Currency } from '../../../src/contract/currency.ts';
import type { SlotsSpin } from '../../engines/slots.ts';
import { formatMinor } from '../../../src/contract/money.ts';
import { symbolName } from '../symbols.ts';

export function WinList({ spin, currency }: { spin: SlotsSpin; currency: Currency }) {
  const items = spin.lineWins.map((win) => ({
    key: `line-${win.line}`,
    text: `Line ${win.line}: ${win.count} × ${symbolName(win.symbol)}, ${formatMinor(currency, win.winMinor)}`,
  }));
  if (spin.scatterWinMinor > 0)
    items.push({
      key: 'scatter',
      text: `${spin.scatterCount} treasure chests: ${formatMinor(currency, spin.scatterWinMinor)}`,
    });
  if (spin.freeSpinsAwarded > 0)
    items.push({ key: 'free', text: `${spin.freeSpinsAwarded} free spins awarded` });
  if (items.length === 0) return null;
  return (
    <section className="cj-wins" aria-labelledby="cj-wins-title">
      <h2 id="cj-wins-title">
        {spin.kind === 'free_spin' ? `Free spin wins (×${spin.multiplier})` : 'Winning lines'}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.key}>{item.text}</li>
        ))}
      </ul>
    </section>
  );
}
