/**
 * The 9/6 pay table at the current bet: each paying hand, its pay per coin (the bet returned
 * times this) and the win at this bet. The hand just made is highlighted and named for screen
 * readers. The royal's 800 applies at five coins (the highest bet step) only.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import {
  PAY_LINE_NAMES,
  PAY_LINES,
  ROYAL_PAY_AT_MAX_BET,
  paysFor,
  type PayLine,
} from '../../engines/video-poker-pays.ts';
import { formatAmount } from '../../../src/contract/money.ts';
import { winFor } from '../coins.ts';

interface PayTableProps {
  currency: Currency;
  bet: number;
  coins: number;
  /** The line the shown cards make after a draw (highlighted), or null. */
  winningLine: PayLine | null;
}

export function PayTable({ currency, bet, coins, winningLine }: PayTableProps) {
  const pays = paysFor(coins);
  return (
    <table className="vp-pay-table">
      <caption>
        Pay table at {formatAmount(currency, bet)} ({coins} of 5 coins; royal flush {ROYAL_PAY_AT_MAX_BET} per
        coin at 5)
      </caption>
      <thead>
        <tr>
          <th scope="col">Hand</th>
          <th scope="col">Pays</th>
          <th scope="col">Win</th>
        </tr>
      </thead>
      <tbody>
        {PAY_LINES.map((line) => {
          const winning = line === winningLine;
          return (
            <tr
              key={line}
              className={winning ? 'vp-winning' : undefined}
              aria-current={winning ? 'true' : undefined}
            >
              <th scope="row">
                {PAY_LINE_NAMES[line]}
                {winning ? <span className="vp-visually-hidden"> (your hand)</span> : null}
              </th>
              <td>{pays[line]}×</td>
              <td>{formatAmount(currency, winFor(currency, bet, pays[line]))}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
