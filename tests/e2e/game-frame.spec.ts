/**
 * The house game frame at 390 px, with Jacks or Better: the game in its iframe talks to the page
 * (the header balance moves with the deal and the draw, currency switching is off while the hand
 * is open), the Fairness panel refuses a seed rotation while the hand is open with the server's
 * words and, once the hand is over and the seed rotated, verifies the round in the browser; the
 * game's "Recent rounds" opens recall for this game, which lists the round and verifies it too.
 * A fresh player per test, so no other spec's rounds or seeds are in the way.
 */
import { expect, test, type Page } from '@playwright/test';
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { ROUTES, withParams } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signInToLobby } from './support/app.ts';
import { choosePackage, fillCard, freshPlayerInLobby, openCoinStore, TEST_CARDS } from './store-helpers.ts';

const GAME = HOUSE_GAME_IDS.videoPoker;

const balanceText = (page: Page) => page.getByTestId('balance-amount').innerText();

async function openGame(page: Page) {
  await page.goto(withParams(ROUTES.game, { gameId: GAME }));
  const frame = page.frameLocator('iframe[title="Jacks or Better game"]');
  await expect(frame.getByRole('button', { name: 'Deal' })).toBeEnabled({ timeout: 20_000 });
  return frame;
}

test.describe('house game frame', () => {
  test('a hand of video poker: balance, switching, fairness refused then verified, recall', async ({
    page,
    request,
  }) => {
    // A player of their own, with coins bought as a player does: no other spec's hand or seed in the way.
    await freshPlayerInLobby(page, request, { address: true });
    await openCoinStore(page);
    await choosePackage(page);
    await fillCard(page, TEST_CARDS.success);
    await page.getByTestId('pay-now-buy').click();
    await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });

    const frame = await openGame(page);
    const toggle = page.getByTestId('currency-toggle');
    const before = await balanceText(page);

    await frame.getByRole('button', { name: 'Deal' }).click();
    await expect(frame.getByRole('button', { name: 'Draw' })).toBeEnabled();
    // The deal's balances are shown at once (the stake is taken), and switching is off.
    await expect.poll(() => balanceText(page)).not.toBe(before);
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');

    // Rotation is refused while the hand is open: the server's message is shown.
    await page.getByRole('button', { name: 'Fairness' }).click();
    let dialog = page.getByRole('dialog', { name: 'Fairness' });
    await expect(dialog.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
    await dialog.getByRole('button', { name: 'Rotate seed' }).click();
    await expect(dialog.getByTestId('form-error')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await frame.getByRole('button', { name: 'Draw' }).click();
    await expect(frame.getByRole('button', { name: 'Deal' })).toBeEnabled();
    // Switching opens 3 s after the draw.
    await expect(toggle).not.toHaveAttribute('aria-disabled', 'true', { timeout: 10_000 });

    // After the hand: rotate (reveals the seed), then verify the round in the browser.
    await page.getByRole('button', { name: 'Fairness' }).click();
    dialog = page.getByRole('dialog', { name: 'Fairness' });
    const oldHash = await dialog.getByTestId('server-seed-hash').innerText();
    await dialog.getByRole('button', { name: 'Rotate seed' }).click();
    await expect(dialog.getByText(/^Seed revealed:/)).toBeVisible();
    await expect(dialog.getByTestId('server-seed-hash')).not.toHaveText(oldHash);
    await dialog.getByRole('button', { name: 'Verify' }).first().click();
    await expect(dialog.getByText('Verified: same result.')).toBeVisible();
    await page.keyboard.press('Escape');

    // Recall, filtered to this game, lists the round and verifies it as well.
    await page.getByRole('link', { name: 'Recent rounds' }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.gameHistory}\\?game=${GAME}$`));
    await expect(page.getByRole('heading', { name: 'Game history', level: 1 })).toBeVisible();
    const round = page.getByTestId('recalled-round').first();
    await expect(round).toContainText('Balance before');
    await expect(round).toContainText(/Server seed[0-9a-f]{64}/);
    await round.getByRole('button', { name: 'Verify' }).click();
    await expect(round.getByText('Verified: same result.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show every game' })).toBeVisible();
  });

  test('recall is reachable from My Account', async ({ page, request }) => {
    const player = newPlayer();
    await createPlayerViaApi(request, player);
    await signInToLobby(page, player.email, player.password);
    await page.goto(ROUTES.myAccount);
    await page.getByTestId('my-account-game-history').click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.gameHistory}$`));
    await expect(page.getByText('No rounds played yet.')).toBeVisible();
  });
});
