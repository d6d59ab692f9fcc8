/**
 * The bet steps the table offers, display units (Gold whole coins, Sweeps with 2 decimals).
 * Kept here until the catalogue's bet_steps reach the game.
 */
import type { Currency } from '../../src/contract/currency.ts';

export const BET_STEPS: Readonly<Record<Currency, readonly number[]>> = {
  gold: [100, 200, 500, 1000, 2500],
  sweeps: [0.2, 0.5, 1, 2, 5],
};
