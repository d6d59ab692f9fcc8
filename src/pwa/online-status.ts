/**
 * Online/offline as app state. `navigator.onLine` flips within a second of the network going
 * away in Chromium; the hook re-renders on the browser's online/offline events.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Plain text for actions that need the server while offline. */
export const OFFLINE_ACTION_MESSAGE = "You're offline. This needs a connection and will be available again when you reconnect.";
