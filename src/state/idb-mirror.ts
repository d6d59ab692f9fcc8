/**
 * IndexedDB mirror of the session profile, balances and currency (one idb-keyval store,
 * database "lucky-crown", object store "mirror"). It lets a reload or an offline start show
 * who is signed in and the last known balance at once, before the API answers.
 * Stored: the user profile, balances, active currency, recently played game ids, a schema version
 * and the save time.
 * Never stored: the access token (memory only) or any other credential; the refresh token is an
 * httpOnly cookie. Everything read back is validated with superstruct; bad, old-shaped or
 * unreadable data is deleted and ignored, never crashes the app.
 */
import { del, get, set } from 'idb-keyval';
import {
  array,
  enums,
  literal,
  nullable,
  number,
  optional,
  string,
  type as shape,
  validate,
  type Infer,
} from 'superstruct';
import { snapshot, subscribe } from 'valtio';
import { BalancesSchema, UserSchema } from '../contract/schemas.ts';
import { store } from './store.ts';
import { MIRROR_DB, MIRROR_KEY, MIRROR_STORE, mirrorStore } from './mirror-presence.ts';

export { MIRROR_DB, MIRROR_KEY, MIRROR_STORE };
/** Bump when the shape changes: older records fail validation and are dropped. */
export const MIRROR_VERSION = 1;

export const MirrorRecordSchema = shape({
  version: literal(MIRROR_VERSION),
  savedAt: number(),
  user: UserSchema,
  balances: nullable(BalancesSchema),
  activeCurrency: enums(['gold', 'sweeps']),
  /**
   * Optional so a record saved before it existed still loads (with no recently played games)
   * instead of failing validation and signing the player out of their offline start. Not
   * limited here for the same reason: restoring trims it (restoreRecentlyPlayed).
   */
  recentlyPlayed: optional(array(string())),
});
export type MirrorRecord = Infer<typeof MirrorRecordSchema>;

/** Keys that must never reach disk, whatever object they sneak in on. */
const SECRET_KEYS = new Set(['token', 'access_token', 'refresh_token', 'password', 'password1', 'password2']);
const plainCopy = <T>(v: T): T =>
  JSON.parse(JSON.stringify(v, (k, val: unknown) => (SECRET_KEYS.has(k) ? undefined : val))) as T;

/** Reads the mirror; null when absent, invalid (then deleted) or IndexedDB is unusable. */
export async function readMirror(): Promise<MirrorRecord | null> {
  const db = mirrorStore();
  if (!db) return null;
  try {
    const raw: unknown = await get(MIRROR_KEY, db);
    if (raw === undefined) return null;
    const [err, record] = validate(raw, MirrorRecordSchema);
    if (err) {
      await del(MIRROR_KEY, db).catch(() => undefined);
      return null;
    }
    return record;
  } catch {
    return null;
  }
}

export async function writeMirror(record: Omit<MirrorRecord, 'version' | 'savedAt'>): Promise<void> {
  const db = mirrorStore();
  if (!db) return;
  // Explicit field list: whatever else sits on the objects (and any token) never reaches disk.
  const value: MirrorRecord = {
    version: MIRROR_VERSION,
    savedAt: Date.now(),
    user: plainCopy(record.user),
    balances: record.balances ? plainCopy(record.balances) : null,
    activeCurrency: record.activeCurrency,
    recentlyPlayed: [...(record.recentlyPlayed ?? [])],
  };
  try {
    await set(MIRROR_KEY, value, db);
  } catch {
    // Quota or private mode: the mirror is a convenience, the API remains the source.
  }
}

export async function clearMirror(): Promise<void> {
  const db = mirrorStore();
  if (!db) return;
  try {
    await del(MIRROR_KEY, db);
  } catch {
    // ignore: nothing we can do, and nothing sensitive is stored
  }
}

let pending: ReturnType<typeof setTimeout> | null = null;
/**
 * Mirrors the store while signed in; returns an unsubscribe function. It listens to the root
 * store, not to the slice objects, so it keeps working whatever the actions do to a slice; a
 * slice's snapshot is a new object exactly when something in it changed.
 */
export function startMirroring(delayMs = 100): () => void {
  const flush = () => {
    if (pending) clearTimeout(pending);
    pending = null;
    const { user, status } = store.session;
    if (status !== 'signed-in' || !user) return;
    void writeMirror({
      user,
      balances: store.balances.current,
      activeCurrency: store.currency.activeCurrency,
      recentlyPlayed: store.games.recentlyPlayed,
    });
  };
  let last = snapshot(store);
  const unsubscribe = subscribe(store, () => {
    const next = snapshot(store);
    // A sign-in is written at once, so a reload right after it still resumes the session; so is a
    // game opened (one change, not a burst), so "Recently played" survives closing the app at once.
    const changedOnce = next.session !== last.session || next.games !== last.games;
    const burstChanged = next.balances !== last.balances || next.currency !== last.currency;
    last = next;
    if (changedOnce) flush();
    // Balances and currency change in bursts (coin animations): one write at most `delayMs` after
    // the first unsaved change. Not a debounce: an animation that keeps going must not hold the
    // write back until the page is gone.
    else if (burstChanged && !pending) pending = setTimeout(flush, delayMs);
  });
  window.addEventListener('pagehide', flush);
  return () => {
    if (pending) clearTimeout(pending);
    unsubscribe();
    window.removeEventListener('pagehide', flush);
  };
}
