/**
 * Named properties through SWR (one cache entry per list of names). Loaded values are also
 * handed to the listener the app configures at start (configureNamedProperties: the store's
 * properties, so non-React code such as guards' helpers and actions sees them).
 */
import { useEffect, useMemo } from 'react';
import { NamedPropertiesResponseSchema } from '../contract/schemas.ts';
import { API_PATHS } from '../contract/api-paths.ts';
import { PROPERTY_DEFAULTS, type PropertyName } from '../contract/properties.ts';
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

export function useNamedProperties(names: readonly PropertyName[]): NamedPropertiesResult {
  const list = useMemo(() => [...new Set(names)].sort().join(','), [names]);
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
