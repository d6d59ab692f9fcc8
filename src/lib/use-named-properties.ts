/**
 * Named properties through SWR (one cache entry per list of names). Loaded values are also
 * handed to the listener the app configures at start (configureNamedProperties: the store's
 * properties, so non-React code such as guards' helpers and actions sees them).
 */
import { useEffect, useMemo } from 'react';
import { mutate, preload } from 'swr';
import { NamedPropertiesResponseSchema } from '../contract/schemas.ts';
import { API_PATHS } from '../contract/api-paths.ts';
import { PROPERTY_DEFAULTS, type PropertyName } from '../contract/properties.ts';
import { api } from './api-client.ts';
import { useApiGet } from './swr.tsx';

type LoadedListener = (results: readonly { key: string; value: string }[]) => void;
let onLoaded: LoadedListener = () => undefined;

/** Where loaded values go besides the SWR cache; set once by the app at start. */
export function configureNamedProperties(hooks: { onLoaded: LoadedListener }): void {
  onLoaded = hooks.onLoaded;
}

export interface NamedPropertiesResult {
  /** Each requested name's value; the default while loading or when the call failed. */
  values: Record<PropertyName, string>;
  /** True once an answer arrived or the call failed (defaults are then final). */
  ready: boolean;
  loaded: boolean;
  error: unknown;
}

export { isTrue } from '../contract/properties.ts';

/** The names as one query value: each once, sorted, so equal lists share one request and cache entry. */
const nameList = (names: readonly string[]): string => [...new Set(names)].sort().join(',');

/**
 * Loads these properties into SWR's cache before the first render that reads them, so that render
 * already has the values (the hook answers `ready` at once) instead of re-rendering when they
 * arrive. The hook's revalidation on mount takes this answer rather than asking again. A failure
 * is left to the hook, which asks again and falls back to the defaults.
 */
export async function primeNamedProperties(names: readonly PropertyName[]): Promise<void> {
  const list = nameList(names);
  // useApiGet's key: the path and the serialized query.
  const key = [API_PATHS.properties, JSON.stringify({ names: list })];
  try {
    const answer = await api.get(API_PATHS.properties, NamedPropertiesResponseSchema, {
      query: { names: list },
      handleErrors: false,
    });
    await mutate(key, answer, { revalidate: false });
    void preload(key, () => answer);
  } catch {
    // The hook loads them itself.
  }
}

export function useNamedProperties(names: readonly PropertyName[]): NamedPropertiesResult {
  const list = useMemo(() => nameList(names), [names]);
  const { data, error } = useApiGet(API_PATHS.properties, NamedPropertiesResponseSchema, {
    query: { names: list },
    handleErrors: false,
    swr: { revalidateOnFocus: false },
  });
  useEffect(() => {
    if (data) onLoaded(data.results);
  }, [data]);
  return useMemo(() => {
    const values = {} as Record<PropertyName, string>;
    for (const name of list.split(',') as PropertyName[]) values[name] = PROPERTY_DEFAULTS[name];
    for (const r of data?.results ?? []) values[r.key as PropertyName] = r.value;
    return { values, ready: Boolean(data || error), loaded: Boolean(data), error };
  }, [data, error, list]);
}
