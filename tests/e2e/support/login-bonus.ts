/**
 * For specs that sign a player in on a later Eastern day than they joined (a moved server clock):
 * the day's first sign-in opens the login bonus dialog (docs/login-bonus.md), and 2000 ms after it
 * is collected the featured package or a promo pop-up may follow. A spec that is not about them
 * collects the bonus and puts the follow-up aside whenever they appear.
 */
import type { Page } from '@playwright/test';

export async function collectLoginBonusWhenShown(page: Page): Promise<void> {
  const bonus = page.getByTestId('dialog-login-bonus');
  await page.addLocatorHandler(bonus, async () => {
    await bonus.getByTestId('login-bonus-collect').click();
  });
  const featured = page.getByTestId('dialog-featured-package');
  await page.addLocatorHandler(featured, async () => {
    await featured.getByRole('button', { name: 'Not now' }).click();
  });
}
