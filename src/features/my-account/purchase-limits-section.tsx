/**
 * "My purchase limits" (id my-purchase-limits, the MANAGE LIMITS destination): the player's own
 * daily, weekly and monthly purchase limits in USD, via SWR. Hidden with a note when the
 * operator turns purchase limits off (purchase_limits_enabled). Offline: the last loaded limits
 * stay on screen, changes wait for the connection.
 */
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { PURCHASE_LIMIT_COOLING_OFF_DAYS } from '../../contract/constants.ts';
import {
  PURCHASE_LIMIT_PERIODS,
  PurchaseLimitsResponseSchema,
  WALLET_API_PATHS,
} from '../../contract/wallet.ts';
import { MY_ACCOUNT_FRAGMENTS } from '../../lib/child-routes.ts';
import { useApiGet } from '../../lib/swr.tsx';
import { CLIENT_ERROR_CODES } from '../../lib/api-client.ts';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../pwa/online-status.ts';
import { store } from '../../state/store.ts';
import { Card, Notice } from '../../ui/page.tsx';
import { fragmentHeading } from './fragment-heading.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { PurchaseLimitForm } from './purchase-limit-form.tsx';

const intro = css`
  color: var(--color-text-muted);
  & li {
    margin-bottom: var(--space-1);
  }
`;

export function PurchaseLimitsSection() {
  const signedIn = useSnapshot(store.session).status === 'signed-in';
  const online = useOnline();
  const limits = useApiGet(signedIn ? WALLET_API_PATHS.purchaseLimits : null, PurchaseLimitsResponseSchema, {
    handleErrors: false,
  });
  const { data, error } = limits;
  const offline = !online || error?.code === CLIENT_ERROR_CODES.OFFLINE;
  const c = PURCHASE_LIMIT_COOLING_OFF_DAYS;

  let body;
  if (data && !data.enabled) {
    body = (
      <Notice tone="info" testId="purchase-limits-off">
        Purchase limits are switched off at the moment, so none apply to your purchases. If you want help
        controlling your spending, contact support.
      </Notice>
    );
  } else if (data) {
    body = (
      <>
        <div className={intro}>
          <p>
            Set how much you can spend on coin packages. Limits are in US dollars and count purchases over a
            rolling window.
          </p>
          <ul>
            <li>Lowering a limit, or setting your first one, takes effect at once.</li>
            <li>
              Raising or removing a limit waits a cooling-off period: {c.daily} days for daily, {c.weekly}{' '}
              days for weekly, {c.monthly} days for monthly. Until then the current limit applies.
            </li>
            <li>
              Your daily limit cannot be higher than your weekly one, nor your weekly higher than your monthly
              one.
            </li>
          </ul>
        </div>
        {offline ? (
          <Notice tone="warning" testId="purchase-limits-offline">
            {`These are the limits loaded earlier; they can't refresh right now. ${OFFLINE_ACTION_MESSAGE}`}
          </Notice>
        ) : null}
        {PURCHASE_LIMIT_PERIODS.map((p) => (
          <PurchaseLimitForm
            key={p}
            period={p}
            state={data[p]}
            disabled={offline}
            onSaved={(answer) => void limits.mutate(answer, { revalidate: false })}
          />
        ))}
      </>
    );
  } else if (offline) {
    body = (
      <Notice tone="warning" testId="purchase-limits-offline">
        {"You're offline. Your purchase limits can't load until you reconnect."}
      </Notice>
    );
  } else if (error) {
    body = (
      <Notice tone="error" testId="purchase-limits-error">
        <p>{`We could not load your purchase limits (Error: ${error.status || error.code}).`}</p>
        <Button variant="secondary" onClick={() => void limits.mutate()}>
          Try again
        </Button>
      </Notice>
    );
  } else {
    body = <Spinner label="Loading your purchase limits..." />;
  }

  return (
    <Card>
      <h2
        className={fragmentHeading}
        id={MY_ACCOUNT_FRAGMENTS.purchaseLimits}
        tabIndex={-1}
        data-testid="my-purchase-limits"
      >
        My purchase limits
      </h2>
      {body}
    </Card>
  );
}
