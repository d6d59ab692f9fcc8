/**
 * Messages between open pages and the service worker. Both sides import these so a
 * renamed message cannot silently break the update or logout flows.
 */

/** Page -> worker. */
export type PageToWorkerMessage =
  /** The waiting worker may take over now (the player pressed Reload). */
  | { type: 'SKIP_WAITING' }
  /** Ask the worker to check the server's minimum client version from the network. */
  | { type: 'CHECK_CLIENT_VERSION' }
  /** A player signed out: drop every cache that may hold player-specific answers. */
  | { type: 'CLEAR_PLAYER_CACHES' };

/** Worker -> pages. */
export type WorkerToPageMessage =
  { type: 'CLIENT_VERSION'; minimumClientVersion: string } | { type: 'PLAYER_CACHES_CLEARED' };

/** Named caches of the runtime routes (the precache is Workbox's own). */
export const SW_CACHES = {
  legal: 'lc-legal-v1',
  gameAssets: 'lc-game-assets-v1',
  lobby: 'lc-lobby-v1',
  properties: 'lc-properties-v1',
  images: 'lc-images-v1',
  /** The footer's review summary (the same for everyone), kept for offline. */
  reviews: 'lc-reviews-v1',
  /** Answers of the signed-in player kept for offline reading (history pages); cleared at logout. */
  player: 'lc-player-v1',
} as const;

/** Caches that may hold one player's data: cleared at logout so the next player sees none of it. */
export const PLAYER_SPECIFIC_CACHES: readonly string[] = [SW_CACHES.player, SW_CACHES.lobby];

/** Header the worker adds to API answers it serves from a cache. */
export const FROM_CACHE_HEADER = 'X-Served-From-Cache';

/** The offline page precached for navigations the shell cannot serve. */
export const OFFLINE_PAGE = '/offline.html';

/** Compares dotted versions ("1.2.10" > "1.2.9"); non-numeric parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
