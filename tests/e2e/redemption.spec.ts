/**
 * Redemption end to end at 390 px. Set-up, as in production: the operator lowers the redemption
 * minimums on the operator console (the redemption values named property; a fresh player wins
 * cents, not dollars); a new player with a billing address buys the starter package with the
 * sandbox card (2.00 Sweeps Coins, unplayed) and plays Lucky Scratch tickets with them through the
 * games API, as the game page does, until the tickets have won some Sweeps Coins — the only coins
 * that become redeemable. Then, in the browser: the player verifies identity in the KYC sandbox
 * frame (last name Approve), redeems by PayPal from My Sweeps Coins, sees the status timeline,
 * redeems a gift card and cancels it; the operator approves, marks sent and marks paid; the player,
 * in a fresh browser context, sees Paid after a reload. Also: Redeem is refused to a player not yet
 * verified (identity dialog instead), the pages fit 360 px, and offline the management page keeps
 * the list and says what it cannot do.
 */
import { expect, test, type Page } from '@playwright/test';
import { KYC_TEXTS } from '../../src/contract/kyc.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { signInToLobby } from './support/app.ts';
import { playerWithCoins } from './support/games-play.ts';
import { signInAsOperator } from './support/operator.ts';
import { CENT_MINIMUMS, winSweeps } from './support/redemption.ts';
import { submitKycFrame } from './support/kyc.ts';

const VIEWPORT = { width: 390, height: 844 };
async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Verifies identity on My Account in the provider's frame with last name Approve. */
async function verifyIdentity(page: Page): Promise<void> {
  await page.goto(`${ROUTES.myAccount}#identity-verification`);
  await page.getByRole('button', { name: KYC_TEXTS.verify }).first().click();
  const dialog = page.getByTestId('dialog-kyc');
  await expect(dialog.getByTestId('kyc-frame-spinner')).toBeHidden({ timeout: 20_000 });
  await submitKycFrame(page, 'Approve');
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  const outcome = page.getByTestId('dialog-identity-verification');
  await expect(outcome.getByTestId('identity-message')).toHaveText(KYC_TEXTS.verified, { timeout: 15_000 });
  await outcome.getByRole('button', { name: 'OK' }).click();
}

/** Fills the amount, submits, and confirms in the confirm-redemption dialog {confirmedRedemption}. */
async function submitAndConfirm(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Sweeps Coins to redeem').fill(amount);
  await page.getByTestId('redeem-submit').click();
  const confirm = page.getByTestId('dialog-confirm-redemption');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(amount);
  // By keyboard: the confirm button takes Enter.
  await confirm.getByTestId('confirm-redemption').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/redeem\/success$/);
  await expect(page.getByTestId('redeem-success')).toBeVisible();
}

const money = (n: number): string => n.toFixed(2);

test('a player with won Sweeps redeems by PayPal, cancels a second redemption, and sees Paid once the operator pays', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);

  // The operator lowers the minimums (own browser context: the operator session is its cookie).
  const operatorContext = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  const properties = operator.locator('section', { has: operator.locator('#operator-properties') });
  await properties.getByLabel('Property').selectOption('redemption_values');
  await properties.getByLabel('Value').fill(CENT_MINIMUMS);
  await properties.getByLabel('Reason').fill('Browser test: cent minimums');
  await properties.getByRole('button', { name: 'Save property' }).click();
  await expect(properties.getByRole('status')).not.toBeEmpty();

  // A player who bought the starter package (2.00 unplayed Sweeps) and won some by playing them.
  const player = await playerWithCoins(page, request);
  const redeemable = await winSweeps(request, player, 0.05);
  expect(redeemable, 'the tickets won no Sweeps Coins at all').toBeGreaterThanOrEqual(0.02);

  // Not verified yet: Redeem opens the identity-verification dialog instead of the redeem page.
  await page.goto(`${ROUTES.myAccount}#my-sweeps-coins`);
  await expect(page.getByTestId('sweeps-redeemable')).toHaveText(money(redeemable));
  await page.getByTestId('redeem-button').click();
  const identity = page.getByTestId('dialog-identity-verification');
  await expect(identity).toBeVisible();
  await expect(page).toHaveURL(/\/my-account#my-sweeps-coins$/);
  await page.keyboard.press('Escape');
  await expect(identity).toBeHidden();

  await verifyIdentity(page);

  // Redeem by PayPal from My Sweeps Coins.
  await page.goto(`${ROUTES.myAccount}#my-sweeps-coins`);
  await page.getByTestId('redeem-button').click();
  await expect(page).toHaveURL(/\/redeem$/);
  await expect(page.getByTestId('redeem-redeemable')).toHaveText(money(redeemable));
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSideways(page);
  await page.setViewportSize(VIEWPORT);
  await page.getByTestId('redeem-method-paypal').click();
  await expect(page).toHaveURL(/\/redeem\/paypal$/);
  const paypalAmount = Math.round((redeemable - 0.01) * 100) / 100;
  await page.getByLabel('PayPal email').fill(`paypal.${player.email}`);
  await submitAndConfirm(page, money(paypalAmount));
  // The timeline on the success page: requested and identity checked done, approval expected.
  const steps = page.locator('[data-step]');
  await expect(steps).toHaveCount(5);
  await expect(page.locator('[data-step="requested"]')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[data-step="identity_checked"]')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[data-step="approved"]')).toContainText('Expected by');

  // A second redemption (a gift card from the start page), then cancelled.
  await page.goto(ROUTES.redeem);
  await page.getByTestId('redeem-method-gift_card').click();
  await page.getByLabel('Gift card').selectOption('amazon');
  await submitAndConfirm(page, '0.01');
  await page.getByTestId('go-redemption-management').click();
  await expect(page).toHaveURL(/\/redemption-management$/);
  const cards = page.getByTestId('redemption');
  await expect(cards).toHaveCount(2);
  const gift = cards.first();
  await expect(gift).toContainText('Gift card');
  await gift.getByTestId('cancel-redemption').click();
  const cancelDialog = page.getByTestId('dialog-cancel-redemption');
  await cancelDialog.getByTestId('confirm-cancel-redemption').click();
  await expect(gift).toHaveAttribute('data-status', 'cancelled');
  await expect(gift.getByTestId('redemption-status')).toHaveText('Cancelled');
  await expect(gift.locator('[data-step="cancelled"]')).toHaveAttribute('data-state', 'done');
  const paypalCard = cards.nth(1);
  await expect(paypalCard.getByTestId('redemption-status')).toHaveText('Pending');
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSideways(page);
  await page.setViewportSize(VIEWPORT);

  // Offline: the list stays, cancelling says it needs a connection.
  await page.context().setOffline(true);
  await expect(page.getByTestId('redemptions-offline')).toBeVisible();
  await expect(paypalCard.getByTestId('cancel-redemption')).toBeDisabled();
  await page.context().setOffline(false);
  await expect(page.getByTestId('redemptions-offline')).toBeHidden();

  // The operator approves, marks sent and marks paid.
  const review = operator.locator('section', { has: operator.locator('#operator-redemptions') });
  const label = `redemption of ${player.email} $${money(paypalAmount)}`;
  await review.getByRole('button', { name: 'Refresh' }).click();
  await review.getByRole('button', { name: `Approve ${label}` }).click();
  await expect(review.getByRole('status')).toContainText('Approve: redemption');
  await review.getByLabel('Status').selectOption('approved');
  await review.getByRole('button', { name: `Mark sent ${label}` }).click();
  await expect(review.getByRole('status')).toContainText('Mark sent: redemption');
  await review.getByLabel('Status').selectOption('sent');
  await review.getByRole('button', { name: `Mark paid ${label}` }).click();
  await expect(review.getByRole('status')).toContainText('Mark paid: redemption');
  await operatorContext.close();

  // The player, in a fresh browser context, sees Paid (after a reload) with every step done.
  const fresh = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const again = await fresh.newPage();
  await signInToLobby(again, player.email, player.password);
  await again.goto(ROUTES.redemptionManagement);
  await again.reload();
  const paid = again.getByTestId('redemption').nth(1);
  await expect(paid.getByTestId('redemption-status')).toHaveText('Paid');
  for (const step of ['requested', 'identity_checked', 'approved', 'sent', 'paid'])
    await expect(paid.locator(`[data-step="${step}"]`)).toHaveAttribute('data-state', 'done');
  await expect(again.getByTestId('redemption').first().getByTestId('redemption-status')).toHaveText(
    'Cancelled',
  );
  await fresh.close();
});
