/**
 * Balances from the store (header, pages) with a refresh helper that reloads them from the API.
 * SWR keeps them fresh on focus and reconnect while signed in.
 */
import { useCallback, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { BalancesSchema, type Balances } from '../contract/schemas.ts';
import { API_PATHS } from '../contract/api-paths.ts';
import { useApiGet } from '../lib/swr.tsx';
import { store } from './store.ts';
import { setBalances } from './balances-actions.ts';

export function useBalances(): {
  balances: Balances | null;
  refresh: () => Promise<void>;
  isRefreshing: boolean;
} {
  const snap = useSnapshot(store);
  const signedIn = snap.session.status === 'signed-in';
  const { data, mutate, isValidating } = useApiGet(signedIn ? API_PATHS.balances : null, BalancesSchema, {
    swr: { revalidateOnMount: true },
  });
  useEffect(() => {
    // A delayed (animated) balance wins until it has been applied.
    if (data && !store.balances.delayed) setBalances(data);
  }, [data]);
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return {
    balances: (snap.balances.current as Balances | null) ?? null,
    refresh,
    isRefreshing: isValidating,
  };
}
