/**
 * The game page's guard at 390 px (spec sections 2 and 8): an unknown game, a game under
 * maintenance ("until 7:00am ET"), a game that does not take the current currency (the dialog
 * switches currency and the game opens), and the "game updated" dialog when the catalogue's
 * version changes during play. The server's catalogue is real; for the states an operator
 * would set, the browser's copy of its answer is changed on the way in (the service worker is
 * blocked in these tests, so every catalogue request reaches the page's network layer).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Game } from '../../src/contract/games.ts';
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { ROUTES, withParams } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectLobby, newPlayer, signInToLobby } from './support/app.ts';

const gamePath = (id: string) => withParams(ROUTES.game, { gameId: id });
/** The game's frame on its page (the house game's own page, loaded from /games/{id}/). */
const gameFrame = (page: Page) => page.getByRole('main').locator('iframe');

/** Serves the real catalogue with `change` applied to each game. */
async function changeCatalogue(page: Page, change: (g: Game) => Game): Promise<void> {
  await page.route(/\/api\/v1\/games(\?.*)?$/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { results: Game[] };
    await route.fulfill({ response: res, json: { ...body, results: body.results.map(change) } });
  });
}

test.beforeEach(async ({ page, request }) => {
  // A player of their own: no round left open by another spec's game can hold the page.
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
});

test('an unknown game: the game unavailable dialog leads back to the lobby', async ({ page }) => {
  await page.goto(gamePath('no-such-game'));
  const dialog = page.getByTestId('dialog-game-unavailable');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Game Unavailable' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to lobby' }).click();
  await expectLobby(page);
  await expect(dialog).toHaveCount(0);
});

test('a game under maintenance: the dialog says until when in Eastern time, then back to the lobby', async ({
  page,
}) => {
  // 12:00 UTC in January is 7:00am in New York.
  await changeCatalogue(page, (g) =>
    g.id === HOUSE_GAME_IDS.blackjack
      ? { ...g, maintenance: true, maintenance_until: '2027-01-15T12:00:00Z' }
      : g,
  );
  await page.goto(ROUTES.lobby);
  await expect(page.getByTestId(`game-card-${HOUSE_GAME_IDS.blackjack}`)).toContainText('Under maintenance');
  await page.getByTestId(`game-card-${HOUSE_GAME_IDS.blackjack}`).click();
  const dialog = page.getByTestId('dialog-game-maintenance');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('game-maintenance-message')).toHaveText(
    /^This game is under maintenance until (\w{3}, \w{3} \d+, )?7:00am ET\.$/,
  );
  await expect(gameFrame(page)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Back to lobby' }).click();
  await expectLobby(page);
});

test('a currency the game does not take: the dialog switches currency and the game opens', async ({
  page,
}) => {
  await changeCatalogue(page, (g) =>
    g.id === HOUSE_GAME_IDS.blackjack
      ? { ...g, metadata: { ...g.metadata, disabledCurrencies: ['sweeps'] } }
      : g,
  );
  await page.goto(ROUTES.lobby);
  await page.getByTestId('currency-toggle').click();
  await expect(page.getByTestId('switching-overlay')).toBeHidden();

  await page.getByTestId(`game-card-${HOUSE_GAME_IDS.blackjack}`).click();
  const dialog = page.getByTestId('dialog-game-currency-disabled');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This game cannot be played with Sweeps Coins.');
  await dialog.getByRole('button', { name: 'Switch to Gold Coins' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('switching-overlay')).toBeHidden();
  await expect(gameFrame(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${gamePath(HOUSE_GAME_IDS.blackjack)}$`));
});

test('a new version of the game during play: the game updated dialog returns to the lobby', async ({
  page,
}) => {
  let version: string | null = null;
  await changeCatalogue(page, (g) => (g.id === HOUSE_GAME_IDS.slots && version ? { ...g, version } : g));
  await page.goto(gamePath(HOUSE_GAME_IDS.slots));
  await expect(page.getByRole('heading', { level: 1, name: 'Crown Jewels' })).toBeVisible();
  await expect(gameFrame(page)).toBeVisible();
  await expect(page.getByTestId('dialog-game-updated')).toHaveCount(0);

  // The operator releases a new version; the page notices when it looks again (focus, or each minute).
  version = 'e2e-new-version';
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByTestId('dialog-game-updated')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('dialog-game-updated').getByRole('button', { name: 'Back to lobby' }).click();
  await expectLobby(page);
});
