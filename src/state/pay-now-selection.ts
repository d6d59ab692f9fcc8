/** The pay-now page's writes of the payment selection (re-exported by payment-selection.ts). */
import { store } from './store.ts';
import type { PaymentMethodChoice } from './payment-slice.ts';

/** The payment method chosen on pay-now (saved card, new card or pay by bank). */
export function selectPaymentMethod(choice: PaymentMethodChoice): void {
  store.payment.selectedPaymentMethod = { ...choice };
}

/** Where adding a card returns to (pay-now), or null for the payment methods pages. */
export function setReturnAfterAddCard(route: string | null): void {
  store.payment.returnAfterAddCard = route;
}
