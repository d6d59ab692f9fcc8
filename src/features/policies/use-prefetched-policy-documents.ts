/**
 * Hands the legal documents the light entry already asked for (a policy page opened by URL) to
 * SWR, so the page's useApiGet(API_PATHS.legalDocuments) uses that answer instead of starting a
 * second request after the first render. The SWR key of useApiGet is the path and the
 * serialized query.
 */
import { mutate, preload } from 'swr';
import { is } from 'superstruct';
import { API_PATHS } from '../../contract/api-paths.ts';
import { LegalDocumentsResponseSchema } from '../../contract/schemas.ts';
import { api } from '../../lib/api-client.ts';
import { takePrefetchedPolicyDocuments } from './policy-documents-prefetch.ts';

function primeFromPrefetch(): void {
  const prefetched = takePrefetchedPolicyDocuments();
  if (prefetched) primeFromAnswer(prefetched);
}

/** SWR's next load of the documents uses the early answer, or asks the API when it is not usable. */
function primeFromAnswer(early: Promise<unknown> | unknown): void {
  void preload([API_PATHS.legalDocuments, '{}'], async () => {
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
 * written into SWR's cache before that render, so the page shows the document at once instead of
 * a spinner in place of the text already on screen.
 */
export async function cachePrefetchedPolicyDocuments(): Promise<void> {
  const prefetched = takePrefetchedPolicyDocuments();
  if (!prefetched) return;
  const answer = await prefetched;
  if (is(answer, LegalDocumentsResponseSchema))
    await mutate([API_PATHS.legalDocuments, '{}'], answer, { revalidate: false });
  else primeFromAnswer(answer);
}
