/**
 * /redeem/error: a redemption request that got no answer or a server error. Nothing was redeemed
 * twice: the request is idempotent, and its coins show in Redemption Management if it went through.
 */
import { useLocation } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Notice, Page } from '../../ui/page.tsx';

export default function RedeemErrorPage() {
  const state = useLocation().state as { message?: unknown; status?: unknown } | null;
  const message = typeof state?.message === 'string' && state.message ? state.message : null;
  const status = typeof state?.status === 'number' ? state.status : null;
  return (
    <Page title="Redemption Not Completed">
      <Notice tone="error" testId="redeem-error">
        We could not complete your redemption{status ? ` (error ${status})` : ''}.
        {message ? ` ${message}` : ''} Please check Redemption Management: if the request reached us it is
        listed there; otherwise no Sweeps Coins were taken and you can try again.
      </Notice>
      <p>
        <ButtonLink to={ROUTES.redemptionManagement}>See your redemptions</ButtonLink>{' '}
        <ButtonLink variant="secondary" to={ROUTES.redeem}>
          Try again
        </ButtonLink>
      </p>
    </Page>
  );
}
