/**
 * Registers the store UI's dialogs with the dialog host (imported for its effect by the coin
 * store, pay-now and manage-payment-methods pages; the app shell may import it too).
 */
import { registerLazyDialog } from '../../../ui/dialog-registry.ts';
import { PURCHASE_DIALOGS } from './purchase-dialog-kinds.ts';

// Each dialog loads when it first opens (registerLazyDialog), keeping the store pages light.
const notices = () => import('./purchase-notice-dialogs.tsx');
const frames = () => import('./frame-dialogs.tsx');

registerLazyDialog(
  PURCHASE_DIALOGS.featuredPackage,
  async () => (await import('./featured-package-dialog.tsx')).FeaturedPackageDialog,
);
registerLazyDialog(
  PURCHASE_DIALOGS.addressCollection,
  async () => (await import('./address-collection-dialog.tsx')).AddressCollectionDialog,
);
registerLazyDialog(
  PURCHASE_DIALOGS.birthDate,
  async () => (await import('./birth-date-dialog.tsx')).BirthDateDialog,
);
registerLazyDialog(
  PURCHASE_DIALOGS.zeroSweepsPackage,
  async () => (await import('./zero-sweeps-package-dialog.tsx')).ZeroSweepsPackageDialog,
);
registerLazyDialog(PURCHASE_DIALOGS.confirmPurchase, async () => (await notices()).ConfirmPurchaseDialog);
registerLazyDialog(
  PURCHASE_DIALOGS.identityVerification,
  async () => (await notices()).IdentityVerificationDialog,
);
registerLazyDialog(PURCHASE_DIALOGS.purchaseLimit, async () => (await notices()).PurchaseLimitDialog);
registerLazyDialog(PURCHASE_DIALOGS.paymentError, async () => (await notices()).PaymentErrorDialog);
registerLazyDialog(PURCHASE_DIALOGS.paymentFraud, async () => (await notices()).PaymentFraudDialog);
registerLazyDialog(PURCHASE_DIALOGS.payByBankError, async () => (await notices()).PayByBankErrorDialog);
registerLazyDialog(
  PURCHASE_DIALOGS.coinStoreUnavailable,
  async () => (await notices()).CoinStoreUnavailableDialog,
);
registerLazyDialog(PURCHASE_DIALOGS.payByBankInfo, async () => (await frames()).PayByBankInfoDialog);
registerLazyDialog(PURCHASE_DIALOGS.threeDSecure, async () => (await frames()).ThreeDSecureDialog);
