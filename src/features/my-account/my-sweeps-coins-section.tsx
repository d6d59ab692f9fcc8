/**
 * "My Sweeps Coins" (id my-sweeps-coins, where the menu's Redeem leads): redeemable, unplayed
 * and total Sweeps Coins and the USD value of the redeemable ones, from the balances; Redeem
 * (to /redeem, whose guard asks for a billing address and identity verification first) and the
 * way to the redemptions and their status timelines.
 */
import { Link } from 'react-router-dom';
import { css } from '@linaria/core';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { ROUTES } from '../../contract/routes.ts';
import { DEFAULT_REDEEMABLE_SWEEPS_PER_USD } from '../../contract/constants.ts';
import type { Balances } from '../../contract/schemas.ts';
import { formatSweeps, formatUsd } from '../../contract/money.ts';
import { MY_ACCOUNT_FRAGMENTS } from '../../lib/child-routes.ts';
import { useNamedProperties } from '../../lib/use-named-properties.ts';
import { redemptionValueUsd, unplayedSweeps } from '../../state/balances-derived.ts';
import { Card, Notice } from '../../ui/page.tsx';
import { fragmentHeading } from './fragment-heading.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { ButtonLink } from '../../ui/button.tsx';

const grid = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: var(--space-3);
  margin: 0 0 var(--space-4);
  & div {
    padding: var(--space-3);
    border-radius: var(--radius-md);
    background: var(--color-surface-2);
    border-left: 4px solid var(--color-sweeps);
    min-width: 0;
  }
  & dt {
    font-size: 0.85rem;
    font-weight: 600;
    color: var(--color-text-muted);
  }
  & dd {
    margin: var(--space-1) 0 0;
    font-size: 1.3rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);
`;
const muted = css`
  color: var(--color-text-muted);
  font-size: 0.95rem;
`;

const NAMES = [PROPERTY_NAMES.redemptionValues];

/** Redeemable Sweeps per USD from the redemption values property (default 1). */
export function sweepsPerUsd(raw: string | undefined): number {
  try {
    const v = raw
      ? (JSON.parse(raw) as { redeemable_sweeps_coins_per_usd?: unknown }).redeemable_sweeps_coins_per_usd
      : undefined;
    return typeof v === 'number' && v > 0 ? v : DEFAULT_REDEEMABLE_SWEEPS_PER_USD;
  } catch {
    return DEFAULT_REDEEMABLE_SWEEPS_PER_USD;
  }
}

export function MySweepsCoinsSection({
  balances,
  sweepsEligible,
}: {
  balances: Balances | null;
  sweepsEligible: boolean;
}) {
  const { values } = useNamedProperties(NAMES);
  const rate = sweepsPerUsd(values[PROPERTY_NAMES.redemptionValues]);
  return (
    <Card>
      <h2
        className={fragmentHeading}
        id={MY_ACCOUNT_FRAGMENTS.sweepsCoins}
        tabIndex={-1}
        data-testid="my-sweeps-coins"
      >
        My Sweeps Coins
      </h2>
      {balances ? (
        <dl className={grid} data-testid="my-sweeps-coins-balances">
          <div>
            <dt>Redeemable</dt>
            <dd data-testid="sweeps-redeemable">{formatSweeps(balances.balance_redeemable_ghc)}</dd>
          </div>
          <div>
            <dt>Redeemable value</dt>
            <dd data-testid="sweeps-redeemable-usd">{formatUsd(redemptionValueUsd(balances, rate))}</dd>
          </div>
          <div>
            <dt>Unplayed</dt>
            <dd data-testid="sweeps-unplayed">{formatSweeps(unplayedSweeps(balances))}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd data-testid="sweeps-total">{formatSweeps(balances.balance_total_ghc)}</dd>
          </div>
        </dl>
      ) : (
        <Spinner label="Loading your balances..." />
      )}
      <p className={muted}>
        Sweeps Coins must be played at least once before they become redeemable. Unplayed Sweeps Coins are the
        ones you have not played through yet.
      </p>
      {sweepsEligible ? null : (
        <Notice tone="info">
          Sweeps Coins play is not available in your state. You can still buy and play with Gold Coins.
        </Notice>
      )}
      <p className={actions}>
        <ButtonLink to={ROUTES.redeem} data-testid="redeem-button">
          Redeem
        </ButtonLink>
        <Link to={ROUTES.redemptionManagement} data-testid="redemption-management-link">
          Your redemptions and their status
        </Link>
      </p>
      <p>
        <Link to={ROUTES.sweepsCoinsHistory}>See your Sweeps Coins history</Link>
      </p>
      <p>
        <Link to={ROUTES.amoeStart} data-testid="link-amoe-start">
          Free Sweeps Coins by mail
        </Link>{' '}
        ·{' '}
        <Link to={ROUTES.amoeRedeem} data-testid="link-amoe-redeem-account">
          Redeem an AMOE code
        </Link>
      </p>
    </Card>
  );
}
