/**
 * The country block (spec: play is US only) in the browser, on a server of its own that trusts a
 * CDN's country header (TRUST_COUNTRY_HEADER=CF-IPCountry, server/http/country-block.ts): a
 * visitor whose header names another country is refused at sign-in with the country dialog (US
 * only, contact support; its only way out is Exit) and the reason under the form; a player signed
 * in from the US who then shows up from abroad is signed out at the next start with the same
 * dialog; without the header, or with US, play goes on.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ERROR_TEXTS } from '../../src/contract/errors.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, expectLobby, signIn } from './support/app.ts';
import { useOwnServer } from './support/own-server.ts';

const PORT = Number(process.env.E2E_COUNTRY_PORT ?? 8481);
const VIEWPORT = { width: 360, height: 780 };
const COUNTRY_HEADER = 'CF-IPCountry';

const server = useOwnServer({
  port: PORT,
  flags: [],
  env: () => ({ TRUST_COUNTRY_HEADER: COUNTRY_HEADER }),
  // Only a server started here is known to trust the header: a server left on the port is not reused.
  probe: async (origin) => {
    try {
      const res = await fetch(`${origin}${apiUrl(API_PATHS.health)}`, { signal: AbortSignal.timeout(2_000) });
      return res.ok ? (server.dataDir() ? 'ours' : 'other') : null;
    } catch {
      return null;
    }
  },
});
test.use({ baseURL: server.origin, viewport: VIEWPORT });

/** A fresh browser whose requests carry the CDN's country header (none when `country` is null). */
async function browserFrom(browser: Browser, country: string | null): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: VIEWPORT,
    extraHTTPHeaders: country ? { [COUNTRY_HEADER]: country } : {},
  });
  return context.newPage();
}

const blockDialog = (page: Page) => page.getByRole('dialog', { name: ERROR_TEXTS.accessUnavailableTitle });

/** The returning player: the demo player of this server's fresh database. */
const p = DEMO;

async function signInFrom(page: Page): Promise<void> {
  await page.goto(ROUTES.login);
  await signIn(page, p.email, p.password);
}

test('a visitor from outside the US is refused at sign-in with the reason, and stays signed out', async ({
  browser,
}) => {
  const page = await browserFrom(browser, 'CA');
  await signInFrom(page);
  // The spec's country dialog opens (its only way out is Exit), and the form keeps the reason.
  const dialog = blockDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(ERROR_TEXTS.accessUnavailable);
  // Focus is trapped in the dialog, and Escape does not dismiss it.
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Exit' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.accessUnavailable);
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}(\\?|#|$)`));

  // The API says why, to any caller from there, before it looks at anything else.
  const answer = await page.request.post(apiUrl(API_PATHS.login), {
    data: { email: p.email, password: p.password },
  });
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({ code: 'ACCESS_CURRENTLY_UNAVAILABLE', field: null });
  await page.context().close();
});

test('without the header, or with US, the same player signs in and plays', async ({ browser }) => {
  for (const country of [null, 'US']) {
    const page = await browserFrom(browser, country);
    await signInFrom(page);
    await expectLobby(page);
    await expect(blockDialog(page)).toHaveCount(0);
    await page.context().close();
  }
});

test('a player signed in from the US who shows up from abroad is signed out with the country dialog', async ({
  browser,
}) => {
  const page = await browserFrom(browser, 'US');
  await signInFrom(page);
  await expectLobby(page);
  await page.setExtraHTTPHeaders({ [COUNTRY_HEADER]: 'GB' });
  // The session's refresh is refused from there: the app starts signed out, behind the dialog.
  await page.reload();
  const dialog = blockDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);
  // Exit signs out and lands on the sign-in page; signing in from there is refused the same way.
  await dialog.getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}(\\?|#|$)`));
  await expect(dialog).toHaveCount(0);
  await signIn(page, p.email, p.password);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Exit' }).click();
  await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.accessUnavailable);
  // Back home, the same browser signs in again.
  await page.setExtraHTTPHeaders({});
  await signIn(page, p.email, p.password);
  await expectLobby(page);
  await page.context().close();
});
