/**
 * Amounts as the table shows them. The engine's view counts minor units (Gold: whole coins,
 * Sweeps: cents); the round answer and the bet control use display units.
 */
import type { Currency } from '../../src/contract/currency.ts';

export const CURRENCY_LABEL: Readonly<Record<Currency, string>> = { gold: 'GC', sweeps: 'SC' };
export const CURRENCY_NAME: Readonly<Record<Currency, string>> = {
  gold: 'Gold Coins',
  sweeps: 'Sweeps Coins',
};

export const minorToDisplay = (minor: number, currency: Currency): number =>
  currency === 'sweeps' ? minor / 100 : minor;

/** "1,000 GC", "2.50 SC". */
export function formatAmount(display: number, currency: Currency): string {
  const digits = currency === 'sweeps' ? 2 : 0;
  const text = display.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${text} ${CURRENCY_LABEL[currency]}`;
}

export const formatMinor = (minor: number, currency: Currency): string =>
  formatAmount(minorToDisplay(minor, currency), currency);
