/**
 * A coin history page (Gold or Sweeps): filters, the entries of one page, totals, and paging.
 * The URL's search params hold the query, so reload and Back keep the place. Offline, the page
 * keeps what it loaded earlier in this session and says it cannot refresh.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import type { Currency } from '../../contract/currency.ts';
import { ROUTES, withParams } from '../../contract/routes.ts';
import type { TransactionQuery } from '../../contract/wallet.ts';
import { CURRENCY_LABELS, formatCoins } from '../../contract/money.ts';
import { CLIENT_ERROR_CODES } from '../../lib/api-client.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { store } from '../../state/store.ts';
import { balanceFor } from '../../state/balances-derived.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { HistoryFilters } from './history-filters.tsx';
import {
  hasFilters,
  loadErrorText,
  pageTotals,
  queryFromSearch,
  searchFromLink,
  toSearch,
  withFilters,
} from './history-query.ts';
import { useCoinHistory, useTransactionFilters } from './use-history.ts';

/**
 * The list and its pager are drawn once the transactions have come: they load beside the page,
 * asked for as it opens, so the history pages' first load stays within the 150 KB budget.
 */
const loadList = () => import('./history-list.tsx');
const loadPager = () => import('./history-pager.tsx');
const HistoryList = lazy(async () => ({ default: (await loadList()).HistoryList }));
const HistoryPager = lazy(async () => ({ default: (await loadPager()).HistoryPager }));

const intro = css`
  color: var(--color-text-muted);
  margin-bottom: var(--space-3);
`;
const balanceLine = css`
  font-size: 1.1rem;
  margin-bottom: var(--space-3);
  & strong {
    font-variant-numeric: tabular-nums;
  }
`;
const links = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2) var(--space-4);
  margin: 0 0 var(--space-4);
  padding: 0;
  list-style: none;
`;
const resultsHead = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: var(--space-1) var(--space-3);
  margin-bottom: var(--space-2);
  & h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  & h2:focus {
    outline: none;
  }
  & h2 {
    scroll-margin-top: calc(var(--header-height) + var(--space-3));
  }
`;
const totals = css`
  margin: 0;
  color: var(--color-text-muted);
  font-size: 0.95rem;
  font-variant-numeric: tabular-nums;
`;
const empty = css`
  padding: var(--space-5) 0;
  text-align: center;
  & p {
    font-size: 1.1rem;
    font-weight: 700;
    margin-bottom: var(--space-2);
  }
`;
const center = css`
  display: flex;
  justify-content: center;
  padding: var(--space-5) 0;
`;
const busyLine = css`
  min-height: 1.5em;
`;

export interface CoinHistoryPageProps {
  currency: Currency;
  title: string;
  /** Gold-only mode: no link to the Sweeps history. */
  goldOnly?: boolean;
}

/** "+5,000 in, −1,000 out", leaving out a side with nothing in it. */
export function pageTotalsText(t: { credits: number; debits: number }, currency: Currency): string {
  const parts: string[] = [];
  if (t.credits > 0) parts.push(`+${formatCoins(currency, t.credits)} in`);
  if (t.debits > 0) parts.push(`\u2212${formatCoins(currency, t.debits)} out`);
  return parts.join(', ');
}

export function CoinHistoryPage({ currency, title, goldOnly = false }: CoinHistoryPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The list's and pager's chunks come while the transactions are asked for, not after.
  useEffect(() => {
    void Promise.all([loadList(), loadPager()]).catch(() => undefined);
  }, []);
  const query = queryFromSearch(searchParams);
  const online = useOnline();
  const balances = useSnapshot(store.balances);
  const filters = useTransactionFilters();
  const history = useCoinHistory(currency, query);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const unit = CURRENCY_LABELS[currency].name;

  const go = (next: TransactionQuery | URLSearchParams) => {
    moved.current = true;
    setSearchParams(next instanceof URLSearchParams ? next : toSearch(next), { preventScrollReset: true });
  };

  // After a page turn or a filter change, bring the list into view and put focus on its heading.
  const pageKey = searchParams.toString();
  useEffect(() => {
    if (!moved.current || history.isValidating) return;
    moved.current = false;
    listHeading.current?.focus({ preventScroll: true });
    listHeading.current?.scrollIntoView?.({ block: 'start', behavior: 'auto' });
  }, [pageKey, history.isValidating]);

  const { view, error } = history;
  const offline = !online || error?.code === CLIENT_ERROR_CODES.OFFLINE;
  const fieldError =
    error && error.field && ['kind', 'start_date', 'end_date'].includes(error.field)
      ? { field: error.field, message: error.message }
      : null;
  const currentYear = filters.data?.current_year ?? new Date().getFullYear();
  const t = view ? pageTotals(view.entries, currency) : null;

  let body;
  if (view) {
    body =
      view.entries.length === 0 ? (
        <div className={empty} data-testid="history-empty">
          <p>{hasFilters(query) ? 'No transactions match these filters' : 'No transactions yet'}</p>
          {hasFilters(query) ? (
            <Button variant="secondary" onClick={() => go(withFilters(query, {}))}>
              Clear filters
            </Button>
          ) : (
            <span>{`${unit} you get, play and win will be listed here.`}</span>
          )}
        </div>
      ) : (
        <Suspense fallback={null}>
          <HistoryList
            entries={view.entries}
            currency={currency}
            caption={`${title}, page ${view.page} of ${view.totalPages}`}
          />
        </Suspense>
      );
  } else if (error && !fieldError) {
    body = null;
  } else if (offline) {
    body = null;
  } else {
    body = (
      <div className={center}>
        <Spinner label="Loading transactions..." />
      </div>
    );
  }

  return (
    <Page title={title}>
      <p className={intro}>
        Every {unit.replace(/s$/, '')} that came into or left your account, newest first. Times are US Eastern
        {currency === 'sweeps' ? ' (the sweepstakes day).' : '.'}
      </p>
      {balances.current ? (
        <p className={balanceLine}>
          Current balance:{' '}
          <strong data-testid="history-current-balance">
            {formatCoins(currency, balanceFor(balances.current, currency))}
          </strong>{' '}
          {unit}
        </p>
      ) : null}
      <ul className={links}>
        {currency === 'sweeps' ? (
          <li>
            <Link to={ROUTES.goldCoinsHistory}>Gold Coins history</Link>
          </li>
        ) : goldOnly ? null : (
          <li>
            <Link to={ROUTES.sweepsCoinsHistory}>Sweeps Coins history</Link>
          </li>
        )}
        <li>
          <Link to={withParams(ROUTES.yearlySummary, { year: currentYear })}>
            Yearly summary {currentYear}
          </Link>
        </li>
        <li>
          <Link to={ROUTES.myAccount}>My Account</Link>
        </li>
      </ul>

      <Card>
        <HistoryFilters
          currency={currency}
          filters={filters.data}
          query={query}
          fieldError={fieldError}
          disabled={offline}
          onChange={(f) => go(withFilters(query, f))}
        />
      </Card>

      {offline ? (
        <Notice tone="warning" testId="history-offline">
          {view
            ? "You're offline. These are the transactions loaded earlier; they can't refresh until you reconnect."
            : "You're offline. Your transactions can't load until you reconnect."}
        </Notice>
      ) : null}
      {error && !offline && !fieldError ? (
        <Notice tone="error" testId="history-error">
          <p>{loadErrorText(error.status || error.code)}</p>
          {view ? <p>The list below may be out of date.</p> : null}
          <Button variant="secondary" onClick={history.retry}>
            Try again
          </Button>
        </Notice>
      ) : null}

      <Card>
        <div className={resultsHead}>
          <h2 ref={listHeading} tabIndex={-1}>
            Transactions
          </h2>
          {view && t ? (
            <p className={totals} data-testid="history-totals">
              {view.count} {view.count === 1 ? 'transaction' : 'transactions'}
              {t && (t.credits > 0 || t.debits > 0) ? ` · This page: ${pageTotalsText(t, currency)}` : null}
            </p>
          ) : null}
        </div>
        <div className={busyLine} aria-live="polite">
          {view && history.isValidating && !offline ? <Spinner label="Updating..." /> : null}
        </div>
        {body}
        {view ? (
          <Suspense fallback={null}>
            <HistoryPager
              view={view}
              busy={history.isValidating}
              disabled={offline}
              onPrevious={() => view.previous && go(searchFromLink(view.previous))}
              onNext={() => view.next && go(searchFromLink(view.next))}
            />
          </Suspense>
        ) : null}
      </Card>
    </Page>
  );
}
