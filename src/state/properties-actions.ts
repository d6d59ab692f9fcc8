/**
 * Named properties (operator settings, spec section 7) loaded into store.properties.values.
 * Components usually read them through useNamedProperties (SWR); this module serves the
 * session flow, which needs the seven session properties after login and refresh.
 */
import { NamedPropertiesResponseSchema } from '../contract/schemas.ts';
import { API_PATHS } from '../contract/api-paths.ts';
import {
  isTrue,
  PROPERTY_DEFAULTS,
  SESSION_PROPERTY_NAMES,
  type PropertyName,
} from '../contract/properties.ts';
import { TIMINGS } from '../contract/constants.ts';
import { api } from '../lib/api-client.ts';
import { store } from './store.ts';

export function mergeProperties(results: readonly { key: string; value: string }[]): void {
  for (const { key, value } of results) store.properties.values[key] = value;
}

/** Fetches the named properties and stores them; resolves to the values by name. */
export async function loadProperties(
  names: readonly string[],
  opts: { handleErrors?: boolean } = {},
): Promise<Record<string, string>> {
  const unique = [...new Set(names)].sort();
  const answer = await api.get(API_PATHS.properties, NamedPropertiesResponseSchema, {
    query: { names: unique.join(',') },
    handleErrors: opts.handleErrors ?? false,
  });
  mergeProperties(answer.results);
  return Object.fromEntries(answer.results.map((r) => [r.key, r.value]));
}

let sessionTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Spec section 7: the seven session properties are requested on login and on refresh with a
 * 50 ms debounce, so a login followed at once by a refresh makes one call.
 */
export function scheduleSessionPropertiesLoad(): void {
  if (sessionTimer) clearTimeout(sessionTimer);
  sessionTimer = setTimeout(() => {
    sessionTimer = null;
    void loadProperties(SESSION_PROPERTY_NAMES).catch(() => undefined);
  }, TIMINGS.namedPropertiesDebounceMs);
}

export function cancelSessionPropertiesLoad(): void {
  if (sessionTimer) clearTimeout(sessionTimer);
  sessionTimer = null;
}

/** A property's loaded value, else its default. */
export function propertyValue(name: PropertyName): string {
  return store.properties.values[name] ?? PROPERTY_DEFAULTS[name];
}

export const isPropertyTrue = (name: PropertyName): boolean => isTrue(propertyValue(name));
