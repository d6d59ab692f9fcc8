/**
 * Starts the full app: session resume from the IndexedDB mirror (then the refresh cookie),
 * mirroring of the store, the PWA plumbing and the router. Loaded by the light entry
 * (src/main.tsx) at once, or after the light home page has rendered (see main.tsx).
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { registerLogoutCleanup, resumeSession } from '../state/session-actions.ts';
import { connectLibToState } from '../state/connect-lib.ts';
import { connectStoreDevtools } from '../state/store-devtools.ts';
import { startMirroring } from '../state/idb-mirror.ts';
import { installChunkRecovery } from '../pwa/chunk-recovery.ts';
import { installInstallPrompt } from '../pwa/install-prompt.ts';
import { clearPersistedSwr, loadPersistedSwr } from '../lib/persisted-swr.ts';
import { App } from './app.tsx';
import { createAppRouter } from './router.tsx';
import { untilFirstRenderIsPage } from './first-render.ts';
import { untilFirstRenderMatchesPage } from './prerendered-takeover.tsx';
import { ReleasePrerendered, reportHydrationMismatch } from './release-prerendered.tsx';
import { provideReviewFigures } from './layout/review-widget.tsx';

/**
 * `prerendered`: the root element when the server sent the page's markup in it (then `root` is
 * null); the app's first render waits until it can show that page itself, and hydrates the markup.
 */
export async function startApp(root: Root | null, prerendered: HTMLElement | null = null): Promise<void> {
  connectLibToState();
  // Development builds only (the Redux DevTools extension); production bundles have none of it.
  void connectStoreDevtools();
  installChunkRecovery();
  installInstallPrompt();
  // The footer's review figures are the full app's, loaded when the page is idle (review-widget.tsx).
  provideReviewFigures(() => import('./layout/review-figures.tsx'));
  // The worker registers after the first render (workbox-window is not needed to show a page).
  const worker = import('../pwa/service-worker.ts');
  void worker.then((m) => m.registerServiceWorker());
  // Nothing cached for one player may be shown to the next one on this device.
  registerLogoutCleanup(() => void worker.then((m) => m.postToWorker({ type: 'CLEAR_PLAYER_CACHES' })));
  registerLogoutCleanup(clearPersistedSwr);
  // Offline copies of history pages must be in memory before the first render uses them.
  await loadPersistedSwr();

  void resumeSession();
  startMirroring();

  const router = createAppRouter();
  if (prerendered) {
    const fallback = await untilFirstRenderMatchesPage(router);
    // Hydration reuses the server's elements instead of building and laying out the page a second
    // time; started inside a transition it renders in slices that yield to the browser (outside
    // one, React hydrates the whole page in one task). A mismatch (a document version published in
    // between) makes React render the page afresh, which replaces the markup with the same layout.
    startTransition(() => {
      hydrateRoot(
        prerendered,
        <StrictMode>
          <ReleasePrerendered container={prerendered}>
            <SWRConfig value={{ fallback }}>
              <App router={router} />
            </SWRConfig>
          </ReleasePrerendered>
        </StrictMode>,
        { onRecoverableError: reportHydrationMismatch },
      );
    });
    return;
  }

  // The first paint is the page, not the shell and a loading screen with the page built later.
  await untilFirstRenderIsPage(router);
  // A transition renders in slices that yield to the browser, instead of one long task that
  // would block input while the whole app mounts (or takes over the light home page).
  startTransition(() => {
    root?.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
