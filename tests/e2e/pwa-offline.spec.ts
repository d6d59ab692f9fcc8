/**
 * Offline is a state (issue 3 section 4, architecture principle 7): after one online visit, the
 * home page, a policy page, the lobby (signed in: balances from the IndexedDB mirror) and a coin
 * history page open again with the network off, with the offline banner up; the banner goes when
 * the network returns. Production build + real server (pwa-harness.ts), port 8472.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, signIn } from './support/app.ts';
import { productionBuild, startServer, waitForControllingWorker, waitForPrecache, type AppServer } from './support/pwa-harness.ts';

const PORT = 8472;
let server: AppServer;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startServer({ port: PORT, distDir: await productionBuild('1.0.0') });
});

test.afterAll(async () => {
  await server?.stop();
});

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

test('the offline banner appears within a second of losing the network and goes when it returns', async ({ context, page }) => {
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
  await expect(article).toBeVisible();
  const firstParagraph = (await article.locator('p').nth(1).textContent()) ?? '';
  expect(firstParagraph.length).toBeGreaterThan(20);

  await reloadOffline(context, page);
  await expect(title).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('policy-error')).toHaveCount(0);
  await expect(article.getByText(firstParagraph, { exact: true })).toBeVisible();
});

test('the lobby opens offline for a signed-in player with the last known balance', async ({ context, page }) => {
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

test('a coin history page the player viewed opens offline', async ({ context, page }) => {
  await firstVisit(page, ROUTES.login);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await page.goto(`${server.origin}${ROUTES.goldCoinsHistory}`);
  const heading = page.getByRole('heading', { level: 1, name: /Gold Coins History/i });
  await expect(heading).toBeVisible();
  const unavailable = await page.getByText(/is not available yet/).count();

  await reloadOffline(context, page);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.goldCoinsHistory}(\\?|$)`));
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // TODO(issue 4, wallet UI): the history page is still the "not available yet" placeholder in
  // this build; once it lists ledger entries, this asserts the demo seed entry is shown offline.
  test.skip(unavailable > 0, 'Gold Coins History is not built yet: only the shell was checked offline');
  await expect(page.getByText(/demo-seed|Adjustment/i).first()).toBeVisible();
});
