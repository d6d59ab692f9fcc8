/** Buying coins with a card: success, 3-D Secure, decline (nothing charged), repeat confirmation. */
import { expect, test } from '@playwright/test';
import {
  choosePackage,
  fillCard,
  freshPlayerInLobby,
  headerGold,
  openCoinStore,
  STARTER,
  TEST_CARDS,
} from './store-helpers.ts';

// Payment flows wait on the processor sandbox and status checks: more room than the default 60 s.
test.describe.configure({ timeout: 90_000 });

test('buys a package with 4242 after giving a billing address; the balance increases', async ({
  page,
  request,
}) => {
  await freshPlayerInLobby(page, request);
  const before = await headerGold(page);
  await openCoinStore(page);
  await page.getByTestId(`buy-${STARTER.id}`).click();

  // No billing address yet: the address dialog comes first, with the spec's rules.
  const dialog = page.getByTestId('dialog-address-collection');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Street address').fill('12 Main St #4');
  await dialog.getByLabel('City').fill('Chicago');
  await expect(dialog.getByTestId('field-error-streetAddress1')).toHaveText(
    'Special characters are not allowed. Please use only alphanumeric characters.',
  );
  await dialog.getByLabel('Street address').fill('233 S Wacker Dr.');
  await dialog.getByLabel('State').fill('ny');
  await expect(dialog.getByLabel('State')).toHaveValue('NY'); // upper-cased after 500 ms
  await dialog.getByLabel('ZIP code').fill('10001');
  await expect(dialog.getByTestId('address-prohibited-state')).toHaveText(
    'At the current time we do not allow participation from the state of New York',
  );
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByLabel('State').fill('IL');
  await dialog.getByLabel('ZIP code').fill('60606');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('address-confirmation')).toContainText('Chicago, IL 60606');
  await dialog.getByRole('button', { name: 'Confirm address' }).click();

  await expect(page).toHaveURL(/\/payment\/pay-now/);
  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('pay-now-buy').click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  await expect(page.getByTestId('success-gold')).toHaveText('+20,000');
  await expect.poll(() => headerGold(page), { timeout: 10_000 }).toBe(before + STARTER.gold);
});

test('completes a 3-D Secure challenge with 4000 0027 6000 3184', async ({ page, request }) => {
  await freshPlayerInLobby(page, request, { address: true });
  const before = await headerGold(page);
  await openCoinStore(page);
  await choosePackage(page);
  await fillCard(page, TEST_CARDS.threeDSecure);
  await page.getByTestId('pay-now-buy').click();
  const challenge = page.getByTestId('dialog-three-d-secure');
  await expect(challenge).toBeVisible({ timeout: 20_000 });
  await page
    .frameLocator('[data-testid="three-d-secure-frame"]')
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  await expect.poll(() => headerGold(page), { timeout: 10_000 }).toBe(before + STARTER.gold);
});

test('a declined card shows the payment error and charges nothing', async ({ page, request }) => {
  await freshPlayerInLobby(page, request, { address: true });
  const before = await headerGold(page);
  await openCoinStore(page);
  await choosePackage(page);
  await fillCard(page, TEST_CARDS.declined);
  await page.getByTestId('pay-now-buy').click();
  const error = page.getByTestId('dialog-payment-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error.getByTestId('payment-error-message')).toContainText('declined');
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/payment\/pay-now/);
  // The balance stays, on screen and on the server.
  expect(await headerGold(page)).toBe(before);
  await page.reload();
  await expect.poll(() => headerGold(page)).toBe(before);
});

test('buying the same package again within 5 minutes asks for confirmation', async ({ page, request }) => {
  await freshPlayerInLobby(page, request, { address: true });
  const before = await headerGold(page);
  await openCoinStore(page);
  await choosePackage(page);
  await fillCard(page, TEST_CARDS.success);
  await page.getByLabel('Save this card for next time').check();
  await page.getByTestId('pay-now-buy').click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });

  await page.getByRole('link', { name: 'Buy more coins' }).click();
  await choosePackage(page);
  // The saved card is chosen by default now.
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await page.getByTestId('pay-now-buy').click();
  const confirm = page.getByTestId('dialog-confirm-purchase');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, buy again' }).click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  await expect.poll(() => headerGold(page), { timeout: 10_000 }).toBe(before + 2 * STARTER.gold);
});

test('the featured offer buys through pay-now and a purchase from a game leads back to it', async ({
  page,
  request,
}) => {
  await freshPlayerInLobby(page, request, { address: true });
  await page.goto('/buy-coins?game_id=lucky-7s');
  const featured = page.getByTestId('dialog-featured-package');
  await expect(featured).toBeVisible();
  await expect(featured).toContainText('200,000 Gold Coins');
  await expect(featured.getByTestId('featured-countdown')).toContainText(/Offer ends in/);
  await featured.getByTestId('featured-package-buy').click();
  await expect(featured).toBeHidden();
  await expect(page).toHaveURL(/\/payment\/pay-now\?game_id=lucky-7s/);
  await expect(page.getByText('$9.99').first()).toBeVisible();
  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('pay-now-buy').click();
  await expect(page).toHaveURL(/\/payment\/payment-success\?game_id=lucky-7s/, { timeout: 30_000 });
  await expect(page.getByTestId('back-to-game')).toHaveAttribute('href', '/quick-play-games/games/lucky-7s');
});
