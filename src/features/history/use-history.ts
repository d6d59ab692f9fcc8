/**
 * History data through SWR (cache per query; kept across navigation within the session, so a
 * page visited earlier still shows when the connection drops). Errors are shown on the page,
 * not as catalogue dialogs.
 */
import { useSnapshot } from 'valtio';
import type { Currency } from '../../contract/currency.ts';
import {
  GoldTransactionsPageSchema,
  SweepsTransactionsPageSchema,
  TransactionFiltersResponseSchema,
  WALLET_API_PATHS,
  YearlySummarySchema,
  yearlySummaryPath,
  type TransactionQuery,
} from '../../contract/wallet-history.ts';
import { useApiGet } from '../../lib/swr.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { store } from '../../state/store.ts';
import { totalPagesOf, type HistoryView } from './history-query.ts';

const useSignedIn = (): boolean => useSnapshot(store.session).status === 'signed-in';

export function useTransactionFilters() {
  const signedIn = useSignedIn();
  return useApiGet(signedIn ? WALLET_API_PATHS.transactionFilters : null, TransactionFiltersResponseSchema, {
    handleErrors: false,
    swr: { revalidateOnFocus: false },
  });
}

export interface CoinHistoryResult {
  view: HistoryView | null;
  /** The pin of the list the server applied (carried by next/previous). */
  timestamp: string | null;
  error: ApiError | undefined;
  isLoading: boolean;
  isValidating: boolean;
  retry: () => void;
}

export function useCoinHistory(currency: Currency, query: TransactionQuery): CoinHistoryResult {
  const signedIn = useSignedIn();
  const opts = { query: { ...query }, handleErrors: false, swr: { keepPreviousData: true } };
  const gold = useApiGet(
    signedIn && currency === 'gold' ? WALLET_API_PATHS.goldTransactions : null,
    GoldTransactionsPageSchema,
    opts,
  );
  const sweeps = useApiGet(
    signedIn && currency === 'sweeps' ? WALLET_API_PATHS.sweepsTransactions : null,
    SweepsTransactionsPageSchema,
    opts,
  );

  let view: HistoryView | null = null;
  let timestamp: string | null = null;
  if (currency === 'gold' && gold.data) {
    const d = gold.data;
    view = {
      entries: d.results,
      count: d.count,
      page: d.page,
      pageSize: d.page_size,
      totalPages: totalPagesOf(d.count, d.page_size),
      next: d.next,
      previous: d.previous,
    };
    timestamp = d.filters.timestamp;
  } else if (currency === 'sweeps' && sweeps.data) {
    const d = sweeps.data;
    view = {
      entries: d.transactions,
      count: d.count,
      page: d.page_number,
      pageSize: d.page_size,
      totalPages: Math.max(1, d.total_pages),
      next: d.next,
      previous: d.previous,
    };
    timestamp = d.filters.timestamp;
  }
  const active = currency === 'gold' ? gold : sweeps;
  return {
    view,
    timestamp,
    error: active.error,
    isLoading: active.isLoading,
    isValidating: active.isValidating,
    retry: () => void active.mutate(),
  };
}

export function useYearlySummary(year: number | null) {
  const signedIn = useSignedIn();
  return useApiGet(signedIn && year !== null ? yearlySummaryPath(year) : null, YearlySummarySchema, {
    handleErrors: false,
    swr: { keepPreviousData: true },
  });
}
