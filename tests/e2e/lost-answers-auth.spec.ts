/**
 * Sign-in, join and the session refresh on a bad link: the request reaches the server, the server
 * does the work, and the answer is lost on the way back (route.fetch() lets the server answer,
 * route.abort() keeps the answer from the page). The player presses the button again, or the app
 * retries: signed in once, never "email already in use", never signed out
 * (docs/security.md, "Sign-in, join, refresh and sign-out on a bad link").
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  createPlayerViaApi,
  expectLobby,
  fillJoinForm,
  newPlayer,
  signIn,
  signInToLobby,
  submitJoinForm,
} from './support/app.ts';

interface Lost {
  /** Idempotency-Key of every request to the path, in order. */
  keys: (string | undefined)[];
  /** The session id (the access token's sid) of every answer the server gave, lost or not. */
  sessions: string[];
}

const sidOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** The first POST to `path` reaches the server, and its answer is lost; later ones go through. */
async function loseFirstAnswer(page: Page, path: string): Promise<Lost> {
  const lost: Lost = { keys: [], sessions: [] };
  let first = true;
  await page.route(`**${apiUrl(path)}`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    lost.keys.push(route.request().headers()[IDEMPOTENCY_HEADER.toLowerCase()]);
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { token?: string } | null;
    if (body?.token) lost.sessions.push(sidOf(body.token));
    if (first) {
      first = false;
      return route.abort('connectionreset');
    }
    return route.fulfill({ response });
  });
  return lost;
}

test('a sign-in whose answer was lost: pressing Sign in again signs in once, to the same session', async ({
  page,
  request,
}) => {
  const player = newPlayer({ postalCode: '60601' });
  await createPlayerViaApi(request, player);
  const lost = await loseFirstAnswer(page, API_PATHS.login);
  await page.goto(ROUTES.login);
  await signIn(page, player.email, player.password);
  await expect(page.getByText('We could not reach our servers. Please try again.')).toBeVisible();
  // The password is kept: the player presses Sign in again.
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(player.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectLobby(page);
  expect(lost.keys).toHaveLength(2);
  expect(lost.keys[0]).toBeTruthy();
  expect(lost.keys[1]).toBe(lost.keys[0]);
  expect(lost.sessions).toHaveLength(2);
  expect(lost.sessions[1]).toBe(lost.sessions[0]);
  // The session holds: a reload resumes it from the refresh cookie.
  await page.reload();
  await expectLobby(page);
});

test('a join whose answer was lost: sending the form again signs in to the new account, not "email already in use"', async ({
  page,
}) => {
  const lost = await loseFirstAnswer(page, API_PATHS.users);
  await page.goto(ROUTES.createUser);
  await fillJoinForm(page, newPlayer({ postalCode: '60601' }));
  await submitJoinForm(page);
  await expect(page.getByText('We could not reach our servers. Please try again.').first()).toBeVisible();
  await submitJoinForm(page);
  await expectLobby(page);
  await expect(page.getByText(/already (in use|registered|taken)/i)).toHaveCount(0);
  expect(lost.keys[1]).toBe(lost.keys[0]);
  expect(lost.sessions[1]).toBe(lost.sessions[0]);
});

test('the refresh answer of a returning player is lost: the app retries and the player stays signed in', async ({
  page,
  request,
}) => {
  const player = newPlayer({ postalCode: '60601' });
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  const lost = await loseFirstAnswer(page, API_PATHS.refresh);
  await page.reload();
  await expectLobby(page);
  // The first refresh rotated the cookie on the server, its answer never arrived; the retry sent
  // the previous cookie and was accepted.
  expect(lost.sessions).toHaveLength(2);
  expect(lost.sessions[1]).toBe(lost.sessions[0]);
  // And the rotation it got works at the next start.
  await page.reload();
  await expectLobby(page);
});

test('a sign-out whose first request never reached the server: the app sends it again, and a reload stays signed out', async ({
  page,
  request,
}) => {
  const player = newPlayer({ postalCode: '60601' });
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  // The first sign-out request dies on the way (the server never hears it); later ones go through.
  let dropped = 0;
  await page.route(`**${apiUrl(API_PATHS.logout)}`, async (route) => {
    if (dropped === 0) {
      dropped += 1;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const ended = page.waitForResponse(
    (r) => new URL(r.url()).pathname === apiUrl(API_PATHS.logout) && r.status() === 204,
  );
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-sign-out').click();
  await ended;
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The refresh cookie left in the browser must not sign the player back in.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}(\\?|#|$)`));
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);
});
