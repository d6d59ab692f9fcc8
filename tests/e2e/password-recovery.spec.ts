/**
 * Password recovery through the mailed link, end to end, on a server of its own that sends mail
 * through a real SMTP server the spec starts (SMTP_URL; server/providers/email/smtp-email.ts): a
 * returning player who forgot the password asks for a link on the sign-in page, reads the mail
 * the SMTP server received, follows the link, chooses a new password without the old one, and
 * signs in with it in a fresh browser; the old password no longer works and the link works once.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, expectLobby, signIn } from './support/app.ts';
import { useOwnServer } from './support/own-server.ts';

const PORT = Number(process.env.E2E_RECOVERY_PORT ?? 8482);
const VIEWPORT = { width: 360, height: 780 };
const NEW_PASSWORD = 'Harbor-Lights-2031';

// The SMTP server, started before the app's server (whose SMTP_URL points at it).
const mails: ParsedMail[] = [];
let smtp: SMTPServer | null = null;
let smtpPort = 0;
test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const server = useOwnServer({
  port: PORT,
  flags: [],
  env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
  // Only a server started here sends to this spec's SMTP server: a server left on the port is not reused.
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

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: VIEWPORT });
  return context.newPage();
}

const recoveryMailsTo = (address: string) =>
  mails.filter(
    (m) =>
      m.headers.get('x-outbox-kind') === 'sign_in_link' &&
      m.to &&
      'value' in m.to &&
      m.to.value[0]?.address === address,
  );

test('a player who forgot the password gets the link by mail, sets a new one with it and signs in with it', async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await page.goto(ROUTES.login);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByTestId('recovery-confirmation')).toBeVisible();

  // The mail, as the SMTP server received it.
  await expect.poll(() => recoveryMailsTo(DEMO.email).length, { timeout: 20_000 }).toBe(1);
  const mail = recoveryMailsTo(DEMO.email)[0]!;
  expect(mail.subject).toBe('Your Lucky Crown sign-in link');
  expect(mail.messageId).toMatch(/^<outbox-\d+@luckycrown\.example>$/);
  const link = new RegExp(`${server.origin}${ROUTES.signInLink}\\?token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();

  // The link signs in and asks for a new password only.
  await page.goto(link!);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.changePassword}$`), { timeout: 30_000 });
  await expect(page.getByTestId('password-reset-intro')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-changed')).toBeVisible({ timeout: 30_000 });
  // Once used, the page is back to the usual form.
  await expect(page.getByLabel('Current password')).toBeVisible();
  await page.context().close();

  // A fresh browser: the new password signs in; the old one does not.
  const again = await freshPage(browser);
  await again.goto(ROUTES.login);
  await signIn(again, DEMO.email, DEMO.password);
  await expect(again.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await expect(again.getByTestId('balance-amount')).toHaveCount(0);
  await signIn(again, DEMO.email, NEW_PASSWORD);
  await expectLobby(again);

  // The link worked once.
  const reused = await freshPage(browser);
  await reused.goto(link!);
  await expect(reused.getByText(/invalid, has already been used or has expired/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(reused.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  // One request, one mail: nothing was sent twice.
  expect(recoveryMailsTo(DEMO.email)).toHaveLength(1);
  await reused.context().close();
  await again.context().close();
});
