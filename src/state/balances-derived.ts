/** Values derived from balances (spec section 3): computed, never stored, so they cannot drift. */
import type { Balances } from '../contract/schemas.ts';
import { DEFAULT_REDEEMABLE_SWEEPS_PER_USD } from '../contract/constants.ts';
import type { Currency } from '../contract/currency.ts';

const cents = (n: number): number => Math.round(n * 100);

/** Sweeps Coins not yet played through: total minus redeemable (never negative). */
export function unplayedSweeps(b: Balances): number {
  return Math.max(0, cents(b.balance_total_ghc) - cents(b.balance_redeemable_ghc)) / 100;
}

/** USD value of the redeemable Sweeps Coins (rounded down to the cent: never promise more). */
export function redemptionValueUsd(b: Balances, sweepsPerUsd: number = DEFAULT_REDEEMABLE_SWEEPS_PER_USD): number {
  const rate = sweepsPerUsd > 0 ? sweepsPerUsd : DEFAULT_REDEEMABLE_SWEEPS_PER_USD;
  return Math.floor(cents(b.balance_redeemable_ghc) / rate) / 100;
}

/** The balance shown in the header for a currency. */
export function balanceFor(b: Balances, currency: Currency): number {
  return currency === 'gold' ? b.balance_total_gld : b.balance_total_ghc;
}
