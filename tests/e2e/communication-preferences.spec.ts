/**
 * Communication preferences in the browser at 390 px, on a server of its own (the spec reads its
 * mail outbox): the operator sends a marketing mail; its reader opens the mail's link in a fresh
 * browser without signing in and unsubscribes with one click; the player sees it in My Account
 * after signing in; the next marketing mail does not reach them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectLobby, newPlayer, signIn } from './support/app.ts';
import { signInAsOperator } from './support/operator.ts';
import { useOwnServer } from './support/own-server.ts';
import { E2E_MAIL_PORT } from './support/settings.ts';

const server = useOwnServer({
  port: E2E_MAIL_PORT,
  flags: [],
  // Only a server started here tells its data folder: a server left on the port is not reused.
  probe: async (origin) => {
    try {
      const res = await fetch(`${origin}${apiUrl(API_PATHS.health)}`, { signal: AbortSignal.timeout(2_000) });
      return res.ok ? (server.dataDir() ? 'ours' : 'other') : null;
    } catch {
      return null;
    }
  },
});
test.use({ baseURL: server.origin, viewport: { width: 390, height: 844 } });

/** The .eml files of marketing mails to an address. */
function marketingMailsTo(address: string): string[] {
  const outbox = join(server.dataDir() ?? '', 'outbox');
  return readdirSync(outbox)
    .filter((f) => f.endsWith('-marketing_promotions.eml'))
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .filter((eml) => eml.includes(`To: ${address}\r\n`));
}

async function sendMarketingMail(browser: Browser, subject: string): Promise<void> {
  const context = await browser.newContext({ baseURL: server.origin });
  const page = await context.newPage();
  await signInAsOperator(page);
  const section = page.getByRole('region', { name: 'Marketing mail' });
  await section.getByLabel('Category').selectOption('promotions');
  await section.getByLabel('Subject').fill(subject);
  await section.getByLabel('Text').fill('Double coins on every package this weekend.');
  await section.getByRole('button', { name: 'Send marketing mail' }).click();
  await expect(section.getByRole('status')).toContainText(/Sent to \d+ players/);
  await context.close();
}

test('a marketing mail link unsubscribes in one click without signing in, and later mail skips the player', async ({
  browser,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await sendMarketingMail(browser, 'Weekend offer');

  let mail = '';
  await expect
    .poll(() => (mail = marketingMailsTo(p.email).find((m) => m.includes('Subject: Weekend offer')) ?? ''))
    .not.toBe('');
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  const link = /(http:\/\/\S+\/update-communication-preferences\?u=\S+&t=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();

  // The reader opens the link in a fresh browser: no session, no sign-in.
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await reader.newPage();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Communication Preferences' })).toBeVisible();
  await expect(page.getByTestId('preferences-owner')).toContainText(/Preferences for \S+\*/);
  await expect(page.getByLabel('Promotions and bonus offers')).toBeChecked();
  await page.getByRole('button', { name: 'Unsubscribe from all marketing email' }).click();
  await expect(page.getByTestId('preferences-status')).toContainText('You are unsubscribed');
  await expect(page.getByLabel('Promotions and bonus offers')).not.toBeChecked();
  // A reload shows what the server kept.
  await page.reload();
  await expect(page.getByLabel('News and new games')).not.toBeChecked();
  await reader.close();

  // The player, signing in on another device, finds the same choice in My Account.
  const device = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
  const mine = await device.newPage();
  await mine.goto(ROUTES.login);
  await signIn(mine, p.email, p.password);
  await expectLobby(mine);
  await mine.goto(`${ROUTES.myAccount}#communication-preferences`);
  const section = mine.getByRole('region', { name: 'Communication Preferences' });
  await expect(section.getByLabel('Promotions and bonus offers')).not.toBeChecked();
  await section.getByLabel('News and new games').check();
  await section.getByRole('button', { name: 'Save preferences' }).click();
  await expect(section.getByTestId('preferences-status')).toHaveText('Your preferences are saved.');
  await device.close();

  await sendMarketingMail(browser, 'Second offer');
  // The second mail reached nobody who opted out: give the outbox a moment, then look.
  await new Promise((r) => setTimeout(r, 1_000));
  expect(marketingMailsTo(p.email).some((m) => m.includes('Subject: Second offer'))).toBe(false);
});
