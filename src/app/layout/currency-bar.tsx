/**
 * Signed-in currency bar: Gold/Sweeps switch, the balance ('IN GAME' while a vendor game shows
 * its own), the plus link to buy coins and, with Sweeps active, the Sweeps info tip.
 * Balance view rules (spec section 4) live in state/balances-derived.ts (balanceView) and the
 * toggle rules in state/currency-actions.ts (switchBlockedReasonFor); this file renders them:
 * the short reveal delay, and the ~1.2 s win animation (coin burst + count-up) when a delayed
 * balance lands, skipped for players who prefer reduced motion.
 */
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css, cx } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { TIMINGS } from '../../contract/constants.ts';
import type { Currency } from '../../contract/currency.ts';
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
  &:disabled,
  &[aria-disabled='true'] {
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

const amountWrap = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  padding: 0 var(--space-1);
`;
const amountClass = css`
  min-width: 0;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  font-size: 0.95rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;
const inGameClass = css`
  font-size: 0.8rem;
  letter-spacing: 0.04em;
  color: var(--color-text-muted);
`;
const placeholder = css`
  display: inline-block;
  width: 56px;
  height: 0.9rem;
  border-radius: 4px;
  background: var(--color-surface-2);
`;
const coinWrap = css`
  position: relative;
  flex: none;
  width: 16px;
  height: 16px;
`;
const coin = css`
  display: block;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  box-shadow: inset 0 -2px 0 rgba(0, 0, 0, 0.25);
`;
const coinPulse = css`
  animation: lc-coin-pulse 0.3s ease-in-out 4;
  @keyframes lc-coin-pulse {
    50% {
      transform: scale(1.3);
    }
  }
`;
const countingUp = css`
  color: var(--color-gold);
`;
/** The win burst: small coins fly out of the balance coin and fade, once, over ~1.2 s. */
const burstCoin = css`
  position: absolute;
  left: 4px;
  top: 4px;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  pointer-events: none;
  box-shadow: inset 0 -1px 0 rgba(0, 0, 0, 0.3);
  opacity: 0;
  animation: lc-coin-burst var(--burst-ms) ease-out var(--burst-delay) 1 both;
  @keyframes lc-coin-burst {
    0% {
      opacity: 1;
      transform: rotate(var(--burst-angle)) translateY(0) scale(0.6);
    }
    60% {
      opacity: 1;
    }
    100% {
      opacity: 0;
      transform: rotate(var(--burst-angle)) translateY(-26px) scale(1);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    display: none;
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

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const mq = window.matchMedia(REDUCED_MOTION_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}
const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(REDUCED_MOTION_QUERY).matches;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

/** True once `eligible` has held for the short reveal delay; false at once when it stops. */
export function useRevealAfterDelay(eligible: boolean, delayMs: number = BALANCE_REVEAL_DELAY_MS): boolean {
  // Keyed by the moment eligibility began, so leaving a vendor game restarts the delay.
  const [revealedFor, setRevealedFor] = useState<number | null>(null);
  const [since, setSince] = useState<number | null>(eligible ? 0 : null);
  if (eligible && since === null) setSince(Date.now());
  if (!eligible && since !== null) setSince(null);
  useEffect(() => {
    if (since === null) return;
    const t = setTimeout(() => setRevealedFor(since), delayMs);
    return () => clearTimeout(t);
  }, [since, delayMs]);
  return since !== null && revealedFor === since;
}

/** Ticks of the count-up: ~25 per second is smooth for digits and cheap on phones. */
const COUNT_UP_TICK_MS = 40;

/**
 * The number on screen: follows `target`, counting up (or down) over the win animation while
 * `animate` is on; jumps straight there otherwise (currency switch, reduced motion).
 */
export function useCountUp(target: number | null, currency: Currency, animate: boolean): number | null {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  const lastCurrency = useRef(currency);

  useEffect(() => {
    const currencyChanged = lastCurrency.current !== currency;
    lastCurrency.current = currency;
    const from = shownRef.current;
    const jump = (v: number | null) => {
      shownRef.current = v;
      setShown(v);
    };
    if (target === null || from === null || currencyChanged || !animate || from === target) {
      jump(target);
      return;
    }
    const started = Date.now();
    const timer = setInterval(() => {
      const v = countUpValue(from, target, Date.now() - started, TIMINGS.winAnimationMs, currency);
      jump(v);
      if (v === target) clearInterval(timer);
    }, COUNT_UP_TICK_MS);
    // Unmount or a newer target: settle on the target rather than freeze mid-count.
    return () => {
      clearInterval(timer);
      shownRef.current = target;
    };
  }, [target, currency, animate]);

  return target === null ? null : shown;
}

const BURST_COINS = 8;

function CoinBurst({ color }: { color: string }) {
  return (
    <>
      {Array.from({ length: BURST_COINS }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          data-testid="coin-burst"
          className={burstCoin}
          style={
            {
              background: color,
              '--burst-angle': `${(360 / BURST_COINS) * i}deg`,
              '--burst-delay': `${(i % 3) * 120}ms`,
              '--burst-ms': `${TIMINGS.winAnimationMs - 240}ms`,
            } as CSSProperties
          }
        />
      ))}
    </>
  );
}

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
  const tipRef = useRef<HTMLButtonElement>(null);
  const blockedId = 'currency-toggle-blocked';

  const viewInput = {
    signedIn: status === 'signed-in',
    mobileVerificationPending,
    isInVendorGame: currency.isInVendorGame,
    balanceVisible: currency.balanceVisible,
    balances: balances.current,
    currency: currency.activeCurrency,
  };
  const revealed = useRevealAfterDelay(balanceEligible(viewInput));
  const view = balanceView({ ...viewInput, revealed });
  const animating = balances.animateCoins && !reducedMotion && view.kind === 'amount';
  const counted = useCountUp(view.kind === 'amount' ? view.value : null, currency.activeCurrency, animating);
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
    const text = counted === null ? view.text : formatCoins(counted, currency.activeCurrency);
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
