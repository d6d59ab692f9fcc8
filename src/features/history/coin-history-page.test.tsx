import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '../../lib/swr.tsx';
import { clearPersistedSwr } from '../../lib/persisted-swr.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { demoBalances } from '../../state/test-fixtures.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import type { Transaction } from '../../contract/wallet.ts';
import { CoinHistoryPage } from './coin-history-page.tsx';

const filters = {
  status: 200,
  body: {
    filters: [
      { value: 'purchase', label: 'Purchase', currencies: ['gold', 'sweeps'] },
      { value: 'redemption', label: 'Redemption', currencies: ['sweeps'] },
    ],
    page_size: 20,
    first_year: 2026,
    current_year: 2026,
  },
};

const tx = (i: number, amount: number): Transaction => ({
  id: `t${i}`,
  created_at: '2026-03-05T20:04:00.000Z',
  kind: amount > 0 ? 'purchase' : 'bet',
  description: `Entry ${i}`,
  amount,
  balance_after: 1000 + i,
  currency: 'gold',
  bucket: 'main',
  reference: 'r',
});

const goldPage = (page: number, results: Transaction[], count: number) => ({
  status: 200,
  body: {
    results,
    count,
    page,
    page_size: 20,
    next:
      page * 20 < count
        ? `/api/v1/wallet/transactions/gold?timestamp=2026-03-06T00%3A00%3A00.000Z&page=${page + 1}`
        : null,
    previous:
      page > 1
        ? `/api/v1/wallet/transactions/gold?timestamp=2026-03-06T00%3A00%3A00.000Z&page=${page - 1}`
        : null,
    filters: { kind: null, start_date: null, end_date: null, timestamp: '2026-03-06T00:00:00.000Z' },
  },
});

function renderPage(initial = '/gold-coins-history') {
  const router = createMemoryRouter(
    [
      {
        path: '/gold-coins-history',
        element: <CoinHistoryPage currency="gold" title="Gold Coins History" />,
      },
    ],
    {
      initialEntries: [initial],
    },
  );
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}

describe('CoinHistoryPage', () => {
  let fetchUrls: string[];
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    store.balances.current = demoBalances({ balance_total_gld: 1234 });
    fetchUrls = [];
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    // Each test starts like a fresh device: no offline copies of earlier tests' pages.
    clearPersistedSwr();
  });

  function stub(answers: Parameters<typeof stubApi>[0]) {
    const calls = stubApi(answers);
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      fetchUrls.push(String(input));
      return inner(input, init);
    });
    return calls;
  }

  it('lists entries with totals and pages with next/previous', async () => {
    const first = Array.from({ length: 20 }, (_, i) => tx(i, i % 2 ? -100 : 500));
    const second = [tx(20, 700), tx(21, -50)];
    stub({
      '/wallet/transaction-filters': filters,
      '/wallet/transactions/gold': [goldPage(1, first, 22), goldPage(2, second, 22), goldPage(1, first, 22)],
    });
    const router = renderPage();
    expect(await screen.findByText('Entry 0')).toBeTruthy();
    expect(screen.getAllByTestId('history-row')).toHaveLength(20);
    expect(screen.getByTestId('history-totals').textContent).toBe(
      '22 transactions · This page: +5,000 in, \u22121,000 out',
    );
    expect(screen.getByTestId('history-current-balance').textContent).toBe('1,234');
    // The filter select offers only the kinds of this currency.
    expect(screen.getByRole('option', { name: 'Purchase' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Redemption' })).toBeNull();

    fireEvent.click(screen.getByTestId('history-next'));
    expect(await screen.findByText('Entry 21')).toBeTruthy();
    expect(router.state.location.search).toContain('page=2');
    expect(router.state.location.search).toContain('timestamp=');
    await waitFor(() =>
      expect(fetchUrls.some((u) => u.includes('/wallet/transactions/gold?') && u.includes('page=2'))).toBe(
        true,
      ),
    );
    expect(screen.getByTestId('history-page-status').textContent).toContain('Page 2 of 2');
    expect((screen.getByTestId('history-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('history-previous'));
    expect(await screen.findByText('Entry 0')).toBeTruthy();
    expect(router.state.location.search).not.toContain('page=');
  });

  it('empty: "No transactions yet"', async () => {
    stub({ '/wallet/transaction-filters': filters, '/wallet/transactions/gold': goldPage(1, [], 0) });
    renderPage();
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No transactions yet');
    expect(screen.queryByTestId('history-pager')).toBeNull();
  });

  it("a failed load: 'Failed to Get Transactions, Error: {status}' with a retry", async () => {
    stub({
      '/wallet/transaction-filters': filters,
      '/wallet/transactions/gold': [
        { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
        goldPage(1, [tx(1, 5)], 1),
      ],
    });
    renderPage();
    const error = await screen.findByTestId('history-error');
    expect(error.textContent).toContain('Failed to Get Transactions, Error: 500');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Entry 1')).toBeTruthy();
  });

  it('a filter from the URL is sent, and changing it starts from page 1', async () => {
    const calls = stub({
      '/wallet/transaction-filters': filters,
      '/wallet/transactions/gold': [goldPage(3, [tx(1, 5)], 41), goldPage(1, [tx(2, 5)], 1)],
    });
    const router = renderPage('/gold-coins-history?kind=purchase&page=3');
    expect(await screen.findByText('Entry 1')).toBeTruthy();
    expect(calls.some((c) => c.path === '/wallet/transactions/gold')).toBe(true);
    expect(fetchUrls.some((u) => u.includes('kind=purchase') && u.includes('page=3'))).toBe(true);
    fireEvent.change(screen.getByLabelText('Transaction type'), { target: { value: '' } });
    expect(await screen.findByText('Entry 2')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('offline with nothing loaded: says it cannot load', async () => {
    stub({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage();
    expect((await screen.findByTestId('history-offline')).textContent).toContain(
      "can't load until you reconnect",
    );
    vi.restoreAllMocks();
  });
});
