/**
 * Inactivity sign-out. Runs in project "chromium-inactivity" against a server started with
 * SESSION_INACTIVITY_SECONDS = E2E_INACTIVITY_SECONDS (see playwright.config.ts).
 */
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { expectOnLogin, signInToLobby } from './support/app.ts';
import { E2E_INACTIVITY_SECONDS } from './support/settings.ts';

const timeoutMs = E2E_INACTIVITY_SECONDS * 1000;

test('an idle signed-in player is signed out and sent to login', async ({ page }) => {
  await signInToLobby(page);
  const signedInAt = Date.now();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}(\\?|#|$)`), { timeout: timeoutMs + 20_000 });
  // Not before the timeout: the sign-out follows idleness, not a fixed short session.
  expect(Date.now() - signedInAt).toBeGreaterThanOrEqual(timeoutMs - 1000);
  await expectOnLogin(page);
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);
  await page.reload();
  await expectOnLogin(page);
});

test('activity keeps the player signed in past the timeout', async ({ page }) => {
  await signInToLobby(page);
  const until = Date.now() + timeoutMs * 1.6;
  let x = 10;
  while (Date.now() < until) {
    // Mouse movement and key presses are what a player does; each restarts the idle clock.
    x = x === 10 ? 200 : 10;
    await page.mouse.move(x, 400);
    await page.keyboard.press('Shift');
    await page.waitForTimeout(1000);
  }
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`));
  await expect(page.getByTestId('balance-amount')).toBeVisible();
});
