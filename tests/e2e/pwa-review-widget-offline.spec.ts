/**
 * The footer's review widget offline: the service worker keeps the review summary
 * (stale-while-revalidate, sw/routes.ts), so after one online visit a returning player who
 * reloads with the network off still sees the rating and review count. Production build + real
 * server with its reviews platform sandbox (pwa-harness.ts), port 8475.
 */
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/app.ts';
import { REVIEWS_API_PATHS } from '../../src/contract/reviews.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { SW_CACHES } from '../../src/contract/sw-messages.ts';
import { serveBuildForThisFile, waitForControllingWorker, waitForPrecache } from './support/pwa-harness.ts';

const PORT = 8475;
const server = serveBuildForThisFile(PORT, '1.0.0');

test('a returning player sees the review figures offline from the copy the worker kept', async ({
  context,
  page,
}) => {
  await page.goto(`${server.origin}${ROUTES.login}`);
  await waitForControllingWorker(page);
  await waitForPrecache(page);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  const summary = page.getByTestId('review-widget-summary');
  await summary.scrollIntoViewIfNeeded();
  await expect(summary).toHaveText(/^Rated \d\.\d out of 5 from [\d,]+ reviews$/, { timeout: 20_000 });
  const online = await summary.textContent();
  const kept = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  }, SW_CACHES.reviews);
  expect(kept).toEqual([`/api/v1${REVIEWS_API_PATHS.summary}`]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  const offline = page.getByTestId('review-widget-summary');
  await offline.scrollIntoViewIfNeeded();
  await expect(offline).toHaveText(online!, { timeout: 20_000 });
  await context.setOffline(false);
});
