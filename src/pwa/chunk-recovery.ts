/**
 * Chunk-load recovery: after a release, an open tab may ask for a hashed chunk that no longer
 * exists. Reload the page once so it fetches the new shell; a sessionStorage guard stops a
 * reload loop when the chunk is missing for another reason.
 */
const GUARD_KEY = 'lc.chunkReloadAt';
/** A second failure within this window means reloading did not help: show the error instead. */
const LOOP_WINDOW_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** Reloads once per loop window; answers false when a reload already happened recently. */
export function reloadAfterChunkError(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(GUARD_KEY) ?? '0');
  if (now - last < LOOP_WINDOW_MS) return false;
  sessionStorage.setItem(GUARD_KEY, String(now));
  window.location.reload();
  return true;
}

export function installChunkRecovery(): void {
  // Route chunks: the router hands a failed lazy import to RouteError, which reloads at the new
  // URL (reloading here, before the URL changes, would land the player back where they were).
  // Other dynamic imports (menu panel, dialogs) fail as unhandled rejections: reload in place.
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadAfterChunkError()) event.preventDefault();
  });
}
