/**
 * Layout stability of the pages a visitor lands on: the cumulative layout shift measured in the
 * page (PerformanceObserver on `layout-shift`, buffered from navigation start, shifts after input
 * excluded, as CLS counts them) stays under 0.01 at Lighthouse's mobile viewport.
 *
 * The API answers and the lazy page chunks are held back a little so a page that swaps a
 * placeholder for late content shows its shift here as it does on a slow phone network.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';

/** Lighthouse's default mobile screen (Moto G Power). */
test.use({ viewport: { width: 412, height: 823 } });

const MAX_SHIFT = 0.01;
/** The machine running the tests may be busy: the pages get time to load. */
const LOADED = { timeout: 30_000 };
const DELAY_MS = 600;

declare global {
  interface Window {
    __layoutShift?: { total: number; sources: string[] };
  }
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources?: { node?: Node | null }[];
}

async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { total: 0, sources: [] as string[] };
    window.__layoutShift = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const name =
            node instanceof Element
              ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${(node.getAttribute('class') ?? '').split(/\s+/).join('.')}`
              : String(node?.nodeName);
          record.sources.push(`${name} (${entry.value.toFixed(4)})`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds back API answers and script chunks, as a slow network would. */
async function slowNetwork(page: Page): Promise<void> {
  const hold = () => new Promise((resolve) => setTimeout(resolve, DELAY_MS));
  await page.route('**/api/v1/**', async (route) => {
    await hold();
    await route.continue();
  });
  await page.route(/\/assets\/.*-page-[^/]*\.js$/, async (route) => {
    await hold();
    await route.continue();
  });
}

async function settledShift(page: Page): Promise<{ total: number; sources: string[] }> {
  await page.waitForLoadState('networkidle');
  // Two frames after the last answer: late renders have been laid out and reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__layoutShift ?? { total: -1, sources: [] });
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
  const dist = resolve(import.meta.dirname, '..', '..', process.env.DIST_DIR ?? 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const startChunk = `/${manifest['src/app/start.tsx']?.file}`;
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
