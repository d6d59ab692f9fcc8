/** Minor units <-> wire display units. Gold is stored in whole coins, Sweeps and USD in cents. */
import type { Currency } from '../../../src/contract/currency.ts';

/** Cents -> a number with 2 decimals (exact for any safe integer of cents). */
export const centsToDisplay = (cents: number): number => Math.round(cents) / 100;

/** A display amount with up to 2 decimals -> cents; null when it has more decimals or is not finite. */
export function displayToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/** Ledger minor units of a currency -> wire display units. */
export const minorToDisplay = (currency: Currency, minor: number): number =>
  currency === 'gold' ? Math.round(minor) : centsToDisplay(minor);
