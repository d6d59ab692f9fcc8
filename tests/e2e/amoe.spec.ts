/**
 * Free Sweeps Coins by mail (AMOE) at 390 px: a fresh player reaches the page from the menu
 * (Get Coins -> Earn Free Coins), gives the billing address the AMOE pages need, ticks the robot
 * check by keyboard and gets a postal request code; the operator issues the AMOE code for it on
 * the operator console (own browser context); the player redeems it and sees the credit; the same
 * code again is refused as already redeemed; leaving the page closes the AMOE dialog. Also: the
 * pages fit 360 px, and offline the redeem page says it needs a connection.
 */
import { expect, test, type Page } from '@playwright/test';
import { AMOE_TEXTS } from '../../src/contract/amoe.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signInToLobby } from './support/app.ts';
import { signInAsOperator } from './support/operator.ts';

async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a postal request code, the operator issues the AMOE code, the player redeems it once', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);

  // Get Coins -> Earn Free Coins -> Request by mail.
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-get-coins')).toBeVisible();
  // Children may be listed under Get Coins or revealed by it.
  if (!(await page.getByTestId('menu-buy-coins').isVisible()))
    await page.getByTestId('menu-get-coins').click();
  await page.getByTestId('menu-earn-free-coins').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earn Free Coins' })).toBeVisible();
  await page.getByTestId('earn-amoe-start').click();

  // The AMOE pages need a billing address: asked for in place.
  await expect(page.getByTestId('amoe-address-required')).toBeVisible();
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP code').fill('60601');
  await page.getByRole('button', { name: 'Save address' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Free Sweeps Coins by mail' })).toBeVisible();
  await expect(page.getByTestId('amoe-mailing-address')).toContainText('P.O. Box 5821');
  await expect(page.getByTestId('get-postal-code')).toBeDisabled();
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSideways(page);
  await page.setViewportSize({ width: 390, height: 844 });

  // The robot check by keyboard, then the code.
  const robot = page.getByLabel("I'm not a robot");
  await robot.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('robot-check-status')).toHaveText('Verified', { timeout: 20_000 });
  await page.getByTestId('get-postal-code').click();
  const codeText = page.getByTestId('postal-request-code');
  await expect(codeText).toHaveText(/^PR-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  const postalRequestCode = (await codeText.innerText()).trim();
  await page.getByTestId('copy-postal-code').click();
  await expect(page.getByTestId('copy-status')).toBeVisible();
  await expect(page.getByTestId('postal-requests')).toContainText(postalRequestCode);
  // The token was used: the box is unticked for the next request.
  await expect(robot).not.toBeChecked();

  // The operator issues the code for the mailed request, on the console in its own context.
  const operatorContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.getByRole('button', { name: `Issue code for ${postalRequestCode}` }).click();
  const issued = operator.getByText(new RegExp(`Code for ${postalRequestCode} .*: ([2-9A-HJ-NP-Z]{12}),`));
  await expect(issued).toBeVisible();
  const amoeCode = /: ([2-9A-HJ-NP-Z]{12}),/.exec(await issued.innerText())![1]!;
  await operatorContext.close();

  // The player redeems it, typed in lower case with dashes.
  await page.getByTestId('link-amoe-redeem').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem an AMOE code' })).toBeVisible();
  await expectNoSideways(page);
  const field = page.getByLabel('AMOE code');
  await field.fill(`${amoeCode.slice(0, 4)}-${amoeCode.slice(4, 8)}-${amoeCode.slice(8)}`.toLowerCase());
  await expect(field).toHaveValue(`${amoeCode.slice(0, 4)}-${amoeCode.slice(4, 8)}-${amoeCode.slice(8)}`);
  await field.press('Enter');
  const dialog = page.getByTestId('dialog-amoe');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: AMOE_TEXTS.successTitle })).toBeVisible();
  await expect(page.getByTestId('amoe-credited')).toContainText('5.00 free Sweeps Coins');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The same code again: already redeemed.
  await field.fill(amoeCode);
  await page.getByTestId('amoe-redeem-submit').click();
  await expect(page.getByTestId('amoe-error')).toHaveText(AMOE_TEXTS.alreadyRedeemed);
  // The AMOE dialog closes on navigation.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.amoeStart}$`));
  await expect(page.getByTestId('dialog-amoe')).toHaveCount(0);

  // The credit shows in My Account's Sweeps section.
  await page.goto(`${ROUTES.myAccount}#my-sweeps-coins`);
  await expect(page.getByTestId('sweeps-total')).toHaveText(/5\.00/);
  await expect(page.getByTestId('link-amoe-start')).toBeVisible();
  // And in the Sweeps Coins history.
  await page.goto(ROUTES.sweepsCoinsHistory);
  await expect(page.getByText('Free Sweeps Coins by mail (AMOE)').first()).toBeVisible();
});

test('offline, the redeem page says it needs a connection', async ({ page, context, request }) => {
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  await page.goto(ROUTES.amoeRedeem);
  // A new player has no address yet: save one first.
  await page.getByLabel('Street address').fill('9 Oak Avenue');
  await page.getByLabel('City').fill('Denver');
  await page.getByLabel('State').selectOption('CO');
  await page.getByLabel('ZIP code').fill('80202');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem an AMOE code' })).toBeVisible();

  // A malformed code is explained under the field, announced, without a call.
  await page.getByLabel('AMOE code').fill('ABCD-O000');
  await page.getByTestId('amoe-redeem-submit').click();
  await expect(page.getByTestId('field-error-code')).toContainText('never 0, O, 1 or I');

  await context.setOffline(true);
  await expect(page.getByText(AMOE_TEXTS.offline)).toBeVisible();
  await expect(page.getByTestId('amoe-redeem-submit')).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByTestId('amoe-redeem-submit')).toBeEnabled();
});
