/**
 * App-shell precache: every hashed asset, index.html, the manifest and the offline page, as
 * listed by vite-plugin-pwa at build time. Old precaches are removed only when a new worker
 * activates, so the running version's chunks stay loadable while a new version waits.
 */
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

export function setUpPrecache(manifest: Array<PrecacheEntry | string>): void {
  cleanupOutdatedCaches();
  precacheAndRoute(manifest);
}
