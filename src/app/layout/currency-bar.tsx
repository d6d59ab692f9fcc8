/**
 * Signed-in currency bar: Gold/Sweeps switch, the balance ('IN GAME' while a vendor game shows
 * its own), the plus link to buy coins and, with Sweeps active, the Sweeps info tip.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css, cx } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { store } from '../../state/store.ts';
import { toggleCurrency } from '../../state/currency-actions.ts';
import { balanceFor } from '../../state/balances-derived.ts';
import { CURRENCY_LABELS, formatCoins } from '../../lib/format.ts';

const SweepsTipPopover = lazy(() => import('./sweeps-tip-popover.tsx'));

const barClass = css`
  display: flex;
  align-items: center;
  gap: var(--space-1);
  min-width: 0;
  padding: 2px 2px 2px var(--space-1);
  border-radius: 999px;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
`;

const switchClass = css`
  position: relative;
  flex: none;
  width: 58px;
  height: 32px;
  padding: 0;
  border-radius: 999px;
  border: 1px solid var(--color-border);
  background: #110e26;
  cursor: pointer;
  font-size: 0.7rem;
  font-weight: 800;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;
const switchLabels = css`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 7px;
  color: var(--color-text-muted);
`;
const knob = css`
  position: absolute;
  top: 2px;
  left: 2px;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  color: #1b1535;
  background: var(--color-gold);
  transition: transform 0.2s;
`;
const knobSweeps = css`
  transform: translateX(24px);
  background: var(--color-sweeps);
`;

const amountClass = css`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  padding: 0 var(--space-1);
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  font-size: 0.95rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;
const coin = css`
  flex: none;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  box-shadow: inset 0 -2px 0 rgba(0, 0, 0, 0.25);
`;
const animate = css`
  animation: lc-win 0.4s ease-in-out 3;
  @keyframes lc-win {
    50% {
      transform: scale(1.12);
      color: var(--color-gold);
    }
  }
`;

const plus = css`
  flex: none;
  display: grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border-radius: 50%;
  background: var(--color-primary);
  color: var(--color-primary-contrast);
  font-weight: 900;
  font-size: 1.2rem;
  line-height: 1;
  text-decoration: none;
  &:hover {
    background: var(--color-primary-hover);
    color: var(--color-primary-contrast);
  }
`;

const tipButton = css`
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 1px solid var(--color-sweeps);
  background: transparent;
  color: var(--color-sweeps);
  font-weight: 800;
  font-family: Georgia, serif;
  cursor: pointer;
  padding: 0;
`;

export function CurrencyBar({ goldOnly }: { goldOnly: boolean }) {
  const currency = useSnapshot(store.currency);
  const balances = useSnapshot(store.balances);
  const sweeps = currency.activeCurrency === 'sweeps';
  const label = CURRENCY_LABELS[currency.activeCurrency];
  const switchBlocked = Boolean(currency.switching) || currency.isInGame || currency.switchingDisabled;
  const [tipOpen, setTipOpen] = useState(false);
  const tipRef = useRef<HTMLButtonElement>(null);

  let amount: string;
  if (!currency.balanceVisible) amount = 'IN GAME';
  else if (!balances.current) amount = '…';
  else amount = formatCoins(balanceFor(balances.current, currency.activeCurrency), currency.activeCurrency);

  return (
    <div className={barClass} data-testid="currency-bar" role="group" aria-label="Balance">
      {goldOnly ? null : (
        <button
          type="button"
          role="switch"
          aria-checked={sweeps}
          aria-label="Play with Sweeps Coins"
          title={sweeps ? 'Switch to Gold Coins' : 'Switch to Sweeps Coins'}
          className={switchClass}
          data-testid="currency-toggle"
          disabled={switchBlocked}
          onClick={() => toggleCurrency()}
        >
          <span className={switchLabels} aria-hidden="true">
            <span>GC</span>
            <span>SC</span>
          </span>
          <span className={cx(knob, sweeps && knobSweeps)} aria-hidden="true">
            {sweeps ? 'S' : 'G'}
          </span>
        </button>
      )}
      <span className={cx(amountClass, balances.animateCoins && animate)} aria-live="polite">
        <span className={coin} style={{ background: sweeps ? 'var(--color-sweeps)' : 'var(--color-gold)' }} aria-hidden="true" />
        <span data-testid="balance-amount">{amount}</span>
        <span className="visually-hidden">{label.name}</span>
      </span>
      {sweeps ? (
        <>
          <button
            ref={tipRef}
            type="button"
            className={tipButton}
            data-testid="sweeps-info-tip"
            aria-label="About Sweeps Coins"
            aria-expanded={tipOpen}
            onClick={() => setTipOpen((o) => !o)}
          >
            i
          </button>
          {tipOpen && tipRef.current ? (
            <Suspense fallback={null}>
              <SweepsTipPopover anchor={tipRef.current} onClose={() => setTipOpen(false)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
      <Link to={ROUTES.buyCoins} className={plus} data-testid="buy-coins-plus" aria-label="Buy coins">
        <span aria-hidden="true">+</span>
      </Link>
    </div>
  );
}
