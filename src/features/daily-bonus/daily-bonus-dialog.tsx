/**
 * The daily bonus dialog (spec sections 4 and 8), close result { bonusClaimed }: the prize of a
 * spin with the streak and the next spin's time, 'Daily Bonus Unavailable' when the named property
 * turns the bonus off, or the spec's failure text. Closes on navigation (CLOSE_ON_NAVIGATION).
 * Closing pushes the daily_bonus_close analytics event.
 */
import { useNavigate } from 'react-router-dom';
import { DAILY_BONUS_TEXTS } from '../../contract/daily-bonus.ts';
import { ROUTES } from '../../contract/routes.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { formatEasternDateTime } from './next-bonus-time.ts';
import { prizeText } from './prize-text.ts';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function DailyBonusDialog({ props, close }: DialogComponentProps) {
  const navigate = useNavigate();
  const goldOnly = useGoldOnly();
  const outcome = props.outcome === 'claimed' || props.outcome === 'unavailable' ? props.outcome : 'error';
  const finish = (result: { bonusClaimed: boolean }, then?: () => void) => {
    trackEvent('daily_bonus_close', { outcome, bonus_claimed: result.bonusClaimed });
    close(result);
    then?.();
  };

  if (outcome === 'claimed') {
    const claimed = { bonusClaimed: true };
    const streak = num(props.streak);
    const next = typeof props.next_eligible_date === 'string' ? props.next_eligible_date : null;
    return (
      <Dialog
        open
        onClose={() => finish(claimed)}
        title={DAILY_BONUS_TEXTS.title}
        testId="dialog-daily-bonus"
        actions={
          <>
            <Button variant="secondary" onClick={() => finish(claimed)} data-testid="daily-bonus-dialog-done">
              Done
            </Button>
            <Button onClick={() => finish(claimed, () => void navigate(ROUTES.lobby))}>Play now</Button>
          </>
        }
      >
        <p data-testid="daily-bonus-dialog-prize">
          You won {prizeText(num(props.prize_gld), num(props.prize_ghc), goldOnly)}!
        </p>
        {streak > 0 ? (
          <p>
            Streak: {streak} {streak === 1 ? 'day' : 'days'} in a row.
          </p>
        ) : null}
        {next ? <p>Your next spin opens {formatEasternDateTime(next)}.</p> : null}
      </Dialog>
    );
  }

  const notClaimed = { bonusClaimed: false };
  const unavailable = outcome === 'unavailable';
  return (
    <Dialog
      open
      onClose={() => finish(notClaimed)}
      title={unavailable ? DAILY_BONUS_TEXTS.unavailableTitle : DAILY_BONUS_TEXTS.title}
      testId="dialog-daily-bonus"
      actions={<Button onClick={() => finish(notClaimed)}>OK</Button>}
    >
      <p data-testid="daily-bonus-dialog-message">
        {unavailable ? DAILY_BONUS_TEXTS.unavailable : DAILY_BONUS_TEXTS.failure}
      </p>
    </Dialog>
  );
}
