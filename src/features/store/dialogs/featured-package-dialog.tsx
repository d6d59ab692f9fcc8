/**
 * Featured package dialog (spec section 4): counts down the seconds to end_time (or the
 * default end date), ticking every second, and closes itself at zero. Buy stores the package,
 * shows the payment-processor loading message, goes to pay-now and closes ({ closed: true }).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { css } from '@linaria/core';
import type { CoinPackage } from '../../../contract/payments.ts';
import { TIMINGS } from '../../../contract/constants.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../../ui/dialog-registry.ts';
import { describeCountdown, featuredSecondsLeft, formatCountdown } from './featured-countdown.ts';
import { PackageContents } from './package-contents.tsx';
import { lead } from './dialog-styles.ts';
import { startPackagePurchase } from './start-package-purchase.ts';

const image = css`
  display: block;
  width: 100%;
  height: auto;
  border-radius: var(--radius-md);
  margin-bottom: var(--space-3);
`;
const countdown = css`
  display: flex;
  align-items: baseline;
  gap: var(--space-2);
  margin: 0 0 var(--space-3);
  color: var(--color-warning);
  font-weight: 700;
  & time {
    font-variant-numeric: tabular-nums;
    font-size: 1.2rem;
  }
`;

/** Seconds left, ticking once a second; calls onZero when the offer ends. */
export function useFeaturedCountdown(endTime: string | null, onZero: () => void): number {
  const [left, setLeft] = useState(() => featuredSecondsLeft(endTime, Date.now()));
  useEffect(() => {
    if (featuredSecondsLeft(endTime, Date.now()) <= 0) {
      onZero();
      return;
    }
    const t = setInterval(() => {
      const next = featuredSecondsLeft(endTime, Date.now());
      setLeft(next);
      if (next <= 0) {
        clearInterval(t);
        onZero();
      }
    }, TIMINGS.featuredPackageTickMs);
    return () => clearInterval(t);
    // onZero is the dialog's close: stable for one opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endTime]);
  return left;
}

export function FeaturedPackageDialog({ props, close }: DialogComponentProps) {
  const pkg = props.package as CoinPackage;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const left = useFeaturedCountdown(pkg.end_time, () => close({ closed: true, expired: true }));
  // The announcement is read once a minute, not every tick, so a screen reader is not flooded.
  const spokenMinute = Math.ceil(left / 60);

  const buy = async () => {
    setBusy(true);
    const go = await startPackagePurchase(pkg, { from: 'featured' });
    if (go) {
      close({ closed: true, bought: true });
      void navigate(go);
    } else setBusy(false);
  };

  return (
    <Dialog
      open
      onClose={() => close({ closed: true })}
      title={pkg.name}
      testId="dialog-featured-package"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ closed: true })}>
            Not now
          </Button>
          <Button onClick={() => void buy()} loading={busy} data-testid="featured-package-buy">
            Buy
          </Button>
        </>
      }
    >
      {pkg.cdn_image ? (
        <img
          className={image}
          src={pkg.cdn_image}
          alt=""
          width={pkg.cdn_image_width ?? undefined}
          height={pkg.cdn_image_height ?? undefined}
        />
      ) : null}
      {pkg.description ? <p className={lead}>{pkg.description}</p> : null}
      <PackageContents pkg={pkg} />
      {pkg.show_countdown && pkg.end_time ? (
        <p className={countdown} data-testid="featured-countdown">
          Offer ends in{' '}
          <time dateTime={`PT${left}S`} aria-hidden="true">
            {formatCountdown(left)}
          </time>
          <span className="visually-hidden" aria-live="polite">
            {describeCountdown(spokenMinute * 60)}
          </span>
        </p>
      ) : null}
    </Dialog>
  );
}
