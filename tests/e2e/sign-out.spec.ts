/** Sign out from the menu ends the session for good. */
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectOnLogin, newPlayer, signInToLobby } from './support/app.ts';

test('signing out lands on login, stays signed out after a reload, and guards protected pages', async ({
  page,
  request,
}) => {
  // A player of its own: other specs use the demo player at the same time.
  const player = newPlayer({ postalCode: '30301' });
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);

  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-sign-out').click();
  await expectOnLogin(page);
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);
  await expect(page.getByTestId('menu-button')).toHaveCount(0);

  // The refresh cookie is gone: a reload does not bring the session back.
  await page.reload();
  await expectOnLogin(page);
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);

  await page.goto(ROUTES.lobby);
  await expectOnLogin(page);
  await page.goto(ROUTES.myAccount);
  await expectOnLogin(page);
});
