/** Lucky Scratch's ticket prices and money display. */
import type { Currency } from '../../src/contract/currency.ts';

/** Ticket prices, display units (Gold whole coins, Sweeps with 2 decimals). */
export const BET_STEPS: Readonly<Record<Currency, readonly number[]>> = {
  gold: [100, 200, 500, 1000, 2500],
  sweeps: [0.2, 0.5, 1, 2, 5],
};

/** "1,000 GC" or "SC 1.00". */
export function formatAmount(currency: Currency, amount: number): string {
  if (currency === 'gold') return `${Math.round(amount).toLocaleString('en-US')} GC`;
  return `SC ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** price x multiplier in display units (exact: Sweeps prices are whole cents, multipliers whole). */
export function prizeFor(currency: Currency, price: number, multiplier: number): number {
  if (currency === 'gold') return price * multiplier;
  return (Math.round(price * 100) * multiplier) / 100;
}

export const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  gold: 'Gold Coins',
  sweeps: 'Sweeps Coins',
};
