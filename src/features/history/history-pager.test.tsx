import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Transaction } from '../../contract/wallet.ts';
import { HistoryPager } from './history-pager.tsx';

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i) }) as Transaction);

describe('HistoryPager', () => {
  afterEach(cleanup);

  it('middle page: both directions, the place in words', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    render(
      <HistoryPager
        view={{
          count: 57,
          page: 2,
          pageSize: 20,
          totalPages: 3,
          entries: entries(20),
          next: '/n',
          previous: '/p',
        }}
        onPrevious={onPrevious}
        onNext={onNext}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Transaction pages' })).toBeTruthy();
    expect(screen.getByTestId('history-page-status').textContent).toBe('Page 2 of 3 · , showing 21–40 of 57');
    fireEvent.click(screen.getByTestId('history-previous'));
    fireEvent.click(screen.getByTestId('history-next'));
    expect(onPrevious).toHaveBeenCalledOnce();
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('first page has no Previous, last page no Next', () => {
    const { rerender } = render(
      <HistoryPager
        view={{
          count: 57,
          page: 1,
          pageSize: 20,
          totalPages: 3,
          entries: entries(20),
          next: '/n',
          previous: null,
        }}
        onPrevious={() => {}}
        onNext={() => {}}
      />,
    );
    expect((screen.getByTestId('history-previous') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('history-next') as HTMLButtonElement).disabled).toBe(false);
    rerender(
      <HistoryPager
        view={{
          count: 57,
          page: 3,
          pageSize: 20,
          totalPages: 3,
          entries: entries(17),
          next: null,
          previous: '/p',
        }}
        onPrevious={() => {}}
        onNext={() => {}}
      />,
    );
    expect((screen.getByTestId('history-previous') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('history-next') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('history-page-status').textContent).toContain('showing 41–57 of 57');
  });

  it('busy or offline: neither button pages', () => {
    const view = {
      count: 57,
      page: 2,
      pageSize: 20,
      totalPages: 3,
      entries: entries(20),
      next: '/n',
      previous: '/p',
    };
    const { rerender } = render(<HistoryPager view={view} busy onPrevious={() => {}} onNext={() => {}} />);
    expect((screen.getByTestId('history-next') as HTMLButtonElement).disabled).toBe(true);
    rerender(<HistoryPager view={view} disabled onPrevious={() => {}} onNext={() => {}} />);
    expect((screen.getByTestId('history-previous') as HTMLButtonElement).disabled).toBe(true);
  });

  it('no entries at all: no pager', () => {
    render(
      <HistoryPager
        view={{ count: 0, page: 1, pageSize: 20, totalPages: 1, entries: [], next: null, previous: null }}
        onPrevious={() => {}}
        onNext={() => {}}
      />,
    );
    expect(screen.queryByTestId('history-pager')).toBeNull();
  });
});
