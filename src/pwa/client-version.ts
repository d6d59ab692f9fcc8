/**
 * Client-version check (spec section 4): every 60 s on unprotected pages, compare this build's
 * version with the server's minimum client version named property and ask for a refresh when
 * below. The service worker answers the check from the network and tells every open page; a
 * page without a controlling worker asks the network itself.
 */
import { API_PATHS, apiUrl } from '../contract/api-paths.ts';
import { TIMINGS } from '../contract/constants.ts';
import { PROPERTY_NAMES } from '../contract/properties.ts';
import { compareVersions } from '../contract/sw-messages.ts';
import { checkForUpdate, onWorkerMessage, postToWorker } from './service-worker.ts';
import { pwaState } from './pwa-state.ts';

export const APP_VERSION: string = __APP_VERSION__;

export function isBelowMinimum(appVersion: string, minimum: string): boolean {
  return compareVersions(appVersion, minimum) < 0;
}

function applyMinimum(minimum: string): void {
  pwaState.refreshRequired = isBelowMinimum(APP_VERSION, minimum);
}

async function checkFromPage(): Promise<void> {
  try {
    const res = await fetch(`${apiUrl(API_PATHS.properties)}?names=${PROPERTY_NAMES.minimumClientVersion}`, {
      cache: 'no-store',
    });
    if (!res.ok) return;
    const body = (await res.json()) as { results?: Array<{ key: string; value: string }> };
    const hit = body.results?.find((r) => r.key === PROPERTY_NAMES.minimumClientVersion);
    if (hit) applyMinimum(hit.value);
  } catch {
    // Offline: try again at the next poll.
  }
}

export function checkClientVersion(): void {
  if (navigator.serviceWorker?.controller) postToWorker({ type: 'CHECK_CLIENT_VERSION' });
  else void checkFromPage();
  checkForUpdate();
}

/**
 * Starts polling. `isUnprotectedPage` is asked at each tick so the check runs only on pages
 * that do not need a sign-in (a player in a game is never interrupted by it).
 */
export function startClientVersionPolling(isUnprotectedPage: () => boolean): () => void {
  const stop = onWorkerMessage((message) => {
    if (message.type === 'CLIENT_VERSION') applyMinimum(message.minimumClientVersion);
  });
  const tick = (): void => {
    if (isUnprotectedPage()) checkClientVersion();
  };
  tick();
  const timer = window.setInterval(tick, TIMINGS.clientVersionPollMs);
  return () => {
    window.clearInterval(timer);
    stop();
  };
}
