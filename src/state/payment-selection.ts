/**
 * The coin store's light payment-state setters, apart from the purchase process
 * (payment-actions.ts) so the store page can load without it: the purchase steps load when the
 * player presses Buy.
 */
import { store } from './store.ts';
import type { SavedCard } from '../contract/payments.ts';

/** What pay-now's quote says of the selected package: the balance applied and the card fee. */
export function setPurchaseFunding(funding: { balanceAppliedUsd: number; cardFeeUsd: number }): void {
  store.payment.cashBalanceToApplyUSD = funding.balanceAppliedUsd;
  store.payment.addCCFeesToPurchase = funding.cardFeeUsd > 0;
  store.payment.packageAssociatedCCFeesUSD = funding.cardFeeUsd;
}

/**
 * Where the purchase starts: from a game's "Get coins" (its id, to return to after paying), and
 * whether that game is a third-party (vendor) game: a third-party purchase.
 */
export function setPurchaseOrigin(gameId: string | null, thirdParty: boolean): void {
  // A purchase started from a game returns to it after payment (?game_id=).
  store.payment.returnGameId = gameId && /^[\w-]{1,64}$/.test(gameId) ? gameId : null;
  store.payment.thirdPartyPurchase = store.payment.returnGameId !== null && thirdParty;
}

/** The featured offer opens once per session. */
export function markFeaturedShown(): void {
  store.payment.featuredShown = true;
}

/** The pay-now page's two (pay-now-selection.ts, without the rest of this module). */
export { selectPaymentMethod, setReturnAfterAddCard } from './pay-now-selection.ts';

/** A deleted saved card stops being the chosen payment method; pay-now falls back to the default. */
export function forgetDeletedCard(cardId: string): void {
  const chosen = store.payment.selectedPaymentMethod;
  if (chosen?.type === 'saved_card' && chosen.card_id === cardId) store.payment.selectedPaymentMethod = null;
}

/** The saved cards as last listed (the pay-now choices read them). */
export function setSavedCards(cards: readonly SavedCard[]): void {
  store.payment.paymentMethods = cards.map((c) => ({ ...c }));
}

/** The setup intent of the card being added (null once the page closes); not confirmed yet. */
export function setAddCardIntent(clientSecret: string | null): void {
  store.payment.intentToAddCardClientSecret = clientSecret;
  store.payment.confirmedCardSetup = false;
}

/** The card frame confirmed the setup intent. */
export function confirmCardSetup(): void {
  store.payment.confirmedCardSetup = true;
}

/**
 * A card was saved: the return address is used up and, when the player came from pay-now, the
 * new card becomes the chosen payment method. Returns where to go back to (null: the success page).
 */
export function completeAddCard(cardId: string): string | null {
  const back = store.payment.returnAfterAddCard;
  store.payment.returnAfterAddCard = null;
  if (back) store.payment.selectedPaymentMethod = { type: 'saved_card', card_id: cardId };
  return back;
}
