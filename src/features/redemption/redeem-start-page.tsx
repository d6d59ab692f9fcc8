/**
 * /redeem (start): the prize methods with the minimum of each for this player. PayPal, bank and
 * paper check have their own pages; a gift card and a prize-out are redeemed right here; a cash
 * out (PayPal to the e-wallet on file, for a fee) shows once the account has an e-wallet.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { css, cx } from '@linaria/core';
import {
  REDEMPTION_METHOD_LABELS,
  type RedemptionMethod,
  type RedemptionOptions,
} from '../../contract/redemption.ts';
import { CHILD_ROUTES } from '../../lib/child-routes.ts';
import { formatSweeps, formatUsd } from '../../contract/money.ts';
import { ButtonLink, Button } from '../../ui/button.tsx';
import { RedeemLayout } from './redeem-layout.tsx';

/**
 * The form of the methods redeemed here opens only once one is chosen: it loads beside the page,
 * asked for as the page opens, so it is there by the time the player chooses.
 */
const loadRedeemForm = () => import('./redeem-form.tsx');
const RedeemForm = lazy(async () => ({ default: (await loadRedeemForm()).RedeemForm }));

const methods = css`
  list-style: none;
  margin: 0 0 var(--space-3);
  padding: 0;
  display: grid;
  gap: var(--space-2);
  & li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-2);
    padding: var(--space-2) 0;
    border-top: 1px solid var(--color-border);
  }
  & li:first-child {
    border-top: 0;
  }
`;
const name = css`
  font-weight: 700;
`;
const hint = css`
  display: block;
  font-size: 0.85rem;
  color: var(--color-text-muted);
  font-weight: 400;
`;
const selected = css`
  outline: 2px solid var(--color-primary);
`;

const PAGES: Partial<Record<RedemptionMethod, string>> = {
  paypal: CHILD_ROUTES.redeemPaypal,
  ach: CHILD_ROUTES.redeemBank,
  paper_check: CHILD_ROUTES.redeemCheck,
};
type Here = 'gift_card' | 'prizeout' | 'cash_out';

function Methods({ options }: { options: RedemptionOptions }) {
  const [open, setOpen] = useState<Here | null>(null);
  const order: RedemptionMethod[] = ['paypal', 'ach', 'paper_check', 'gift_card', 'prizeout'];
  useEffect(() => {
    void loadRedeemForm().catch(() => undefined);
  }, []);
  return (
    <>
      <h2>Choose how to receive your prize</h2>
      <ul className={methods}>
        {order.map((m) => (
          <li key={m}>
            <span className={name}>
              {REDEMPTION_METHOD_LABELS[m]}
              <span className={hint}>Minimum {formatSweeps(options.minimums_ghc[m])} Sweeps Coins</span>
            </span>
            {PAGES[m] ? (
              <ButtonLink variant="secondary" to={PAGES[m]} data-testid={`redeem-method-${m}`}>
                Choose
              </ButtonLink>
            ) : (
              <Button
                variant="secondary"
                className={cx(open === m && selected)}
                aria-expanded={open === m}
                aria-controls="redeem-here"
                onClick={() => setOpen(open === m ? null : (m as Here))}
                data-testid={`redeem-method-${m}`}
              >
                {open === m ? 'Close' : 'Choose'}
              </Button>
            )}
          </li>
        ))}
        {options.ewallet_email ? (
          <li>
            <span className={name}>
              Cash out to {options.ewallet_email}
              <span className={hint}>Faster PayPal payout, fee {formatUsd(options.cash_out_fee_usd)}</span>
            </span>
            <Button
              variant="secondary"
              aria-expanded={open === 'cash_out'}
              aria-controls="redeem-here"
              onClick={() => setOpen(open === 'cash_out' ? null : 'cash_out')}
              data-testid="redeem-method-cash-out"
            >
              {open === 'cash_out' ? 'Close' : 'Choose'}
            </Button>
          </li>
        ) : null}
      </ul>
      <div id="redeem-here">
        {open === 'gift_card' || open === 'prizeout' ? (
          <>
            <h2>{REDEMPTION_METHOD_LABELS[open]}</h2>
            <Suspense fallback={null}>
              <RedeemForm key={open} method={open} options={options} />
            </Suspense>
          </>
        ) : null}
        {open === 'cash_out' ? (
          <>
            <h2>Cash out</h2>
            <Suspense fallback={null}>
              <RedeemForm key="cash-out" method="paypal" cashOut options={options} />
            </Suspense>
          </>
        ) : null}
      </div>
    </>
  );
}

export default function RedeemStartPage() {
  return (
    <RedeemLayout title="Redeem Sweeps Coins">{(options) => <Methods options={options} />}</RedeemLayout>
  );
}
