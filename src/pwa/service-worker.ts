/**
 * Registers the service worker with workbox-window and exposes the update flow:
 * a new version waits until the player chooses Reload (never a forced takeover, so a game in
 * play is not interrupted); then the waiting worker takes over and the page reloads once.
 */
import { Workbox } from 'workbox-window';
import { proxy } from 'valtio';
import type { PageToWorkerMessage, WorkerToPageMessage } from '../contract/sw-messages.ts';

export const pwaState = proxy({
  /** A new version is installed and waiting for the player's Reload. */
  updateWaiting: false,
  /** The worker controls this page (offline reloads work). */
  controlled: false,
  /** The server's minimum client version is above this build's: the player must refresh. */
  refreshRequired: false,
});

let workbox: Workbox | null = null;
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
    if (event.isUpdate) window.location.reload();
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerToPageMessage>) => {
    if (event.data && typeof event.data.type === 'string') workerListeners.forEach((l) => l(event.data));
  });
  pwaState.controlled = Boolean(navigator.serviceWorker.controller);
  void workbox.register().catch(() => {
    // Registration can fail in private modes; the app still works online.
  });
}

/** The player pressed Reload on the update prompt. */
export function applyUpdate(): void {
  if (!workbox) {
    window.location.reload();
    return;
  }
  workbox.messageSkipWaiting();
}

/** Asks the worker to look for a new version (called with the client-version poll). */
export function checkForUpdate(): void {
  void workbox?.update().catch(() => undefined);
}
