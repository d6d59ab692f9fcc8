/**
 * Bank (ACH), paper check, gift card and prize-out redemptions end to end,
 * as a returning player: fresh browser contexts, signed in through the UI. Set-up over the API
 * as the app and the operator console make the same calls (support/redemption.ts): the operator
 * sets cent minimums and marks the player's identity verified; the player buys the starter package
 * with the sandbox card and wins some Sweeps Coins on Lucky Scratch tickets.
 *
 * - Bank, check and gift card: the player requests each in the UI (the bank form, left half filled,
 *   opens as it was left on the next visit without the account number: temp_withdrawal_data); the
 *   operator approves, marks sent and marks paid on the operator console; the player's history
 *   shows Paid with every step, the bank account masked to its last 4 digits. These methods have
 *   no payout provider sandbox (the operator pays them outside the product and records each step).
 * - Prize-out: the player confirms the email in the prize-out dialog; the operator's approval sends
 *   the prize to the prize-out provider sandbox (its own origin), whose dashboard lists the payout;
 *   the player's history shows Paid.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { sandboxEnv } from '../../scripts/lib/sandbox-ports.mjs';
import { signInToLobby, type NewPlayer } from './support/app.ts';
import { playerWithCoins } from './support/games-play.ts';
import { signInAsOperator } from './support/operator.ts';
import { setCentMinimums, verifyIdentityAsOperator, winSweeps } from './support/redemption.ts';

const VIEWPORT = { width: 390, height: 844 };
const ACCOUNT_NUMBER = '000123456789';

/** A fresh browser context signed in as the player through the login page. */
async function returningPlayer(browser: Browser, baseURL: string, p: NewPlayer): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const page = await context.newPage();
  await signInToLobby(page, p.email, p.password);
  return page;
}

/** Fills the amount, submits, confirms (by keyboard) and lands on the success page. */
async function submitAndConfirm(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Sweeps Coins to redeem').fill(amount);
  await page.getByTestId('redeem-submit').click();
  const confirm = page.getByTestId('dialog-confirm-redemption');
  await expect(confirm).toBeVisible({ timeout: 15_000 });
  await expect(confirm).toContainText(amount);
  await confirm.getByTestId('confirm-redemption').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/redeem\/success$/);
  await expect(page.getByTestId('redeem-success')).toBeVisible();
}

/** The operator console's redemptions panel, listing `status`, refreshed. */
async function reviewList(operator: Page, status: string) {
  const review = operator.locator('section', { has: operator.locator('#operator-redemptions') });
  await review.getByLabel('Status').selectOption(status);
  await review.getByRole('button', { name: 'Refresh' }).click();
  return review;
}

/** The player's history: the card of one method, Paid, every step of the timeline done. */
async function expectPaid(page: Page, methodLabel: string): Promise<void> {
  const card = page.getByTestId('redemption').filter({ hasText: `by ${methodLabel}` });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('redemption-status')).toHaveText('Paid');
  await expect(card).toHaveAttribute('data-status', 'paid');
  for (const step of ['requested', 'identity_checked', 'approved', 'sent', 'paid'])
    await expect(card.locator(`[data-step="${step}"]`)).toHaveAttribute('data-state', 'done');
}

async function readyPlayer(
  page: Page,
  request: Parameters<typeof winSweeps>[0],
  baseURL: string,
  wanted: number,
) {
  await setCentMinimums(baseURL);
  const player = await playerWithCoins(page, request);
  const redeemable = await winSweeps(request, player, wanted);
  expect(redeemable, 'the tickets won too few Sweeps Coins').toBeGreaterThanOrEqual(wanted);
  await verifyIdentityAsOperator(baseURL, player.email);
  await page.context().close();
  return player;
}

test('bank, check and gift card: requested in the app, paid on the operator console, Paid in the history', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const player = await readyPlayer(page, request, baseURL!, 0.06);

  // Bank: the form half filled, then left.
  const first = await returningPlayer(browser, baseURL!, player);
  await first.goto(`${ROUTES.redeem}/bank`);
  await first.getByLabel('Name on the account').fill(`${player.firstName} ${player.lastName}`);
  await first.getByLabel('Routing number').fill('021000021');
  await first.getByLabel('Account type').selectOption('savings');
  const saved = first.waitForResponse(
    (r) => r.url().includes('/redemptions/temp-withdrawal-data') && r.request().method() === 'PUT',
  );
  await first.getByLabel('Account number').fill(ACCOUNT_NUMBER);
  await first.getByLabel('Sweeps Coins to redeem').fill('0.01');
  expect((await saved).status()).toBe(200);
  await first.waitForTimeout(1_500); // the last change's save
  await first.context().close();

  // The next visit opens the form as it was left, without the account number.
  const page2 = await returningPlayer(browser, baseURL!, player);
  await page2.goto(`${ROUTES.redeem}/bank`);
  await expect(page2.getByLabel('Name on the account')).toHaveValue(`${player.firstName} ${player.lastName}`);
  await expect(page2.getByLabel('Routing number')).toHaveValue('021000021');
  await expect(page2.getByLabel('Account type')).toHaveValue('savings');
  await expect(page2.getByLabel('Sweeps Coins to redeem')).toHaveValue('0.01');
  await expect(page2.getByLabel('Account number')).toHaveValue('');
  await page2.getByLabel('Account number').fill(ACCOUNT_NUMBER);
  await submitAndConfirm(page2, '0.01');

  // Paper check to the billing address on file.
  await page2.goto(`${ROUTES.redeem}/check`);
  await submitAndConfirm(page2, '0.02');

  // Gift card, from the start page.
  await page2.goto(ROUTES.redeem);
  await page2.getByTestId('redeem-method-gift_card').click();
  await page2.getByLabel('Gift card').selectOption('target');
  await submitAndConfirm(page2, '0.03');

  // The kept form is gone once the bank redemption was requested.
  await page2.goto(`${ROUTES.redeem}/bank`);
  await expect(page2.getByLabel('Name on the account')).toHaveValue('');

  // The operator approves, marks sent and marks paid each one on the console.
  const operatorContext = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  const amounts = ['$0.01', '$0.02', '$0.03'];
  for (const [status, step] of [
    ['pending', 'Approve'],
    ['approved', 'Mark sent'],
    ['sent', 'Mark paid'],
  ] as const) {
    const review = await reviewList(operator, status);
    for (const amount of amounts) {
      await review.getByRole('button', { name: `${step} redemption of ${player.email} ${amount}` }).click();
      await expect(review.getByRole('status')).toContainText(`${step}: redemption`);
    }
  }
  await operatorContext.close();

  // The player's history, on a fresh visit: all three Paid; the bank account shown by its last 4.
  const again = await returningPlayer(browser, baseURL!, player);
  await again.goto(ROUTES.redemptionManagement);
  await expectPaid(again, 'Bank transfer (ACH)');
  await expectPaid(again, 'Paper check');
  await expectPaid(again, 'Gift card');
  await expect(again.getByTestId('redemption').filter({ hasText: 'Bank transfer' })).toContainText('6789');
  await expect(again.locator('main')).not.toContainText(ACCOUNT_NUMBER);
  await again.context().close();
});

test('prize-out: the player confirms the email, the approval sends it to the prize-out provider, Paid in the history', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const player = await readyPlayer(page, request, baseURL!, 0.01);

  const app = await returningPlayer(browser, baseURL!, player);
  await app.goto(ROUTES.redeem);
  await app.getByTestId('redeem-method-prizeout').click();
  await app.getByLabel('Sweeps Coins to redeem').fill('0.01');
  await app.getByTestId('redeem-submit').click();
  const email = app.getByTestId('dialog-prizeout-email');
  await expect(email).toContainText(player.email);
  await email.getByRole('button', { name: 'Yes, send it here' }).click();
  const confirm = app.getByTestId('dialog-confirm-redemption');
  await expect(confirm).toContainText(`Prize-out to ${player.email}`);
  await confirm.getByTestId('confirm-redemption').click();
  await expect(app.getByTestId('redeem-success')).toBeVisible();
  await app.context().close();

  // The operator approves: the server sends the prize to the provider, which pays it.
  const operatorContext = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  const review = await reviewList(operator, 'pending');
  await review.getByRole('button', { name: `Approve and send redemption of ${player.email} $0.01` }).click();
  await expect(review.getByRole('status')).toContainText("The prize-out provider's answer: now paid");

  // The provider's dashboard, on its own origin, lists the payout it received.
  const sandboxOrigin = sandboxEnv(Number(new URL(baseURL!).port)).PRIZEOUT_SANDBOX_ORIGIN!;
  expect(new URL(sandboxOrigin).origin).not.toBe(new URL(baseURL!).origin);
  await operator.goto(`${sandboxOrigin}/`);
  const payout = operator.locator('tbody tr', { hasText: player.email });
  await expect(payout).toHaveCount(1);
  await expect(payout).toHaveAttribute('data-status', 'paid');
  await expect(payout).toContainText('$0.01');
  await operatorContext.close();

  const again = await returningPlayer(browser, baseURL!, player);
  await again.goto(ROUTES.redemptionManagement);
  await expectPaid(again, 'Prize-out');
  await again.context().close();
});
