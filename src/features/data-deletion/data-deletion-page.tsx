import { useLocation, useParams } from 'react-router-dom';
import { css } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../contract/constants.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { prose } from '../../ui/prose.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';

const codeBox = css`
  display: block;
  margin: var(--space-2) 0 var(--space-4);
  padding: var(--space-3);
  border-radius: var(--radius-sm);
  background: var(--color-bg);
  border: 1px dashed var(--color-border);
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 1.05rem;
  overflow-wrap: anywhere;
`;

/**
 * Confirmation page a social sign-in provider links to after a player asked it to delete the
 * data we received from it. "dd": the data was deleted; "nd": we held no data for that
 * account. The code identifies the request if the player contacts us.
 */
export function DataDeletionPage() {
  const goldOnly = useGoldOnly();
  const { pathname } = useLocation();
  const { code = '' } = useParams();
  const deleted = pathname.startsWith(ROUTES.dataDeletionDone.replace('/:code', '/'));
  const hasCode = code.trim().length > 0;

  return (
    <Page title="Data deletion request">
      <Card className={prose}>
        {deleted ? (
          <Notice tone="success" testId="data-deletion-status">
            <p>Your data has been deleted.</p>
          </Notice>
        ) : (
          <Notice tone="info" testId="data-deletion-status">
            <p>We found no data to delete.</p>
          </Notice>
        )}
        {deleted ? (
          <p>
            We received your request through your social sign-in provider and deleted the information{' '}
            {PRODUCT_NAME} had received from that provider for your account (such as your name, email address
            and profile picture).
          </p>
        ) : (
          <p>
            We received your request through your social sign-in provider, but {PRODUCT_NAME} held no
            information from that provider for your account, so there was nothing to delete.
          </p>
        )}
        {hasCode ? (
          <>
            <p>Your confirmation code:</p>
            <code className={codeBox} data-testid="data-deletion-code">
              {code}
            </code>
            <p>Keep this code. Quote it if you contact us about this request.</p>
          </>
        ) : null}
        <h2>Good to know</h2>
        <ul>
          <li>
            Records we must keep by law, such as{' '}
            {goldOnly ? 'purchases' : 'sweepstakes entries, purchases and prize redemptions'}, are kept for
            the periods described in our Privacy Policy even after a deletion request.
          </li>
          <li>
            To close your {PRODUCT_NAME} account itself, or for any question about your data, email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </li>
        </ul>
        <ButtonLink to={ROUTES.policiesPrivacy} variant="secondary">
          Read our Privacy Policy
        </ButtonLink>
      </Card>
    </Page>
  );
}

export default DataDeletionPage;
