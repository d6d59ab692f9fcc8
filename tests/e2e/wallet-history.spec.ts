/** Coin histories and the yearly summary, as the demo player reads them (the seed's adjustment entries). */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { signInToLobby } from './support/app.ts';

/** Current calendar year in US Eastern time (the server's history year). */
const easternYear = (): number =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(new Date()),
  );

/** Other specs buy coins as the demo player in parallel: filter to adjustments so the seed entry is on page 1. */
async function showAdjustments(page: Page): Promise<void> {
  await page.getByLabel('Transaction type', { exact: true }).selectOption({ label: 'Adjustment' });
  await expect(page).toHaveURL(/kind=adjustment/);
}

test('gold coins history lists the demo seed adjustment, from My Account', async ({ page }) => {
  await signInToLobby(page);
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-my-account').click();
  await expect(page.getByRole('heading', { name: 'My Account', exact: true })).toBeVisible();
  await page.getByTestId('my-account-gold-history').click();

  await expect(page.getByRole('heading', { name: 'Gold Coins History', exact: true })).toBeVisible();
  await expect(page.getByTestId('history-table')).toBeVisible();
  await showAdjustments(page);
  const seed = page.getByTestId('history-row').filter({ hasText: '+250,000' });
  await expect(seed).toHaveCount(1);
  await expect(seed).toContainText('Adjustment');
  await expect(page.getByTestId('history-totals')).toContainText('1 transaction');
  await expect(page.getByTestId('history-page-status')).toContainText('Page 1 of 1');
  await expect(page.getByTestId('history-previous')).toBeDisabled();
  await expect(page.getByTestId('history-next')).toBeDisabled();

  // A filter with nothing in it (no games have been played): the empty state, and a way back.
  await page.getByLabel('Transaction type', { exact: true }).selectOption({ label: 'Win' });
  await expect(page.getByTestId('history-empty')).toContainText('No transactions match these filters');
  await page.getByTestId('history-empty').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/kind=/);
  await expect(page.getByTestId('history-row').first()).toBeVisible();

  // Reload keeps the filter (it lives in the URL).
  await showAdjustments(page);
  await page.reload();
  await expect(page.getByLabel('Transaction type', { exact: true })).toHaveValue('adjustment');
  await expect(page.getByTestId('history-row').filter({ hasText: '+250,000' })).toHaveCount(1);
});

test('sweeps coins history lists the seed Sweeps with two decimals', async ({ page }) => {
  await signInToLobby(page);
  await page.goto(ROUTES.sweepsCoinsHistory);
  await expect(page.getByRole('heading', { name: 'Sweeps Coins History', exact: true })).toBeVisible();
  await showAdjustments(page);
  const seed = page.getByTestId('history-row').filter({ hasText: '+25.00' });
  await expect(seed).toHaveCount(1);
  await expect(seed.getByTestId('history-amount')).toHaveText(/^\+25\.00/);
});

test('yearly summary totals the year per currency and kind, with a year picker', async ({ page }) => {
  await signInToLobby(page);
  const year = easternYear();
  await page.goto(`/yearly-summary/${year}`);
  await expect(page.getByRole('heading', { name: `Yearly Summary ${year}`, exact: true })).toBeVisible();
  const adjustments = page.getByTestId('yearly-row-adjustments');
  await expect(adjustments).toContainText('250,000');
  await expect(adjustments).toContainText('25.00');
  await expect(
    page.getByTestId('yearly-summary-table').getByRole('columnheader', { name: 'Sweeps Coins' }),
  ).toBeVisible();
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue(String(year));
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();

  // A year before the account's first entry has nothing to summarise.
  await page.goto('/yearly-summary/2019');
  await expect(page.getByTestId('yearly-summary-no-year')).toContainText(
    'There is no activity to summarise for 2019',
  );
  await page.getByLabel('Year', { exact: true }).selectOption(String(year));
  await expect(page).toHaveURL(new RegExp(`/yearly-summary/${year}$`));
  await expect(page.getByTestId('yearly-row-adjustments')).toContainText('250,000');
});
