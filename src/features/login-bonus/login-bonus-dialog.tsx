/**
 * The login bonus dialog (spec sections 3 and 4): the coins the day's first sign-in earned, from
 * its form fields numGoldCoinsToOffer and numSweepsCoinsToOffer (Sweeps left out when 0, as in
 * gold-only mode). Closing it, by Collect, the close button or Escape, answers { closed: true };
 * the login sequence then animates the balance and, 2000 ms later, offers the follow-up.
 */
import { css } from '@linaria/core';
import { LOGIN_BONUS_TEXTS } from '../../contract/login-bonus.ts';
import { formatGold, formatSweeps } from '../../contract/money.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';

const amounts = css`
  list-style: none;
  margin: var(--space-3) 0;
  padding: 0;
  display: grid;
  gap: var(--space-2);
  text-align: center;
`;
const gold = css`
  font-family: var(--font-display);
  font-size: 1.75rem;
  font-weight: 800;
  color: var(--color-gold);
  font-variant-numeric: tabular-nums;
`;
const sweeps = css`
  font-size: 1.25rem;
  font-weight: 700;
  color: var(--color-sweeps);
  font-variant-numeric: tabular-nums;
`;
const label = css`
  display: block;
  font-size: 0.85rem;
  font-weight: 600;
  color: var(--color-text-muted);
`;
const note = css`
  margin: 0;
  color: var(--color-text-muted);
  font-size: 0.9rem;
`;

const amountOf = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

export function LoginBonusDialog({ props, close }: DialogComponentProps) {
  const goldCoins = amountOf(props.numGoldCoinsToOffer);
  const sweepsCoins = amountOf(props.numSweepsCoinsToOffer);
  const collect = () => close({ closed: true });
  return (
    <Dialog
      open
      onClose={collect}
      title={LOGIN_BONUS_TEXTS.title}
      testId="dialog-login-bonus"
      actions={
        <Button fullWidth onClick={collect} data-testid="login-bonus-collect">
          {LOGIN_BONUS_TEXTS.collect}
        </Button>
      }
    >
      <p>{LOGIN_BONUS_TEXTS.intro}</p>
      <ul className={amounts}>
        {goldCoins > 0 ? (
          <li className={gold} data-testid="login-bonus-gold">
            {formatGold(goldCoins)}
            <span className={label}>{LOGIN_BONUS_TEXTS.goldLabel}</span>
          </li>
        ) : null}
        {sweepsCoins > 0 ? (
          <li className={sweeps} data-testid="login-bonus-sweeps">
            {formatSweeps(sweepsCoins)}
            <span className={label}>{LOGIN_BONUS_TEXTS.sweepsLabel}</span>
          </li>
        ) : null}
      </ul>
      <p className={note}>{LOGIN_BONUS_TEXTS.nextTime}</p>
    </Dialog>
  );
}
