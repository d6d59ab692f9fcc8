/**
 * The lobby at 390 px: a returning player in a fresh browser signs in, reloads, and finds the
 * game catalogue as cards, the category routes, the search by name, a game card leading to its
 * game page, and that game first in "Recently played" afterwards (kept across a reload).
 */
import { expect, test, type Page } from '@playwright/test';
import { HOUSE_GAME_IDS, VENDOR_GAME_ID } from '../../src/contract/games.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectLobby, newPlayer, signInToLobby } from './support/app.ts';

const SEEDED_GAMES = [...Object.values(HOUSE_GAME_IDS), VENDOR_GAME_ID];

const gameList = (page: Page) => page.getByTestId('game-list');
const cardNames = (page: Page) =>
  gameList(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.querySelector('[data-testid="game-card-name"]')?.textContent));

test('a returning player finds the games by category and by name, and opens one', async ({
  page,
  request,
}) => {
  // A player of their own: no round left open by another spec's game can hold the page.
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  await page.reload();
  await expectLobby(page);

  // Every seeded game is a card with its art (named by the game), linking to its game page.
  await expect(gameList(page).getByRole('link')).toHaveCount(SEEDED_GAMES.length);
  for (const id of SEEDED_GAMES) {
    await expect(page.getByTestId(`game-card-${id}`)).toHaveAttribute(
      'href',
      `/quick-play-games/games/${id}`,
    );
  }
  // The link is named by the game's shown name; its art is decorative (the name is beside it).
  await expect(gameList(page).getByRole('link', { name: 'Blackjack', exact: true })).toHaveAttribute(
    'data-testid',
    `game-card-${HOUSE_GAME_IDS.blackjack}`,
  );
  const art = page.getByTestId(`game-card-${HOUSE_GAME_IDS.blackjack}`).locator('img');
  await expect(art).toHaveAttribute('alt', '');
  await expect(art).toBeVisible();
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId(`game-card-${HOUSE_GAME_IDS.videoPoker}`)).toContainText('New');
  await expect(page.getByTestId('recently-played')).toHaveCount(0);

  // A category route lists only that category's games.
  await page
    .getByRole('navigation', { name: 'Game categories' })
    .getByRole('link', { name: 'Table Games' })
    .click();
  await expect(page).toHaveURL(/\/lobby\/table-games$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Table Games' })).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(['Blackjack', 'Jacks or Better']);

  // Opened directly (a reload of the category URL) it shows the same list.
  await page.goto('/lobby/scratchcards');
  await expect.poll(() => cardNames(page)).toEqual(['Lucky Scratch']);

  // Search by name, across all games.
  await page.goto(ROUTES.lobby);
  const search = page.getByRole('searchbox', { name: 'Search games' });
  await search.fill('jack');
  await expect.poll(() => cardNames(page)).toEqual(['Blackjack', 'Jacks or Better']);
  await search.fill('no such game');
  await expect(page.getByTestId('no-games')).toHaveText('No games match "no such game".');
  await search.fill('');

  // A card opens its game page.
  await page.getByTestId(`game-card-${HOUSE_GAME_IDS.blackjack}`).click();
  await expect(page).toHaveURL(/\/quick-play-games\/games\/blackjack$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blackjack' })).toBeVisible();

  // Back in the lobby the game leads "Recently played", also after a reload.
  await page.getByRole('button', { name: 'Back to lobby' }).click();
  await expectLobby(page);
  const recent = page.getByTestId('recently-played');
  await expect(recent.getByRole('link', { name: 'Blackjack' })).toBeVisible();
  await page.reload();
  await expectLobby(page);
  await expect(recent.getByRole('link')).toHaveCount(1);
  await expect(recent.getByRole('link', { name: 'Blackjack' })).toBeVisible();

  // Offline the lobby keeps its list, and every card says plainly that playing needs a connection.
  await page.context().setOffline(true);
  await expect(page.getByTestId('lobby-offline')).toBeVisible();
  await expect(
    gameList(page)
      .getByText(/^Playing needs a connection\./)
      .filter({ visible: true }),
  ).toHaveCount(SEEDED_GAMES.length);
  await page.context().setOffline(false);
  await expect(page.getByTestId('lobby-offline')).toHaveCount(0);
});
