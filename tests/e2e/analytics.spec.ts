/** Analytics: one pageview per route change, the path only (a query can carry codes and tokens). */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { signInToLobby } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 } });

async function pageviews(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: string; page_path?: string }[] }).dataLayer ?? [])
      .filter((e) => e.event === 'pageview')
      .map((e) => String(e.page_path)),
  );
}

test('every route change pushes one pageview with the path and no query', async ({ page }) => {
  await signInToLobby(page);
  await expect.poll(() => pageviews(page)).toContain(ROUTES.lobby);

  // An in-app navigation (the menu), then the pageview of the new route.
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-my-account').click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.myAccount}(\\?|#|$)`));
  await expect.poll(async () => (await pageviews(page)).filter((p) => p === ROUTES.myAccount).length).toBe(1);

  // A typed URL with a query: the pageview carries the path alone.
  await page.goto(`${ROUTES.lobby}?promo=SECRET123&utm_source=mail`);
  await expect.poll(() => pageviews(page)).toContain(ROUTES.lobby);
  const all = await pageviews(page);
  expect(all.some((p) => p.includes('?') || p.includes('SECRET123'))).toBe(false);
});
