/**
 * Previous / next paging of a history list with "Page 2 of 3" and "Showing 21–40 of 57".
 * Buttons, not links: the server's next/previous links carry the pinned list, the page turns
 * them into its own URL.
 */
import { css } from '@linaria/core';
import { Button } from '../../ui/button.tsx';
import { pageRange, type HistoryView } from './history-query.ts';

const nav = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  margin-top: var(--space-4);
`;
const where = css`
  flex: 1 1 100%;
  order: -1;
  margin: 0;
  text-align: center;
  color: var(--color-text-muted);
  font-size: 0.95rem;
  @media (min-width: 520px) {
    flex: 1 1 auto;
    order: 0;
  }
`;
const btn = css`
  flex: 1 1 0;
  min-width: 120px;
  @media (min-width: 520px) {
    flex: none;
  }
`;

export interface HistoryPagerProps {
  view: Pick<HistoryView, 'count' | 'page' | 'pageSize' | 'entries' | 'totalPages' | 'next' | 'previous'>;
  onPrevious: () => void;
  onNext: () => void;
  /** A page is loading: both buttons wait. */
  busy?: boolean;
  /** Offline: paging would need the server. */
  disabled?: boolean;
}

export function HistoryPager({
  view,
  onPrevious,
  onNext,
  busy = false,
  disabled = false,
}: HistoryPagerProps) {
  const { first, last } = pageRange(view);
  if (view.count === 0) return null;
  return (
    <nav className={nav} aria-label="Transaction pages" data-testid="history-pager">
      <Button
        variant="secondary"
        className={btn}
        onClick={onPrevious}
        disabled={!view.previous || busy || disabled}
        data-testid="history-previous"
      >
        <span aria-hidden="true">‹</span> Previous
      </Button>
      <p className={where} aria-live="polite" data-testid="history-page-status">
        Page {view.page} of {view.totalPages}
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">, </span>
        showing {first}–{last} of {view.count}
      </p>
      <Button
        variant="secondary"
        className={btn}
        onClick={onNext}
        disabled={!view.next || busy || disabled}
        data-testid="history-next"
      >
        Next <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
