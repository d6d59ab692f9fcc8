/**
 * The client-version check always asks the network (never a cache), so a page kept open
 * for days still learns that the server now requires a newer client.
 */
import { API_PATHS, apiUrl } from '../src/contract/api-paths.ts';
import { PROPERTY_NAMES } from '../src/contract/properties.ts';

export async function fetchMinimumClientVersion(): Promise<string | null> {
  try {
    const url = `${apiUrl(API_PATHS.properties)}?names=${PROPERTY_NAMES.minimumClientVersion}`;
    const res = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as { results?: Array<{ key?: unknown; value?: unknown }> };
    const hit = body.results?.find((r) => r.key === PROPERTY_NAMES.minimumClientVersion);
    return typeof hit?.value === 'string' ? hit.value : null;
  } catch {
    return null; // offline: nothing to report
  }
}
