/**
 * Offline copies of the player's recently viewed history pages (coin histories, their filters,
 * yearly summaries, redemptions with their timelines, referrals, recall of the house games, so
 * Verify replays a recalled round offline). An SWR middleware writes each answer of
 * those calls to IndexedDB and, after a reload, offers the saved copy as fallback data until the
 * network answers — so a history page the player viewed opens offline. Kept apart from the
 * service worker on purpose: these are authenticated, player-specific answers, so they live in
 * an app store that logout wipes (`clearPersistedSwr`), never in a shared HTTP cache. At most
 * MAX_ENTRIES, newest first.
 */
import { useEffect } from 'react';
import { unstable_serialize, type Middleware } from 'swr';
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';

const PERSISTED_PATHS = [
  /\/wallet\/transactions\//,
  /\/wallet\/transaction-filters/,
  /\/wallet\/yearly-summary\//,
  // The redemption list with its timelines (not the options: minimums and limits must be current).
  /"\/redemptions"/,
  // The player's referrals and their states (the refer-a-friend page's list).
  /"\/referrals"/,
  // The weekly challenge's board, shown offline with the time it was read.
  /"\/leaderboards\//,
  // Recall of the house games (every game, or one game's): a recalled round verifies offline too.
  /"\/games\/(?:[^"/]+\/)?rounds\/recent"/,
];
const MAX_ENTRIES = 30;

interface SavedEntry {
  savedAt: number;
  /** App version that saved it: answers are validated when fetched, not when read back, so a
   * copy from another release (whose answer shapes may differ) is dropped instead. */
  version: string;
  data: unknown;
}

let idbStore: UseStore | null = null;
function persistStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  idbStore ??= createStore('lucky-crown-offline', 'swr');
  return idbStore;
}

const preloaded = new Map<string, SavedEntry>();

export const isPersistedKey = (key: string): boolean => PERSISTED_PATHS.some((re) => re.test(key));

/** Reads the saved copies into memory; called once before the app renders. */
export async function loadPersistedSwr(): Promise<void> {
  const db = persistStore();
  if (!db) return;
  try {
    const all = (await entries<string, SavedEntry>(db)).filter(
      ([k, v]) =>
        typeof k === 'string' &&
        typeof v?.savedAt === 'number' &&
        v.version === __APP_VERSION__ &&
        isPersistedKey(k),
    );
    all.sort((a, b) => b[1].savedAt - a[1].savedAt);
    all.slice(0, MAX_ENTRIES).forEach(([k, v]) => preloaded.set(k, v));
    const kept = new Set(all.slice(0, MAX_ENTRIES).map(([k]) => k));
    const stale = (await entries<string, SavedEntry>(db)).filter(([k]) => !kept.has(k));
    await Promise.all(stale.map(([k]) => del(k, db)));
  } catch {
    // An unreadable store only means no offline copies.
  }
}

async function save(key: string, data: unknown): Promise<void> {
  const db = persistStore();
  if (!db) return;
  const entry: SavedEntry = { savedAt: Date.now(), version: __APP_VERSION__, data };
  preloaded.set(key, entry);
  try {
    await set(key, entry, db);
  } catch {
    // Quota or private mode: the page still works online.
  }
}

/** Logout: the next player on this device must not see these pages. */
export function clearPersistedSwr(): void {
  preloaded.clear();
  const db = persistStore();
  if (db) void clear(db).catch(() => undefined);
}

export const persistForOffline: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const serialized = key === null ? '' : unstable_serialize(key);
  const persist = serialized !== '' && isPersistedKey(serialized);
  const saved = persist ? preloaded.get(serialized) : undefined;
  const withFallback =
    saved && config.fallbackData === undefined
      ? ({ ...config, fallbackData: saved.data } as typeof config)
      : config;
  const swr = useSWRNext(key, fetcher, withFallback);
  const fresh = swr.data !== undefined && swr.data !== saved?.data ? swr.data : undefined;
  useEffect(() => {
    if (persist && fresh !== undefined) void save(serialized, fresh);
  }, [persist, serialized, fresh]);
  return swr;
};
