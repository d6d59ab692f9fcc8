/**
 * Layout stability of the pages a visitor lands on: the cumulative layout shift measured in the
 * page (PerformanceObserver on `layout-shift`, buffered from navigation start, shifts after input
 * excluded, as CLS counts them) stays under 0.01 at Lighthouse's mobile viewport.
 *
 * The API answers and the lazy page chunks are held back a little so a page that swaps a
 * placeholder for late content shows its shift here as it does on a slow phone network.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  fullAppChunk,
  LIGHTHOUSE_MOBILE_VIEWPORT,
  LOADED,
  MAX_SHIFT,
  observeLayoutShifts,
  pageChunks,
  settledShift,
} from './support/layout-shift.ts';

test.use({ viewport: LIGHTHOUSE_MOBILE_VIEWPORT });

const DELAY_MS = 600;

/** Holds back API answers and script chunks, as a slow network would. */
async function slowNetwork(page: Page): Promise<void> {
  const hold = () => new Promise((resolve) => setTimeout(resolve, DELAY_MS));
  await page.route('**/api/v1/**', async (route) => {
    await hold();
    await route.continue();
  });
  const pages = pageChunks();
  await page.route(
    (url) => pages.has(url.pathname),
    async (route) => {
      await hold();
      await route.continue();
    },
  );
}

test.beforeEach(async ({ page }) => {
  await observeLayoutShifts(page);
  await slowNetwork(page);
});

test('the terms and conditions page does not shift while its text loads', async ({ page }) => {
  const documents = page.waitForResponse((r) => r.url().includes(apiUrl(API_PATHS.legalDocuments)));
  await page.goto(ROUTES.policiesTerms);
  await documents;
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible(LOADED);
  await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible(LOADED);
  const shift = await settledShift(page);
  expect(shift.total, `layout shifts: ${shift.sources.join(', ')}`).toBeLessThan(MAX_SHIFT);
});

test('the home page does not shift when the full app takes over', async ({ page }) => {
  // Without any input the full app replaces the light home page a few seconds after load.
  // Chunks are named by their hash: the build's manifest says which one is the full app.
  const startChunk = fullAppChunk();
  const fullApp = page.waitForResponse((r) => new URL(r.url()).pathname === startChunk, {
    timeout: 30_000,
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached(LOADED);
  await fullApp;
  await expect(page.getByTestId('header-logo')).toBeVisible(LOADED);
  const shift = await settledShift(page);
  expect(shift.total, `layout shifts: ${shift.sources.join(', ')}`).toBeLessThan(MAX_SHIFT);
});

test('the login page does not shift while it loads', async ({ page }) => {
  await page.goto(ROUTES.login);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible(LOADED);
  const shift = await settledShift(page);
  expect(shift.total, `layout shifts: ${shift.sources.join(', ')}`).toBeLessThan(MAX_SHIFT);
});
