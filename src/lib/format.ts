/** Display formatting of coins and money (spec section 9: Gold 0 decimals, Sweeps and USD 2). */
import { GOLD_DECIMALS, SWEEPS_DECIMALS, USD_DECIMALS } from '../contract/constants.ts';
import type { Currency } from '../contract/currency.ts';

const goldFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: GOLD_DECIMALS,
  maximumFractionDigits: GOLD_DECIMALS,
});
const sweepsFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: SWEEPS_DECIMALS,
  maximumFractionDigits: SWEEPS_DECIMALS,
});
const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: USD_DECIMALS,
  maximumFractionDigits: USD_DECIMALS,
});

/** Non-finite input (NaN from a bad value) shows as 0 rather than "NaN" to a player. */
const safe = (n: number): number => (Number.isFinite(n) ? n : 0);

/** 250000 -> "250,000". Gold Coins are whole: fractions are dropped, not rounded up. */
export const formatGold = (n: number): string => goldFormat.format(Math.trunc(safe(n)));

/** 25 -> "25.00". */
export const formatSweeps = (n: number): string => sweepsFormat.format(safe(n));

/** 12.5 -> "$12.50". */
export const formatUsd = (n: number): string => usdFormat.format(safe(n));

export const formatCoins = (n: number, currency: Currency): string =>
  currency === 'gold' ? formatGold(n) : formatSweeps(n);

export const CURRENCY_LABELS: Record<Currency, { name: string; short: string }> = {
  gold: { name: 'Gold Coins', short: 'GC' },
  sweeps: { name: 'Sweeps Coins', short: 'SC' },
};
