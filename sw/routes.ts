/**
 * Runtime caching routes. Each kind of answer has its own named cache and limits.
 * API answers that move money or belong to a signed-in player are never cached here:
 * only the public, read-only calls listed below are matched; every other /api call goes
 * straight to the network.
 */
import { createHandlerBoundToURL, matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { API_PREFIX, API_PATHS } from '../src/contract/api-paths.ts';
import { GAMES_API_PATHS } from '../src/contract/games.ts';
import { REVIEWS_API_PATHS } from '../src/contract/reviews.ts';
import { FROM_CACHE_HEADER, OFFLINE_PAGE, SW_CACHES } from '../src/contract/sw-messages.ts';
import type { WorkboxPlugin } from 'workbox-core';

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

/**
 * Marks API answers served from a cache. 'fallback' (network-first routes): the network failed,
 * so the page counts the server as unreachable and shows the offline banner. 'copy'
 * (stale-while-revalidate): served from cache even online, so it proves nothing either way.
 */
const markCached = (kind: 'fallback' | 'copy'): WorkboxPlugin => ({
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(FROM_CACHE_HEADER, kind);
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
});
/** A flaky network falls back to the cache after this long instead of hanging for 30 s. */
const NETWORK_TIMEOUT_SECONDS = 3;

const isApi = (url: URL, path: string): boolean => url.pathname === `${API_PREFIX}${path}`;

export function registerRuntimeRoutes(): void {
  // Client-side routes get the precached shell; /api and real files are left alone.
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api\//, /^\/games\//, /\.[a-z0-9]+$/i],
    }),
  );

  // Policies and legal documents: show the last copy at once, refresh in the background.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isApi(url, API_PATHS.legalDocuments),
    new StaleWhileRevalidate({
      cacheName: SW_CACHES.legal,
      plugins: [
        okOnly,
        markCached('copy'),
        new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 30 * 24 * 3600 }),
      ],
    }),
  );

  // The footer's review summary (public, the same for every visitor): the last copy at once, so
  // the widget shows its figures offline too, refreshed in the background.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isApi(url, REVIEWS_API_PATHS.summary),
    new StaleWhileRevalidate({
      cacheName: SW_CACHES.reviews,
      plugins: [
        okOnly,
        markCached('copy'),
        new ExpirationPlugin({ maxEntries: 1, maxAgeSeconds: 30 * 24 * 3600 }),
      ],
    }),
  );

  // Named properties: fresh when the network answers within 3 s, else the last copy.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isApi(url, API_PATHS.properties),
    new NetworkFirst({
      cacheName: SW_CACHES.properties,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        okOnly,
        markCached('fallback'),
        new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * 24 * 3600 }),
      ],
    }),
  );

  // Lobby list (public game catalogue, and the public instant-win list). Only these: the other
  // GET /games calls (fairness seeds, open and recent rounds) are one player's answers, and an
  // old copy of an open round served offline would show a hand that has moved on.
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      (isApi(url, GAMES_API_PATHS.catalogue) || isApi(url, GAMES_API_PATHS.instantWinGames)),
    new NetworkFirst({
      cacheName: SW_CACHES.lobby,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        okOnly,
        markCached('fallback'),
        new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 7 * 24 * 3600 }),
      ],
    }),
  );

  // One expiration for the one game-assets cache, shared by its two routes.
  const gameAssetsExpiration = new ExpirationPlugin({
    maxEntries: 200,
    maxAgeSeconds: 30 * 24 * 3600,
    purgeOnQuotaError: true,
  });
  // A house game's page (/games/<id>/): shown at once from the copy of the last visit, refreshed
  // in the background, so a game opened before starts at once even on a weak network and picks
  // up a new release on the next visit (a cache-first page would keep the old game for good).
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      url.pathname.startsWith('/games/') &&
      (url.pathname.endsWith('/') || url.pathname.endsWith('.html')),
    new StaleWhileRevalidate({
      cacheName: SW_CACHES.gameAssets,
      plugins: [okOnly, gameAssetsExpiration],
    }),
  );

  // The games' hashed code and styles, and the catalogue's card art (/games/art/), so the
  // lobby opens offline with its pictures: immutable per release, so cache-first.
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/games/'),
    new CacheFirst({
      cacheName: SW_CACHES.gameAssets,
      plugins: [okOnly, gameAssetsExpiration],
    }),
  );

  // Images not in the precache (promo art, avatars from our origin).
  registerRoute(
    ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith(API_PREFIX),
    new CacheFirst({
      cacheName: SW_CACHES.images,
      plugins: [
        okOnly,
        new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      ],
    }),
  );

  // A navigation that failed entirely (shell missing from cache) gets the offline page.
  setCatchHandler(async ({ request }) => {
    if (request.destination === 'document') {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
    return Response.error();
  });
}
