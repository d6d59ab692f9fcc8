/**
 * The reality check: every N minutes of the session (the player's setting) it shows how long
 * the player has been signed in and the session's net result per currency (wins minus bets,
 * from the ledger), and offers Continue, View history and Take a break.
 */
import { css } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { CURRENCY_LABELS, formatCoins } from '../../contract/money.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { useSessionSummary } from '../../lib/responsible-play-api.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';

const figures = css`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: var(--space-1) var(--space-3);
  margin: 0 0 var(--space-3);
  & dt {
    color: var(--color-text-muted);
  }
  & dd {
    margin: 0;
    font-weight: 600;
  }
`;

const duration = (minutes: number): string => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h > 0 ? `${h} hour${h === 1 ? '' : 's'}` : '', `${m} minute${m === 1 ? '' : 's'}`];
  return parts.filter(Boolean).join(' ');
};

const signed = (n: number, currency: 'gold' | 'sweeps'): string =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCoins(currency, Math.abs(n))}`;

export function RealityCheckDialog({ close }: DialogComponentProps) {
  const summary = useSessionSummary(true);
  const data = summary.data;
  const go = (to: string) => {
    close({ action: to });
    navigateTo(to);
  };
  return (
    <Dialog
      open
      onClose={() => close({ action: 'continue' })}
      title="Reality check"
      testId="dialog-reality-check"
      actions={
        <>
          <Button variant="secondary" onClick={() => go(`${ROUTES.myAccount}#responsible-play`)}>
            Take a break
          </Button>
          <Button variant="secondary" onClick={() => go(ROUTES.gameHistory)}>
            View history
          </Button>
          <Button onClick={() => close({ action: 'continue' })}>Continue</Button>
        </>
      }
    >
      {data ? (
        <>
          <p>
            You have been playing for {duration(data.minutes_played)} since you signed in at{' '}
            {new Date(data.started_at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.
          </p>
          {data.results.length === 0 ? (
            <p>You have placed no bets in this session.</p>
          ) : (
            <dl className={figures} data-testid="reality-check-figures">
              {data.results.map((r) => (
                <div key={r.currency} style={{ display: 'contents' }}>
                  <dt>{CURRENCY_LABELS[r.currency].name} net result</dt>
                  <dd>
                    {signed(r.net, r.currency)} (bets {formatCoins(r.currency, r.bets)}, wins{' '}
                    {formatCoins(r.currency, r.wins)})
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </>
      ) : summary.error ? (
        <p>We could not load your session figures right now.</p>
      ) : (
        <p>Loading…</p>
      )}
    </Dialog>
  );
}
