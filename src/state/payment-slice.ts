/**
 * The payment slice of the store (spec section 3, "Payment state" and "Purchase limits"):
 * the purchase flow of the coin store, pay-now and manage payment methods. Memory only: never
 * mirrored to IndexedDB (card data never reaches our page at all; the hosted fields keep it).
 * Changed only by src/state/payment-actions.ts; cleared on logout.
 */
import type { CoinPackage, PurchaseResult, PurchaseStatus, SavedCard } from '../contract/payments.ts';
import type { PackageFilter } from './package-filter.ts';

/** How the player chose to pay on pay-now. */
export type PaymentMethodChoice =
  { type: 'saved_card'; card_id: string } | { type: 'new_card' } | { type: 'pay_by_bank' };

export interface PurchaseErrorState {
  message: string;
  code: string;
  subCode: string | null;
}

export interface PaymentSlice {
  isPurchasing: boolean;
  selectedPackage: CoinPackage | null;
  selectedPaymentMethod: PaymentMethodChoice | null;
  /** Saved cards, as last listed. */
  paymentMethods: SavedCard[];
  purchaseError: PurchaseErrorState | null;
  /** Card payment / pay-by-bank status of the purchase in progress ('idle' before one). */
  status: 'idle' | PurchaseStatus;
  purchaseId: string | null;
  /** Server-supplied wait before the next status check. */
  checkStatusWaitMs: number | null;
  paymentProcessor3DSecureUrl: string | null;
  /** Setup intent of the card being added (given to the hosted fields frame). */
  intentToAddCardClientSecret: string | null;
  confirmedCardSetup: boolean;
  /** Pay-by-bank: authorization page of the purchase in progress and the last failure code. */
  payByBank: { authorizationUrl: string | null; purchaseId: string | null; errorCode: string | null };
  purchaseLimitsErrorCode: string | null;
  /** The package the last purchase limit check allowed (pay-now's limits guard). */
  allowedToPurchasePackageId: string | null;
  /** For the repeat-purchase rule: the last successful purchase. */
  lastPurchase: { packageId: string; at: number } | null;
  /** The last successful purchase, for the payment-success page. */
  lastResult: PurchaseResult | null;
  /** Quick-play game the player came from (?game_id=), offered after a successful payment. */
  returnGameId: string | null;
  /** Route to return to after adding a card (e.g. pay-now). */
  returnAfterAddCard: string | null;
  /** The coin store's package filter (./package-filter.ts). */
  packageFilter: PackageFilter;
  /**
   * The purchase in progress was started from a third-party (vendor) game's "Get coins": after it
   * succeeds the player goes back to that game, whose provider reads the new balance at launch.
   */
  thirdPartyPurchase: boolean;
  /** The featured package dialog shows once per session. */
  featuredShown: boolean;
  /** USD of the cash balance (redeemable Sweeps) the player applies to the purchase; 0 = none. */
  cashBalanceToApplyUSD: number;
  /** The operator passes a card fee through and this purchase pays one (card, not fully covered). */
  addCCFeesToPurchase: boolean;
  /** That fee for the selected package, USD (from the server's quote). */
  packageAssociatedCCFeesUSD: number;
}

export const initialPayment = (): PaymentSlice => ({
  isPurchasing: false,
  selectedPackage: null,
  selectedPaymentMethod: null,
  paymentMethods: [],
  purchaseError: null,
  status: 'idle',
  purchaseId: null,
  checkStatusWaitMs: null,
  paymentProcessor3DSecureUrl: null,
  intentToAddCardClientSecret: null,
  confirmedCardSetup: false,
  payByBank: { authorizationUrl: null, purchaseId: null, errorCode: null },
  purchaseLimitsErrorCode: null,
  allowedToPurchasePackageId: null,
  lastPurchase: null,
  lastResult: null,
  returnGameId: null,
  returnAfterAddCard: null,
  packageFilter: 'all',
  thirdPartyPurchase: false,
  featuredShown: false,
  cashBalanceToApplyUSD: 0,
  addCCFeesToPurchase: false,
  packageAssociatedCCFeesUSD: 0,
});
