/** The signed-in hamburger menu: every item, keyboard, children of Get Coins. */
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { signInToLobby } from './support/app.ts';

const TOP_LEVEL = [
  'menu-lobby',
  'menu-get-coins',
  'menu-redeem',
  'menu-my-account',
  'menu-help-center',
  'menu-refer-a-friend',
  'menu-sign-out',
];
/** Children of Get Coins (Daily Bonus shows because the daily bonus is enabled by default). */
const GET_COINS_CHILDREN = ['menu-buy-coins', 'menu-daily-bonus', 'menu-earn-free-coins'];

test('the menu shows every item, opens Get Coins children and closes with Escape', async ({ page }) => {
  await signInToLobby(page);
  const button = page.getByTestId('menu-button');
  await expect(button).toHaveAccessibleName(/menu/i);
  await button.click();

  for (const id of TOP_LEVEL) await expect(page.getByTestId(id), id).toBeVisible();
  // Children may be listed under Get Coins or revealed by it.
  if (!(await page.getByTestId('menu-buy-coins').isVisible()))
    await page.getByTestId('menu-get-coins').click();
  for (const id of GET_COINS_CHILDREN) await expect(page.getByTestId(id), id).toBeVisible();
  // Help Center opens in a new tab.
  await expect(page.getByTestId('menu-help-center')).toHaveAttribute('target', '_blank');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-lobby')).toBeHidden();
  await expect(page.getByTestId('menu-sign-out')).toBeHidden();
  // Focus goes back to the button that opened the menu.
  await expect(button).toBeFocused();
});

test('choosing a menu item navigates and closes the menu', async ({ page }) => {
  await signInToLobby(page);
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-my-account').click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.myAccount}(\\?|#|$)`));
  await expect(page.getByTestId('menu-sign-out')).toBeHidden();
});
