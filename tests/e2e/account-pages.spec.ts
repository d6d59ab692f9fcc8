/**
 * My Account's pages in the browser at 390 px, on a server of its own (the spec reads its mail
 * outbox): change the password and sign in with the new one in a fresh browser; change the email
 * through the link mailed to the new address; upload a picture and see it in the menu after a
 * reload; close the account and be refused at sign-in with the closed-account message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  createPlayerViaApi,
  expectLobby,
  expectOnLogin,
  newPlayer,
  signIn,
  type NewPlayer,
} from './support/app.ts';
import { useOwnServer } from './support/own-server.ts';

const PORT = Number(process.env.E2E_ACCOUNT_PAGES_PORT ?? 8484);
const VIEWPORT = { width: 390, height: 844 };

const server = useOwnServer({
  port: PORT,
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
test.use({ baseURL: server.origin, viewport: VIEWPORT });

/** The .eml mails of one kind to an address, oldest first. */
function mailsTo(address: string, kind: string): string[] {
  const outbox = join(server.dataDir() ?? '', 'outbox');
  return readdirSync(outbox)
    .filter((f) => f.endsWith(`-${kind}.eml`))
    .sort()
    .map((f) => readFileSync(join(outbox, f), 'utf8'))
    .filter((eml) => eml.includes(`To: ${address}\r\n`));
}

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto(ROUTES.login);
  await signIn(page, email, password);
  // Signing in (a scrypt hash) can take long on a busy machine.
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`), { timeout: 30_000 });
  await expectLobby(page);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: VIEWPORT });
  return context.newPage();
}

async function openFromMyAccount(page: Page, testId: string, heading: string): Promise<void> {
  await page.goto(ROUTES.myAccount);
  await page.getByTestId(testId).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function player(request: Parameters<typeof createPlayerViaApi>[0]): Promise<NewPlayer> {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  return p;
}

test('change the password, then sign in with the new one in a fresh browser', async ({
  page,
  browser,
  request,
}) => {
  const p = await player(request);
  await signInAs(page, p.email, p.password);
  await openFromMyAccount(page, 'my-account-change-password', 'Change Password');
  const newPassword = 'Copper-Lantern-77!';
  await page.getByLabel('Current password').fill(p.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-changed')).toContainText('Every other device was signed out');

  const other = await freshPage(browser);
  await other.goto(ROUTES.login);
  await signIn(other, p.email, p.password);
  await expect(other.getByTestId('form-error')).toHaveText('The email or password is incorrect.', {
    timeout: 30_000,
  });
  await signIn(other, p.email, newPassword);
  await expect(other).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`), { timeout: 30_000 });
  await expectLobby(other);
  await other.context().close();
});

test('change the email through the link mailed to the new address', async ({ page, browser, request }) => {
  const p = await player(request);
  const newEmail = `moved.${Date.now()}@example.org`;
  await signInAs(page, p.email, p.password);
  await openFromMyAccount(page, 'my-account-change-email', 'Change Email');
  await page.getByLabel('New email').fill(newEmail);
  await page.getByLabel('Current password').fill(p.password);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByTestId('email-link-sent')).toContainText(newEmail);

  let mail = '';
  await expect.poll(() => (mail = mailsTo(newEmail, 'email_change_confirm')[0] ?? '')).not.toBe('');
  const link = /(http:\/\/\S+\/change-email\?token=[\w-]+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByTestId('email-changed')).toHaveText(`Your email address is now ${newEmail}.`);
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
  // The old address is told.
  await expect.poll(() => mailsTo(p.email, 'email_changed_notice').length).toBe(1);

  const other = await freshPage(browser);
  await signInAs(other, newEmail, p.password);
  await other.context().close();
});

test('upload a picture and see it in the menu after a reload', async ({ page, request }) => {
  const p = await player(request);
  await signInAs(page, p.email, p.password);
  await openFromMyAccount(page, 'my-account-profile-pic', 'Profile Picture');
  const png = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 140, b: 200 } },
  })
    .png()
    .toBuffer();
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByTestId('avatar-saved')).toBeVisible();
  await expect(page.getByTestId('profile-pic-current')).toBeVisible();

  await page.reload();
  await page.getByTestId('menu-button').click();
  const avatar = page.getByTestId('menu-avatar');
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
});

test('close the account: signed out, and sign-in is refused with the closed-account message', async ({
  page,
  request,
}) => {
  const p = await player(request);
  await signInAs(page, p.email, p.password);
  await openFromMyAccount(page, 'my-account-close-account', 'Close Account');
  await page.getByTestId('close-account').click();
  const dialog = page.getByTestId('dialog-close-account');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-close').click();
  await expectOnLogin(page);

  await signIn(page, p.email, p.password);
  await expect(page.getByTestId('form-error')).toContainText('This account is closed.', { timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}$`));
});
