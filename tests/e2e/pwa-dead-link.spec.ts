/**
 * A dead link is not a lost network: the phone says it is online (a captive portal, a cell link
 * that carries nothing) while no request gets an answer. pwa-offline.spec.ts covers the browser
 * offline (context.setOffline); here the server itself goes away while the browser stays online.
 * A signed-in player reopening the app then sees the lobby with the last balances from the
 * IndexedDB mirror and the plain offline banner, is not signed out, and the session resumes by
 * itself when the server answers again. Production build + real server (pwa-harness.ts), port 8477.
 */
import { expect, test } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, signIn } from './support/app.ts';
import {
  productionBuild,
  removeTempDirs,
  startServer,
  waitForControllingWorker,
  waitForPrecache,
  type AppServer,
} from './support/pwa-harness.ts';

const PORT = 8477;
let server: AppServer | undefined;

test.describe.configure({ mode: 'default' });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startServer({ port: PORT, distDir: await productionBuild('1.0.0') });
});
test.afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

test('reopened on a dead link: the last balances and the offline banner, still signed in, resumed when the link returns', async ({
  context,
  page,
}) => {
  test.setTimeout(120_000);
  const { origin, distDir, dataDir } = server!;
  await page.goto(`${origin}${ROUTES.login}`);
  await waitForControllingWorker(page);
  await waitForPrecache(page);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toContainText(DEMO.goldText);
  await page.close();

  // The link dies: nothing answers, and the browser still reports a network.
  await server!.stop();
  const reopened = await context.newPage();
  await reopened.goto(`${origin}${ROUTES.lobby}`);
  expect(await reopened.evaluate(() => navigator.onLine)).toBe(true);
  await expect(reopened.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  await expect(reopened.getByTestId('balance-amount')).toContainText(DEMO.goldText);
  await expect(reopened.getByTestId('offline-banner')).toBeVisible({ timeout: 10_000 });
  await expect(reopened.getByTestId('offline-banner')).toContainText("You're offline");
  // Not signed out: no login form, still on the lobby.
  await expect(reopened).toHaveURL(new RegExp(`${ROUTES.lobby}(\\?|$)`));
  await expect(reopened.getByLabel('Password', { exact: true })).toHaveCount(0);

  // The link comes back: the app notices by itself, resumes the session and drops the banner.
  const resumed = reopened.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === apiUrl(API_PATHS.refresh),
    { timeout: 60_000 },
  );
  server = await startServer({ port: PORT, distDir, dataDir });
  expect((await resumed).status()).toBe(200);
  await expect(reopened.getByTestId('offline-banner')).toHaveCount(0, { timeout: 15_000 });
  await expect(reopened.getByTestId('balance-amount')).toContainText(DEMO.goldText);
  await expect(reopened).toHaveURL(new RegExp(`${ROUTES.lobby}(\\?|$)`));
});
