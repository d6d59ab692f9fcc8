/**
 * Every dialog kind of the product (spec sections 2, 4, 5, 8). Later issues add their dialog
 * components for these kinds; the app shell's DialogHost renders the open stack.
 */
export const DIALOG_KINDS = [
  // error catalogue (this issue)
  'permission-denied',
  'access-unavailable',
  'server-busy',
  'generic-error',
  'sign-out-confirmation',
  'refresh-required',
  'install-instructions',
  // later issues
  'featured-package',
  'promo-popup',
  'login-bonus',
  'daily-bonus',
  'address-collection',
  'confirm-purchase',
  'confirm-redemption',
  'pay-by-bank-info',
  'duplicate-account',
  'amoe',
  'game-currency-disabled',
  'verify-to-continue',
  'confirm-exit-game',
  'confirm-full-name',
  'complimentary-gold-coins',
  'updated-terms',
  'social-account-reset',
  'birth-date',
  'w9-info',
  'zero-sweeps-package',
  'close-account',
  'mobile-verification',
  'prizeout-email',
  'kyc',
  'identity-verification',
  'cancel-redemption',
  // payment error catalogue (spec section 8)
  'purchase-limit',
  'payment-error',
  'payment-fraud',
  'pay-by-bank-error',
  'coin-store-unavailable',
  'three-d-secure',
] as const;
export type DialogKind = (typeof DIALOG_KINDS)[number];

/** Spec section 2: only these dialogs close when the player navigates. */
export const CLOSE_ON_NAVIGATION: readonly DialogKind[] = [
  'featured-package',
  'promo-popup',
  'login-bonus',
  'daily-bonus',
  'address-collection',
  'confirm-purchase',
  'confirm-redemption',
  'pay-by-bank-info',
  'duplicate-account',
  'amoe',
];

/** Dialogs whose results one reset clears together (spec section 4). */
export const PROMO_RESULT_KINDS: readonly DialogKind[] = ['promo-popup', 'login-bonus', 'featured-package'];
