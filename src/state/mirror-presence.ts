/**
 * Where the IndexedDB mirror lives, and a cheap "is anyone mirrored?" check for the light
 * entry (no schema validation, no store: those load with the app). The full read with
 * validation is idb-mirror.ts.
 */
import { createStore, get, type UseStore } from 'idb-keyval';

export const MIRROR_DB = 'lucky-crown';
export const MIRROR_STORE = 'mirror';
export const MIRROR_KEY = 'session-v1';

let idbStore: UseStore | null = null;
export function mirrorStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  idbStore ??= createStore(MIRROR_DB, MIRROR_STORE);
  return idbStore;
}

/** True when a mirrored session exists (it may still prove invalid or expired later). */
export async function hasMirroredSession(): Promise<boolean> {
  const db = mirrorStore();
  if (!db) return false;
  try {
    return (await get(MIRROR_KEY, db)) !== undefined;
  } catch {
    return false;
  }
}
