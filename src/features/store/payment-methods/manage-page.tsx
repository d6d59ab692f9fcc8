/**
 * Manage payment methods: the saved cards (brand, last four, expiry, default badge), make one
 * the default, delete one (confirmation on the delete route), add a card.
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CardsResponseSchema, PAYMENTS_API_PATHS } from '../../../contract/payment-pages.ts';
import { ROUTES, withParams } from '../../../contract/routes.ts';
import { CHILD_ROUTES } from '../../../lib/child-routes.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { store } from '../../../state/store.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { cardExpiry, cardLabel } from '../dialogs/card-label.ts';
import { badge, cardInfo, cardList, cardRow, center, rowActions, stack } from './styles.ts';
import { useSavedCards } from './use-saved-cards.ts';

export default function ManagePaymentMethodsPage() {
  const location = useLocation();
  const { data, error, isLoading, mutate } = useSavedCards();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const cards = data?.results ?? [];
  const returnTo = store.payment.returnAfterAddCard;

  async function makeDefault(cardId: string) {
    setBusyId(cardId);
    setActionError(null);
    try {
      const next = await api.post(PAYMENTS_API_PATHS.cardDefault(cardId), {}, CardsResponseSchema, {
        handleErrors: false,
      });
      await mutate(next, { revalidate: false });
    } catch (e) {
      setActionError(isApiError(e) ? e.message : 'We could not change your default card. Please try again.');
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Page title="Payment Methods" width="narrow">
      {notice ? (
        <Notice tone="success" testId="payment-methods-notice">
          {notice}
        </Notice>
      ) : null}
      <Card>
        <h2>Saved cards</h2>
        {isLoading && !data ? (
          <div className={center}>
            <Spinner label="Loading your cards..." />
          </div>
        ) : error ? (
          <Notice tone="error">
            <p>We could not load your cards. {error.message}</p>
            <Button variant="secondary" onClick={() => void mutate()}>
              Try again
            </Button>
          </Notice>
        ) : cards.length === 0 ? (
          <p data-testid="no-saved-cards">You have no saved cards.</p>
        ) : (
          <ul className={cardList} aria-label="Saved cards">
            {cards.map((c) => (
              <li key={c.card_id} className={cardRow} data-testid={`saved-card-${c.last4}`}>
                <span className={cardInfo}>
                  <strong>
                    {cardLabel(c)}
                    {c.is_default ? <span className={badge}>Default</span> : null}
                  </strong>
                  <small>Expires {cardExpiry(c)}</small>
                </span>
                <span className={rowActions}>
                  {c.is_default ? null : (
                    <Button
                      variant="secondary"
                      loading={busyId === c.card_id}
                      onClick={() => void makeDefault(c.card_id)}
                      aria-label={`Make ${cardLabel(c)} the default card`}
                    >
                      Make default
                    </Button>
                  )}
                  <ButtonLink
                    variant="ghost"
                    to={withParams(CHILD_ROUTES.managePaymentMethodsDelete, { cardId: c.card_id })}
                    aria-label={`Delete ${cardLabel(c)}`}
                  >
                    Delete
                  </ButtonLink>
                </span>
              </li>
            ))}
          </ul>
        )}
        <FormError message={actionError} />
        <div className={stack}>
          <ButtonLink to={CHILD_ROUTES.managePaymentMethodsAdd} fullWidth data-testid="add-card-link">
            Add a card
          </ButtonLink>
          {returnTo ? (
            <ButtonLink to={returnTo} variant="secondary" fullWidth>
              Back to payment
            </ButtonLink>
          ) : (
            <Link to={ROUTES.buyCoins}>Buy coins</Link>
          )}
        </div>
      </Card>
    </Page>
  );
}
