import type { Currency } from '../../../src/contract/currency.ts';
import { CURRENCY_LABELS, formatAmount } from '../../../src/contract/money.ts';

/** Steps through the table's bets; the bet's value is announced when it changes. */
export function BetControl({
  steps,
  index,
  currency,
  disabled,
  onChange,
}: {
  steps: readonly number[];
  index: number;
  currency: Currency;
  disabled: boolean;
  onChange: (index: number) => void;
}) {
  const bet = steps[index] ?? steps[0] ?? 0;
  return (
    <div className="bj-bet" role="group" aria-label="Bet">
      <button
        type="button"
        className="bj-button bj-button--round"
        aria-label="Decrease bet"
        disabled={disabled || index <= 0}
        onClick={() => onChange(index - 1)}
      >
        −
      </button>
      <output className="bj-bet__value" aria-live="polite" aria-label={`Bet ${formatAmount(currency, bet)}`}>
        <span>{formatAmount(currency, bet)}</span>
        <span className="bj-bet__currency">{CURRENCY_LABELS[currency].name}</span>
      </output>
      <button
        type="button"
        className="bj-button bj-button--round"
        aria-label="Increase bet"
        disabled={disabled || index >= steps.length - 1}
        onClick={() => onChange(index + 1)}
      >
        +
      </button>
    </div>
  );
}
