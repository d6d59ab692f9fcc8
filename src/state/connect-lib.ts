/**
 * The lower layers (src/lib) know nothing of the store: the app connects them to it once at
 * start. The API client gets the session's token and hooks; named properties loaded through
 * SWR are merged into the store for code outside React; favourites and game settings changed
 * offline are sent when the app is back online.
 */
import { configureFairnessPlayer } from '../lib/fair-player.ts';
import { configureNamedProperties } from '../lib/use-named-properties.ts';
import { mergeProperties } from './properties-actions.ts';
import { connectApiClientToSession } from './session-actions.ts';
import { store } from './store.ts';

export function connectLibToState(): void {
  connectApiClientToSession();
  configureNamedProperties({ onLoaded: mergeProperties });
  configureFairnessPlayer(() => store.session.user?.id ?? null);
  // Back online (the browser's signal, or the API answering again): send what waits.
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => {
    void import('./player-data-actions.ts').then(
      (m) => m.flushPlayerData(),
      () => undefined,
    );
  });
}
