/**
 * A returning player stays signed in: after a reload, a typed address, a sign-out and sign-in,
 * or a new page of the same browser. Every test runs in a fresh browser context (Playwright's
 * default), so no test starts from a signed-in profile.
 *
 * "No flash" is measured in the page itself: an init script records every path the app showed
 * and whether a password field (the login form) or a guarded page's heading was ever in the DOM,
 * from the first script on, so a login page shown for one frame is caught.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  createPlayerViaApi,
  expectLobby,
  expectOnLogin,
  fillJoinForm,
  newPlayer,
  signIn,
  signInToLobby,
  submitJoinForm,
  type NewPlayer,
} from './support/app.ts';

/** Where the app mirrors the session (src/state/mirror-presence.ts). */
const MIRROR_DB = 'lucky-crown';
const MIRROR_STORE = 'mirror';
const MIRROR_KEY = 'session-v1';

interface Seen {
  paths: string[];
  loginForm: boolean;
  lobbyHeading: boolean;
  /** The signed-out visitor's home page (its welcome-offer line). */
  homePage: boolean;
}

declare global {
  interface Window {
    __seen?: Seen;
  }
}

/** Records, from the first script of every document, what the page showed. */
async function watchWhatIsShown(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: Seen = { paths: [], loginForm: false, lobbyHeading: false, homePage: false };
    window.__seen = seen;
    const look = () => {
      const path = window.location.pathname;
      if (seen.paths[seen.paths.length - 1] !== path) seen.paths.push(path);
      if (document.querySelector('input[type="password"]')) seen.loginForm = true;
      if (document.querySelector('[data-testid="welcome-offer"]')) seen.homePage = true;
      for (const h of Array.from(document.querySelectorAll('h1, h2'))) {
        if (h.textContent?.trim() === 'Lobby') seen.lobbyHeading = true;
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
    const tick = () => {
      look();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const seenOn = (page: Page): Promise<Seen> =>
  page.evaluate(() => window.__seen ?? { paths: [], loginForm: false, lobbyHeading: false, homePage: false });

/** Since the watch began, the page showed only `path` and never the login form. */
async function expectOnlyShown(page: Page, path: string): Promise<void> {
  const seen = await seenOn(page);
  expect(seen.paths).toEqual([path]);
  expect(seen.loginForm).toBe(false);
}

/** Counts the refresh-cookie exchanges the page sends from now on. */
function countRefreshes(context: BrowserContext): { readonly count: number } {
  const counter = { count: 0 };
  context.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === apiUrl(API_PATHS.refresh)) counter.count += 1;
  });
  return counter;
}

/** The app's IndexedDB mirror record as the page stores it (undefined when absent). */
function readMirrorRecord(page: Page): Promise<unknown> {
  return page.evaluate(
    ({ db, store, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const conn = open.result;
          if (!conn.objectStoreNames.contains(store)) {
            conn.close();
            resolve(undefined);
            return;
          }
          const get = conn.transaction(store).objectStore(store).get(key);
          get.onsuccess = () => {
            conn.close();
            resolve(get.result);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    { db: MIRROR_DB, store: MIRROR_STORE, key: MIRROR_KEY },
  );
}

async function expectSignedInOn(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|#|$)`));
  await expect(page.getByTestId('balance-amount')).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText(/\d/);
}

async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-sign-out').click();
  await expectOnLogin(page);
}

/**
 * A player created through a request context of its own (not the page's), so the browser under
 * test holds no cookie of that account until it signs in.
 */
async function playerOfItsOwn(request: APIRequestContext): Promise<NewPlayer> {
  const player = newPlayer({ postalCode: '60601' });
  await createPlayerViaApi(request, player);
  return player;
}

test('a signed-in player reloads the lobby and is still signed in, with no flash of the login page', async ({
  page,
  context,
  request,
}) => {
  const player = await playerOfItsOwn(request);
  await signInToLobby(page, player.email, player.password);
  // The sign-in reached the IndexedDB mirror (profile only, never the token).
  await expect
    .poll(async () => JSON.stringify((await readMirrorRecord(page)) ?? null))
    .toContain(player.email);
  expect(JSON.stringify(await readMirrorRecord(page))).not.toMatch(/"token"/);

  await watchWhatIsShown(context);
  const refreshes = countRefreshes(context);
  await page.reload();
  await expectLobby(page);
  await expectOnlyShown(page, ROUTES.lobby);
  expect(refreshes.count).toBe(1);
});

test('a player who just joined opens /buy-coins by its address and is still signed in', async ({
  page,
  context,
}) => {
  await page.goto(ROUTES.createUser);
  await fillJoinForm(page, newPlayer({ postalCode: '60601' }));
  await submitJoinForm(page);
  await expectLobby(page);

  await watchWhatIsShown(context);
  await page.goto(ROUTES.buyCoins);
  await expectSignedInOn(page, ROUTES.buyCoins);
  await expectOnlyShown(page, ROUTES.buyCoins);
});

test('sign in, sign out, sign in again, reload: still signed in', async ({ page, context, request }) => {
  const player = await playerOfItsOwn(request);
  await signInToLobby(page, player.email, player.password);
  await signOutFromMenu(page);
  await signIn(page, player.email, player.password);
  await expectLobby(page);

  await watchWhatIsShown(context);
  await page.reload();
  await expectLobby(page);
  await expectOnlyShown(page, ROUTES.lobby);
});

test('the page is closed and a new page of the same browser opens /lobby signed in', async ({
  page,
  context,
  request,
}) => {
  const player = await playerOfItsOwn(request);
  await signInToLobby(page, player.email, player.password);
  await page.close();

  await watchWhatIsShown(context);
  const next = await context.newPage();
  await next.goto(ROUTES.lobby);
  await expectLobby(next);
  await expectOnlyShown(next, ROUTES.lobby);
});

test("a signed-in player types the home and sign-in addresses: the lobby, never the visitor's page or the login form", async ({
  page,
  context,
  request,
}) => {
  const player = await playerOfItsOwn(request);
  await signInToLobby(page, player.email, player.password);
  // The server answers these addresses with the visitor's markup, unless the browser holds a
  // session (its hint cookie): then the plain shell, which the app renders as the player's.
  await watchWhatIsShown(context);
  for (const address of ['/', ROUTES.login]) {
    await page.goto(address);
    await expectLobby(page);
    const seen = await seenOn(page);
    expect(seen.homePage, address).toBe(false);
    expect(seen.loginForm, address).toBe(false);
  }
});

test('a returning player whose mirror is gone resumes from the refresh cookie with one refresh request', async ({
  page,
  context,
  request,
}) => {
  const player = await playerOfItsOwn(request);
  await signInToLobby(page, player.email, player.password);
  // Leave the app for a same-origin page that holds no connection to the mirror, and delete it
  // there: the browser still has the refresh cookie, the app has nothing mirrored.
  await page.goto(apiUrl(API_PATHS.health));
  await page.evaluate(
    (db) =>
      new Promise<void>((resolve, reject) => {
        const del = indexedDB.deleteDatabase(db);
        del.onsuccess = () => resolve();
        del.onerror = () => reject(del.error);
      }),
    MIRROR_DB,
  );

  await watchWhatIsShown(context);
  const refreshes = countRefreshes(context);
  await page.goto(ROUTES.myAccount);
  await expectSignedInOn(page, ROUTES.myAccount);
  await expectOnlyShown(page, ROUTES.myAccount);
  expect(refreshes.count).toBe(1);
});

test('a first-time visitor to a guarded address gets the login page at once, no refresh request, no flash of the page', async ({
  page,
  context,
}) => {
  await watchWhatIsShown(context);
  const refreshes = countRefreshes(context);
  await page.goto(ROUTES.lobby);
  await expectOnLogin(page);
  const seen = await seenOn(page);
  expect(seen.lobbyHeading).toBe(false);
  expect(seen.paths).toEqual([ROUTES.lobby, ROUTES.login]);
  expect(refreshes.count).toBe(0);
});

test('a signed-out visitor who was signed in before asks for one refresh, then gets the login page with no flash of the page', async ({
  page,
  context,
  request,
}) => {
  const player = await playerOfItsOwn(request);
  await signInToLobby(page, player.email, player.password);
  await signOutFromMenu(page);

  await watchWhatIsShown(context);
  const refreshes = countRefreshes(context);
  await page.goto(ROUTES.lobby);
  await expectOnLogin(page);
  const seen = await seenOn(page);
  expect(seen.lobbyHeading).toBe(false);
  expect(seen.paths).toEqual([ROUTES.lobby, ROUTES.login]);
  // The cookie was cleared at sign-out: the one try is refused and nothing is retried.
  await page.waitForTimeout(500);
  expect(refreshes.count).toBe(1);
});
