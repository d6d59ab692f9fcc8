/**
 * The lobby offline through the service worker: after one online visit the worker keeps the game
 * catalogue and the card art, so a reload with the network off still lists every game with its
 * picture, each card saying plainly that playing needs a connection, and the player's
 * "Recently played" row (from the IndexedDB mirror). Production build + real server
 * (pwa-harness.ts), port 8478.
 */
import { expect, test } from '@playwright/test';
import { HOUSE_GAME_IDS, VENDOR_GAME_ID } from '../../src/contract/games.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, signIn } from './support/app.ts';
import { serveBuildForThisFile, waitForControllingWorker, waitForPrecache } from './support/pwa-harness.ts';

const PORT = 8478;
const server = serveBuildForThisFile(PORT, '1.0.0');
const SEEDED_GAMES = [...Object.values(HOUSE_GAME_IDS), VENDOR_GAME_ID];

test('the lobby lists the games with their art offline, and says playing needs a connection', async ({
  context,
  page,
}) => {
  await page.goto(`${server.origin}${ROUTES.login}`);
  await waitForControllingWorker(page);
  await waitForPrecache(page);
  await signIn(page, DEMO.email, DEMO.password);
  const list = page.getByTestId('game-list');
  await expect(list.getByRole('link')).toHaveCount(SEEDED_GAMES.length);

  // One game opened online, so "Recently played" has something to keep.
  await page.getByTestId(`game-card-${HOUSE_GAME_IDS.solitaire}`).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Klondike Solitaire' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to lobby' }).click();
  await expect(page.getByTestId('recently-played').getByRole('link')).toHaveCount(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(SEEDED_GAMES.length);
  for (const id of SEEDED_GAMES) {
    const art = list.getByTestId(`game-card-${id}`).locator('img');
    await art.scrollIntoViewIfNeeded();
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(list.getByText(/^Playing needs a connection\./).filter({ visible: true })).toHaveCount(
    SEEDED_GAMES.length,
  );
  await expect(
    page.getByTestId('recently-played').getByRole('link', { name: 'Klondike Solitaire' }),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 10_000 });
  await expect(list.getByText(/^Playing needs a connection\./).filter({ visible: true })).toHaveCount(0);
});
