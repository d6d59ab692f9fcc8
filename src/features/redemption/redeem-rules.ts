/**
 * The redeem form's rules as plain functions, with the server's texts: the amount (at most 2
 * decimals, at least the method's minimum for the player's tier, at most the redeemable Sweeps
 * and what is left of the period's limit) and the prize value at the redemption values rate.
 */
import { belowMinimumText, type RedemptionOptions } from '../../contract/redemption-pages.ts';
import { REDEMPTION_PAGE_TEXTS } from '../../contract/redemption-page-texts.ts';
import type { RedemptionMethod } from '../../contract/withdrawal-data.ts';

/** "12.5" / "12.50" -> 12.5; null for anything that is not a positive amount with at most 2 decimals. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(t)) return null;
  const v = Number(t);
  return v > 0 ? v : null;
}

/** Prize value in USD of some Sweeps Coins: whole cents, rounded down (as the server does). */
export const usdValue = (amount: number, sweepsPerUsd: number): number =>
  Math.floor(Math.round(amount * 100) / sweepsPerUsd + 1e-9) / 100;

/** The first problem with an amount, as the player reads it, or null when it can be sent. */
export function amountProblem(
  text: string,
  method: RedemptionMethod,
  options: Pick<RedemptionOptions, 'minimums_ghc' | 'redeemable_ghc' | 'limit' | 'sweeps_per_usd'>,
  feeGhc = 0,
): string | null {
  if (!text.trim()) return 'Please enter how many Sweeps Coins to redeem.';
  const amount = parseAmount(text);
  if (amount === null) return 'Please enter an amount with at most 2 decimals, like 25.00.';
  const minimum = options.minimums_ghc[method];
  if (amount < minimum) return belowMinimumText(method, minimum);
  if (Math.round((amount + feeGhc) * 100) > Math.round(options.redeemable_ghc * 100))
    return REDEMPTION_PAGE_TEXTS.insufficientRedeemable;
  if (usdValue(amount, options.sweeps_per_usd) > options.limit.remaining_usd)
    return `You can redeem up to $${options.limit.remaining_usd.toFixed(2)} more in this sweepstakes entry period.`;
  return null;
}

/** 'Failed to Get Transactions, Error: {status}' and its cancel sibling, with the HTTP status (0 = no answer). */
export const loadFailedText = (status: number): string =>
  REDEMPTION_PAGE_TEXTS.loadFailed.replace('{status}', String(status));
export const cancelFailedText = (status: number): string =>
  REDEMPTION_PAGE_TEXTS.cancelFailed.replace('{status}', String(status));
