/**
 * Offline is a state (architecture principle 7): after one online visit, the
 * home page, a policy page, the lobby (signed in: balances from the IndexedDB mirror) and a coin
 * history page (with its entries) open again with the network off, with the offline banner up; the banner goes when
 * the network returns. Production build + real server (pwa-harness.ts), port 8472.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, signIn } from './support/app.ts';
import { serveBuildForThisFile, waitForControllingWorker, waitForPrecache } from './support/pwa-harness.ts';

const PORT = 8472;
const server = serveBuildForThisFile(PORT, '1.0.0');

/** First visit online: the worker installs, takes control and fills its precache. */
async function firstVisit(page: Page, path: string): Promise<void> {
  await page.goto(`${server.origin}${path}`);
  await waitForControllingWorker(page);
  await waitForPrecache(page);
}

async function reloadOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.reload();
}

test('home opens offline after one visit, with the offline banner', async ({ context, page }) => {
  await firstVisit(page, ROUTES.home);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await reloadOffline(context, page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
});

test('the offline banner appears within a second of losing the network and goes when it returns', async ({
  context,
  page,
}) => {
  await firstVisit(page, ROUTES.home);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 1_000 });
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline");
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 6_000 });
});

test('a policy page opens offline with its text after one visit', async ({ context, page }) => {
  await firstVisit(page, ROUTES.policiesTerms);
  const title = page.getByRole('heading', { level: 1, name: 'Terms and Conditions' });
  await expect(title).toBeVisible();
  const article = page.locator('article');
  await expect(article.locator('p').nth(2)).toBeVisible();
  // A paragraph of the document's own text (the longest one), to find again offline.
  const paragraph = (await article.locator('p').allInnerTexts()).reduce(
    (a, b) => (b.length > a.length ? b : a),
    '',
  );
  expect(paragraph.length).toBeGreaterThan(40);

  await reloadOffline(context, page);
  await expect(title).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('policy-error')).toHaveCount(0);
  await expect(article.getByText(paragraph, { exact: true })).toBeVisible();
});

test('the lobby opens offline for a signed-in player with the last known balance', async ({
  context,
  page,
}) => {
  await firstVisit(page, ROUTES.login);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toContainText(DEMO.goldText);

  await reloadOffline(context, page);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(\\?|$)`));
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // The balance comes from the IndexedDB mirror: no server answered this load.
  await expect(page.getByTestId('balance-amount')).toContainText(DEMO.goldText);
  await expect(page.getByTestId('lobby-gold-balance')).toHaveText(DEMO.goldText);

  // Back online, the app picks up by itself: banner gone, still signed in.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('balance-amount')).toContainText(DEMO.goldText);
});

test('a coin history page the player viewed opens offline with its entries', async ({ context, page }) => {
  await firstVisit(page, ROUTES.login);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await page.goto(`${server.origin}${ROUTES.goldCoinsHistory}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Gold Coins History' });
  await expect(heading).toBeVisible();
  // The demo player's seed credit is on the first page.
  const rows = page.getByTestId('history-row');
  await expect(rows.first()).toBeVisible();
  // textContent on both sides (toHaveText compares textContent, not the rendered innerText).
  const online = await rows.allTextContents();

  await reloadOffline(context, page);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.goldCoinsHistory}(\\?|$)`));
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // The last content the player saw, not "can't load until you reconnect".
  await expect(rows).toHaveText(online);
});
