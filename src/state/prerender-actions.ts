/** The store as the server renders the public pages (src/prerender/render-page.tsx). */
import { PROPERTY_NAMES } from '../contract/properties.ts';
import { assignSlice, initialSession, store } from './store.ts';

/**
 * A first-time visitor: nobody signed in, so the guards let the public pages through. `goldOnly`:
 * the server's gold-only mode (GOLD_ONLY), so the markup speaks of Gold Coins only when it is on.
 */
export function renderAsSignedOutVisitor(options: { goldOnly?: boolean } = {}): void {
  assignSlice('session', { ...initialSession(), status: 'signed-out' });
  store.properties.values[PROPERTY_NAMES.goldOnlyMode] = String(options.goldOnly ?? false);
}

/**
 * In the browser, before the first render of a page the server rendered in gold-only mode (its root
 * carries data-gold-only): the app's first render must say what the markup says, before the named
 * properties have been asked for.
 */
export function adoptServerGoldOnly(): void {
  store.properties.values[PROPERTY_NAMES.goldOnlyMode] = 'true';
}
