/**
 * One recalled round: bet, win, balances before and after, time, every step (rendered from its
 * kind and details, whatever the game), seeds and nonce, and Verify with its result.
 */
import { useId } from 'react';
import { css } from '@linaria/core';
import type { RecalledRound } from '../../contract/games.ts';
import { formatCoins } from '../../contract/money.ts';
import type { VerificationResult } from '../../lib/use-round-verification.ts';
import { Button } from '../../ui/button.tsx';

const item = css`
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  padding: var(--space-3);
  display: grid;
  gap: var(--space-2);
`;
const head = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: var(--space-2);
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;
const facts = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: var(--space-1) var(--space-3);
  margin: 0;
  dt {
    color: var(--color-text-muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
const mono = css`
  font-family: var(--font-mono, monospace);
  font-size: 0.85rem;
`;
const stepList = css`
  margin: 0;
  padding-left: var(--space-4);
`;
const result = css`
  margin: 0;
  /* A mismatch names the 64-digit hashes: they wrap at 360 px. */
  overflow-wrap: anywhere;
  font-weight: 700;
`;
const verifyRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);
`;

/** A step's detail as text: card lists and numbers as they are, anything else as JSON. */
function detailText(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map(String).join(' ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function stepText(step: RecalledRound['steps'][number]): string {
  const details = Object.entries(step)
    .filter(([key]) => key !== 'kind')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${detailText(value)}`);
  const kind = step.kind.replace(/_/g, ' ');
  return details.length > 0 ? `${kind} — ${details.join('; ')}` : kind;
}

export function RecalledRoundCard({
  round,
  verify,
  result: verification,
  reloading = false,
}: {
  round: RecalledRound;
  verify: (round: RecalledRound) => Promise<void>;
  result: VerificationResult | undefined;
  /**
   * The rounds are being reloaded after a seed rotation: Verify waits, or it would replay this
   * round from the data loaded before its seed was revealed ("still in use").
   */
  reloading?: boolean;
}) {
  const resultId = useId();
  const money = (n: number) => formatCoins(round.currency, n);
  const when = new Date(round.finished_at ?? round.created_at);
  return (
    <li className={item} data-testid="recalled-round">
      <div className={head}>
        <h3>
          <time dateTime={when.toISOString()}>{when.toLocaleString()}</time>
        </h3>
        <span>
          {round.status === 'open' ? 'In progress' : 'Finished'}
          {round.auto_completed ? ' (completed by the server)' : ''}
        </span>
      </div>
      <dl className={facts}>
        <dt>Bet</dt>
        <dd>{money(round.bet)}</dd>
        <dt>Win</dt>
        <dd>{money(round.win)}</dd>
        <dt>Balance before</dt>
        <dd>{money(round.balance_before)}</dd>
        <dt>Balance after</dt>
        <dd>{round.balance_after === null ? '—' : money(round.balance_after)}</dd>
        <dt>Nonce</dt>
        <dd>{round.nonce}</dd>
        <dt>Client seed</dt>
        <dd className={mono}>{round.client_seed}</dd>
        <dt>Server seed hash</dt>
        <dd className={mono}>{round.server_seed_hash}</dd>
        <dt>Server seed</dt>
        <dd className={mono}>{round.server_seed ?? 'Not revealed yet (rotate your seed to reveal it)'}</dd>
      </dl>
      {round.steps.length > 0 ? (
        <details>
          <summary>Steps ({round.steps.length})</summary>
          <ol className={stepList}>
            {round.steps.map((step, i) => (
              <li key={i}>{stepText(step)}</li>
            ))}
          </ol>
        </details>
      ) : null}
      <div className={verifyRow}>
        <Button
          variant="secondary"
          aria-describedby={resultId}
          loading={verification?.busy}
          disabled={reloading}
          onClick={() => void verify(round)}
        >
          Verify
        </Button>
        <p id={resultId} role="status" className={result}>
          {verification && !verification.busy ? verification.text : ''}
        </p>
      </div>
    </li>
  );
}
