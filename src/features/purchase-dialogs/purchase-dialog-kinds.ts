/**
 * Dialog kinds of the store UI. Most are in the shared DIALOG_KINDS list (featured package,
 * address collection, birth date, confirm purchase, zero-sweeps package, pay-by-bank info,
 * identity verification). The payment error catalogue of spec section 8 needs six more that
 * the shared list does not have yet; until the lead adds them to src/state/dialog-kinds.ts they
 * are cast here, in this one place. They do not close on navigation (spec section 2), which is
 * what the shared CLOSE_ON_NAVIGATION list already gives kinds it does not name.
 */
import type { DialogKind } from '../../state/dialog-kinds.ts';

const extra = (kind: string): DialogKind => kind as DialogKind;

export const PURCHASE_DIALOGS = {
  featuredPackage: 'featured-package',
  addressCollection: 'address-collection',
  birthDate: 'birth-date',
  confirmPurchase: 'confirm-purchase',
  zeroSweepsPackage: 'zero-sweeps-package',
  payByBankInfo: 'pay-by-bank-info',
  identityVerification: 'identity-verification',
  purchaseLimit: extra('purchase-limit'),
  paymentError: extra('payment-error'),
  paymentFraud: extra('payment-fraud'),
  payByBankError: extra('pay-by-bank-error'),
  coinStoreUnavailable: extra('coin-store-unavailable'),
  threeDSecure: extra('three-d-secure'),
} as const satisfies Record<string, DialogKind>;
