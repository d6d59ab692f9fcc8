/**
 * The app taking over a page the server sent with its markup (server/http/prerendered-pages.ts):
 * its first render must show the same page, or the visitor would see the text replaced by a
 * loading screen and back. So it waits until the router has loaded the page's code, the session
 * is known (the login page's guard shows a loading screen until then) and, on a policy page, the
 * documents are in SWR's cache; then one commit replaces the markup with the same markup.
 */
import { useLayoutEffect } from 'react';
import { subscribe } from 'valtio';
import { store } from '../state/store.ts';
import { hasPrefetchedPolicyDocuments } from '../features/policies/policy-documents-prefetch.ts';
import type { AppRouter } from './router.tsx';

/** Past this, the app renders anyway (its loading screen then shows until the page is ready). */
const MAX_WAIT_MS = 5_000;

function routerInitialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function sessionKnown(): Promise<void> {
  if (store.session.status !== 'unknown') return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribe(store.session, () => {
      if (store.session.status === 'unknown') return;
      unsubscribe();
      resolve();
    });
  });
}

/** A policy page's early answer in SWR's cache (its code comes with the policy page's chunk). */
async function policyDocumentsCached(): Promise<void> {
  if (!hasPrefetchedPolicyDocuments()) return;
  const { cachePrefetchedPolicyDocuments } =
    await import('../features/policies/use-prefetched-policy-documents.ts');
  await cachePrefetchedPolicyDocuments();
}

export function untilFirstRenderMatchesPage(router: AppRouter): Promise<void> {
  return Promise.race([
    Promise.all([routerInitialized(router), sessionKnown(), policyDocumentsCached()]).then(() => {}),
    new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS)),
  ]);
}

/**
 * Rendered beside the app: once the app's first render has replaced the server's markup, the
 * root takes input again (the server marks a page holding a form `inert` until then, so nothing
 * typed into the markup is lost when it is replaced).
 */
export function ReleasePrerendered({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => {
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
  }, [container]);
  return null;
}
