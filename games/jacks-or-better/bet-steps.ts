/**
 * The bets of the Jacks or Better page. The five bet steps of a currency are the five coins:
 * step 1 is one coin, step 5 (the highest) is five coins, the maximum bet, where the royal flush
 * pays 800 per coin. Kept here until the catalogue's bet_steps reach the game.
 */
import type { Currency } from '../../src/contract/currency.ts';

/** Bet steps, display units (Gold whole coins, Sweeps with 2 decimals). */
export const BET_STEPS: Readonly<Record<Currency, readonly number[]>> = {
  gold: [100, 200, 500, 1000, 2500],
  sweeps: [0.2, 0.5, 1, 2, 5],
};

/** Coins of a bet step (its position, 1..5). */
export const coinsOfStep = (stepIndex: number): number => stepIndex + 1;

/** The bet step of a round's coins (for a resumed deal). */
export const stepOfCoins = (coins: number): number =>
  Math.min(Math.max(Math.round(coins), 1), BET_STEPS.gold.length) - 1;

const CENTS = 100;

/** bet * pay in display units, exact for Sweeps cents (the server pays floor(bet in cents * pay)). */
export function winFor(currency: Currency, bet: number, pay: number): number {
  if (currency === 'gold') return Math.floor(bet * pay);
  return Math.floor(Math.round(bet * CENTS) * pay) / CENTS;
}

/** "1,000 GC" or "SC 1.00". */
export function formatAmount(currency: Currency, amount: number): string {
  if (currency === 'gold') return `${Math.round(amount).toLocaleString('en-US')} GC`;
  return `SC ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  gold: 'Gold Coins',
  sweeps: 'Sweeps Coins',
};
