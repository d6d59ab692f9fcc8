/**
 * The entries of a history page: a table on wide screens, stacked rows on phones (each row a
 * small card: description and amount, then date and balance after). Explicit ARIA table roles
 * keep the table semantics for screen readers when CSS turns rows into blocks.
 */
import { css, cx } from '@linaria/core';
import type { Currency } from '../../contract/currency.ts';
import { TRANSACTION_KIND_LABELS, type Transaction } from '../../contract/wallet-history.ts';
import { CURRENCY_LABELS, formatCoins } from '../../contract/money.ts';
import { formatEntryDate, signedAmount } from './history-query.ts';

const table = css`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;

  & th,
  & td {
    padding: var(--space-2) var(--space-3);
    text-align: left;
    border-bottom: 1px solid var(--color-border);
    vertical-align: top;
  }
  & th {
    font-size: 0.85rem;
    color: var(--color-text-muted);
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.03em;
  }
  & .num {
    text-align: right;
    white-space: nowrap;
  }

  @media (max-width: 599px) {
    & thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
    & tbody {
      display: block;
    }
    & tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-areas:
        'desc amount'
        'date after';
      gap: 2px var(--space-3);
      padding: var(--space-3) 0;
      border-bottom: 1px solid var(--color-border);
    }
    & td {
      display: block;
      padding: 0;
      border: 0;
    }
    & td.date {
      grid-area: date;
      font-size: 0.85rem;
      color: var(--color-text-muted);
    }
    & td.desc {
      grid-area: desc;
    }
    & td.amount {
      grid-area: amount;
      font-size: 1.05rem;
    }
    & td.after {
      grid-area: after;
      font-size: 0.85rem;
      color: var(--color-text-muted);
    }
    & td.after::before {
      content: 'Balance ';
    }
  }
`;
const kindBadge = css`
  display: inline-block;
  margin-top: 2px;
  padding: 0 var(--space-2);
  border-radius: 999px;
  background: var(--color-surface-2);
  color: var(--color-text-muted);
  font-size: 0.75rem;
  font-weight: 700;
`;
const credit = css`
  color: var(--color-success);
  font-weight: 800;
`;
const debit = css`
  color: var(--color-text);
  font-weight: 800;
`;
const descText = css`
  display: block;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

/** Sweeps buckets in player words. */
const BUCKET_LABELS: Record<Transaction['bucket'], string | null> = {
  main: null,
  paid: 'Purchased Sweeps',
  free: 'Promotional Sweeps',
  redeemable: 'Redeemable Sweeps',
  pending_redemption: 'In redemption',
};

export function HistoryList({
  entries,
  currency,
  caption,
}: {
  entries: readonly Transaction[];
  currency: Currency;
  caption: string;
}) {
  const unit = CURRENCY_LABELS[currency].name;
  return (
    <table className={table} role="table" data-testid="history-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col">
            Date
          </th>
          <th role="columnheader" scope="col">
            Description
          </th>
          <th role="columnheader" scope="col" className="num">
            Amount
          </th>
          <th role="columnheader" scope="col" className="num">
            Balance after
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {entries.map((e) => {
          const bucket = currency === 'sweeps' ? BUCKET_LABELS[e.bucket] : null;
          return (
            <tr role="row" key={e.id} data-testid="history-row" data-kind={e.kind}>
              <td role="cell" className="date">
                <time dateTime={e.created_at}>{formatEntryDate(e.created_at)}</time>
              </td>
              <td role="cell" className="desc">
                <span className={descText}>{e.description || TRANSACTION_KIND_LABELS[e.kind]}</span>
                <span className={kindBadge}>
                  {TRANSACTION_KIND_LABELS[e.kind]}
                  {bucket ? ` · ${bucket}` : ''}
                </span>
              </td>
              <td
                role="cell"
                className={cx('num amount', e.amount >= 0 ? credit : debit)}
                data-testid="history-amount"
              >
                {signedAmount(e.amount, currency)}
                <span className="visually-hidden"> {unit}</span>
              </td>
              <td role="cell" className="num after">
                {formatCoins(currency, e.balance_after)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
