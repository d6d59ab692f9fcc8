import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../lib/api-client.ts';
import { swrConfig } from '../lib/swr.tsx';
import { connectApiClientToSession } from './session-actions.ts';
import { fetchBalances, setBalances } from './balances-actions.ts';
import { resetStore, store } from './store.ts';
import { demoBalances } from './test-fixtures.ts';
import { useBalances } from './use-balances.ts';

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** Each GET of the balances waits for `answer`; returns the number of requests so far. */
function stubBalancesApi() {
  const requests: Array<(gold: number) => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          if (!String(url).includes('/wallet/balances')) throw new Error(`unexpected ${String(url)}`);
          requests.push((gold) => resolve(json(demoBalances({ balance_total_gld: gold }))));
        }),
    ),
  );
  return requests;
}

// A cache per test, so one test's answer is not another's.
const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ ...swrConfig, use: [], provider: () => new Map() }}>{children}</SWRConfig>
);

describe('useBalances', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    connectApiClientToSession();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('does not ask again while session resume is loading the balances', async () => {
    const requests = stubBalancesApi();
    const resumeLoad = fetchBalances().then(setBalances);
    expect(requests).toHaveLength(1);

    const { result } = renderHook(() => useBalances(), { wrapper });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(requests).toHaveLength(1);

    await act(async () => {
      requests[0]?.(7);
      await resumeLoad;
    });
    expect(result.current.balances?.balance_total_gld).toBe(7);
  });

  it('asks on mount when no load is recent, and shows the answer', async () => {
    const requests = stubBalancesApi();
    // Well after the previous test's load.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    const { result } = renderHook(() => useBalances(), { wrapper });
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {
      requests[0]?.(9);
      await new Promise((r) => setTimeout(r, 0));
    });
    await waitFor(() => expect(result.current.balances?.balance_total_gld).toBe(9));
  });

  it('asks on mount again once the last load is older than two seconds', async () => {
    const requests = stubBalancesApi();
    const now = Date.now();
    const earlier = fetchBalances();
    requests[0]?.(1);
    await earlier;
    vi.spyOn(Date, 'now').mockReturnValue(now + 2_001);
    renderHook(() => useBalances(), { wrapper });
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it("a page mounting right after a load keeps the loaded balances, not an earlier page's cached answer", async () => {
    const requests = stubBalancesApi();
    const now = Date.now() + 120_000;
    vi.spyOn(Date, 'now').mockReturnValue(now);
    // One SWR cache for both pages, as in the app.
    const cache = new Map();
    const shared = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ ...swrConfig, use: [], provider: () => cache }}>{children}</SWRConfig>
    );
    const first = renderHook(() => useBalances(), { wrapper: shared });
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {
      requests[0]?.(200);
      await new Promise((r) => setTimeout(r, 0));
    });
    await waitFor(() => expect(store.balances.current?.balance_total_gld).toBe(200));
    first.unmount();

    // Leaving a game reloads the balances; the next page mounts while that load is fresh.
    const load = fetchBalances().then(setBalances);
    await act(async () => {
      requests[1]?.(199);
      await load;
    });
    const second = renderHook(() => useBalances(), { wrapper: shared });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(requests).toHaveLength(2);
    expect(second.result.current.balances?.balance_total_gld).toBe(199);
    expect(store.balances.current?.balance_total_gld).toBe(199);
  });
});
