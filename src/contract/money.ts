/**
 * Money: amounts in minor units (what the ledger and the engines count: Gold whole coins, Sweeps
 * and USD cents), in display units (the wire and the screens: Gold whole, Sweeps with 2 decimals)
 * and as text. One module for the app, the games (in their frames) and the server, so an amount is
 * converted and written the same way everywhere; every function takes the currency first, then the
 * amount. Text follows spec section 9 (Gold 0 decimals, Sweeps and USD 2) in the en-US style:
 * "1,234", "1,234.50", "$1,234.50", "-$3.00", and with its unit "1,000 GC", "2.50 SC".
 *
 * Written out rather than through Intl.NumberFormat: the first Intl object a page creates makes
 * the browser load its locale data, 12-27 ms on a desktop (several times that on a phone), and the
 * coin bar formats a balance in the app's very first render. The output equals
 * Intl.NumberFormat('en-US', { signDisplay: 'negative', ... }) for every finite number (money.test.ts
 * compares them): the shortest decimal form of the double rounded half away from zero, so 1.005
 * shows as "1.01" as it does in Intl, and a value that rounds to zero shows no minus sign.
 */
import { GOLD_DECIMALS, SWEEPS_DECIMALS, USD_DECIMALS } from './constants.ts';
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

/** Non-finite input (NaN from a bad value) shows as 0 rather than "NaN" to a player. */
const safe = (n: number): number => (Number.isFinite(n) ? n : 0);

/** "1234567" -> "1,234,567". */
const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** The digits of `x` (finite, 0 or more) with `decimals` fraction digits, without grouping. */
function fixedDigits(x: number, decimals: number): { whole: string; fraction: string } {
  // The shortest decimal form, written out when String() uses an exponent (1e21 and up, below 1e-6).
  const [mantissa = '0', exponent = '0'] = String(x).split('e');
  const [intPart = '0', fracPart = ''] = mantissa.split('.');
  const allDigits = intPart + fracPart;
  const point = intPart.length + Number(exponent);
  let whole =
    point <= 0
      ? '0'
      : allDigits
          .slice(0, point)
          .padEnd(point, '0')
          .replace(/^0+(?=\d)/, '');
  let fraction =
    point >= allDigits.length ? '' : point < 0 ? '0'.repeat(-point) + allDigits : allDigits.slice(point);
  if (fraction.length > decimals) {
    const roundUp = fraction.charCodeAt(decimals) >= 53; // '5' or more: half away from zero
    const kept = BigInt(whole + fraction.slice(0, decimals)) + (roundUp ? 1n : 0n);
    const all = kept.toString().padStart(decimals + 1, '0');
    whole = all.slice(0, all.length - decimals);
    fraction = all.slice(all.length - decimals);
  }
  return { whole, fraction: fraction.padEnd(decimals, '0') };
}

function formatNumber(n: number, decimals: number, prefix = ''): string {
  const { whole, fraction } = fixedDigits(Math.abs(n), decimals);
  const isZero = /^0*$/.test(whole + fraction);
  const sign = n < 0 && !isZero ? '-' : '';
  return `${sign}${prefix}${groupThousands(whole)}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** 250000 -> "250,000". Gold Coins are whole: fractions are dropped, not rounded up. */
export const formatGold = (n: number): string => formatNumber(Math.trunc(safe(n)), GOLD_DECIMALS);

/** 25 -> "25.00". */
export const formatSweeps = (n: number): string => formatNumber(safe(n), SWEEPS_DECIMALS);

/** 12.5 -> "$12.50". */
export const formatUsd = (n: number): string => formatNumber(safe(n), USD_DECIMALS, '$');

/** A display amount of a currency without its unit: Gold "1,000", Sweeps "2.50". */
export const formatCoins = (currency: Currency, n: number): string =>
  currency === 'gold' ? formatGold(n) : formatSweeps(n);

export const CURRENCY_LABELS: Readonly<Record<Currency, { name: string; short: string }>> = {
  gold: { name: 'Gold Coins', short: 'GC' },
  sweeps: { name: 'Sweeps Coins', short: 'SC' },
};

/**
 * A display amount with its unit, the way every screen writes a bet, a price or a win: the number
 * first, then the short unit ("1,000 GC", "2.50 SC").
 */
export const formatAmount = (currency: Currency, display: number): string =>
  `${formatCoins(currency, display)} ${CURRENCY_LABELS[currency].short}`;

/** Minor units (an engine's view, the ledger) as text with the unit: ("sweeps", 250) -> "2.50 SC". */
export const formatMinor = (currency: Currency, minor: number): string =>
  formatAmount(currency, minorToDisplay(currency, minor));
