/**
 * What the player pays on pay-now: the package price, the cash balance applied (a checkbox when
 * the player has one), the card fee the operator passes through and the total charged.
 */
import { css } from '@linaria/core';
import { formatUsd } from '../../../contract/money.ts';
import { Button } from '../../../ui/button.tsx';
import { CheckboxField } from '../../../ui/checkbox-field.tsx';
import { Notice } from '../../../ui/page.tsx';
import { fine, total } from './pay-now-styles.ts';
import type { PurchaseQuoteState } from './use-purchase-quote.ts';

const lines = css`
  margin: var(--space-3) 0 0;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: var(--space-1) var(--space-3);
  font-variant-numeric: tabular-nums;
  & dt,
  & dd {
    margin: 0;
  }
  & dd {
    text-align: right;
  }
`;

export interface PurchaseCostProps {
  priceUsd: number;
  funding: PurchaseQuoteState;
  applyBalance: boolean;
  onApplyBalance: (on: boolean) => void;
  disabled: boolean;
}

export function PurchaseCost({
  priceUsd,
  funding,
  applyBalance,
  onApplyBalance,
  disabled,
}: PurchaseCostProps) {
  const { quote, cashBalanceUsd, maxApplyUsd, error } = funding;
  const applied = quote?.balance_applied_usd ?? 0;
  const fee = quote?.card_fee_usd ?? 0;
  const charge = quote?.charge_usd ?? priceUsd;
  return (
    <div data-testid="purchase-cost">
      {cashBalanceUsd > 0 && maxApplyUsd > 0 ? (
        <>
          <CheckboxField
            label={`Apply my cash balance (${formatUsd(cashBalanceUsd)} available)`}
            name="apply_cash_balance"
            checked={applyBalance}
            disabled={disabled}
            onChange={(e) => onApplyBalance(e.target.checked)}
            aria-describedby="cash-balance-help"
          />
          <p className={fine} id="cash-balance-help">
            Your cash balance is the Sweeps Coins you won in play, at their prize value. It pays first; the
            rest is charged. If the payment fails, it comes back to you.
          </p>
        </>
      ) : null}
      {error ? (
        <Notice tone="error" testId="purchase-quote-error">
          <p>We could not work out the total right now. {error}</p>
          <Button variant="secondary" onClick={funding.retry}>
            Try again
          </Button>
        </Notice>
      ) : null}
      <dl className={lines} aria-live="polite">
        <dt>Package price</dt>
        <dd>{formatUsd(priceUsd)}</dd>
        {applied > 0 ? (
          <>
            <dt>Cash balance applied</dt>
            <dd data-testid="balance-applied">−{formatUsd(applied)}</dd>
          </>
        ) : null}
        {fee > 0 && quote ? (
          <>
            <dt>Card fee ({quote.card_fee_percent}%)</dt>
            <dd data-testid="card-fee">{formatUsd(fee)}</dd>
          </>
        ) : null}
      </dl>
      <p className={total}>
        <span>{applied > 0 && charge === 0 ? 'Charged' : 'Total'}</span>
        <span data-testid="purchase-total">{formatUsd(charge)}</span>
      </p>
    </div>
  );
}
