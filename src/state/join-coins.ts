/**
 * The coins a new account joins with (the welcome offer, or a promo code typed at join) arrive
 * like a win: the header shows 0 first, then counts up to the answer's balances with the coin
 * animation (delayed balances, balances-actions.ts). A new account had nothing before.
 */
import type { Balances } from '../contract/schemas.ts';
import { TIMINGS } from '../contract/constants.ts';
import { setBalancesWithDelay } from './balances-actions.ts';

const ZERO: Balances = {
  balance_paid_ghc: 0,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 0,
  balance_total_gld: 0,
};

/**
 * Shown after the lobby has had time to open (its chunk, the header's short reveal delay), so the
 * player sees the count-up rather than its end.
 */
export const JOIN_COINS_DELAY_MS = TIMINGS.winAnimationMs + 800;

/** Shows 0 now and the joined-with balances after JOIN_COINS_DELAY_MS; nothing to animate when there are no coins. */
export function animateCoinsFromZero(balances: Balances): void {
  if (balances.balance_total_gld <= 0 && balances.balance_total_ghc <= 0) return;
  setBalancesWithDelay({ ...ZERO }, balances, JOIN_COINS_DELAY_MS);
}
