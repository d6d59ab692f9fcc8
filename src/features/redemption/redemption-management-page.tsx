/**
 * /redemption-management: every redemption with its status timeline, updated live while the page
 * is open and kept from the last visit when offline (use-redemptions.ts). A pending redemption can
 * be cancelled (the cancel-redemption dialog {confirmCancel, redemptionID}); its button shows the
 * cancel in flight until the server answers.
 */
import { css } from '@linaria/core';
import {
  REDEMPTION_METHOD_LABELS,
  REDEMPTION_STATUS_LABELS,
  type Redemption,
} from '../../contract/redemption.ts';
import { ROUTES } from '../../contract/routes.ts';
import { formatSweeps, formatUsd } from '../../contract/money.ts';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../pwa/online-status.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import './register-redemption-dialogs.ts';
import { RedemptionTimeline, formatWhen } from './redemption-timeline.tsx';
import { useRedemptionList } from './use-redemptions.ts';

const head = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: baseline;
  gap: var(--space-2);
  & h2 {
    margin: 0;
    font-size: 1.1rem;
  }
`;
const badge = css`
  display: inline-block;
  padding: 2px var(--space-2);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  font-weight: 700;
  font-size: 0.9rem;
`;
const meta = css`
  margin: var(--space-1) 0 0;
  color: var(--color-text-muted);
  overflow-wrap: anywhere;
`;
const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--space-3);
`;

function RedemptionCard({
  r,
  cancelling,
  busy,
  online,
  onCancel,
}: {
  r: Redemption;
  cancelling: boolean;
  busy: boolean;
  online: boolean;
  onCancel: () => void;
}) {
  const title = `${formatSweeps(r.amount_ghc)} Sweeps Coins by ${REDEMPTION_METHOD_LABELS[r.method]}${r.cash_out ? ' (cash out)' : ''}`;
  return (
    <Card>
      <article aria-labelledby={`redemption-${r.id}`} data-testid="redemption" data-status={r.status}>
        <div className={head}>
          <h2 id={`redemption-${r.id}`}>{title}</h2>
          <span className={badge} data-testid="redemption-status">
            {REDEMPTION_STATUS_LABELS[r.status]}
          </span>
        </div>
        <p className={meta}>
          Prize value {formatUsd(r.usd)}
          {r.fee_usd > 0 ? `, fee ${formatUsd(r.fee_usd)}` : ''} · {r.destination} · requested{' '}
          {formatWhen(r.created_at)}
        </p>
        {r.status === 'rejected' && r.rejection_reason ? (
          <Notice tone="warning" testId="rejection-reason">
            Rejected: {r.rejection_reason}. Your Sweeps Coins are back in your redeemable balance
            {r.fee_usd > 0 ? ` (less the ${formatUsd(r.fee_usd)} fee)` : ''}.
          </Notice>
        ) : null}
        <RedemptionTimeline redemption={r} />
        {r.status === 'pending' ? (
          <p>
            <Button
              variant="secondary"
              onClick={onCancel}
              loading={cancelling}
              disabled={busy || !online}
              aria-describedby={online ? undefined : 'cancel-offline'}
              data-testid="cancel-redemption"
            >
              {cancelling ? 'Cancelling...' : 'Cancel redemption'}
            </Button>
          </p>
        ) : null}
      </article>
    </Card>
  );
}

export default function RedemptionManagementPage() {
  const online = useOnline();
  const state = useRedemptionList();
  return (
    <Page title="Redemption Management">
      <p>
        <ButtonLink to={ROUTES.redeem}>Redeem Sweeps Coins</ButtonLink>
      </p>
      {!online ? (
        <Notice tone="info" testId="redemptions-offline">
          <span id="cancel-offline">
            You are offline. This is your list from your last visit; statuses update when you reconnect.{' '}
            {OFFLINE_ACTION_MESSAGE}
          </span>
        </Notice>
      ) : null}
      {state.error && online ? (
        <Notice tone="error" testId="redemptions-error">
          {state.error}
          {state.stale ? ' Showing the list as last loaded.' : ''}{' '}
          <Button variant="ghost" onClick={() => void state.reload()}>
            Try again
          </Button>
        </Notice>
      ) : null}
      {state.cancel_error ? (
        <Notice tone="error" testId="cancel-error">
          {state.cancel_error}
        </Notice>
      ) : null}
      {state.loading && state.redemptions.length === 0 ? (
        <Spinner label="Loading your redemptions..." />
      ) : null}
      {!state.loading && state.redemptions.length === 0 && !state.error ? (
        <Card>
          <p>You have no redemptions yet.</p>
        </Card>
      ) : null}
      <ul className={list} aria-live="polite">
        {state.redemptions.map((r) => (
          <li key={r.id}>
            <RedemptionCard
              r={r}
              cancelling={state.pending_cancel === r.id}
              busy={state.pending_cancel !== null}
              online={online}
              onCancel={() => void state.askCancel(r)}
            />
          </li>
        ))}
      </ul>
    </Page>
  );
}
