/** Saved cards (add through the hosted fields, delete) and the purchase limit check before paying. */
import { expect, test } from '@playwright/test';
import { fillCard, freshPlayerInLobby, openCoinStore, STARTER, TEST_CARDS } from './store-helpers.ts';

// Payment flows wait on the processor sandbox and status checks: more room than the default 60 s.
test.describe.configure({ timeout: 90_000 });

test('saves a card and deletes it', async ({ page, request }) => {
  await freshPlayerInLobby(page, request, { address: true });
  await page.goto('/manage-payment-methods');
  await expect(page).toHaveURL(/\/manage-payment-methods\/manage/);
  await expect(page.getByTestId('no-saved-cards')).toBeVisible();
  await page.getByTestId('add-card-link').click();
  await expect(page.getByRole('heading', { name: 'Add a Card', level: 1 })).toBeVisible();
  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('save-card').click();
  await expect(page).toHaveURL(/\/manage-payment-methods\/success/, { timeout: 20_000 });
  await expect(page.getByTestId('card-added')).toContainText('Visa ending in 4242');

  await page.getByRole('link', { name: 'Back to payment methods' }).click();
  const row = page.getByTestId('saved-card-4242');
  await expect(row).toContainText('Visa ending in 4242');
  await expect(row).toContainText('Default');
  await row.getByRole('link', { name: 'Delete Visa ending in 4242' }).click();
  await page.getByTestId('confirm-delete-card').click();
  await expect(page).toHaveURL(/\/manage-payment-methods\/manage/);
  await expect(page.getByTestId('payment-methods-notice')).toContainText('Visa ending in 4242 was deleted.');
  await expect(page.getByTestId('no-saved-cards')).toBeVisible();
});

test("a purchase over the player's own limit is refused before paying", async ({ page, request }) => {
  await freshPlayerInLobby(page, request, { address: true, limits: { daily: 1 } });
  await openCoinStore(page);
  await page.getByTestId(`buy-${STARTER.id}`).click();
  const dialog = page.getByTestId('dialog-purchase-limit');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('purchase-limit-message')).toHaveText(
    'You have reached your purchase limit and will not be able to purchase this package',
  );
  await expect(dialog.getByRole('button', { name: 'MANAGE LIMITS' })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK, I UNDERSTAND' }).click();
  await expect(page).toHaveURL(/\/buy-coins$/);

  // Going straight to pay-now is refused by its guard too (no package chosen).
  await page.goto('/payment/pay-now');
  await expect(page).not.toHaveURL(/pay-now/);
});

test('MANAGE LIMITS leads to the purchase limits section of My Account', async ({ page, request }) => {
  await freshPlayerInLobby(page, request, { address: true, limits: { daily: 1 } });
  await openCoinStore(page);
  await page.getByTestId(`buy-${STARTER.id}`).click();
  await page.getByTestId('dialog-purchase-limit').getByRole('button', { name: 'MANAGE LIMITS' }).click();
  await expect(page).toHaveURL(/\/my-account#my-purchase-limits$/);
});
