/**
 * Favourites and game settings follow the player (docs/player-settings.md), at 360 px: a returning
 * player stars games and turns on quick spin in one browser, then signs in on a fresh one (a new
 * device) and finds both; a favourite starred offline (by keyboard) reaches the server once the
 * browser is back online.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../src/contract/constants.ts';
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { ROUTES, withParams } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signInToLobby, type NewPlayer } from './support/app.ts';

const PHONE = { width: 360, height: 780 };

/** A fresh browser context (nothing stored: a new device) signed in through the login page. */
async function newDevice(browser: Browser, player: NewPlayer): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInToLobby(page, player.email, player.password);
  return page;
}

/** The player's user_data as the server has it, read in a session of the test's own. */
async function serverUserData(
  request: APIRequestContext,
  player: NewPlayer,
): Promise<Record<string, unknown>> {
  const csrf = ((await (await request.get(apiUrl(API_PATHS.csrf))).json()) as { csrf_token: string })
    .csrf_token;
  const login = await request.post(apiUrl(API_PATHS.login), {
    headers: { [CSRF_HEADER]: csrf },
    data: { email: player.email, password: player.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const me = await request.get(apiUrl(API_PATHS.me), { headers: { Authorization: `JWT ${token}` } });
  expect(me.ok()).toBeTruthy();
  return ((await me.json()) as { user_data: Record<string, unknown> }).user_data;
}

const savedOnServer = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith(API_PATHS.userData) && r.request().method() === 'PATCH' && r.ok(),
  );

const noSideways = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);

const favouritesTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Game categories' }).getByRole('link', { name: 'Favourites' });

test('favourites and a game setting made on one device are there on a new device', async ({
  browser,
  request,
}) => {
  const player = newPlayer();
  await createPlayerViaApi(request, player);

  // Device one: the Favourites filter starts empty and says how to add one.
  const one = await newDevice(browser, player);
  await favouritesTab(one).click();
  await expect(one).toHaveURL(/\/lobby\/favourites$/);
  await expect(one.getByTestId('no-favourites')).toContainText('tap the star');
  await one.getByRole('link', { name: 'All', exact: true }).click();

  // A star on a lobby card.
  const star = one.getByRole('button', { name: 'Favourite Crown Jewels' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  const saved = savedOnServer(one);
  await star.click();
  await saved;
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await noSideways(one);

  // A star and quick spin on a game page.
  await one.goto(withParams(ROUTES.game, { gameId: HOUSE_GAME_IDS.blackjack }));
  const pageStar = one.getByRole('button', { name: 'Favourite Blackjack' });
  const savedStar = savedOnServer(one);
  await pageStar.click();
  await savedStar;
  await expect(pageStar).toHaveAttribute('aria-pressed', 'true');
  await noSideways(one);
  await one.goto(withParams(ROUTES.game, { gameId: HOUSE_GAME_IDS.slots }));
  await one.getByText('Game settings', { exact: true }).click();
  const quick = one.getByRole('checkbox', { name: /Quick spin/ });
  await expect(quick).not.toBeChecked();
  const savedSetting = savedOnServer(one);
  await quick.check();
  await savedSetting;
  await noSideways(one);
  await one.context().close();

  // Device two: a fresh browser, signed in through the login page.
  const two = await newDevice(browser, player);
  await favouritesTab(two).click();
  const list = two.getByTestId('game-list');
  await expect(list.getByRole('link')).toHaveCount(2);
  await expect(list.getByRole('link', { name: 'Crown Jewels', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Blackjack', exact: true })).toBeVisible();
  await expect(two.getByRole('button', { name: 'Favourite Blackjack' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await noSideways(two);
  await two.goto(`${ROUTES.myAccount}#game-settings`);
  const section = two.locator('section[aria-labelledby="game-settings"]');
  await expect(section.getByRole('checkbox', { name: /Quick spin/ })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: /Reduce motion/ })).not.toBeChecked();
  await expect(section).toContainText('You have 2 favourite games.');
  await noSideways(two);
  await two.context().close();
});

test('a favourite starred offline reaches the server when the browser is back online', async ({
  browser,
  request,
}) => {
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  const page = await newDevice(browser, player);
  await expect(page.getByTestId('game-list')).toBeVisible();

  await page.context().setOffline(true);
  await expect(page.getByTestId('lobby-offline')).toBeVisible();
  // By keyboard: focus the star and press Space.
  const star = page.getByRole('button', { name: 'Favourite Jacks or Better' });
  await star.focus();
  await page.keyboard.press('Space');
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  // The last known favourites show offline.
  await favouritesTab(page).click();
  await expect(page.getByTestId('game-list').getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('game-list').getByRole('link', { name: 'Jacks or Better' })).toBeVisible();
  // The server has not heard of it yet.
  expect(await serverUserData(request, player)).toEqual({});

  const saved = savedOnServer(page);
  await page.context().setOffline(false);
  await saved;
  await expect
    .poll(async () => (await serverUserData(request, player))[`favourite.${HOUSE_GAME_IDS.videoPoker}`])
    .toBe(true);
  await page.context().close();
});
