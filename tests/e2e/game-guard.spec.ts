/**
 * The game page at 390 px (spec sections 2, 4 and 8): its guard for an unknown game, a game under
 * maintenance ("until 7:00am ET"), a game that does not take the current currency (the dialog
 * switches currency and the game opens), and the "game updated" dialog when the catalogue's
 * version changes during play; the vendor game (IN GAME in the header, the new balance on
 * return) reached again by "Back to your game" after a purchase started on its page; and the
 * confirm-exit question when leaving during a round. The server's catalogue is real; for the
 * states an operator would set, the browser's copy of its answer is changed on the way in (the
 * service worker is blocked in these tests, so every catalogue request reaches the page's
 * network layer).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Game } from '../../src/contract/games.ts';
import { HOUSE_GAME_IDS, VENDOR_GAME_ID } from '../../src/contract/games.ts';
import { ROUTES, withParams } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectLobby, newPlayer, signInToLobby } from './support/app.ts';
import { fillCard, freshPlayerInLobby, TEST_CARDS } from './store-helpers.ts';

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

/**
 * A new player (no coins) buys the featured offer from the game page's coin link and comes back
 * with "Back to your game", as a player does.
 */
async function buyCoinsFromGame(page: Page, gameId: string): Promise<void> {
  await page.goto(gamePath(gameId));
  await page.getByRole('link', { name: 'Get coins' }).click();
  // third_party: a purchase started from a vendor game (thirdPartyPurchase, docs/payments.md).
  const thirdParty = gameId === VENDOR_GAME_ID ? '&third_party=1' : '';
  await expect(page).toHaveURL(new RegExp(`/buy-coins\\?game_id=${gameId}${thirdParty}$`));
  await page.getByTestId('dialog-featured-package').getByTestId('featured-package-buy').click();
  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('pay-now-buy').click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  await page.getByTestId('back-to-game').click();
  await expect(page).toHaveURL(new RegExp(`${gamePath(gameId)}$`));
}

test.describe('the guard', () => {
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
    await expect(page.getByTestId(`game-card-${HOUSE_GAME_IDS.blackjack}`)).toContainText(
      'Under maintenance',
    );
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
});

test.describe('the vendor game', () => {
  test('bought coins from the game, back to it: IN GAME while it is open, the new balance on return', async ({
    page,
    request,
  }) => {
    await freshPlayerInLobby(page, request, { address: true });
    const balance = page.getByTestId('balance-amount');
    await page.goto(gamePath(VENDOR_GAME_ID));
    await expect(balance).toHaveText('IN GAME');
    // Coins bought from the game: "Back to your game" opens it again.
    await buyCoinsFromGame(page, VENDOR_GAME_ID);
    await expect(balance).toHaveText('IN GAME');
    const frame = page.getByTitle('Fruit Frenzy', { exact: true });
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    const game = page.frameLocator('iframe[title="Fruit Frenzy"]');
    await expect(game.getByRole('heading', { name: 'Fruit Frenzy' })).toBeVisible();
    const spin = game.getByRole('button', { name: 'Spin' });
    await expect(spin).toBeEnabled();
    await spin.click();
    await expect(game.locator('#result')).toHaveText(/You win|No win this time/);
    const afterSpin = ((await game.locator('#balance').textContent()) ?? '').replace(/\s*GC$/, '');
    expect(afterSpin).toMatch(/^[\d,]+$/);
    await expect(balance).toHaveText('IN GAME');

    // Back in the lobby the header shows the wallet's balance after the spin, as the vendor's frame did.
    await page.getByRole('button', { name: 'Back to lobby' }).click();
    await expectLobby(page);
    await expect(balance).toContainText(afterSpin);
  });
});

test.describe('leaving during a round', () => {
  test('Back to lobby and the browser back button ask first {confirmExit}', async ({ page, request }) => {
    await freshPlayerInLobby(page, request, { address: true });
    await buyCoinsFromGame(page, HOUSE_GAME_IDS.videoPoker);
    const game = page.frameLocator('main iframe');
    await expect(game.getByRole('button', { name: 'Deal' })).toBeEnabled({ timeout: 20_000 });
    await game.getByRole('button', { name: 'Deal' }).click();
    await expect(game.getByRole('button', { name: 'Draw' })).toBeEnabled();
    await expect(page.getByTestId('currency-toggle')).toHaveAttribute('aria-disabled', 'true');

    const confirm = page.getByTestId('dialog-confirm-exit-game');
    await page.getByRole('button', { name: 'Back to lobby' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep playing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${gamePath(HOUSE_GAME_IDS.videoPoker)}$`));

    await page.goBack();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep playing' }).click();
    await expect(page).toHaveURL(new RegExp(`${gamePath(HOUSE_GAME_IDS.videoPoker)}$`));
    await expect(game.getByRole('button', { name: 'Draw' })).toBeEnabled();

    await page.getByRole('button', { name: 'Back to lobby' }).click();
    await confirm.getByRole('button', { name: 'Leave game' }).click();
    await expectLobby(page);
  });
});
