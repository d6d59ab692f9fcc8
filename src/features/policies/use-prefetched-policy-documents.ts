/**
 * Hands the legal documents the light entry already asked for (a policy page opened by URL) to
 * SWR, so the page's useApiGet(API_PATHS.legalDocuments) uses that answer instead of starting a
 * second request after the first render. The SWR key of useApiGet is the path and the
 * serialized query.
 */
import { preload } from 'swr';
import { is } from 'superstruct';
import { API_PATHS } from '../../contract/api-paths.ts';
import { LegalDocumentsResponseSchema } from '../../contract/schemas.ts';
import { api } from '../../lib/api-client.ts';
import { takePrefetchedPolicyDocuments } from './policy-documents-prefetch.ts';

function primeFromPrefetch(): void {
  const prefetched = takePrefetchedPolicyDocuments();
  if (!prefetched) return;
  void preload([API_PATHS.legalDocuments, '{}'], async () => {
    const answer = await prefetched;
    return is(answer, LegalDocumentsResponseSchema)
      ? answer
      : api.get(API_PATHS.legalDocuments, LegalDocumentsResponseSchema, { handleErrors: false });
  });
}

/** Runs before the page's first fetch: call it above useApiGet. */
export function usePrefetchedPolicyDocuments(): void {
  primeFromPrefetch();
}
