/**
 * Password spraying in the browser (docs/security.md, sign-in throttles): one client address
 * trying wrong passwords on many accounts is stopped after 10 accounts in 15 minutes, and the
 * sign-in page says to wait; a player at another address signs in as usual. On a server of its own
 * that trusts X-Forwarded-For (TRUST_PROXY, one proxy in front), so each browser context can come
 * from an address of its own, and so the blocked address never disturbs the other specs' players.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { ERROR_TEXTS } from '../../src/contract/errors.ts';
import { DEMO, expectLobby, signIn } from './support/app.ts';
import { useOwnServer } from './support/own-server.ts';

const PORT = Number(process.env.E2E_SPRAYING_PORT ?? 8495);
const VIEWPORT = { width: 360, height: 780 };
/** The sign-in throttle's accounts per client address per 15 minutes (server/core/throttle.ts). */
const ACCOUNTS_PER_ADDRESS = 10;
/** What the sign-in form says (src/features/auth/login-errors.ts). */
const WRONG_PASSWORD = 'The email or password is incorrect.';
const WAIT = `${ERROR_TEXTS.serverBusyTitle}: ${ERROR_TEXTS.serverBusy}`;

const server = useOwnServer({
  port: PORT,
  flags: [],
  env: () => ({ TRUST_PROXY: 'true' }),
  // Only a server started here is known to trust the forwarded address: one left on the port is not reused.
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

/** A fresh browser whose requests come from `address` (the proxy's X-Forwarded-For). */
async function browserAt(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: VIEWPORT,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  const page = await context.newPage();
  await page.goto(ROUTES.login);
  return page;
}

/** Submits the sign-in form and answers the status of the sign-in call it made. */
async function trySignIn(page: Page, email: string, password: string): Promise<number> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith(apiUrl(API_PATHS.login)) && r.request().method() === 'POST',
  );
  await signIn(page, email, password);
  return (await answer).status();
}

test('wrong passwords on many accounts from one address are stopped; another address signs in', async ({
  browser,
}) => {
  const sprayer = await browserAt(browser, '203.0.113.7');
  for (let i = 1; i <= ACCOUNTS_PER_ADDRESS; i++) {
    expect(await trySignIn(sprayer, `sprayed.${i}@example.com`, 'Summer-Password-1')).toBe(401);
    await expect(sprayer.getByRole('alert')).toHaveText(WRONG_PASSWORD);
  }
  // The next account from the same address is refused before its password is looked at.
  expect(await trySignIn(sprayer, 'sprayed.11@example.com', 'Summer-Password-1')).toBe(429);
  await expect(sprayer.getByRole('alert')).toHaveText(WAIT);
  // Until the window closes, the address signs no one in, not even with a right password.
  expect(await trySignIn(sprayer, DEMO.email, DEMO.password)).toBe(429);
  await expect(sprayer.getByTestId('balance-amount')).toHaveCount(0);
  await sprayer.context().close();

  // The same player from another address (home, a phone on another network) is not held back.
  const player = await browserAt(browser, '198.51.100.20');
  await signIn(player, DEMO.email, DEMO.password);
  await expectLobby(player);
  await player.context().close();
});
