/**
 * Balances from the store (header, pages) with a refresh helper that reloads them from the API.
 * SWR keeps them fresh on focus and reconnect while signed in.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { BalancesSchema, type Balances } from '../contract/schemas.ts';
import { API_PATHS } from '../contract/api-paths.ts';
import { useApiGet } from '../lib/swr.tsx';
import { store } from './store.ts';
import { balancesLoadIsRecent, setBalances } from './balances-actions.ts';

export function useBalances(): {
  balances: Balances | null;
  refresh: () => Promise<void>;
  isRefreshing: boolean;
} {
  // Only the slices read here: a write elsewhere in the store must not re-render the page.
  const session = useSnapshot(store.session);
  const { current } = useSnapshot(store.balances);
  const signedIn = session.status === 'signed-in';
  const revalidateOnMount = !balancesLoadIsRecent();
  const { data, mutate, isValidating } = useApiGet(signedIn ? API_PATHS.balances : null, BalancesSchema, {
    // Session resume (or a refresh) that has just asked for the balances writes them to the
    // store; asking again as the page mounts would fetch and render the same answer twice.
    swr: { revalidateOnMount },
  });
  // Without that fetch, the answer SWR holds is an earlier page's, older than the load that has
  // just written the store (leaving a game reloads them): it must not overwrite the store. Only
  // answers that arrive while this page is open are applied then.
  const [staleAtMount] = useState(revalidateOnMount ? undefined : data);
  useEffect(() => {
    // A delayed (animated) balance wins until it has been applied.
    if (data && data !== staleAtMount && !store.balances.delayed) setBalances(data);
  }, [data, staleAtMount]);
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return {
    balances: (current as Balances | null) ?? null,
    refresh,
    isRefreshing: isValidating,
  };
}
