/**
 * Signed-in currency bar: Gold/Sweeps switch, the balance ('IN GAME' while a vendor game shows
 * its own), the plus link to buy coins and, with Sweeps active, the Sweeps info tip.
 * Balance view rules (spec section 4) live in state/balances-derived.ts (balanceView) and the
 * toggle rules in state/currency-actions.ts (switchBlockedReasonFor); this file renders them:
 * the short reveal delay, and the ~1.2 s win animation (coin burst + count-up) when a delayed
 * balance lands, skipped for players who prefer reduced motion.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { cx } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { TIMINGS } from '../../contract/constants.ts';
import { store } from '../../state/store.ts';
import {
  SWITCH_BLOCKED_MESSAGES,
  switchBlockedReasonFor,
  toggleCurrency,
} from '../../state/currency-actions.ts';
import {
  BALANCE_REVEAL_DELAY_MS,
  balanceEligible,
  balanceView,
  countUpValue,
} from '../../state/balances-derived.ts';
import { CURRENCY_LABELS, formatCoins } from '../../contract/money.ts';
import { useCountUp } from '../../ui/use-count-up.ts';
import { usePrefersReducedMotion } from '../../ui/use-prefers-reduced-motion.ts';
import { useRevealAfterDelay } from '../../ui/use-reveal.ts';
import { CoinBurst } from './coin-burst.tsx';
import {
  barClass,
  switchClass,
  switchLabels,
  knob,
  knobSweeps,
  amountWrap,
  amountClass,
  inGameClass,
  placeholder,
  coinWrap,
  coin,
  coinPulse,
  countingUp,
  plus,
  tipButton,
} from './currency-bar-styles.ts';

const SweepsTipPopover = lazy(() => import('./sweeps-tip-popover.tsx'));

export function CurrencyBar({
  goldOnly,
  mobileVerificationPending = false,
}: {
  goldOnly: boolean;
  mobileVerificationPending?: boolean;
}) {
  const currency = useSnapshot(store.currency);
  const balances = useSnapshot(store.balances);
  const { status } = useSnapshot(store.session);
  const reducedMotion = usePrefersReducedMotion();
  const sweeps = currency.activeCurrency === 'sweeps';
  const label = CURRENCY_LABELS[currency.activeCurrency];
  const blockedReason = switchBlockedReasonFor(currency, goldOnly);
  const [tipOpen, setTipOpen] = useState(false);
  // In state, not a ref: the tip opens against the button during render.
  const [tipButtonEl, setTipButtonEl] = useState<HTMLButtonElement | null>(null);
  const blockedId = 'currency-toggle-blocked';

  const viewInput = {
    signedIn: status === 'signed-in',
    mobileVerificationPending,
    isInVendorGame: currency.isInVendorGame,
    balanceVisible: currency.balanceVisible,
    balances: balances.current,
    currency: currency.activeCurrency,
  };
  const revealed = useRevealAfterDelay(balanceEligible(viewInput), BALANCE_REVEAL_DELAY_MS);
  const view = balanceView({ ...viewInput, revealed });
  const animating = balances.animateCoins && !reducedMotion && view.kind === 'amount';
  const counted = useCountUp(view.kind === 'amount' ? view.value : null, {
    animate: animating,
    series: currency.activeCurrency,
    valueAt: (from, to, elapsedMs) =>
      countUpValue(from, to, elapsedMs, TIMINGS.winAnimationMs, currency.activeCurrency),
  });
  const coinColor = sweeps ? 'var(--color-sweeps)' : 'var(--color-gold)';

  if (view.kind === 'hidden') return null;

  let visible;
  let spoken: string;
  if (view.kind === 'in-game') {
    visible = (
      <span data-testid="balance-amount" className={cx(amountClass, inGameClass)} aria-hidden="true">
        {view.text}
      </span>
    );
    spoken = `Balance: ${view.text}`;
  } else if (view.kind === 'pending') {
    visible = <span className={placeholder} aria-hidden="true" />;
    spoken = 'Loading balance';
  } else {
    const text = counted === null ? view.text : formatCoins(currency.activeCurrency, counted);
    visible = (
      <span
        data-testid="balance-amount"
        className={cx(amountClass, animating && counted !== view.value && countingUp)}
        aria-hidden="true"
      >
        {text}
      </span>
    );
    // Screen readers hear the final amount once, not every step of the count-up.
    spoken = `Balance: ${view.text} ${label.name}`;
  }

  return (
    <div className={barClass} data-testid="currency-bar" role="group" aria-label="Balance">
      {goldOnly ? null : (
        <>
          <button
            type="button"
            role="switch"
            aria-checked={sweeps}
            aria-label="Play with Sweeps Coins"
            aria-disabled={blockedReason ? true : undefined}
            aria-describedby={blockedReason ? blockedId : undefined}
            title={
              blockedReason
                ? SWITCH_BLOCKED_MESSAGES[blockedReason]
                : sweeps
                  ? 'Switch to Gold Coins'
                  : 'Switch to Sweeps Coins'
            }
            className={switchClass}
            data-testid="currency-toggle"
            // Focusable while blocked (aria-disabled, not disabled) so a keyboard or screen-reader
            // user can reach it and hear why it does not switch.
            onClick={() => {
              if (!blockedReason) toggleCurrency();
            }}
          >
            <span className={switchLabels} aria-hidden="true">
              <span>GC</span>
              <span>SC</span>
            </span>
            <span className={cx(knob, sweeps && knobSweeps)} aria-hidden="true">
              {sweeps ? 'S' : 'G'}
            </span>
          </button>
          {blockedReason ? (
            <span id={blockedId} className="visually-hidden">
              {SWITCH_BLOCKED_MESSAGES[blockedReason]}
            </span>
          ) : null}
        </>
      )}
      <span className={amountWrap}>
        <span className={coinWrap} aria-hidden="true">
          <span className={cx(coin, animating && coinPulse)} style={{ background: coinColor }} />
          {animating ? <CoinBurst color={coinColor} /> : null}
        </span>
        {visible}
        <span className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="balance-spoken">
          {spoken}
        </span>
      </span>
      {sweeps ? (
        <>
          <button
            ref={setTipButtonEl}
            type="button"
            className={tipButton}
            data-testid="sweeps-info-tip"
            aria-label="About Sweeps Coins"
            aria-expanded={tipOpen}
            onClick={() => setTipOpen((o) => !o)}
          >
            i
          </button>
          {tipOpen && tipButtonEl ? (
            <Suspense fallback={null}>
              <SweepsTipPopover anchor={tipButtonEl} onClose={() => setTipOpen(false)} />
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
