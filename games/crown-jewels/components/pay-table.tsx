/** The pay table for the bet chosen: what 3, 4 and 5 of each symbol pay, and the scatter. */
import type { Currency } from '../../../src/contract/currency.ts';
import {
  FREE_SPINS_AWARDED,
  FREE_SPIN_MULTIPLIER,
  LINE_COUNT,
  LINE_PAYS,
  SCATTER_PAYS,
  SLOTS_DECLARED_RTP,
} from '../../engines/slots.ts';
import { displayToMinor, formatAmount, minorToDisplay } from '../../../src/contract/money.ts';
import { SYMBOL_LOOKS } from '../symbols.ts';

export function PayTable({ currency, bet }: { currency: Currency; bet: number }) {
  const lineBetMinor = displayToMinor(currency, bet) / LINE_COUNT;
  const amount = (lineBets: number) =>
    formatAmount(currency, minorToDisplay(currency, Math.floor(lineBetMinor * lineBets)));
  return (
    <details className="cj-paytable">
      <summary>Pay table and rules</summary>
      <table>
        <caption>Line pays at {formatAmount(currency, bet)} (10 lines)</caption>
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">3</th>
            <th scope="col">4</th>
            <th scope="col">5</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(LINE_PAYS).map(([symbol, pays]) => (
            <tr key={symbol}>
              <th scope="row">{SYMBOL_LOOKS[symbol as keyof typeof SYMBOL_LOOKS].name}</th>
              {pays.map((pay, i) => (
                <td key={i}>{amount(pay)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Treasure chests anywhere pay {SCATTER_PAYS.map((p) => `${p}×`).join(', ')} the bet for 3, 4 and 5, and
        3 or more award {FREE_SPINS_AWARDED} free spins at the same bet with every win ×{FREE_SPIN_MULTIPLIER}
        . Free spins can be won again during free spins. The crown is wild for every symbol but the chest.
        Lines pay from the leftmost reel; only the best win on each line is paid.
      </p>
      <p>Return to player: {SLOTS_DECLARED_RTP.toFixed(2)} %.</p>
    </details>
  );
}
