/** "Decrease bet" / "Increase bet" over the five bet steps (one to five coins). */
import type { Currency } from '../../../src/contract/currency.ts';
import { formatAmount } from '../../../src/contract/money.ts';
import { coinsOfStep } from '../coins.ts';

interface BetControlProps {
  currency: Currency;
  /** How many bet steps the currency has (the catalogue's): the last is the maximum bet. */
  stepCount: number;
  stepIndex: number;
  /** The bet shown (the open round's own bet while a deal is open). */
  bet: number;
  disabled: boolean;
  onChange(stepIndex: number): void;
}

export function BetControl({ currency, stepCount, stepIndex, bet, disabled, onChange }: BetControlProps) {
  const last = stepCount - 1;
  const coins = coinsOfStep(stepIndex);
  return (
    <div className="vp-bet" role="group" aria-label="Bet">
      <button type="button" disabled={disabled || stepIndex <= 0} onClick={() => onChange(stepIndex - 1)}>
        Decrease bet
      </button>
      <span className="vp-bet-value">
        Bet {formatAmount(currency, bet)}
        <span className="vp-coins">
          {' '}
          · {coins} {coins === 1 ? 'coin' : 'coins'}
          {stepIndex === last ? ' (max bet)' : ''}
        </span>
      </span>
      <button type="button" disabled={disabled || stepIndex >= last} onClick={() => onChange(stepIndex + 1)}>
        Increase bet
      </button>
    </div>
  );
}
