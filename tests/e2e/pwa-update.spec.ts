/**
 * Releases reach players without breaking the running version:
 *   - update prompt: release A (APP_VERSION 1.0.0) is served and visited; release B (1.0.1) is
 *     copied over the served folder as a deploy does; the update check finds B's worker, which
 *     waits; "A new version is available — Reload" shows; Reload runs B.
 *   - refresh required: the server's minimum_client_version named property goes above the app's
 *     version; the page's client-version check (through the worker) opens the refresh-required
 *     dialog.
 * Production builds + real servers (pwa-harness.ts), port 8474, one server at a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  copyOfBuild,
  deployOver,
  entryScriptOf,
  productionBuild,
  removeTempDirs,
  setNamedPropertyOffline,
  startServer,
  tempDir,
  waitForControllingWorker,
  waitForPrecache,
  type AppServer,
} from './support/pwa-harness.ts';

const VERSION_A = '1.0.0';
const VERSION_B = '1.0.1';

let buildA = '';
let buildB = '';
const servers: AppServer[] = [];

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  buildA = await productionBuild(VERSION_A);
  buildB = await productionBuild(VERSION_B);
});

// One port for the whole file: each test's servers stop when it ends.
const PORT = 8474;
test.afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

test.afterAll(() => removeTempDirs());

/** The app version compiled into the scripts the page runs (`__APP_VERSION__` of the build). */
async function versionsInLoadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(
    async (candidates) => {
      const scripts = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.endsWith('.js') && new URL(u).pathname.startsWith('/assets/'));
      const found = new Set<string>();
      for (const url of scripts) {
        const text = await (await fetch(url)).text();
        // The minifier writes the define as "1.0.0", '1.0.0' or `1.0.0`.
        for (const v of candidates)
          if (['"', "'", '`'].some((q) => text.includes(`${q}${v}${q}`))) found.add(v);
      }
      return [...found];
    },
    [VERSION_A, VERSION_B],
  );
}

/**
 * Serves A, visits it (the worker installs), deploys B over it, lets the page find B
 * (`check`), then expects the prompt while A keeps running, and B after Reload.
 */
async function releaseBWhileAIsOpen(page: Page, check: 'reload' | 'registration.update()'): Promise<void> {
  const served = copyOfBuild(buildA);
  const server = await startServer({ port: PORT, distDir: served });
  servers.push(server);

  await page.goto(`${server.origin}${ROUTES.home}`);
  await waitForControllingWorker(page);
  await waitForPrecache(page);
  const entryA = entryScriptOf(buildA);
  const entryB = entryScriptOf(buildB);
  expect(entryB, 'the two builds differ').not.toBe(entryA);
  await expect(page.locator(`script[src="${entryA}"]`)).toHaveCount(1);
  expect(await versionsInLoadedScripts(page)).toEqual([VERSION_A]);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  // Deploy B over A (A's hashed chunks stay, as on a CDN) and let the page look for an update.
  deployOver(buildB, served);
  expect(readFileSync(join(served, 'index.html'), 'utf8')).toContain(entryB);
  if (check === 'reload') {
    // A returning player: the navigation is answered by A's worker (A's shell) and the browser
    // checks sw.js for a new version.
    await page.reload();
  } else {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
  }

  // B's worker installs and waits; A keeps running until the player chooses.
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt).toContainText('A new version is available');
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
  ).toBe(true);
  await expect(page.locator(`script[src="${entryA}"]`)).toHaveCount(1);
  expect(await versionsInLoadedScripts(page)).toEqual([VERSION_A]);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.locator(`script[src="${entryB}"]`)).toHaveCount(1);
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  // On the home page the full app (where the version constant lives) starts at the visitor's first
  // interaction or a few seconds after load: the player presses a key, as a returning player would
  // before doing anything, and the new release's full app must be what starts.
  await page.keyboard.press('Shift');
  await expect.poll(() => versionsInLoadedScripts(page), { timeout: 20_000 }).toEqual([VERSION_B]);
  const state = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(reg?.waiting), controller: navigator.serviceWorker.controller?.state };
  });
  expect(state).toEqual({ waiting: false, controller: 'activated' });
}

test('a returning player: the new release waits, the update prompt shows, Reload runs it', async ({
  page,
}) => {
  await releaseBWhileAIsOpen(page, 'reload');
});

test('the tab that first installed the app: the update prompt shows, Reload runs the new release', async ({
  page,
}) => {
  // The page registered the worker with no controller yet (a first visit) and stays open while
  // the release lands: Reload must still load the new version.
  await releaseBWhileAIsOpen(page, 'registration.update()');
});

test('the refresh-required dialog opens when the server requires a newer client', async ({ page }) => {
  const dataDir = tempDir(`data-${PORT}`);
  let server = await startServer({ port: PORT, distDir: buildA, dataDir });
  servers.push(server);

  await page.goto(`${server.origin}${ROUTES.home}`);
  await waitForControllingWorker(page);
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expect(page.getByTestId('dialog-refresh-required')).toHaveCount(0);

  // The operator raises the minimum client version above 1.0.0 (SQL on the stopped server's
  // database), and the server comes back on the same port and data.
  await server.stop();
  await setNamedPropertyOffline(dataDir, PROPERTY_NAMES.minimumClientVersion, '1.0.1');
  server = await startServer({ port: PORT, distDir: buildA, dataDir });
  servers.push(server);
  const answer = (await (
    await fetch(`${server.origin}/api/v1/properties?names=${PROPERTY_NAMES.minimumClientVersion}`)
  ).json()) as {
    results: Array<{ key: string; value: string }>;
  };
  expect(answer.results).toEqual([{ key: PROPERTY_NAMES.minimumClientVersion, value: '1.0.1' }]);

  // An unprotected page checks at once on load (then every 60 s), through the worker.
  await page.reload();
  const dialog = page.getByTestId('dialog-refresh-required');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Update required');
  await expect(dialog.getByRole('button', { name: 'Reload now' })).toBeVisible();
  // It cannot be dismissed: Escape leaves it up.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
});
