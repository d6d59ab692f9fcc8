/** The player's latest postal request codes: waiting for the letter, or an AMOE code was sent. */
import { css } from '@linaria/core';
import type { AmoePostalRequest } from '../../contract/amoe.ts';
import { Card } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: var(--space-1) var(--space-3);
    padding: var(--space-2) 0;
    border-top: 1px solid var(--color-border);
  }
  & li:first-child {
    border-top: 0;
  }
`;
const mono = css`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-weight: 700;
`;
const muted = css`
  color: var(--color-text-muted);
  font-size: 0.9rem;
`;

const dateFormat = lazyDateTimeFormat({ dateStyle: 'medium' });

export function PostalRequestList({
  data,
  failed,
}: {
  data: readonly AmoePostalRequest[] | null;
  failed: boolean;
}) {
  return (
    <Card>
      <h2>Your requests</h2>
      {data === null ? (
        failed ? (
          <p className={muted}>
            Your requests could not be loaded. They appear here when you are back online.
          </p>
        ) : (
          <Spinner label="Loading your requests..." />
        )
      ) : data.length === 0 ? (
        <p className={muted}>You have not asked for a postal request code yet.</p>
      ) : (
        <ul className={list} data-testid="postal-requests">
          {data.map((r) => (
            <li key={r.postal_request_code}>
              <span className={mono}>{r.postal_request_code}</span>
              <span className={muted}>
                {r.status === 'issued'
                  ? `AMOE code sent ${dateFormat().format(new Date(r.issued_at ?? r.created_at))}`
                  : `Requested ${dateFormat().format(new Date(r.created_at))}, waiting for your letter`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
