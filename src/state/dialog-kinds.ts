/**
 * Every dialog kind the app opens (spec sections 2, 4, 5, 8). Features register a component for
 * their kinds; the app shell's dialog host renders the top of the open stack.
 */
export type DialogKind =
  // error catalogue and app shell
  | 'permission-denied'
  | 'access-unavailable'
  | 'server-busy'
  | 'generic-error'
  | 'sign-out-confirmation'
  | 'refresh-required'
  | 'install-instructions'
  // mobile verification (spec section 4: {clickedActionButton}, verify-to-continue {signOutClicked})
  | 'mobile-verification'
  | 'verify-to-continue'
  // legal documents and responsible play: updated terms {acceptedTerms}, the reality check
  | 'updated-terms'
  | 'reality-check'
  // AMOE: a redeemed code's credit or why it was refused (spec sections 2 and 8)
  | 'amoe'
  // daily bonus {bonusClaimed}: a spin's prize, unavailable, or the failure text (spec sections 4 and 8)
  | 'daily-bonus'
  // promotions at login: login bonus {closed}, promo pop-up {closed} (spec sections 3 and 4)
  | 'login-bonus'
  | 'promo-popup'
  // coin store
  | 'featured-package'
  | 'address-collection'
  | 'birth-date'
  | 'confirm-purchase'
  | 'zero-sweeps-package'
  | 'pay-by-bank-info'
  | 'identity-verification'
  // redemption (spec section 4: {confirmedRedemption}, {emailConfirmed}, {confirmCancel, redemptionID})
  | 'confirm-redemption'
  | 'prizeout-email'
  | 'cancel-redemption'
  // identity verification: the provider's frame {authResponse} (spec section 4)
  | 'kyc'
  // payment error catalogue (spec section 8)
  | 'purchase-limit'
  | 'payment-error'
  | 'payment-fraud'
  | 'pay-by-bank-error'
  | 'coin-store-unavailable'
  | 'three-d-secure'
  // game page (spec sections 4 and 8)
  | 'game-unavailable'
  | 'game-maintenance'
  | 'game-currency-disabled'
  | 'game-updated'
  | 'confirm-exit-game'
  // complimentary Gold Coins on returning to a game (spec section 4: {accepted})
  | 'complimentary-gold'
  // player standing and W-9 (spec sections 2, 5 and 8)
  | 'account-suspended'
  | 'w9-required'
  | 'w9-info'
  | 'w9-confirmed'
  | 'w9-mismatch'
  // My Account: confirm full name {confirmFullName}, close account {confirmedClose} (spec section 4)
  | 'confirm-full-name'
  | 'close-account'
  // sign-in to an account opened with Google or Facebook: social account reset {forgotPassword}
  | 'social-account-reset'
  // join: the person already has an account (spec sections 1 and 2) {signIn}
  | 'duplicate-account';

/** Spec section 2: only these dialogs close when the player navigates. */
export const CLOSE_ON_NAVIGATION: readonly DialogKind[] = [
  'featured-package',
  'promo-popup',
  'login-bonus',
  'address-collection',
  'confirm-purchase',
  'confirm-redemption',
  'pay-by-bank-info',
  'amoe',
  'daily-bonus',
  'duplicate-account',
];
