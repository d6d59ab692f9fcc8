/**
 * Dialog kinds of the store UI, by name. The payment error dialogs (limit, payment error,
 * fraud, pay-by-bank error, store unavailable, 3-D Secure) do not close on navigation
 * (spec section 2 lists the ones that do).
 */
import type { DialogKind } from '../../../state/dialog-kinds.ts';

export const PURCHASE_DIALOGS = {
  featuredPackage: 'featured-package',
  addressCollection: 'address-collection',
  birthDate: 'birth-date',
  confirmPurchase: 'confirm-purchase',
  zeroSweepsPackage: 'zero-sweeps-package',
  payByBankInfo: 'pay-by-bank-info',
  identityVerification: 'identity-verification',
  purchaseLimit: 'purchase-limit',
  paymentError: 'payment-error',
  paymentFraud: 'payment-fraud',
  payByBankError: 'pay-by-bank-error',
  coinStoreUnavailable: 'coin-store-unavailable',
  threeDSecure: 'three-d-secure',
} as const satisfies Record<string, DialogKind>;
