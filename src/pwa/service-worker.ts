/**
 * Registers the service worker with workbox-window and exposes the update flow:
 * a new version waits until the player chooses Reload (never a forced takeover, so a game in
 * play is not interrupted); then the waiting worker takes over and the page reloads once.
 */
import { Workbox } from 'workbox-window';
import type { PageToWorkerMessage, WorkerToPageMessage } from '../contract/sw-messages.ts';
import { pwaState } from './pwa-state.ts';

let workbox: Workbox | null = null;
/** Set when the player pressed Reload: only then does a worker taking control reload the page. */
let updateRequested = false;
const workerListeners = new Set<(message: WorkerToPageMessage) => void>();

export function onWorkerMessage(listener: (message: WorkerToPageMessage) => void): () => void {
  workerListeners.add(listener);
  return () => workerListeners.delete(listener);
}

export function postToWorker(message: PageToWorkerMessage): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js', { scope: '/', type: 'module' });
  workbox.addEventListener('waiting', () => {
    pwaState.updateWaiting = true;
  });
  workbox.addEventListener('controlling', (event) => {
    pwaState.controlled = true;
    // A newer worker took over because the player chose Reload: load the new version once.
    // (`isUpdate` is false in the tab that installed the first worker, so it cannot be the test.)
    if (updateRequested || event.isUpdate) window.location.reload();
  });
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate) cacheEarlyApiAnswers();
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerToPageMessage>) => {
    if (event.data && typeof event.data.type === 'string') workerListeners.forEach((l) => l(event.data));
  });
  pwaState.controlled = Boolean(navigator.serviceWorker.controller);
  void workbox.register().catch(() => {
    // Registration can fail in private modes; the app still works online.
  });
}

/**
 * The first worker starts after the page already loaded its public API answers (policies,
 * named properties); hand their URLs to the worker's runtime routes (Workbox's CACHE_URLS
 * message) so they open offline after this first visit too. Only same-origin GET answers of
 * /api/ that a runtime route caches are affected; the worker ignores the others.
 */
function cacheEarlyApiAnswers(): void {
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((url) => url.startsWith(`${window.location.origin}/api/`));
  if (urlsToCache.length > 0) void workbox?.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

/** The player pressed Reload on the update prompt. */
export function applyUpdate(): void {
  if (!workbox) {
    window.location.reload();
    return;
  }
  updateRequested = true;
  workbox.messageSkipWaiting();
}

/** Asks the worker to look for a new version (called with the client-version poll). */
export function checkForUpdate(): void {
  void workbox?.update().catch(() => undefined);
}
