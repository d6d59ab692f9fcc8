/**
 * The vendor game (Fruit Frenzy, served by the game vendor's sandbox on its own origin and paid
 * through our seamless wallet) at 390 px, by keyboard: a returning player in a fresh browser
 * opens it from the lobby's card, the header says IN GAME while it is open, a spin in the
 * vendor's frame moves the wallet by the bet and the win the vendor shows, and back in the lobby
 * the header shows that balance; then the same with Sweeps Coins. During a break the game is not
 * launched: no frame, the server's refusal in its words.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Currency } from '../../src/contract/currency.ts';
import { VENDOR_GAME_ID } from '../../src/contract/games.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { expectLobby } from './support/app.ts';
import { freshPlayerInLobby } from './store-helpers.ts';
import {
  amountOf,
  expectHeaderAmount,
  gamePath,
  headerAmount,
  playerWithCoins,
  pressByKeyboard,
  STARTER_COINS,
  switchToSweeps,
} from './support/games-play.ts';

/** Opens the vendor game from its lobby card, spins once and goes back: the wallet's new balance. */
async function spinOnceFromTheLobby(page: Page, currency: Currency, card: Locator): Promise<void> {
  const before = await headerAmount(page);
  const balance = page.getByTestId('balance-amount');

  await pressByKeyboard(card);
  await expect(page).toHaveURL(new RegExp(`${gamePath(VENDOR_GAME_ID)}$`));
  await expect(balance).toHaveText('IN GAME');

  // A cross-origin frame: Playwright reaches into it all the same.
  const game = page.frameLocator('iframe[title="Fruit Frenzy"]');
  const unit = currency === 'gold' ? 'GC' : 'SC';
  await expect(game.locator('#balance')).toContainText(unit, { timeout: 30_000 });
  expect(amountOf(await game.locator('#balance').innerText())).toBeCloseTo(before, 2);
  const chosen = game.getByRole('group', { name: 'Bet' }).getByRole('button', { pressed: true });
  const bet = amountOf(await chosen.innerText());
  expect(bet).toBeGreaterThan(0);

  await pressByKeyboard(game.getByRole('button', { name: 'Spin' }));
  // The result line (the balance is a live output too).
  const result = game.getByRole('status').filter({ hasNotText: unit });
  await expect(result).toHaveText(/^(You win .+!|No win this time\.)$/, { timeout: 20_000 });
  const resultText = await result.innerText();
  const win = resultText.startsWith('You win') ? amountOf(resultText) : 0;
  await expect
    .poll(async () => Math.round(amountOf(await game.locator('#balance').innerText()) * 100))
    .toBe(Math.round((before - bet + win) * 100));
  // The page keeps the balance hidden while the vendor's game shows its own.
  await expect(balance).toHaveText('IN GAME');

  await pressByKeyboard(page.getByRole('button', { name: 'Back to lobby' }));
  await expectLobby(page);
  await expectHeaderAmount(page, before - bet + win);
}

test('the vendor game from the lobby: IN GAME while it is open, the new balance on return, Gold then Sweeps', async ({
  page,
  request,
}) => {
  await playerWithCoins(page, request);
  // A returning player types the lobby's address.
  await page.goto(ROUTES.lobby);
  await expectLobby(page);
  await expectHeaderAmount(page, STARTER_COINS.gold);

  const card = `game-card-${VENDOR_GAME_ID}`;
  await spinOnceFromTheLobby(page, 'gold', page.getByTestId('game-list').getByTestId(card));

  // Played once, the game is in Recently played: the second round starts from there.
  await switchToSweeps(page);
  await spinOnceFromTheLobby(page, 'sweeps', page.getByTestId('recently-played').getByTestId(card));
});

test('during a break the vendor game is not launched: no frame, the refusal as the house games word it', async ({
  page,
  request,
}) => {
  await freshPlayerInLobby(page, request);
  await page.goto(`${ROUTES.myAccount}#responsible-play`);
  await page.getByRole('radio', { name: '72 hours' }).check();
  await page.getByRole('button', { name: 'Take a break', exact: true }).click();
  const confirm = page.getByTestId('dialog-confirm-restriction');
  await confirm.getByRole('button', { name: 'Confirm break' }).click();
  await expect(confirm).toHaveCount(0);

  await page.goto(gamePath(VENDOR_GAME_ID));
  const refused = page.getByTestId('vendor-launch-failed');
  await expect(refused).toHaveText(
    /^You are taking a break from play until .+ ET\. You can still redeem and read your history\.$/,
  );
  await expect(refused).toHaveAttribute('role', 'alert');
  await expect(page.locator('iframe[title="Fruit Frenzy"]')).toHaveCount(0);
});
