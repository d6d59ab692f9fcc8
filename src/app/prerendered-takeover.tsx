/**
 * The app taking over a page the server sent with its markup (server/http/prerendered-pages.ts):
 * its first render must show the same page, or the visitor would see the text replaced by a
 * loading screen and back. So it waits until the router has loaded the page's code, the session
 * is known (the login page's guard shows a loading screen until then) and, on a policy page, the
 * documents are in SWR's cache; then one commit replaces the markup with the same markup.
 */
import { hasPrefetchedPolicyDocuments } from '../features/policies/policy-documents-prefetch.ts';
import { routerInitialized, sessionKnown } from './first-render.ts';
import type { AppRouter } from './router.tsx';

/** Past this, the app renders anyway (its loading screen then shows until the page is ready). */
const MAX_WAIT_MS = 5_000;

/** SWR's fallback for the page: a policy page's early answer (its code comes with the page's chunk). */
async function pageDataFallback(): Promise<Record<string, unknown>> {
  if (!hasPrefetchedPolicyDocuments()) return {};
  const { prefetchedPolicyDocumentsFallback } =
    await import('../features/policies/use-prefetched-policy-documents.ts');
  return prefetchedPolicyDocumentsFallback();
}

/**
 * Resolves when the app's first render can be the page the server sent, with the SWR fallback
 * that render needs (the data the server rendered with); at most after MAX_WAIT_MS, with none.
 */
export function untilFirstRenderMatchesPage(router: AppRouter): Promise<Record<string, unknown>> {
  return Promise.race([
    Promise.all([routerInitialized(router), sessionKnown(), pageDataFallback()]).then(
      ([, , fallback]) => fallback,
    ),
    new Promise<Record<string, unknown>>((resolve) => setTimeout(() => resolve({}), MAX_WAIT_MS)),
  ]);
}
