/**
 * Pay now (spec sections 2, 4, 8): pay for the selected package with a saved card, a new card
 * in the processor's hosted fields (iframe on the processor's origin) or pay-by-bank, with an
 * optional promo code. The purchase itself runs in use-pay-now-purchase.ts; this page gathers
 * the choices and shows the flow's state.
 */
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../../pwa/online-status.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { cx } from '@linaria/core';
import {
  CardsResponseSchema,
  PAYMENTS_API_PATHS,
  PaymentsConfigSchema,
  type CoinPackage,
  type SavedCard,
} from '../../../contract/payment-pages.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { CHILD_ROUTES } from '../../../lib/child-routes.ts';
import { formatUsd } from '../../../contract/money.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { store } from '../../../state/store.ts';
import { selectPaymentMethod, setReturnAfterAddCard } from '../../../state/pay-now-selection.ts';
import type { PaymentMethodChoice } from '../../../state/payment-slice.ts';
import { hideLoadingOverlay, SPINNER_MESSAGES } from '../../../state/ui-actions.ts';
import { Button } from '../../../ui/button.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import type { CardFrameHandle } from '../dialogs/card-frame.tsx';
import { PackageContents } from '../dialogs/package-contents.tsx';
import { choiceOf, resolveMethod, type MethodKey } from './payment-method-choice.ts';
import { center, fine, manageLink, section, total } from './pay-now-styles.ts';
import { phoneError } from './phone-format.ts';
import { usePayNowPurchase } from './use-pay-now-purchase.ts';
import { usePurchaseQuote } from './use-purchase-quote.ts';

// The payment panels load with the page's first render, not in its first load (size budget).
const CardFrame = lazy(async () => ({ default: (await import('../dialogs/card-frame.tsx')).CardFrame }));
const CheckboxField = lazy(async () => ({
  default: (await import('../../../ui/checkbox-field.tsx')).CheckboxField,
}));
const PhoneField = lazy(async () => ({ default: (await import('./phone-field.tsx')).PhoneField }));
const PromoCodeField = lazy(async () => ({
  default: (await import('./promo-code-field.tsx')).PromoCodeField,
}));
const PurchaseCost = lazy(async () => ({ default: (await import('./purchase-cost.tsx')).PurchaseCost }));
// The message under the pay button comes only after a Buy or a retry.
const FormError = lazy(async () => ({ default: (await import('../../../ui/form-error.tsx')).FormError }));
// Drawn once the payments config and the saved cards have come: they load beside the page too.
const PaymentMethodOptions = lazy(async () => ({
  default: (await import('./payment-method-options.tsx')).PaymentMethodOptions,
}));
const PurchaseFinePrint = lazy(async () => ({
  default: (await import('./purchase-fine-print.tsx')).PurchaseFinePrint,
}));

/** The processor-loading overlay never stays up longer than this if the card frame never answers. */
const OVERLAY_LIMIT_MS = 15_000;

export default function PayNowPage() {
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
  const [applyBalance, setApplyBalance] = useState(false);
  const online = useOnline();

  const method = resolveMethod(
    payment.selectedPaymentMethod as PaymentMethodChoice | null,
    cards,
    cardsKnown,
  );
  const funding = usePurchaseQuote(
    pkg,
    method === 'pay_by_bank' ? 'pay_by_bank' : 'card',
    applyBalance,
    payment.isPurchasing,
  );
  const covered = funding.coveredByBalance;
  const accountPhone = user?.phone ?? null;
  const purchase = usePayNowPurchase({
    applyBalanceUsd: funding.quote?.balance_applied_usd ?? 0,
    coveredByBalance: covered,
    pkg,
    config,
    method,
    gameId,
    accountPhone,
    phone,
    saveCard,
    promo,
    frame,
    onPhoneInvalid: () => {
      setPhoneTouched(true);
      document.querySelector<HTMLInputElement>('input[name="phone"]')?.focus();
    },
  });
  const { busy, inlineError, canRetry, pendingNotice } = purchase;

  // The payment-processor loading message (shown by the coin store) stays until pay-now can take a payment.
  const processorReady = Boolean(config) && cardsKnown && (method !== 'new_card' || frameReady);
  useEffect(() => {
    if (processorReady || configQuery.error) hideLoadingOverlay();
  }, [processorReady, configQuery.error]);
  useEffect(() => {
    const t = setTimeout(hideLoadingOverlay, OVERLAY_LIMIT_MS);
    return () => {
      clearTimeout(t);
      hideLoadingOverlay();
    };
  }, []);

  if (!pkg) return null; // the guard sends the player back to the coin store
  const phoneProblem = method === 'pay_by_bank' && !accountPhone ? phoneError(phone) : null;

  function choose(key: MethodKey) {
    selectPaymentMethod(choiceOf(key));
    purchase.clearError();
    purchase.forgetAttempt();
    if (key === 'new_card') setFrameReady(false);
  }

  function applyCashBalance(on: boolean) {
    setApplyBalance(on);
    purchase.clearError();
    purchase.forgetAttempt();
  }

  const payDisabled =
    !online ||
    busy ||
    !purchase.processLoaded ||
    !config ||
    // The total shown must be the one charged: no Buy before the quote (fee, balance) is known.
    !funding.quote ||
    (funding.applyUsd > 0 && funding.quote.balance_applied_usd === 0) ||
    (!covered &&
      (!method ||
        (method === 'new_card' && !frameReady) ||
        Boolean(method === 'pay_by_bank' && phoneTouched && phoneProblem)));
  const charge = funding.quote?.charge_usd ?? pkg.price_usd;

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
              void purchase.buy();
            }}
            noValidate
          >
            {covered ? (
              <Notice tone="info" testId="covered-by-balance">
                Your cash balance pays the whole price. Nothing is charged to a card or bank.
              </Notice>
            ) : (
              <Suspense fallback={null}>
                <PaymentMethodOptions cards={cards} method={method} onChoose={choose} />
              </Suspense>
            )}
            <Link
              className={manageLink}
              to={CHILD_ROUTES.managePaymentMethodsManage}
              onClick={() => setReturnAfterAddCard(ROUTES.payNow)}
            >
              Manage saved cards
            </Link>

            {method === 'new_card' ? (
              // Kept (hidden) while the cash balance pays it all: the card form stays loaded.
              <div className={section} hidden={covered}>
                <Suspense fallback={<Spinner label="Loading the card form..." />}>
                  <CardFrame
                    config={config}
                    mode="payment"
                    ref={frame}
                    onReady={() => setFrameReady(true)}
                    onChange={setCardComplete}
                    onSubmit={() => void purchase.buy()}
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
            {method === 'pay_by_bank' && !covered ? (
              <div className={section}>
                <Suspense fallback={null}>
                  <PhoneField
                    value={phone}
                    onChange={(v) => {
                      setPhone(v);
                      purchase.clearError();
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

            <Suspense
              fallback={
                <p className={total}>
                  <span>Total</span>
                  <span>{formatUsd(charge)}</span>
                </p>
              }
            >
              <PurchaseCost
                priceUsd={pkg.price_usd}
                // Offline the page says so once (below); the quote it could not load is not an error.
                funding={online ? funding : { ...funding, error: null }}
                applyBalance={applyBalance}
                onApplyBalance={applyCashBalance}
                disabled={busy}
              />
            </Suspense>
            {pendingNotice ? (
              <Notice tone="info" testId="payment-pending">
                {pendingNotice}
              </Notice>
            ) : null}
            {inlineError ? (
              <Suspense fallback={null}>
                <FormError message={inlineError} />
              </Suspense>
            ) : null}
            {online ? null : <p role="status">{OFFLINE_ACTION_MESSAGE}</p>}
            {canRetry ? (
              <Button
                variant="secondary"
                fullWidth
                onClick={() => void purchase.retry()}
                disabled={busy}
                className={cx(section)}
              >
                Try again
              </Button>
            ) : null}
            <Button type="submit" fullWidth loading={busy} disabled={payDisabled} data-testid="pay-now-buy">
              {covered ? 'Buy with my cash balance' : `Buy for ${formatUsd(charge)}`}
            </Button>
            {method === 'new_card' && !covered && frameReady && !cardComplete ? (
              <p className={fine}>Enter your card details above to continue.</p>
            ) : null}
            <Suspense fallback={null}>
              <PurchaseFinePrint className={fine} />
            </Suspense>
          </form>
        )}
      </Card>
    </Page>
  );
}
