/**
 * State of the installed app, kept apart from the worker registration (workbox-window) so the
 * shell can show the update prompt without loading it: the registration starts after the
 * first render.
 */
import { proxy } from 'valtio';

export const pwaState = proxy({
  /** A new version is installed and waiting for the player's Reload. */
  updateWaiting: false,
  /** The worker controls this page (offline reloads work). */
  controlled: false,
  /** The server's minimum client version is above this build's: the player must refresh. */
  refreshRequired: false,
});
