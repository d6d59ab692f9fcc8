/** Every purchase dialog component, loaded as one chunk by register-purchase-dialogs.ts. */
export { AddressCollectionDialog } from './address-collection-dialog.tsx';
export { BirthDateDialog } from './birth-date-dialog.tsx';
export { FeaturedPackageDialog } from './featured-package-dialog.tsx';
export { PayByBankInfoDialog, ThreeDSecureDialog } from './frame-dialogs.tsx';
export {
  CoinStoreUnavailableDialog,
  ConfirmPurchaseDialog,
  PayByBankErrorDialog,
  PaymentErrorDialog,
  PaymentFraudDialog,
  PurchaseLimitDialog,
} from './purchase-notice-dialogs.tsx';
export { ZeroSweepsPackageDialog } from './zero-sweeps-package-dialog.tsx';
