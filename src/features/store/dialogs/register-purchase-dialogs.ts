/**
 * Registers the store UI's dialogs with the dialog host (imported for its effect by the coin
 * store, pay-now and manage-payment-methods pages; the app shell may import it too).
 */
import { registerDialog } from '../../../ui/dialog-registry.ts';
import { AddressCollectionDialog } from './address-collection-dialog.tsx';
import { BirthDateDialog } from './birth-date-dialog.tsx';
import { FeaturedPackageDialog } from './featured-package-dialog.tsx';
import { PayByBankInfoDialog, ThreeDSecureDialog } from './frame-dialogs.tsx';
import {
  CoinStoreUnavailableDialog,
  ConfirmPurchaseDialog,
  IdentityVerificationDialog,
  PayByBankErrorDialog,
  PaymentErrorDialog,
  PaymentFraudDialog,
  PurchaseLimitDialog,
} from './purchase-notice-dialogs.tsx';
import { PURCHASE_DIALOGS } from './purchase-dialog-kinds.ts';
import { ZeroSweepsPackageDialog } from './zero-sweeps-package-dialog.tsx';

registerDialog(PURCHASE_DIALOGS.featuredPackage, FeaturedPackageDialog);
registerDialog(PURCHASE_DIALOGS.addressCollection, AddressCollectionDialog);
registerDialog(PURCHASE_DIALOGS.birthDate, BirthDateDialog);
registerDialog(PURCHASE_DIALOGS.confirmPurchase, ConfirmPurchaseDialog);
registerDialog(PURCHASE_DIALOGS.zeroSweepsPackage, ZeroSweepsPackageDialog);
registerDialog(PURCHASE_DIALOGS.payByBankInfo, PayByBankInfoDialog);
registerDialog(PURCHASE_DIALOGS.identityVerification, IdentityVerificationDialog);
registerDialog(PURCHASE_DIALOGS.purchaseLimit, PurchaseLimitDialog);
registerDialog(PURCHASE_DIALOGS.paymentError, PaymentErrorDialog);
registerDialog(PURCHASE_DIALOGS.paymentFraud, PaymentFraudDialog);
registerDialog(PURCHASE_DIALOGS.payByBankError, PayByBankErrorDialog);
registerDialog(PURCHASE_DIALOGS.coinStoreUnavailable, CoinStoreUnavailableDialog);
registerDialog(PURCHASE_DIALOGS.threeDSecure, ThreeDSecureDialog);
