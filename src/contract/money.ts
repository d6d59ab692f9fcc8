/**
 * Money: minor units (what the ledger stores: Gold whole coins, Sweeps and USD cents) to the
 * display units the wire and the screens use, and back. One module for the app, the games and the
 * server, so an amount is converted the same way everywhere; every function takes the currency
 * first, then the amount.
 */
import type { Currency } from './currency.ts';

/** Minor units per display unit: Gold counts whole coins, Sweeps cents. */
export const MINOR_PER_UNIT: Readonly<Record<Currency, number>> = { gold: 1, sweeps: 100 };

/** Cents -> a number with 2 decimals (exact for any safe integer of cents). */
export const centsToDisplay = (cents: number): number => Math.round(cents) / 100;

/** A display amount with up to 2 decimals -> cents; null when it has more decimals or is not finite. */
export function displayToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/** Ledger minor units of a currency -> display units (Gold whole coins, Sweeps with 2 decimals). */
export const minorToDisplay = (currency: Currency, minor: number): number =>
  currency === 'gold' ? Math.round(minor) : centsToDisplay(minor);

/** A display amount -> the nearest whole number of minor units (a value read from the screen or the wire). */
export const displayToMinor = (currency: Currency, display: number): number =>
  Math.round(display * MINOR_PER_UNIT[currency]);
