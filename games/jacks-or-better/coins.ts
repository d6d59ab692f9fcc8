/**
 * The coins of the Jacks or Better page. The five bet steps of a currency (the catalogue's, from
 * the host's init) are the five coins: step 1 is one coin, step 5 (the highest) is five coins, the
 * maximum bet, where the royal flush pays 800 per coin. The server derives the coins the same way.
 */
import type { Currency } from '../../src/contract/currency.ts';
import { displayToMinor, minorToDisplay } from '../../src/contract/money.ts';
import { MAX_COINS } from '../engines/video-poker-pays.ts';

/** Coins of a bet step (its position, 1..5). */
export const coinsOfStep = (stepIndex: number): number => stepIndex + 1;

/** The bet step of a round's coins (for a resumed deal). */
export const stepOfCoins = (coins: number): number => Math.min(Math.max(Math.round(coins), 1), MAX_COINS) - 1;

/** bet * pay in display units, exact for Sweeps cents (the server pays floor(bet in minor units * pay)). */
export const winFor = (currency: Currency, bet: number, pay: number): number =>
  minorToDisplay(currency, Math.floor(displayToMinor(currency, bet) * pay));
