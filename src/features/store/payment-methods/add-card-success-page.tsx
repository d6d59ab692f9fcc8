/** Card added (manage-payment-methods/success). */
import { useLocation } from 'react-router-dom';
import type { SavedCard } from '../../../contract/payments.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { CHILD_ROUTES } from '../../../lib/child-routes.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { cardLabel } from '../dialogs/card-label.ts';
import { stack } from './styles.ts';

export default function AddCardSuccessPage() {
  const card = (useLocation().state as { card?: SavedCard } | null)?.card ?? null;
  return (
    <Page title="Card Added" width="narrow">
      <Card>
        <Notice tone="success" testId="card-added">
          {card ? `${cardLabel(card)} is saved on your account.` : 'Your card is saved on your account.'}
        </Notice>
        <div className={stack}>
          <ButtonLink to={ROUTES.buyCoins} fullWidth>
            Buy coins
          </ButtonLink>
          <ButtonLink to={CHILD_ROUTES.managePaymentMethodsManage} variant="secondary" fullWidth>
            Back to payment methods
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
