/** Delete a saved card (manage-payment-methods/delete/{card_id}): asks first, then removes it. */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CardsResponseSchema, PAYMENTS_API_PATHS } from '../../../contract/payment-pages.ts';
import { CHILD_ROUTES } from '../../../lib/child-routes.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { forgetDeletedCard } from '../../../state/payment-selection.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { cardExpiry, cardLabel } from '../dialogs/card-label.ts';
import { center, stack } from './styles.ts';
import { useSavedCards } from './use-saved-cards.ts';

export default function DeleteCardPage() {
  const { cardId = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, mutate } = useSavedCards();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const card = data?.results.find((c) => c.card_id === cardId) ?? null;

  async function remove() {
    if (!card) return;
    setBusy(true);
    setError(null);
    try {
      const next = await api.del(PAYMENTS_API_PATHS.card(cardId), CardsResponseSchema, {
        handleErrors: false,
      });
      await mutate(next, { revalidate: false });
      forgetDeletedCard(cardId);
      void navigate(CHILD_ROUTES.managePaymentMethodsManage, {
        replace: true,
        state: { notice: `${cardLabel(card)} was deleted.` },
      });
    } catch (e) {
      setBusy(false);
      setError(isApiError(e) ? e.message : 'We could not delete this card. Please try again.');
    }
  }

  return (
    <Page title="Delete Card" width="narrow">
      <Card>
        {isLoading && !data ? (
          <div className={center}>
            <Spinner label="Loading your cards..." />
          </div>
        ) : !card ? (
          <>
            <Notice tone="info">
              This card is not saved on your account (it may have been deleted already).
            </Notice>
            <ButtonLink to={CHILD_ROUTES.managePaymentMethodsManage} fullWidth variant="secondary">
              Back to payment methods
            </ButtonLink>
          </>
        ) : (
          <>
            <p>
              Delete <strong>{cardLabel(card)}</strong> (expires {cardExpiry(card)}) from your account? You
              can add it again later.
            </p>
            <FormError message={error} />
            <div className={stack}>
              <Button
                variant="danger"
                fullWidth
                loading={busy}
                onClick={() => void remove()}
                data-testid="confirm-delete-card"
              >
                Delete card
              </Button>
              <ButtonLink to={CHILD_ROUTES.managePaymentMethodsManage} fullWidth variant="secondary">
                Keep card
              </ButtonLink>
            </div>
          </>
        )}
      </Card>
    </Page>
  );
}
