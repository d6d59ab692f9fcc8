/**
 * When the app's first render can be the page itself: the router has loaded the page's code, the
 * session is known (for a returning player, one refresh round trip) and the shell's named
 * properties are in SWR's cache (the signed-in guards wait for them).
 *
 * Rendering before that paints the shell and a loading screen first, then builds the page while
 * the player watches: the session's answer, then the properties' answer each re-render the shell
 * and mount the page synchronously (valtio and SWR both update through useSyncExternalStore,
 * which React cannot split into slices), so a phone's main thread stays blocked right after the
 * first paint. Waiting for those answers first makes the first render the finished page, built in
 * one transition, and the answers that follow change nothing on screen.
 */
import { subscribe } from 'valtio';
import { primeNamedProperties } from '../lib/use-named-properties.ts';
import { SHELL_PROPERTY_NAMES } from '../lib/shell-properties.ts';
import { store } from '../state/store.ts';
import type { AppRouter } from './router.tsx';

/**
 * Past this the app renders anyway, showing its loading screen until the page is ready (a slow
 * network should see that something is happening).
 */
export const FIRST_RENDER_MAX_WAIT_MS = 1_500;

export function routerInitialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function sessionKnown(): Promise<void> {
  if (store.session.status !== 'unknown') return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribe(store.session, () => {
      if (store.session.status === 'unknown') return;
      unsubscribe();
      resolve();
    });
  });
}

/** Resolves when the first render can show the page, at most after `maxWaitMs`. */
export function untilFirstRenderIsPage(
  router: AppRouter,
  maxWaitMs: number = FIRST_RENDER_MAX_WAIT_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.all([routerInitialized(router), sessionKnown(), primeNamedProperties(SHELL_PROPERTY_NAMES)]).then(
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
