/** The Gold / Sweeps currency toggle in the header. */
import { expect, test } from '@playwright/test';
import { DEMO, isOn, signInToLobby } from './support/app.ts';

test('switching currency shows the overlay, changes the balance and survives a reload', async ({ page }) => {
  await signInToLobby(page);
  const toggle = page.getByTestId('currency-toggle');
  const balance = page.getByTestId('balance-amount');
  const overlay = page.getByTestId('switching-overlay');

  await expect(balance).toContainText(DEMO.goldText);
  expect(await isOn(toggle), 'Gold is active: the Sweeps switch is off').toBe(false);
  await expect(page.getByTestId('sweeps-info-tip')).toHaveCount(0);

  await toggle.click();
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveText(/Switching to Sweeps Coins/);
  await expect(overlay).toBeHidden();
  await expect(balance).toContainText(DEMO.sweepsText);
  await expect(balance).not.toContainText(DEMO.goldText);
  await expect.poll(() => isOn(toggle)).toBe(true);
  // The Sweeps info tip appears only while Sweeps is active.
  await expect(page.getByTestId('sweeps-info-tip')).toBeVisible();

  await page.reload();
  await expect(balance).toBeVisible();
  await expect(balance).toContainText(DEMO.sweepsText);
  await expect.poll(() => isOn(toggle)).toBe(true);

  await toggle.click();
  await expect(overlay).toHaveText(/Switching to Gold Coins/);
  await expect(overlay).toBeHidden();
  await expect(balance).toContainText(DEMO.goldText);
  await expect.poll(() => isOn(toggle)).toBe(false);
});
