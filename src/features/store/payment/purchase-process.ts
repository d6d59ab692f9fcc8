/**
 * The purchase process of the pay-now page (the purchase steps, payment actions, outcome dialogs)
 * loads beside the page, not in its first load (size budget): the page shows the package and
 * the saved cards at once and enables the pay button when the process has arrived.
 */
import { useEffect, useState } from 'react';
import type * as PaymentActions from '../../../state/payment-actions.ts';
import type * as PayNowFlow from './pay-now-flow.ts';

export type PurchaseProcess = typeof PayNowFlow &
  Pick<
    typeof PaymentActions,
    | 'isRepeatPurchase'
    | 'openDialogForResult'
    | 'beginPurchaseAttempt'
    | 'retryableAttempt'
    | 'resumePendingPurchase'
    | 'cancelStatusChecks'
  >;

let processModule: PurchaseProcess | null = null;

/** Starts loading when the pay-now page's chunk loads; the pay button waits for it. */
const processReady: Promise<PurchaseProcess> = Promise.all([
  import('./pay-now-flow.ts'),
  import('../../../state/payment-actions.ts'),
  // The dialogs this page opens (confirm purchase, 3-D Secure, bank approval) open from the process.
  import('../dialogs/register-purchase-dialogs.ts'),
]).then(([flow, actions]) => {
  processModule = { ...actions, ...flow };
  return processModule;
});

/** The purchase process; only called from handlers, which run once the pay button is enabled. */
export function proc(): PurchaseProcess {
  if (!processModule) throw new Error('The purchase process is still loading.');
  return processModule;
}

/** The process if it has loaded (for clean-ups that have nothing to do before). */
export function loadedProcess(): PurchaseProcess | null {
  return processModule;
}

/** True once the purchase process has loaded. */
export function usePurchaseProcessLoaded(): boolean {
  const [loaded, setLoaded] = useState(processModule !== null);
  useEffect(() => {
    let live = true;
    void processReady.then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}
