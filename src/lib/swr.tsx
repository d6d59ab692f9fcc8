/**
 * SWR configured once for the app. Server data lives in SWR's cache (cleared on logout);
 * every fetch goes through the API client, so auth, CSRF, validation and the error catalogue
 * apply. Revalidates on focus and on reconnect.
 */
import type { ReactNode } from 'react';
import useSWR, { SWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { unknown, type Struct } from 'superstruct';
import { api, isApiError, type ApiError, type RequestOptions } from './api-client.ts';
import { persistForOffline } from './persisted-swr.ts';

/** Default fetcher: key is an API path (API_PATHS value, with query). No schema: prefer useApiGet. */
const defaultFetcher = (key: string): Promise<unknown> => api.get(key, unknown());

export const swrConfig: SWRConfiguration = {
  fetcher: defaultFetcher,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  // Errors already surfaced through the catalogue; do not hammer a failing server.
  shouldRetryOnError: (err: unknown) => !isApiError(err) || err.status === 0 || err.status >= 500,
  errorRetryCount: 2,
  dedupingInterval: 2_000,
  // Recently viewed history pages keep an offline copy (see persisted-swr.ts).
  use: [persistForOffline],
};

export function SwrProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}

/**
 * GET an API path through SWR with answer validation. `path` null skips the fetch (e.g. while
 * signed out). The SWR key is the path plus its query, so equal requests share one cache entry.
 */
export function useApiGet<T>(
  path: string | null,
  schema: Struct<T, unknown>,
  opts: RequestOptions & { swr?: SWRConfiguration<T, ApiError> } = {},
): SWRResponse<T, ApiError> {
  const { swr, ...request } = opts;
  const key = path === null ? null : [path, JSON.stringify(request.query ?? {})];
  return useSWR<T, ApiError>(key, () => api.get(path as string, schema, request), swr);
}
