/**
 * The bets and money display every house game shares. The steps are display units (Gold whole
 * coins, Sweeps with 2 decimals); each is a multiple of 10 minor units (Gold coins, Sweeps cents),
 * so games that split a bet (the 10 slot lines) stay exact. Kept here until the catalogue's
 * bet_steps reach the games.
 */
import type { Currency } from '../../src/contract/currency.ts';

/** Bet steps, display units (Gold whole coins, Sweeps with 2 decimals). */
export const BET_STEPS: Readonly<Record<Currency, readonly number[]>> = {
  gold: [100, 200, 500, 1000, 2500],
  sweeps: [0.2, 0.5, 1, 2, 5],
};

/** Minor units per display unit: engine views count Gold in coins and Sweeps in cents. */
export const MINOR_PER_UNIT: Readonly<Record<Currency, number>> = { gold: 1, sweeps: 100 };

export const toMinor = (currency: Currency, amount: number): number =>
  Math.round(amount * MINOR_PER_UNIT[currency]);
export const fromMinor = (currency: Currency, minor: number): number => minor / MINOR_PER_UNIT[currency];

/** "1,000 GC" or "SC 1.00". */
export function formatAmount(currency: Currency, amount: number): string {
  if (currency === 'gold') return `${Math.round(amount).toLocaleString('en-US')} GC`;
  return `SC ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  gold: 'Gold Coins',
  sweeps: 'Sweeps Coins',
};
