/** What three of each symbol pays at the ticket price shown, with its odds. */
import type { Currency } from '../../../src/contract/currency.ts';
import { PRIZE_TIERS, SCRATCH_CARD_DECLARED_RTP, TIER_WEIGHT_TOTAL } from '../../engines/scratch-card.ts';
import { formatAmount } from '../../../src/contract/money.ts';
import { prizeFor } from '../prizes.ts';
import { SYMBOL_LOOKS } from '../symbols.ts';

const odds = (weight: number): string =>
  `1 in ${(TIER_WEIGHT_TOTAL / weight).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

export function PrizeTable({ currency, price }: { currency: Currency; price: number }) {
  const winning = PRIZE_TIERS.reduce((sum, tier) => sum + tier.weight, 0);
  return (
    <details className="ls-prizes">
      <summary>Prizes and odds</summary>
      <table>
        <caption>Match three at {formatAmount(currency, price)} a ticket</caption>
        <thead>
          <tr>
            <th scope="col">Three of</th>
            <th scope="col">Prize</th>
            <th scope="col">Odds</th>
          </tr>
        </thead>
        <tbody>
          {PRIZE_TIERS.map((tier) => (
            <tr key={tier.symbol}>
              <th scope="row">
                <span aria-hidden="true">{SYMBOL_LOOKS[tier.symbol].glyph} </span>
                {SYMBOL_LOOKS[tier.symbol].name}
              </th>
              <td>{formatAmount(currency, prizeFor(currency, price, tier.multiplier))}</td>
              <td>{odds(tier.weight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Any prize: {odds(winning)}. The ticket is decided when you buy it; scratching only reveals it. Return
        to player: {SCRATCH_CARD_DECLARED_RTP.toFixed(2)} %.
      </p>
    </details>
  );
}
