/**
 * The coin store's light payment-state setters, apart from the purchase process
 * (payment-actions.ts) so the store page can load without it: the purchase steps load when the
 * player presses Buy.
 */
import { store } from './store.ts';
import type { PaymentMethodChoice } from './payment-slice.ts';

/** A purchase started from a game returns to it after payment (?game_id=). */
export function setReturnGameId(id: string | null): void {
  store.payment.returnGameId = id && /^[\w-]{1,64}$/.test(id) ? id : null;
}

/** The featured offer opens once per session. */
export function markFeaturedShown(): void {
  store.payment.featuredShown = true;
}

/** The payment method chosen on pay-now (saved card, new card or pay by bank). */
export function selectPaymentMethod(choice: PaymentMethodChoice): void {
  store.payment.selectedPaymentMethod = { ...choice };
}
