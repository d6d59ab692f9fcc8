/**
 * Online/offline as app state. Two signals: the browser's `navigator.onLine` (flips within a
 * second when the device loses its network) and whether our API answers — a phone on a captive
 * portal or a dead cell link reports "online" while nothing gets through.
 *
 * One lost answer on a flaky link is not "offline": after a call gets no answer, a light health
 * probe runs at once and then every PROBE_INTERVAL_MS, and the API counts as unreachable (the
 * banner, `isOnline()` false) only when UNREACHABLE_AFTER_FAILURES tries in a row got nothing
 * (the call and the probes after it, about 3 s). Any answer ends it. Retry controls of
 * money-moving actions follow the browser alone (`isBrowserOnline`): with the browser online a
 * retry is always worth sending, since it carries the first try's idempotency key
 * (lib/pending-actions.ts).
 */
import { useSyncExternalStore } from 'react';
import { API_PATHS, apiUrl } from '../contract/api-paths.ts';

const PROBE_INTERVAL_MS = 1_500;
/** Tries in a row without an answer (a call, then its probes) before the API counts as unreachable. */
const UNREACHABLE_AFTER_FAILURES = 3;
let apiReachable = true;
let failuresInARow = 0;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((l) => l());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return isBrowserOnline() && apiReachable;
}

/** The browser's own signal: false only when the device has no network at all. */
export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

async function probe(): Promise<void> {
  probeTimer = null;
  try {
    const res = await fetch(apiUrl(API_PATHS.health), { cache: 'no-store' });
    if (res.ok) {
      reportApiReachable();
      return;
    }
  } catch {
    // still unreachable
  }
  noteFailure();
  probeTimer ??= setTimeout(() => void probe(), PROBE_INTERVAL_MS);
}

function noteFailure(): void {
  failuresInARow += 1;
  if (apiReachable && failuresInARow >= UNREACHABLE_AFTER_FAILURES) {
    apiReachable = false;
    notify();
  }
}

/** The API client could not reach the server at all (no HTTP answer): probe at once. */
export function reportApiUnreachable(): void {
  noteFailure();
  probeTimer ??= setTimeout(() => void probe(), 0);
}

/** Any HTTP answer from the API proves it is reachable again. */
export function reportApiReachable(): void {
  failuresInARow = 0;
  if (probeTimer) {
    clearTimeout(probeTimer);
    probeTimer = null;
  }
  if (!apiReachable) {
    apiReachable = true;
    notify();
    // SWR and other listeners revalidate on the browser's online event; fire it for them too.
    window.dispatchEvent(new Event('online'));
  }
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** `isBrowserOnline` as state: what retry controls of money-moving actions follow. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, isBrowserOnline, () => true);
}

/** Plain text for actions that need the server while offline. */
export const OFFLINE_ACTION_MESSAGE =
  "You're offline. This needs a connection and will be available again when you reconnect.";
