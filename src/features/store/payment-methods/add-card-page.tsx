/**
 * Add a card: a setup intent gives the hosted fields a client secret; the card is entered in
 * the processor's frame and saved on the intent there ("Adding credit card..."), then our
 * server attaches it to the account. Afterwards the player returns to the route stored before
 * (e.g. pay-now) or sees the success page.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  PAYMENTS_API_PATHS,
  PaymentsConfigSchema,
  SavedCardSchema,
  SetupIntentResponseSchema,
  type SetupIntentResponse,
} from '../../../contract/payment-pages.ts';
import { CHILD_ROUTES } from '../../../lib/child-routes.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { store } from '../../../state/store.ts';
import { completeAddCard, confirmCardSetup, setAddCardIntent } from '../../../state/payment-selection.ts';
import { hideLoadingOverlay, showLoadingOverlay, SPINNER_MESSAGES } from '../../../state/ui-actions.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { CheckboxField } from '../../../ui/checkbox-field.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { CardFrame, CardFrameFailure, type CardFrameHandle } from '../dialogs/card-frame.tsx';
import { center, stack } from './styles.ts';
import { useSavedCards } from './use-saved-cards.ts';
import { mutate } from 'swr';

/** Starts a setup intent and hands its client secret to the card frame's confirmation. */
async function startSetupIntent(): Promise<SetupIntentResponse> {
  const intent = await api.post(PAYMENTS_API_PATHS.setupIntents, {}, SetupIntentResponseSchema, {
    handleErrors: false,
  });
  setAddCardIntent(intent.client_secret);
  return intent;
}

function setupIntentFailure(e: unknown): string {
  return isApiError(e) ? e.message : 'We could not start adding a card. Please try again.';
}

export default function AddCardPage() {
  const navigate = useNavigate();
  const config = useApiGet(PAYMENTS_API_PATHS.paymentsConfig, PaymentsConfigSchema, {
    handleErrors: false,
    swr: { revalidateOnFocus: false },
  });
  const cards = useSavedCards();
  const frame = useRef<CardFrameHandle>(null);
  const [intent, setIntent] = useState<SetupIntentResponse | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function showIntent(next: Promise<SetupIntentResponse>) {
    next.then(setIntent, (e: unknown) => setIntentError(setupIntentFailure(e)));
  }

  // Another try clears the last failure first; the first request starts with none.
  function newIntent() {
    setIntentError(null);
    showIntent(startSetupIntent());
  }

  useEffect(() => {
    showIntent(startSetupIntent());
    return () => {
      hideLoadingOverlay();
      setAddCardIntent(null);
    };
  }, []);

  async function save() {
    if (!intent || busy) return;
    setBusy(true);
    setError(null);
    showLoadingOverlay(SPINNER_MESSAGES.addingCreditCard);
    try {
      const setup = await frame.current?.confirmSetup(intent.client_secret);
      if (!setup || setup.status !== 'succeeded')
        throw new CardFrameFailure({
          code: 'setup_failed',
          sub_code: null,
          message: 'Your card could not be saved. Please check the details.',
          field: null,
        });
      confirmCardSetup();
      const card = await api.post(
        PAYMENTS_API_PATHS.cards,
        {
          setup_intent_id: setup.setup_intent_id,
          make_default: makeDefault || (cards.data?.results.length ?? 0) === 0,
        },
        SavedCardSchema,
        {
          handleErrors: false,
        },
      );
      await mutate((key) => Array.isArray(key) && key[0] === PAYMENTS_API_PATHS.cards);
      const back = completeAddCard(card.card_id);
      hideLoadingOverlay();
      void navigate(back ?? CHILD_ROUTES.managePaymentMethodsSuccess, { replace: true, state: { card } });
    } catch (e) {
      hideLoadingOverlay();
      setBusy(false);
      if (e instanceof CardFrameFailure) setError(e.error.message);
      else setError(isApiError(e) ? e.message : 'Your card could not be saved. Please try again.');
      // A setup intent is single use once it succeeded or failed: start a fresh one for the next try.
      if (!(e instanceof CardFrameFailure && ['incomplete', 'not_ready', 'busy'].includes(e.error.code)))
        newIntent();
    }
  }

  return (
    <Page title="Add a Card" width="narrow">
      <Card>
        {config.error || intentError ? (
          <Notice tone="error">
            <p>
              {intentError ??
                `The payment service is not available right now. ${config.error?.message ?? ''}`}
            </p>
            <Button variant="secondary" onClick={() => (config.error ? void config.mutate() : newIntent())}>
              Try again
            </Button>
          </Notice>
        ) : !config.data || !intent ? (
          <div className={center}>
            <Spinner label={SPINNER_MESSAGES.loadingPaymentProcessor} />
          </div>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            noValidate
          >
            <CardFrame
              config={config.data}
              mode="setup"
              ref={frame}
              onReady={() => setReady(true)}
              onSubmit={() => void save()}
            />
            {(cards.data?.results.length ?? 0) > 0 ? (
              <CheckboxField
                label="Make this my default card"
                name="make_default"
                checked={makeDefault}
                onChange={(e) => setMakeDefault(e.target.checked)}
              />
            ) : null}
            <FormError message={error} />
            <div className={stack}>
              <Button type="submit" fullWidth loading={busy} disabled={!ready} data-testid="save-card">
                Save card
              </Button>
              <ButtonLink
                to={store.payment.returnAfterAddCard ?? CHILD_ROUTES.managePaymentMethodsManage}
                variant="secondary"
                fullWidth
              >
                Cancel
              </ButtonLink>
            </div>
          </form>
        )}
      </Card>
    </Page>
  );
}
