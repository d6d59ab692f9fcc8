/** "Decrease bet" / "Increase bet" over the five bet steps (one to five coins). */
import type { Currency } from '../../../src/contract/currency.ts';
import { BET_STEPS, coinsOfStep, formatAmount } from '../bet-steps.ts';

interface BetControlProps {
  currency: Currency;
  stepIndex: number;
  /** The bet shown (the open round's own bet while a deal is open). */
  bet: number;
  disabled: boolean;
  onChange(stepIndex: number): void;
}

export function BetControl({ currency, stepIndex, bet, disabled, onChange }: BetControlProps) {
  const last = BET_STEPS[currency].length - 1;
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
