import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { clearPersistedSwr, isPersistedKey, loadPersistedSwr, persistForOffline } from './persisted-swr.ts';

const historyKey = ['/wallet/transactions/gold', '{"page":1}'];
const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig
    value={{
      provider: () => new Map(),
      use: [persistForOffline],
      dedupingInterval: 0,
      shouldRetryOnError: false,
    }}
  >
    {children}
  </SWRConfig>
);

describe('offline copies of history pages', () => {
  afterEach(() => clearPersistedSwr());

  it('persists only history calls', () => {
    expect(isPersistedKey('@"/wallet/transactions/gold","{}",')).toBe(true);
    expect(isPersistedKey('@"/wallet/yearly-summary/2026","{}",')).toBe(true);
    expect(isPersistedKey('@"/wallet/balances","{}",')).toBe(false);
    expect(isPersistedKey('@"/payments/cards","{}",')).toBe(false);
  });

  it('persists recall of the house games (a recalled round verifies offline), not the seeds or open rounds', () => {
    expect(isPersistedKey('@"/games/rounds/recent","{}",')).toBe(true);
    expect(isPersistedKey('@"/games/jacks-or-better/rounds/recent","{}",')).toBe(true);
    expect(isPersistedKey('@"/games/fairness","{}",')).toBe(false);
    expect(isPersistedKey('@"/games/jacks-or-better/rounds/open","{}",')).toBe(false);
  });

  it('a page seen online is served from the saved copy after a reload while the network fails', async () => {
    const online = renderHook(() => useSWR(historyKey, async () => ({ results: [{ id: 1 }] })), { wrapper });
    await waitFor(() => expect(online.result.current.data).toEqual({ results: [{ id: 1 }] }));
    online.unmount();
    // Let the IndexedDB write land, then "reload": read the store again into memory.
    await new Promise((r) => setTimeout(r, 50));
    await loadPersistedSwr();

    const offline = renderHook(() => useSWR(historyKey, async () => Promise.reject(new Error('offline'))), {
      wrapper,
    });
    await waitFor(() => expect(offline.result.current.error).toBeDefined());
    expect(offline.result.current.data).toEqual({ results: [{ id: 1 }] });
  });

  it('logout wipes the saved copies', async () => {
    const online = renderHook(() => useSWR(historyKey, async () => ({ results: [] })), { wrapper });
    await waitFor(() => expect(online.result.current.data).toBeDefined());
    online.unmount();
    await new Promise((r) => setTimeout(r, 50));
    clearPersistedSwr();
    await new Promise((r) => setTimeout(r, 50));
    await loadPersistedSwr();
    const after = renderHook(() => useSWR(historyKey, async () => Promise.reject(new Error('offline'))), {
      wrapper,
    });
    await waitFor(() => expect(after.result.current.error).toBeDefined());
    expect(after.result.current.data).toBeUndefined();
  });
});
