/**
 * Pay now (spec sections 2, 4, 8): pay for the selected package with a saved card, a new card
 * in the processor's hosted fields (iframe on the processor's origin) or pay-by-bank, with an
 * optional promo code. One Idempotency-Key per Buy click, reused when the player retries after
 * a lost answer. The purchase may need a 3-D Secure challenge (frame dialog) or the bank's
 * approval (pay-by-bank dialog); then status checks wait the server-supplied time. Success
 * animates the balance and goes to payment-success; failures open the error catalogue.
 */
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../../pwa/online-status.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css, cx } from '@linaria/core';
import {
  CardsResponseSchema,
  PAYMENTS_API_PATHS,
  PaymentsConfigSchema,
  type CoinPackage,
  type PaymentsConfig,
  type PurchaseResult,
  type SavedCard,
} from '../../../contract/payments.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { CHILD_ROUTES } from '../../../lib/child-routes.ts';
import { formatUsd } from '../../../lib/format.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { store } from '../../../state/store.ts';
import type { PurchaseAttempt, PurchaseOutcome, PurchaseRequest } from '../../../state/payment-actions.ts';
import { selectPaymentMethod, setReturnAfterAddCard } from '../../../state/payment-selection.ts';
import type { PaymentMethodChoice } from '../../../state/payment-slice.ts';
import { hideLoadingOverlay, showLoadingOverlay, SPINNER_MESSAGES } from '../../../state/ui-actions.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import type { CardFrameHandle } from '../dialogs/card-frame.tsx';
import type * as CardFrameModule from '../dialogs/card-frame.tsx';
import type * as PaymentActions from '../../../state/payment-actions.ts';
import type * as PurchaseOutcomes from '../dialogs/show-purchase-outcome.ts';
import { PackageContents } from '../dialogs/package-contents.tsx';
import { PURCHASE_DIALOGS } from '../dialogs/purchase-dialog-kinds.ts';
import { cardExpiry, cardLabel } from '../dialogs/card-label.ts';
import { formatPhone, phoneError } from './phone-format.ts';

// The purchase process and the payment panels load with the page's first render or action, not
// in its first load (size budget): the page shows the package and the saved cards at once.
type PurchaseProcess = typeof PaymentActions &
  typeof PurchaseOutcomes &
  Pick<typeof CardFrameModule, 'CardFrameFailure'>;
let processModule: PurchaseProcess | null = null;
/** Starts loading when this page's chunk loads; the pay button waits for it. */
const processReady: Promise<PurchaseProcess> = Promise.all([
  import('../../../state/payment-actions.ts'),
  import('../dialogs/show-purchase-outcome.ts'),
  import('../dialogs/card-frame.tsx'),
  // The dialogs this page opens (confirm purchase, 3-D Secure, bank approval) open from the process.
  import('../dialogs/register-purchase-dialogs.ts'),
]).then(([actions, outcome, frame]) => {
  processModule = { ...actions, ...outcome, CardFrameFailure: frame.CardFrameFailure };
  return processModule;
});
/** The purchase process; only called from handlers, which run once the pay button is enabled. */
function proc(): PurchaseProcess {
  if (!processModule) throw new Error('The purchase process is still loading.');
  return processModule;
}
const CardFrame = lazy(async () => ({ default: (await import('../dialogs/card-frame.tsx')).CardFrame }));
const CheckboxField = lazy(async () => ({
  default: (await import('../../../ui/checkbox-field.tsx')).CheckboxField,
}));
const PhoneField = lazy(async () => ({ default: (await import('./phone-field.tsx')).PhoneField }));
const PromoCodeField = lazy(async () => ({
  default: (await import('./promo-code-field.tsx')).PromoCodeField,
}));

const methods = css`
  border: 0;
  margin: 0 0 var(--space-3);
  padding: 0;
  min-width: 0;
  & legend {
    font-weight: 700;
    font-size: 1.05rem;
    margin-bottom: var(--space-2);
    padding: 0;
  }
`;
const option = css`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  min-height: 52px;
  padding: var(--space-2) var(--space-3);
  margin-bottom: var(--space-2);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  cursor: pointer;
  & input {
    width: 20px;
    height: 20px;
    accent-color: var(--color-gold);
    flex: none;
  }
  &:has(input:checked) {
    border-color: var(--color-gold);
  }
  &:has(input:focus-visible) {
    outline: 3px solid var(--color-focus);
    outline-offset: 2px;
  }
`;
const optionText = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0 var(--space-2);
  & small {
    color: var(--color-text-muted);
  }
`;
const badge = css`
  padding: 0 var(--space-2);
  border-radius: 999px;
  border: 1px solid var(--color-gold);
  color: var(--color-gold);
  font-size: 0.75rem;
  font-weight: 700;
`;
const total = css`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin: var(--space-3) 0;
  font-size: 1.15rem;
  font-weight: 800;
`;
const fine = css`
  color: var(--color-text-muted);
  font-size: 0.85rem;
  margin-top: var(--space-3);
`;
const manageLink = css`
  display: inline-block;
  margin-bottom: var(--space-3);
`;
const center = css`
  display: flex;
  justify-content: center;
  padding: var(--space-5);
`;
const section = css`
  margin-bottom: var(--space-3);
`;

type MethodKey = 'new_card' | 'pay_by_bank' | `card:${string}`;

const keyOf = (c: PaymentMethodChoice | null): MethodKey | null =>
  c === null ? null : c.type === 'saved_card' ? `card:${c.card_id}` : c.type;

function choiceOf(key: MethodKey): PaymentMethodChoice {
  if (key.startsWith('card:')) return { type: 'saved_card', card_id: key.slice(5) };
  return { type: key as 'new_card' | 'pay_by_bank' };
}

/** Where payment-success should lead, keeping the game the purchase came from. */
function successPath(gameId: string | null): string {
  return gameId ? `${ROUTES.paymentSuccess}?game_id=${encodeURIComponent(gameId)}` : ROUTES.paymentSuccess;
}

export default function PayNowPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const payment = useSnapshot(store.payment);
  const user = useSnapshot(store.session).user;
  const pkg = payment.selectedPackage as CoinPackage | null;
  const gameId = params.get('game_id') ?? payment.returnGameId;

  const configQuery = useApiGet(PAYMENTS_API_PATHS.paymentsConfig, PaymentsConfigSchema, {
    handleErrors: false,
    swr: { revalidateOnFocus: false },
  });
  const cardsQuery = useApiGet(PAYMENTS_API_PATHS.cards, CardsResponseSchema, { handleErrors: false });
  const config = configQuery.data ?? null;
  const cards: readonly SavedCard[] = cardsQuery.data?.results ?? [];
  const cardsKnown = Boolean(cardsQuery.data || cardsQuery.error);

  const frame = useRef<CardFrameHandle>(null);
  const [frameReady, setFrameReady] = useState(false);
  const [cardComplete, setCardComplete] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [promo, setPromo] = useState<string | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [canRetry, setCanRetry] = useState(false);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const [processLoaded, setProcessLoaded] = useState(processModule !== null);
  useEffect(() => {
    let live = true;
    void processReady.then(() => live && setProcessLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  const [pendingNotice, setPendingNotice] = useState<string | null>(null);
  const busyRef = useRef(false);

  // The payment method: the one chosen before, else the default saved card, else a new card.
  const selectedKey: MethodKey | null =
    keyOf(payment.selectedPaymentMethod as PaymentMethodChoice | null) ??
    (cardsKnown
      ? cards.find((c) => c.is_default)
        ? `card:${cards.find((c) => c.is_default)?.card_id}`
        : cards[0]
          ? `card:${cards[0].card_id}`
          : 'new_card'
      : null);
  const selectedCardGone =
    selectedKey?.startsWith('card:') && cardsKnown && !cards.some((c) => `card:${c.card_id}` === selectedKey);
  const method: MethodKey | null = selectedCardGone ? 'new_card' : selectedKey;

  // The payment-processor loading message (shown by the coin store) stays until pay-now can take a payment.
  const processorReady = Boolean(config) && cardsKnown && (method !== 'new_card' || frameReady);
  useEffect(() => {
    if (processorReady || configQuery.error) hideLoadingOverlay();
  }, [processorReady, configQuery.error]);
  useEffect(() => {
    // Never leave the overlay up if the frame never answers.
    const t = setTimeout(hideLoadingOverlay, 15_000);
    return () => {
      clearTimeout(t);
      hideLoadingOverlay();
      processModule?.cancelStatusChecks();
    };
  }, []);

  if (!pkg) return null; // the guard sends the player back to the coin store
  const accountPhone = user?.phone ?? null;
  const phoneProblem = method === 'pay_by_bank' && !accountPhone ? phoneError(phone) : null;

  function choose(key: MethodKey) {
    selectPaymentMethod(choiceOf(key));
    setInlineError(null);
    setCanRetry(false);
    if (key === 'new_card') setFrameReady(false);
  }

  /** After the first answer: challenge, bank approval and status checks until final. */
  async function followUp(first: PurchaseResult, cfg: PaymentsConfig): Promise<PurchaseResult> {
    let result = first;
    if (result.method === 'card' && result.status === 'requires_action' && result.three_d_secure_url) {
      hideLoadingOverlay();
      const r = await proc().openDialogForResult(PURCHASE_DIALOGS.threeDSecure, {
        url: result.three_d_secure_url,
        origin: cfg.card_processor.origin,
      });
      showLoadingOverlay(SPINNER_MESSAGES.processingPayment);
      result = await proc().checkAfterAction(result);
      if (result.status === 'requires_action' && r?.outcome !== 'completed') return result;
    } else if (
      result.method === 'pay_by_bank' &&
      result.authorization_url &&
      (result.status === 'requires_action' || result.status === 'processing')
    ) {
      hideLoadingOverlay();
      await proc().openDialogForResult(PURCHASE_DIALOGS.payByBankInfo, {
        url: result.authorization_url,
        origin: cfg.pay_by_bank.origin,
      });
      showLoadingOverlay(SPINNER_MESSAGES.processingPayment);
      result = await proc().checkAfterAction(result);
    }
    if (result.status === 'processing') result = await proc().checkUntilFinal(result);
    return result;
  }

  function showOutcome(outcome: PurchaseOutcome) {
    proc().recordPurchaseError(outcome);
    if (outcome.kind === 'repeat-confirmation') {
      void confirmRepeatAndPay();
      return;
    }
    if (outcome.kind === 'network') {
      setInlineError(outcome.message);
      setCanRetry(proc().retryableAttempt() !== null);
      return;
    }
    if (outcome.kind === 'field' || outcome.kind === 'invalid-promo') {
      setInlineError(outcome.message);
      return;
    }
    proc().showPurchaseOutcome(outcome);
  }

  /** Sends one attempt (a Buy click or its retry) and follows it to the end. */
  async function run(attempt: PurchaseAttempt, cfg: PaymentsConfig) {
    setInlineError(null);
    setCanRetry(false);
    setPendingNotice(null);
    proc().setPurchasing(true);
    showLoadingOverlay(SPINNER_MESSAGES.processingPayment);
    try {
      const first = await proc().sendPurchase(attempt);
      const result = await followUp(first, cfg);
      if (result.status === 'succeeded') {
        proc().completePurchase(result);
        hideLoadingOverlay();
        void navigate(successPath(gameId), { replace: true });
        return;
      }
      if (result.status === 'failed') {
        showOutcome(proc().classifyFailedResult(result.error));
        return;
      }
      proc().setPurchasing(false);
      if (result.status === 'requires_action') {
        setInlineError('The card verification was not completed. Nothing was charged. You can try again.');
      } else {
        setPendingNotice(
          'Your payment is still being processed. Your coins will be added as soon as it completes; there is no need to pay again.',
        );
      }
    } catch (e) {
      showOutcome(proc().classifyApiError(e));
    } finally {
      proc().setPurchasing(false);
      hideLoadingOverlay();
    }
  }

  async function buildRequest(confirmRepeat: boolean): Promise<PurchaseRequest | null> {
    if (!pkg || !method) return null;
    const base = {
      package_id: pkg.id,
      promo_code: promo,
      ...(confirmRepeat ? { confirm_repeat: true } : {}),
    };
    if (method === 'pay_by_bank') {
      const p = accountPhone ? formatPhone(accountPhone) : phone;
      if (!accountPhone && phoneError(phone)) {
        setPhoneTouched(true);
        document.querySelector<HTMLInputElement>('input[name="phone"]')?.focus();
        return null;
      }
      return { method: 'pay_by_bank', body: { ...base, phone: p } };
    }
    if (method === 'new_card') {
      try {
        const t = await frame.current?.tokenize();
        if (!t?.token)
          throw new (proc().CardFrameFailure)({
            code: 'not_ready',
            sub_code: null,
            message: 'The card form is still loading. Please wait a moment.',
            field: null,
          });
        return {
          method: 'card',
          body: { ...base, payment_method: { type: 'card_token', token: t.token, save_card: saveCard } },
        };
      } catch (e) {
        if (e instanceof proc().CardFrameFailure) {
          // A decline at tokenization (e.g. invalid number) reads like any other decline.
          const outcome = proc().classifyFailedResult({
            code: 'PAYMENT_DECLINED',
            sub_code: e.error.sub_code,
            message: e.error.message,
          });
          if (e.error.sub_code && outcome.kind !== 'declined') showOutcome(outcome);
          else setInlineError(e.error.message);
        } else setInlineError('The card form did not answer. Please try again.');
        return null;
      }
    }
    return {
      method: 'card',
      body: { ...base, payment_method: { type: 'saved_card', card_id: method.slice(5) } },
    };
  }

  /** A Buy click: repeat check, a new attempt (new Idempotency-Key), then run it. */
  async function buy(confirmRepeat = false) {
    if (busyRef.current || !pkg || !config) return;
    busyRef.current = true;
    setBusy(true);
    try {
      if (!confirmRepeat && proc().isRepeatPurchase(store.payment.lastPurchase, pkg.id, Date.now())) {
        const r = await proc().openDialogForResult(PURCHASE_DIALOGS.confirmPurchase, { package: { ...pkg } });
        if (!r?.confirmedPurchase) return;
        confirmRepeat = true;
      }
      setInlineError(null);
      const request = await buildRequest(confirmRepeat);
      if (!request) return;
      await run(proc().beginPurchaseAttempt(request), config);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  /** The server asked for the repeat confirmation (another tab or device bought it minutes ago). */
  async function confirmRepeatAndPay() {
    if (!pkg) return;
    const r = await proc().openDialogForResult(PURCHASE_DIALOGS.confirmPurchase, { package: { ...pkg } });
    if (r?.confirmedPurchase) await buy(true);
  }

  async function retry() {
    const attempt = proc().retryableAttempt();
    if (!attempt || !config || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await run(attempt, config);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  const payDisabled =
    !online ||
    busy ||
    !processLoaded ||
    !config ||
    !method ||
    (method === 'new_card' && !frameReady) ||
    Boolean(method === 'pay_by_bank' && phoneTouched && phoneProblem);

  return (
    <Page title="Pay Now" width="narrow">
      <Card>
        <h2>Your package</h2>
        <PackageContents pkg={pkg} />
        <Link to={ROUTES.buyCoins}>Choose another package</Link>
      </Card>

      <Card>
        {configQuery.error ? (
          <Notice tone="error" testId="payments-config-error">
            <p>The payment service is not available right now. {configQuery.error.message}</p>
            <Button variant="secondary" onClick={() => void configQuery.mutate()}>
              Try again
            </Button>
          </Notice>
        ) : !config || !cardsKnown ? (
          <div className={center}>
            <Spinner label={SPINNER_MESSAGES.loadingPaymentProcessor} />
          </div>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void buy();
            }}
            noValidate
          >
            <fieldset className={methods}>
              <legend>Payment method</legend>
              {cards.map((c) => (
                <label key={c.card_id} className={option}>
                  <input
                    type="radio"
                    name="payment_method"
                    checked={method === `card:${c.card_id}`}
                    onChange={() => choose(`card:${c.card_id}`)}
                  />
                  <span className={optionText}>
                    <span>{cardLabel(c)}</span>
                    <small>expires {cardExpiry(c)}</small>
                    {c.is_default ? <span className={badge}>Default</span> : null}
                  </span>
                </label>
              ))}
              <label className={option}>
                <input
                  type="radio"
                  name="payment_method"
                  checked={method === 'new_card'}
                  onChange={() => choose('new_card')}
                />
                <span className={optionText}>{cards.length ? 'A new card' : 'Credit or debit card'}</span>
              </label>
              <label className={option}>
                <input
                  type="radio"
                  name="payment_method"
                  checked={method === 'pay_by_bank'}
                  onChange={() => choose('pay_by_bank')}
                />
                <span className={optionText}>
                  Pay by bank <small>approve at your bank</small>
                </span>
              </label>
            </fieldset>
            <Link
              className={manageLink}
              to={CHILD_ROUTES.managePaymentMethodsManage}
              onClick={() => setReturnAfterAddCard(ROUTES.payNow)}
            >
              Manage saved cards
            </Link>

            {method === 'new_card' ? (
              <div className={section}>
                <Suspense fallback={<Spinner label="Loading the card form..." />}>
                  <CardFrame
                    config={config}
                    mode="payment"
                    ref={frame}
                    onReady={() => setFrameReady(true)}
                    onChange={setCardComplete}
                    onSubmit={() => void buy()}
                  />
                </Suspense>
                <Suspense fallback={null}>
                  <CheckboxField
                    label="Save this card for next time"
                    name="save_card"
                    checked={saveCard}
                    onChange={(e) => setSaveCard(e.target.checked)}
                  />
                </Suspense>
              </div>
            ) : null}
            {method === 'pay_by_bank' ? (
              <div className={section}>
                <Suspense fallback={null}>
                  <PhoneField
                    value={phone}
                    onChange={(v) => {
                      setPhone(v);
                      setInlineError(null);
                    }}
                    onBlur={() => setPhoneTouched(true)}
                    error={phoneTouched ? phoneProblem : null}
                    accountPhone={accountPhone}
                  />
                </Suspense>
              </div>
            ) : null}

            <Suspense fallback={null}>
              <PromoCodeField packageId={pkg.id} onApplied={setPromo} disabled={busy} />
            </Suspense>

            <p className={total}>
              <span>Total</span>
              <span>{formatUsd(pkg.price_usd)}</span>
            </p>
            {pendingNotice ? (
              <Notice tone="info" testId="payment-pending">
                {pendingNotice}
              </Notice>
            ) : null}
            <FormError message={inlineError} />
            {online ? null : <p role="status">{OFFLINE_ACTION_MESSAGE}</p>}
            {canRetry ? (
              <Button
                variant="secondary"
                fullWidth
                onClick={() => void retry()}
                disabled={busy}
                className={cx(section)}
              >
                Try again
              </Button>
            ) : null}
            <Button type="submit" fullWidth loading={busy} disabled={payDisabled} data-testid="pay-now-buy">
              Buy for {formatUsd(pkg.price_usd)}
            </Button>
            {method === 'new_card' && frameReady && !cardComplete ? (
              <p className={fine}>Enter your card details above to continue.</p>
            ) : null}
            <p className={fine}>
              Purchases are final and not refundable. Sweeps Coins are free with your purchase; no purchase is
              necessary to get them. Card details go straight to our payment processor.
            </p>
          </form>
        )}
      </Card>
    </Page>
  );
}
