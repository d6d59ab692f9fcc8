/**
 * Installable app: Chromium reports no installability errors through the
 * DevTools protocol, the manifest parses cleanly, and the service worker registers and controls
 * the page. Production build + real server (tests/e2e/support/pwa-harness.ts), port 8470.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { serveBuildForThisFile, waitForControllingWorker, waitForPrecache } from './support/pwa-harness.ts';

const PORT = 8470;
const server = serveBuildForThisFile(PORT, '1.0.0');

test('Chromium finds the app installable (Page.getInstallabilityErrors answers none)', async () => {
  const testInfo = test.info();
  // A normal (incognito-like) context always reports "in-incognito": install needs a profile.
  const profile = mkdtempSync(join(tmpdir(), 'lucky-crown-pwa-profile-'));
  const { launchOptions, viewport } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    viewport: viewport ?? null,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.origin}/`);
    await expect(page.getByTestId('header-logo')).toBeVisible();
    await waitForControllingWorker(page);
    const cdp = await context.newCDPSession(page);

    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: Array<{ message: string; critical: number }>;
    };
    expect(manifest.url).toMatch(/\/assets\/manifest-[\w-]+\.webmanifest$/);
    expect(manifest.errors, 'manifest parse errors').toEqual([]);

    // The manifest and icons load asynchronously: ask until Chromium has checked them all.
    let errors: Array<{ errorId: string }> = [];
    await expect
      .poll(
        async () => {
          ({ installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
            installabilityErrors: Array<{ errorId: string }>;
          });
          return errors.map((e) => e.errorId);
        },
        { timeout: 20_000 },
      )
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the service worker registers, controls the page and precaches the shell', async ({ page }) => {
  await page.goto(`${server.origin}/`);
  await waitForControllingWorker(page);
  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return {
      scope: reg?.scope,
      script: reg?.active?.scriptURL,
      controller: navigator.serviceWorker.controller?.scriptURL,
    };
  });
  expect(registration).toEqual({
    scope: `${server.origin}/`,
    script: `${server.origin}/sw.js`,
    controller: `${server.origin}/sw.js`,
  });
  await waitForPrecache(page);
  const cached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache')) as string;
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
  expect(cached).toContain('/index.html');
  expect(cached).toContain('/offline.html');
  expect(cached.some((p) => /^\/assets\/manifest-[\w-]+\.webmanifest$/.test(p))).toBe(true);
});

test('the manifest describes an installable app with icons, screenshots and shortcuts', async ({
  page,
  request,
}) => {
  await page.goto(`${server.origin}/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(`${server.origin}${href}`);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const m = (await res.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    scope: string;
    id: string;
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
    screenshots: Array<{ src: string; form_factor?: string }>;
    shortcuts: Array<{ name: string; url: string }>;
  };
  expect(m.display).toBe('standalone');
  expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(m.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
  expect(m.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  expect(m.shortcuts.map((s) => s.name)).toEqual(['Lobby', 'Buy Coins', 'Daily Bonus']);
  // Every file the manifest names is served (a missing icon makes the app uninstallable).
  for (const src of [...m.icons, ...m.screenshots].map((i) => i.src)) {
    const file = await request.get(`${server.origin}${src}`);
    expect(file.status(), src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /\.png$/);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
});
