/** The store as the server renders the public pages (src/prerender/render-page.tsx). */
import { assignSlice, initialSession } from './store.ts';

/** A first-time visitor: nobody signed in, so the guards let the public pages through. */
export function renderAsSignedOutVisitor(): void {
  assignSlice('session', { ...initialSession(), status: 'signed-out' });
}
