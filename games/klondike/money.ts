/** Bets and amounts of the Klondike page: the bet steps per currency and how amounts read. */
import type { Currency } from '../../src/contract/currency.ts';

/** Bet steps, display units (Gold whole coins, Sweeps with 2 decimals). */
export const BET_STEPS: Readonly<Record<Currency, readonly number[]>> = {
  gold: [100, 200, 500, 1000, 2500],
  sweeps: [0.2, 0.5, 1, 2, 5],
};

/** Minor units per display unit: the engine's view counts Gold in coins and Sweeps in cents. */
const MINOR_PER_UNIT: Readonly<Record<Currency, number>> = { gold: 1, sweeps: 100 };

export const minorToDisplay = (currency: Currency, minor: number): number => minor / MINOR_PER_UNIT[currency];

/** "1,000 GC" or "SC 1.00". */
export function formatAmount(currency: Currency, amount: number): string {
  if (currency === 'gold') return `${Math.round(amount).toLocaleString('en-US')} GC`;
  return `SC ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
