/** Values derived from balances (spec section 3): computed, never stored, so they cannot drift. */
import type { Balances } from '../contract/schemas.ts';
import { DEFAULT_REDEEMABLE_SWEEPS_PER_USD, GOLD_DECIMALS, SWEEPS_DECIMALS } from '../contract/constants.ts';
import type { Currency } from '../contract/currency.ts';
import { formatCoins } from '../contract/money.ts';

const cents = (n: number): number => Math.round(n * 100);

/** Sweeps Coins not yet played through: total minus redeemable (never negative). */
export function unplayedSweeps(b: Balances): number {
  return Math.max(0, cents(b.balance_total_ghc) - cents(b.balance_redeemable_ghc)) / 100;
}

/** USD value of the redeemable Sweeps Coins (rounded down to the cent: never promise more). */
export function redemptionValueUsd(
  b: Balances,
  sweepsPerUsd: number = DEFAULT_REDEEMABLE_SWEEPS_PER_USD,
): number {
  const rate = sweepsPerUsd > 0 ? sweepsPerUsd : DEFAULT_REDEEMABLE_SWEEPS_PER_USD;
  return Math.floor(cents(b.balance_redeemable_ghc) / rate) / 100;
}

/** The balance shown in the header for a currency. */
export function balanceFor(b: Balances, currency: Currency): number {
  return currency === 'gold' ? b.balance_total_gld : b.balance_total_ghc;
}

// ---------------------------------------------------------------- balance view rules (spec section 4)

/**
 * The "short delay" before the header shows a balance (spec section 4). The spec gives no
 * figure; 300 ms lets the session settle (login bonus subtracted, mirror replaced by the fresh
 * answer) so the player does not see a number flash and jump, while staying imperceptible.
 */
export const BALANCE_REVEAL_DELAY_MS = 300;

export interface BalanceViewInput {
  signedIn: boolean;
  mobileVerificationPending: boolean;
  isInVendorGame: boolean;
  /** store.currency.balanceVisible: false while a vendor game shows its own balance. */
  balanceVisible: boolean;
  /** The short reveal delay has elapsed since the balance became eligible to show. */
  revealed: boolean;
  balances: Balances | null;
  currency: Currency;
}

/**
 * What the header balance shows:
 * - `hidden`: no balance at all (signed out, or mobile verification pending: no currency bar);
 * - `in-game`: the text 'IN GAME' (a vendor game shows its own balance);
 * - `pending`: eligible but the short delay has not elapsed or no balance is known yet;
 * - `amount`: the formatted amount (Gold 0 decimals, Sweeps 2).
 */
export type BalanceView =
  | { kind: 'hidden' }
  | { kind: 'in-game'; text: 'IN GAME' }
  | { kind: 'pending' }
  | { kind: 'amount'; value: number; text: string };

export function balanceView(i: BalanceViewInput): BalanceView {
  if (!i.signedIn || i.mobileVerificationPending) return { kind: 'hidden' };
  if (i.isInVendorGame || !i.balanceVisible) return { kind: 'in-game', text: 'IN GAME' };
  if (!i.revealed || !i.balances) return { kind: 'pending' };
  const value = balanceFor(i.balances, i.currency);
  return { kind: 'amount', value, text: formatCoins(i.currency, value) };
}

/** Whether the amount may be shown once the reveal delay has elapsed (the delay's start condition). */
export const balanceEligible = (
  i: Pick<BalanceViewInput, 'signedIn' | 'mobileVerificationPending' | 'isInVendorGame' | 'balanceVisible'>,
): boolean => i.signedIn && !i.mobileVerificationPending && !i.isInVendorGame && i.balanceVisible;

/** Display decimals of a currency (spec section 9). */
export const currencyDecimals = (c: Currency): number => (c === 'gold' ? GOLD_DECIMALS : SWEEPS_DECIMALS);

/**
 * The count-up of the win animation: the value shown `elapsedMs` into an animation from `from`
 * to `to` lasting `durationMs` (ease-out, so most of the climb is early and it settles on the
 * exact amount). Rounded to the currency's decimals; Gold is truncated like the display.
 */
export function countUpValue(
  from: number,
  to: number,
  elapsedMs: number,
  durationMs: number,
  currency: Currency,
): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  if (elapsedMs <= 0) return from;
  const t = elapsedMs / durationMs;
  const eased = 1 - (1 - t) ** 3;
  const raw = from + (to - from) * eased;
  const f = 10 ** currencyDecimals(currency);
  const v = Math.round(raw * f) / f;
  // Never overshoot the target on the way (rounding near the end).
  return to >= from ? Math.min(v, to) : Math.max(v, to);
}
