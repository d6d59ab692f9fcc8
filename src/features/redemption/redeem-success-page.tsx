/**
 * /redeem/success: the redemption just requested, with its timeline and when the next step is
 * expected. Reached from the form (the redemption travels in the navigation state); opened
 * directly, it points to Redemption Management instead.
 */
import { useLocation } from 'react-router-dom';
import { is } from 'superstruct';
import { REDEMPTION_METHOD_LABELS, RedemptionSchema } from '../../contract/redemption.ts';
import { ROUTES } from '../../contract/routes.ts';
import { formatSweeps, formatUsd } from '../../contract/money.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { RedemptionTimeline } from './redemption-timeline.tsx';

export default function RedeemSuccessPage() {
  const state: unknown = useLocation().state;
  const candidate = (state as { redemption?: unknown } | null)?.redemption;
  const redemption = is(candidate, RedemptionSchema) ? candidate : null;
  return (
    <Page title="Redemption Requested">
      <Notice tone="success" testId="redeem-success">
        {redemption
          ? `Your redemption of ${formatSweeps(redemption.amount_ghc)} Sweeps Coins (${formatUsd(redemption.usd)}) by ${REDEMPTION_METHOD_LABELS[redemption.method]} is requested.`
          : 'Your redemption is requested.'}{' '}
        You can follow it, and cancel it while it is pending, in Redemption Management.
      </Notice>
      {redemption ? (
        <Card>
          <h2>Status</h2>
          <RedemptionTimeline redemption={redemption} />
        </Card>
      ) : null}
      <p>
        <ButtonLink to={ROUTES.redemptionManagement} data-testid="go-redemption-management">
          See your redemptions
        </ButtonLink>
      </p>
    </Page>
  );
}
