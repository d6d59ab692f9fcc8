/**
 * Registers the store UI's dialogs with the dialog host (imported for its effect by the coin
 * store, pay-now and manage-payment-methods pages; the app shell may import it too).
 */
import { registerLazyDialog } from '../../../ui/dialog-registry.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { PURCHASE_DIALOGS } from './purchase-dialog-kinds.ts';

// The purchase dialogs load together when the first of them opens (one chunk, one request),
// keeping the store pages light and this registration small.
const dialogs = () => import('./purchase-dialog-components.ts');

/**
 * Starts loading the purchase dialogs' code before one opens: the coin store's featured offer opens
 * as soon as the packages arrive, and its code then loads while they do instead of after them.
 * Once the store has painted (whenIdle): the chunk's two dozen preload links would otherwise be
 * added inside the task that commits the store page.
 */
export function preloadPurchaseDialogs(): void {
  whenIdle(() => void dialogs().catch(() => undefined));
}

registerLazyDialog(PURCHASE_DIALOGS.featuredPackage, async () => (await dialogs()).FeaturedPackageDialog);
registerLazyDialog(PURCHASE_DIALOGS.addressCollection, async () => (await dialogs()).AddressCollectionDialog);
registerLazyDialog(PURCHASE_DIALOGS.birthDate, async () => (await dialogs()).BirthDateDialog);
registerLazyDialog(PURCHASE_DIALOGS.zeroSweepsPackage, async () => (await dialogs()).ZeroSweepsPackageDialog);
registerLazyDialog(PURCHASE_DIALOGS.confirmPurchase, async () => (await dialogs()).ConfirmPurchaseDialog);
registerLazyDialog(PURCHASE_DIALOGS.purchaseLimit, async () => (await dialogs()).PurchaseLimitDialog);
registerLazyDialog(PURCHASE_DIALOGS.paymentError, async () => (await dialogs()).PaymentErrorDialog);
registerLazyDialog(PURCHASE_DIALOGS.paymentFraud, async () => (await dialogs()).PaymentFraudDialog);
registerLazyDialog(PURCHASE_DIALOGS.payByBankError, async () => (await dialogs()).PayByBankErrorDialog);
registerLazyDialog(
  PURCHASE_DIALOGS.coinStoreUnavailable,
  async () => (await dialogs()).CoinStoreUnavailableDialog,
);
registerLazyDialog(PURCHASE_DIALOGS.payByBankInfo, async () => (await dialogs()).PayByBankInfoDialog);
registerLazyDialog(PURCHASE_DIALOGS.threeDSecure, async () => (await dialogs()).ThreeDSecureDialog);
