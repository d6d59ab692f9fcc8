/**
 * Chunk-load recovery (spec section 4): a tab still running release A asks for
 * a lazy route chunk that the deploy of release B removed; the failed dynamic import reloads the
 * page once, the reload gets B's shell and the page works. When the chunk stays missing, the
 * page reloads only once (sessionStorage guard, 60 s) and then says what happened instead of
 * looping. The service worker is blocked here: with it, A's precache would still hold the chunk
 * (the failure this recovers from is the tab without a worker, or with its caches evicted).
 * Production builds + real server (pwa-harness.ts), port 8476.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  chunkOf,
  copyOfBuild,
  deployOver,
  entryScriptOf,
  productionBuild,
  removeTempDirs,
  startServer,
  type AppServer,
} from './support/pwa-harness.ts';

const PORT = 8476;
/** The lazy page whose chunk release B no longer has. */
const POLICY_PAGE_MODULE = 'src/features/policies/policy-page.tsx';
let buildA = '';
let buildB = '';
const servers: AppServer[] = [];

test.describe.configure({ mode: 'default' });
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  buildA = await productionBuild('1.0.0');
  buildB = await productionBuild('1.0.1');
});

test.afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

test.afterAll(() => removeTempDirs());

/** Counts full page loads of the main frame (the first one included). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

/**
 * Opens a page that starts the full app (router) at once: the home page of a first-time visitor
 * is the light entry without the router, whose links are plain page loads.
 */
async function openRunningApp(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}${ROUTES.whatIs}`);
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function openTermsFromFooter(page: Page): Promise<void> {
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Terms and Conditions', exact: true })
    .click();
}

test('a chunk removed by a new release: the page reloads once and the route works', async ({ page }) => {
  const served = copyOfBuild(buildA);
  const server = await startServer({ port: PORT, distDir: served });
  servers.push(server);
  const loads = countLoads(page);

  await openRunningApp(page, server.origin);
  const policyChunkA = chunkOf(buildA, POLICY_PAGE_MODULE);
  expect(chunkOf(buildB, POLICY_PAGE_MODULE)).not.toBe(policyChunkA);

  // Release B replaces A: A's hashed chunks are gone from the server.
  deployOver(buildB, served, 'replace');
  expect((await page.request.get(`${server.origin}${policyChunkA}`)).status()).toBe(404);

  // A client-side navigation: the router imports A's policy chunk, which is gone.
  await openTermsFromFooter(page);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.policiesTerms}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.locator(`script[src="${entryScriptOf(buildB)}"]`)).toHaveCount(1);
  expect(loads(), 'one reload after the first load').toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('lc.chunkReloadAt'))).toMatch(/^\d+$/);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('a chunk that stays missing: one reload, then a plain message instead of a reload loop', async ({
  page,
}) => {
  const server = await startServer({ port: PORT, distDir: buildA });
  servers.push(server);
  const loads = countLoads(page);
  await openRunningApp(page, server.origin);

  // The policy chunk answers 404 every time (a broken deploy).
  let refused = 0;
  await page.route(`**${chunkOf(buildA, POLICY_PAGE_MODULE)}`, async (route) => {
    refused += 1;
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });

  await openTermsFromFooter(page);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByText('A new version of Lucky Crown is available. Reload the page to continue.'),
  ).toBeVisible();
  // Give a loop the time to show itself: still exactly one reload.
  await page.waitForTimeout(3_000);
  expect(loads()).toBe(2);
  expect(refused).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('link', { name: 'Reload' })).toBeVisible();
});
