/**
 * The steps between "Buy" on a package (coin store or featured dialog) and pay-now:
 * zero-sweeps warning when the player's state gets no Sweeps, billing address when none is on
 * file, the purchase limit check, then the package is stored and the payment-processor loading
 * message shows while pay-now loads. Resolves to where to go next, or null when stopped.
 */
import type { CoinPackage } from '../../../contract/payments.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { store } from '../../../state/store.ts';
import { openDialog } from '../../../state/dialog-actions.ts';
import {
  checkPurchaseLimit,
  classifyApiError,
  openDialogForResult,
  selectPackage,
} from '../../../state/payment-actions.ts';
import { showLoadingOverlay, SPINNER_MESSAGES } from '../../../state/ui-actions.ts';
import { hasBillingAddress } from './billing-address.ts';
import { PURCHASE_DIALOGS } from './purchase-dialog-kinds.ts';
import { showPurchaseOutcome } from './show-purchase-outcome.ts';

export interface StartOptions {
  from: 'store' | 'featured';
  /** State whose residents get no Sweeps (banking packages answer), for the zero-sweeps warning. */
  withheldState?: string | null;
}

export async function startPackagePurchase(pkg: CoinPackage, opts: StartOptions): Promise<string | null> {
  if (pkg.sweeps_withheld) {
    const r = await openDialogForResult(PURCHASE_DIALOGS.zeroSweepsPackage, {
      package: { ...pkg },
      state: opts.withheldState ?? store.session.user?.state_or_province ?? null,
    });
    if (!r?.confirmedPackage) return null;
  }
  if (!hasBillingAddress(store.session.user)) {
    const r = await openDialogForResult(PURCHASE_DIALOGS.addressCollection, { reason: 'purchase' });
    if (!r?.saved) return null;
  }
  try {
    const check = await checkPurchaseLimit(pkg.id);
    if (!check.allowed) {
      openDialog(PURCHASE_DIALOGS.purchaseLimit, { variant: 'user', code: check.error_code });
      return null;
    }
  } catch (e) {
    const outcome = classifyApiError(e);
    if (!showPurchaseOutcome(outcome)) {
      const message =
        outcome.kind === 'network' || outcome.kind === 'field' ? outcome.message : 'Please try again.';
      openDialog(PURCHASE_DIALOGS.paymentError, { title: 'Payment Error', message, supportLink: false });
    }
    return null;
  }
  selectPackage(pkg);
  showLoadingOverlay(SPINNER_MESSAGES.loadingPaymentProcessor);
  const game = store.payment.returnGameId;
  return game ? `${ROUTES.payNow}?game_id=${encodeURIComponent(game)}` : ROUTES.payNow;
}
