/**
 * Pay-now's guard as a pure function (spec section 2), so each rule is unit-tested without a
 * router; pay-now-guard.tsx applies it as the layout route around pay-now.
 */
import { ROUTES } from '../../../contract/routes.ts';

/** Why pay-now refuses to open; the payment feature explains each one to the player. */
export type PayNowBlock = 'no-package' | 'store-disabled' | 'no-billing-address' | 'limit-reached';

export interface PayNowGuardInput {
  selectedPackageId: string | null;
  /** Named properties answered (coin_store_enabled is known). */
  propertiesReady: boolean;
  coinStoreEnabled: boolean;
  /** The signed-in player has address line 1, city, state and ZIP on file. */
  hasBillingAddress: boolean;
  /** Result of the purchase limit check for the selected package. */
  limits: 'checking' | 'ok' | 'reached';
}

export type PayNowDecision =
  { type: 'allow' } | { type: 'wait' } | { type: 'redirect'; to: string; reason: PayNowBlock };

/**
 * Spec section 2: pay-now needs a selected package, the coin store enabled, a billing address
 * and purchase limits satisfied. Every refusal goes back to the coin store, which explains it
 * (coin store unavailable, address dialog, purchase limit dialog).
 */
export function payNowGuard(input: PayNowGuardInput): PayNowDecision {
  const back = (reason: PayNowBlock): PayNowDecision => ({ type: 'redirect', to: ROUTES.buyCoins, reason });
  if (!input.selectedPackageId) return back('no-package');
  if (!input.propertiesReady) return { type: 'wait' };
  if (!input.coinStoreEnabled) return back('store-disabled');
  if (!input.hasBillingAddress) return back('no-billing-address');
  if (input.limits === 'checking') return { type: 'wait' };
  if (input.limits === 'reached') return back('limit-reached');
  return { type: 'allow' };
}
