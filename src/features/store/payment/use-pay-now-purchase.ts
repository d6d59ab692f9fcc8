/**
 * The pay-now purchase flow's state: one Idempotency-Key per Buy click, reused when the player
 * retries after a lost answer; the repeat-purchase confirmation; a second click blocked while one
 * is under way. The steps themselves (pay-now-flow.ts) load beside the page.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CoinPackage, PaymentsConfig } from '../../../contract/payments.ts';
import { store } from '../../../state/store.ts';
import type { PurchaseAttempt } from '../../../state/payment-actions.ts';
import type { PayNowChoices, PayNowView } from './pay-now-flow.ts';
import type { MethodKey } from './payment-method-choice.ts';
import { loadedProcess, proc, usePurchaseProcessLoaded } from './purchase-process.ts';

export interface PayNowPurchaseInput extends Omit<PayNowChoices, 'pkg' | 'method'> {
  pkg: CoinPackage | null;
  config: PaymentsConfig | null;
  method: MethodKey | null;
  /** The game the purchase came from: payment-success leads back to it. */
  gameId: string | null;
}

export interface PayNowPurchase {
  /** The purchase process has loaded: Buy can work. */
  processLoaded: boolean;
  /** A Buy or a retry is under way. */
  busy: boolean;
  /** The message under the pay button (network failure, field error, declined card form...). */
  inlineError: string | null;
  /** The last attempt got no answer and can be sent again with the same Idempotency-Key. */
  canRetry: boolean;
  /** The payment is still being processed after the status checks gave up waiting. */
  pendingNotice: string | null;
  buy: () => Promise<void>;
  retry: () => Promise<void>;
  clearError: () => void;
  /** Another payment method: the old attempt is not the one to retry. */
  forgetAttempt: () => void;
}

/** The dialog names load with the first Buy click, not with the page (size budget). */
const purchaseDialogs = async () => (await import('../dialogs/purchase-dialog-kinds.ts')).PURCHASE_DIALOGS;

const PENDING_PURCHASE_MESSAGE =
  'We did not hear back about your last purchase. Press Try again to finish it; you will not be charged twice.';

export function usePayNowPurchase({ config, gameId, ...input }: PayNowPurchaseInput): PayNowPurchase {
  const navigate = useNavigate();
  const processLoaded = usePurchaseProcessLoaded();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [canRetry, setCanRetry] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pendingNotice, setPendingNotice] = useState<string | null>(null);
  // Blocks a second click before the re-render that disables the button.
  const busyRef = useRef(false);

  // Leaving the page stops the status checks of a payment still processing.
  useEffect(() => () => loadedProcess()?.cancelStatusChecks(), []);

  // A purchase sent before a reload (or before the app was closed) whose answer never came:
  // Try again finishes it with its own key, so it is never charged twice.
  useEffect(() => {
    if (!processLoaded) return;
    let live = true;
    void proc()
      .resumePendingPurchase()
      .then((attempt) => {
        if (!live || !attempt) return;
        setInlineError(PENDING_PURCHASE_MESSAGE);
        setCanRetry(true);
      });
    return () => {
      live = false;
    };
  }, [processLoaded]);

  const view: PayNowView = {
    setInlineError,
    setCanRetry,
    setPendingNotice,
    succeeded: (path) => void navigate(path, { replace: true }),
    confirmRepeat: () => void confirmRepeatAndPay(),
  };

  /** Runs one Buy or retry, blocking others until it ends. */
  async function exclusively(work: () => Promise<void>) {
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  /** A Buy click: repeat check, a new attempt (new Idempotency-Key), then run it. */
  async function buy(confirmRepeat = false) {
    const { pkg, method } = input;
    if (busyRef.current || !pkg || !method || !config) return;
    await exclusively(async () => {
      let confirmed = confirmRepeat;
      if (!confirmed && proc().isRepeatPurchase(store.payment.lastPurchase, pkg.id, Date.now())) {
        const r = await proc().openDialogForResult((await purchaseDialogs()).confirmPurchase, {
          package: { ...pkg },
        });
        if (!r?.confirmedPurchase) return;
        confirmed = true;
      }
      setInlineError(null);
      const request = await proc().payNowRequest({ ...input, pkg, method }, confirmed, view);
      if (!request) return;
      await run(await proc().beginPurchaseAttempt(request), config);
    });
  }

  function run(attempt: PurchaseAttempt, cfg: PaymentsConfig) {
    return proc().runPayNowAttempt(attempt, cfg, gameId, view);
  }

  /** The server asked for the repeat confirmation (another tab or device bought it minutes ago). */
  async function confirmRepeatAndPay() {
    const { pkg } = input;
    if (!pkg) return;
    const r = await proc().openDialogForResult((await purchaseDialogs()).confirmPurchase, {
      package: { ...pkg },
    });
    if (r?.confirmedPurchase) await buy(true);
  }

  async function retry() {
    const attempt = proc().retryableAttempt();
    if (!attempt || !config || busyRef.current) return;
    await exclusively(() => run(attempt, config));
  }

  return {
    processLoaded,
    busy,
    inlineError,
    canRetry,
    pendingNotice,
    buy: () => buy(),
    retry,
    clearError: () => setInlineError(null),
    forgetAttempt: () => setCanRetry(false),
  };
}
