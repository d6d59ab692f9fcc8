/**
 * What every redeem page shows around its form: the redeemable Sweeps and their value, the
 * period's limit, and the way back; a spinner while the options load, the error with a retry when
 * they fail, and a plain sentence offline (redeeming needs a connection).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import type { RedemptionOptions } from '../../contract/redemption-pages.ts';
import { ROUTES } from '../../contract/routes.ts';
import { formatSweeps, formatUsd } from '../../contract/money.ts';
import { MY_ACCOUNT_FRAGMENTS } from '../../lib/child-routes.ts';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../pwa/online-status.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { store } from '../../state/store.ts';
import './register-redemption-dialogs.ts';
import { usdValue } from './redeem-rules.ts';
import { useRedemptionOptions } from './use-redemption-options.ts';

/**
 * The state's Sweeps hold notice (src/ui/sweeps-hold-notice.tsx), shown only to a resident of a
 * state without Sweeps: loaded for them alone, no space reserved (a module that cannot load shows
 * nothing; the server refuses the redemption with the same reason).
 */
const SweepsHoldNotice = lazy(() =>
  import('../../ui/sweeps-hold-notice.tsx').then(
    (m) => ({ default: m.SweepsHoldNotice }),
    () => ({ default: () => null }),
  ),
);

const facts = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: var(--space-2);
  margin: 0;
  & dt {
    font-size: 0.85rem;
    color: var(--color-text-muted);
  }
  & dd {
    margin: 0;
    font-weight: 800;
    font-size: 1.15rem;
    overflow-wrap: anywhere;
  }
`;
const links = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3);
`;

export function RedeemLayout({
  title,
  children,
}: {
  title: string;
  children: (options: RedemptionOptions) => ReactNode;
}) {
  const online = useOnline();
  const { data, error, isLoading, mutate } = useRedemptionOptions();
  const { user } = useSnapshot(store.session);
  // A state without Sweeps has none to redeem: the server refuses, and the page says why first
  // (the state's hold of src/contract/sweeps-hold.ts; an identity hold is the form's to explain).
  const hold =
    user && !user.sweeps_eligible
      ? { kind: 'state' as const, state: user.state_or_province.toUpperCase() }
      : null;
  return (
    <Page title={title}>
      {hold ? (
        <Suspense fallback={null}>
          <SweepsHoldNotice hold={hold} testId="redeem-sweeps-hold" />
        </Suspense>
      ) : null}
      {data ? (
        <Card>
          <dl className={facts} data-testid="redeem-summary">
            <div>
              <dt>Redeemable Sweeps Coins</dt>
              <dd data-testid="redeem-redeemable">{formatSweeps(data.redeemable_ghc)}</dd>
            </div>
            <div>
              <dt>Prize value</dt>
              <dd>{formatUsd(usdValue(data.redeemable_ghc, data.sweeps_per_usd))}</dd>
            </div>
            <div>
              <dt>Left to redeem today (ET)</dt>
              <dd>{formatUsd(data.limit.remaining_usd)}</dd>
            </div>
            <div>
              <dt>Rate</dt>
              <dd>{data.sweeps_per_usd} SC = $1</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      {!online && !data ? (
        <Notice tone="info" testId="redeem-offline">
          {OFFLINE_ACTION_MESSAGE} Your redemptions from your last visit are in Redemption Management.
        </Notice>
      ) : null}
      {error && online && !data ? (
        <Notice tone="error" testId="redeem-options-error">
          We could not load your redemption options (error {error.status}).{' '}
          <Button variant="ghost" onClick={() => void mutate()}>
            Try again
          </Button>
        </Notice>
      ) : null}
      {isLoading && !data ? <Spinner label="Loading your redemption options..." /> : null}
      {data ? <Card>{children(data)}</Card> : null}
      <p className={links}>
        <AppLink to={ROUTES.redemptionManagement}>Your redemptions</AppLink>
        <AppLink to={`${ROUTES.myAccount}#${MY_ACCOUNT_FRAGMENTS.sweepsCoins}`}>
          Back to My Sweeps Coins
        </AppLink>
      </p>
    </Page>
  );
}
