/** Sign-in, the signed-in guard and the return-to address. */
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, expectLobby, expectOnLogin, newPlayer, signIn } from './support/app.ts';

test('the demo player signs in and sees the lobby with the balance in the header', async ({ page }) => {
  await page.goto(ROUTES.login);
  // Sign in is hidden on the login page; Join now is offered there.
  await expect(page.getByTestId('header-sign-in')).toHaveCount(0);
  await expect(page.getByTestId('header-join-now')).toBeVisible();
  await signIn(page, DEMO.email, DEMO.password);
  await expectLobby(page);
  // Gold is the currency of a first sign-in in this browser.
  await expect(page.getByTestId('balance-amount')).toContainText(DEMO.goldText);
});

test('a wrong password is refused with a form error and the player stays on the login page', async ({
  page,
}) => {
  await page.goto(ROUTES.login);
  // An unknown email, so this spec never adds to the demo player's failed-sign-in count.
  await signIn(page, newPlayer().email, 'Not-The-Password-1');
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expectOnLogin(page);
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);
});

test('a protected page sends a signed-out visitor to login and back after signing in', async ({ page }) => {
  await page.goto(ROUTES.myAccount);
  await expectOnLogin(page);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.myAccount}(\\?|#|$)`));
  await expect(page.getByTestId('balance-amount')).toBeVisible();
});

test('a signed-in player is sent from the login page to the lobby', async ({ page }) => {
  await page.goto(ROUTES.login);
  await signIn(page, DEMO.email, DEMO.password);
  await expectLobby(page);
  await page.goto(ROUTES.login);
  await expectLobby(page);
});
