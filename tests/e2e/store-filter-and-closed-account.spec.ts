/**
 * The coin store's package filter (at 360 px, by pointer and keyboard), and a purchase by an
 * account closed meanwhile (in another tab or device): the closed-account flow (spec section 8,
 * CANT_COMPLETE_PURCHASE account_closed), then sign-out. Each test is a returning player signing
 * in through the UI in a fresh context.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNT_API_PATHS } from '../../src/contract/account.ts';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../src/contract/constants.ts';
import { PAYMENT_TEXTS } from '../../src/contract/payments.ts';
import type { NewPlayer } from './support/app.ts';
import { choosePackage, freshPlayerInLobby, openCoinStore, uniquePhoneDigits } from './store-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** The player closes the account elsewhere (another device): its own sign-in, then close. */
async function closeAccountElsewhere(request: APIRequestContext, p: NewPlayer): Promise<void> {
  const csrf = async () =>
    ((await (await request.get(apiUrl(API_PATHS.csrf))).json()) as { csrf_token: string }).csrf_token;
  const login = await request.post(apiUrl(API_PATHS.login), {
    headers: { [CSRF_HEADER]: await csrf() },
    data: { email: p.email, password: p.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const closed = await request.post(apiUrl(ACCOUNT_API_PATHS.close), {
    headers: { Authorization: `JWT ${token}`, [CSRF_HEADER]: await csrf() },
    data: {},
  });
  expect(closed.status()).toBe(204);
}

test('the package filter narrows the coin store at 360 px, by pointer and keyboard', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await freshPlayerInLobby(page, request, { address: true });
  await openCoinStore(page);

  const filter = page.getByRole('group', { name: 'Show packages' });
  await expect(filter).toBeVisible();
  const all = filter.getByRole('radio', { name: /^All \(\d+\)$/ });
  await expect(all).toBeChecked();
  await expect(page.getByTestId('package-gold-1999')).toBeVisible();

  await filter.getByRole('radio', { name: /^Under \$10/ }).check();
  await expect(filter.getByRole('radio', { name: /^Under \$10/ })).toBeChecked();
  await expect(page.getByTestId('package-gold-1999')).toHaveCount(0);
  await expect(page.getByTestId('package-gold-199')).toBeVisible();
  await expect(page.getByTestId('package-gold-9999')).toHaveCount(0);

  // A radio group: the arrow keys move to the next band.
  await filter.getByRole('radio', { name: /^Under \$10/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(filter.getByRole('radio', { name: /^\$10 to \$49\.99/ })).toBeChecked();
  await expect(page.getByTestId('package-gold-1999')).toBeVisible();
  await expect(page.getByTestId('package-gold-199')).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  await expect(filter.getByRole('radio', { name: /^\$50 and up/ })).toBeChecked();
  await expect(page.getByTestId('package-gold-9999')).toBeVisible();
  await expect(page.getByTestId('package-gold-4999')).toHaveCount(0);

  // Offers: the featured welcome package (sold below its original price).
  await filter.getByRole('radio', { name: /^Offers \(\d+\)$/ }).check();
  await expect(page.getByTestId('package-featured-welcome')).toBeVisible();
  await expect(page.getByTestId('package-gold-999')).toHaveCount(0);

  // Nothing overflows the phone's width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Buying from a filtered list still goes to pay-now with that package.
  await all.check();
  await choosePackage(page, 'gold-199');
});

test('a purchase by an account closed meanwhile shows the closed-account flow, then signs out', async ({
  page,
  request,
}) => {
  const player = await freshPlayerInLobby(page, request, { address: true });
  await openCoinStore(page);
  await choosePackage(page);
  // Everything typed first (pay-by-bank: no card frame, whose focus change would make the page
  // reload its data and meet the ended session before Buy is pressed).
  await page.getByRole('radio', { name: /Pay by bank/ }).check();
  await page.getByLabel('Phone number').fill(uniquePhoneDigits());
  await page.waitForLoadState('networkidle');

  // Closed on another device while this page stays open.
  await closeAccountElsewhere(request, player);

  await page.getByTestId('pay-now-buy').click();
  const dialog = page.getByTestId('dialog-payment-error');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('heading', { name: 'Account Closed' })).toBeVisible();
  await expect(dialog.getByTestId('payment-error-message')).toHaveText(PAYMENT_TEXTS.accountClosed);
  await expect(dialog).toContainText('CANT_COMPLETE_PURCHASE / account_closed');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
});
