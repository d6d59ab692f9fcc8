/**
 * Online/offline as app state. Two signals: the browser's `navigator.onLine` (flips within a
 * second when the device loses its network) and whether our API answered the last call — a
 * phone on a captive portal or a dead cell link reports "online" while nothing gets through.
 * After a network failure a light health probe runs every few seconds until the API answers.
 */
import { useSyncExternalStore } from 'react';
import { API_PATHS, apiUrl } from '../contract/api-paths.ts';

const PROBE_INTERVAL_MS = 5_000;
let apiReachable = true;
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
  const browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
  return browserOnline && apiReachable;
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
  probeTimer = setTimeout(() => void probe(), PROBE_INTERVAL_MS);
}

/** The API client could not reach the server at all (no HTTP answer). */
export function reportApiUnreachable(): void {
  if (apiReachable) {
    apiReachable = false;
    notify();
  }
  probeTimer ??= setTimeout(() => void probe(), PROBE_INTERVAL_MS);
}

/** Any HTTP answer from the API proves it is reachable again. */
export function reportApiReachable(): void {
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

/** Plain text for actions that need the server while offline. */
export const OFFLINE_ACTION_MESSAGE =
  "You're offline. This needs a connection and will be available again when you reconnect.";
