/**
 * Hands the legal documents the light entry already asked for (a policy page opened by URL) to
 * SWR, so the page's useApiGet(API_PATHS.legalDocuments) uses that answer instead of starting a
 * second request after the first render. The SWR key of useApiGet is the path and the
 * serialized query.
 */
import { mutate, preload, unstable_serialize } from 'swr';
import { is } from 'superstruct';
import { API_PATHS } from '../../contract/api-paths.ts';
import { LegalDocumentsResponseSchema } from '../../contract/schemas.ts';
import { api } from '../../lib/api-client.ts';
import { takePrefetchedPolicyDocuments } from './policy-documents-prefetch.ts';

/** useApiGet's SWR key of the documents: the path and the serialized (empty) query. */
const DOCUMENTS_KEY = [API_PATHS.legalDocuments, '{}'];

function primeFromPrefetch(): void {
  const prefetched = takePrefetchedPolicyDocuments();
  if (prefetched) primeFromAnswer(prefetched);
}

/** SWR's next load of the documents uses the early answer, or asks the API when it is not usable. */
function primeFromAnswer(early: Promise<unknown> | unknown): void {
  void preload(DOCUMENTS_KEY, async () => {
    const answer = await early;
    return is(answer, LegalDocumentsResponseSchema)
      ? answer
      : api.get(API_PATHS.legalDocuments, LegalDocumentsResponseSchema, { handleErrors: false });
  });
}

/** Runs before the page's first fetch: call it above useApiGet. */
export function usePrefetchedPolicyDocuments(): void {
  primeFromPrefetch();
}

/**
 * For the app's first render over a policy page the server sent with its text: the early answer
 * as SWR's `fallback` (what useSWR answers while React hydrates the server's markup) and in SWR's
 * cache, so the page shows the document at once, as in the markup, instead of a spinner.
 */
export async function prefetchedPolicyDocumentsFallback(): Promise<Record<string, unknown>> {
  const prefetched = takePrefetchedPolicyDocuments();
  if (!prefetched) return {};
  const answer = await prefetched;
  if (!is(answer, LegalDocumentsResponseSchema)) {
    primeFromAnswer(answer);
    return {};
  }
  await mutate(DOCUMENTS_KEY, answer, { revalidate: false });
  return { [unstable_serialize(DOCUMENTS_KEY)]: answer };
}
