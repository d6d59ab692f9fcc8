/**
 * For specs that sign a player in on a later Eastern day than they joined (a moved server clock):
 * the day's first sign-in opens the login bonus dialog (docs/login-bonus.md); 2000 ms after it is
 * collected the featured package is offered (once a session), else the first promo pop-up.
 * A spec that is not about them puts them aside with one of these.
 */
import { expect, type Page } from '@playwright/test';

/** After a sign-in known to earn the bonus: collects it, then closes the featured package that follows. */
export async function collectLoginBonus(page: Page): Promise<void> {
  const bonus = page.getByTestId('dialog-login-bonus');
  await bonus.getByTestId('login-bonus-collect').click();
  await expect(bonus).toBeHidden();
  const featured = page.getByTestId('dialog-featured-package');
  await featured.getByRole('button', { name: 'Not now' }).click();
  await expect(featured).toBeHidden();
}

/** When a sign-in may or may not earn the bonus: collects it and closes the featured package whenever they show. */
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
