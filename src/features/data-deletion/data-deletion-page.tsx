import { useLocation, useParams } from 'react-router-dom';
import { css } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../contract/constants.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { prose } from '../../ui/prose.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { enums, string, type } from 'superstruct';
import {
  socialDeletionStatusPath,
  SOCIAL_PROVIDER_NAMES,
  isSocialProvider,
} from '../../contract/social-auth.ts';
import { useApiGet } from '../../lib/swr.tsx';

/** The request's status as the server recorded it (its code is the key). */
const DeletionStatusSchema = type({
  confirmation_code: string(),
  provider: string(),
  status: enums(['deleted', 'no_data'] as const),
  requested_at: string(),
  completed_at: string(),
});
const CODE_PATTERN = /^[A-Za-z0-9]{12}$/;

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
  const hasCode = code.trim().length > 0;
  const known = CODE_PATTERN.test(code.trim());
  const request = useApiGet(known ? socialDeletionStatusPath(code.trim()) : null, DeletionStatusSchema, {
    handleErrors: false,
  });
  // The recorded status wins over the link's dd / nd segment.
  const deleted = request.data
    ? request.data.status === 'deleted'
    : pathname.startsWith(ROUTES.dataDeletionDone.replace('/:code', '/'));
  const notFound = !known || request.error?.status === 404;
  const providerName =
    request.data && isSocialProvider(request.data.provider)
      ? SOCIAL_PROVIDER_NAMES[request.data.provider]
      : null;

  return (
    <Page title="Data deletion request">
      <Card className={prose}>
        {notFound ? (
          <Notice tone="warning" testId="data-deletion-unknown">
            <p>
              We have no data deletion request with this confirmation code. Check the link you received, or
              contact us.
            </p>
          </Notice>
        ) : null}
        {request.data ? (
          <p data-testid="data-deletion-recorded">
            Request received from {providerName ?? 'your sign-in provider'} on{' '}
            {new Date(request.data.requested_at).toLocaleDateString('en-US', { dateStyle: 'long' })};
            completed {new Date(request.data.completed_at).toLocaleDateString('en-US', { dateStyle: 'long' })}
            .
          </p>
        ) : null}
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
