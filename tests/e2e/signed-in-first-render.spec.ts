/**
 * A returning player's first paint is the page itself: the app renders once it knows the session,
 * has the page's code and the shell properties (src/app/first-render.ts), instead of painting the
 * header over a loading screen and then building the page while the player watches, which kept a
 * phone's main thread blocked after the first paint (Lighthouse's blocking time on signed-in pages).
 *
 * Measured in the page: an init script records what the app's first commit into #root held, and
 * whether the loading overlay was ever in the DOM.
 */
import { expect, test, type Page } from '@playwright/test';
import { createPlayerViaApi, expectLobby, newPlayer, signInToLobby } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 } });

interface FirstRender {
  /** The page heading in the app's first commit (null: the shell came first). */
  pageTitle: string | null;
  /** The header was in that commit too. */
  header: boolean;
}

declare global {
  interface Window {
    __firstRender?: FirstRender | null;
    __overlaySeen?: boolean;
  }
}

/** Whether the app has mirrored the session to IndexedDB (what a returning player starts from). */
const mirrored = (page: Page): Promise<boolean> =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('lucky-crown');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('mirror')) {
            db.close();
            resolve(false);
            return;
          }
          const get = db.transaction('mirror').objectStore('mirror').get('session-v1');
          get.onsuccess = () => {
            db.close();
            resolve(get.result !== undefined);
          };
          get.onerror = () => resolve(false);
        };
      }),
  );

test("a returning player's first paint is the lobby itself, not the shell with a loading screen", async ({
  page,
  context,
  request,
}) => {
  const player = newPlayer({ postalCode: '60601' });
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  await expect.poll(() => mirrored(page)).toBe(true);

  await context.addInitScript(() => {
    window.__firstRender = null;
    window.__overlaySeen = false;
    // Mutation callbacks run before the browser paints, so the first one after the app's first
    // commit sees exactly what that commit put on screen.
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="loading-overlay"]')) window.__overlaySeen = true;
      const root = document.getElementById('root');
      if (window.__firstRender === null && root && root.childElementCount > 0) {
        window.__firstRender = {
          pageTitle: document.getElementById('page-title')?.textContent ?? null,
          header: root.querySelector('header') !== null,
        };
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expectLobby(page);

  const seen = await page.evaluate(() => ({ first: window.__firstRender, overlay: window.__overlaySeen }));
  expect(seen.first).toEqual({ pageTitle: 'Lobby', header: true });
  expect(seen.overlay).toBe(false);
});
