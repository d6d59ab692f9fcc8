/**
 * The legal documents requested by the light entry when a policy page is opened, beside the app's
 * scripts rather than after the page has rendered: the policy text then paints with the page.
 * The entry keeps this module tiny (no schema, no API client); the policy page validates the
 * answer and falls back to the API client when there is none or it is not a usable one.
 */
import { API_PATHS, apiUrl } from '../../contract/api-paths.ts';

let early: Promise<unknown> | null = null;

export function prefetchPolicyDocuments(): void {
  early = fetch(apiUrl(API_PATHS.legalDocuments), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
    .catch(() => null);
}

/** Whether an early answer is waiting to be taken. */
export const hasPrefetchedPolicyDocuments = (): boolean => early !== null;

/** The early answer, once (a later visit to a policy page fetches as usual). */
export function takePrefetchedPolicyDocuments(): Promise<unknown> | null {
  const answer = early;
  early = null;
  return answer;
}
