/**
 * The bets of the Jacks or Better page. The five bet steps of a currency are the five coins:
 * step 1 is one coin, step 5 (the highest) is five coins, the maximum bet, where the royal flush
 * pays 800 per coin. The steps themselves are the shared house-game steps.
 */
import type { Currency } from '../../src/contract/currency.ts';
import { BET_STEPS } from '../shared/bet-steps.ts';

export { BET_STEPS, CURRENCY_NAMES, formatAmount } from '../shared/bet-steps.ts';

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
