/**
 * Mobile verification in the browser at 390 px, on a server of its own started here with the
 * mobile_verification_enabled named property on (scripts/e2e-server.mjs --property, which stores
 * it through the server's own migrations and property seeding before the start). The code is read
 * where the operator reads it: the SMS sandbox's text files in the server's DATA_DIR/outbox
 * (the wrapper prints that folder when it starts).
 *
 * Port: E2E_MOBILE_VERIFICATION_PORT (default 8485); its sandboxes sit 1000 and more above.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { MOBILE_VERIFICATION_TEXTS as TEXTS } from '../../src/contract/mobile-verification.ts';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { expectLobby, fillJoinForm, newPlayer, submitJoinForm } from './support/app.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.E2E_MOBILE_VERIFICATION_PORT ?? 8485);
const ORIGIN = `http://localhost:${PORT}`;

let server: ChildProcess | null = null;
let serverLog = '';
let dataDir: string | null = null;

async function propertyAnswer(): Promise<string | null> {
  try {
    const res = await fetch(
      `${ORIGIN}${apiUrl(API_PATHS.properties)}?names=${PROPERTY_NAMES.mobileVerificationEnabled}`,
      { signal: AbortSignal.timeout(2_000) },
    );
    if (!res.ok) return null;
    const body = (await res.json()) as { results: Array<{ value: string }> };
    return body.results[0]?.value ?? null;
  } catch {
    return null;
  }
}

test.use({ baseURL: ORIGIN });
// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if ((await propertyAnswer()) !== null)
    throw new Error(
      `port ${PORT} is already in use; set E2E_MOBILE_VERIFICATION_PORT to a free port (the spec reads its server's outbox)`,
    );
  server = spawn(
    process.execPath,
    [
      join(ROOT, 'scripts', 'e2e-server.mjs'),
      '--port',
      String(PORT),
      '--property',
      `${PROPERTY_NAMES.mobileVerificationEnabled}=true`,
    ],
    { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));
  const deadline = Date.now() + 170_000;
  while ((await propertyAnswer()) !== 'true') {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${serverLog}`);
    if (Date.now() > deadline) throw new Error(`server did not answer in time:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  dataDir = /DATA_DIR (\S+)/.exec(serverLog)?.[1]?.replace(/,$/, '') ?? null;
  if (!dataDir) throw new Error(`no DATA_DIR in the server log:\n${serverLog}`);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server?.once('exit', r));
  server.kill('SIGTERM'); // the wrapper stops the server and deletes its data folder
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
});

/** The code in the newest text the SMS sandbox wrote for `digits`. */
async function codeSentTo(digits: string): Promise<string> {
  const outbox = join(dataDir ?? '', 'outbox');
  let code: string | null = null;
  await expect
    .poll(
      () => {
        const files = readdirSync(outbox, { withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith('-sms.txt'))
          .map((f) => f.name)
          .sort();
        for (const name of files.reverse()) {
          const text = readFileSync(join(outbox, name), 'utf8');
          if (text.startsWith(`To: ${digits}\n`)) {
            code = /\b(\d{6})\b/.exec(text.split('\n\n')[1] ?? '')?.[1] ?? null;
            return code;
          }
        }
        return null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

test('a new player verifies a mobile number before the lobby, and stays signed in', async ({ page }) => {
  await page.goto(ROUTES.createUser);
  await fillJoinForm(page, newPlayer({ postalCode: '60601', birthYear: 1991 }));
  await submitJoinForm(page);

  await expect(page).toHaveURL(new RegExp(`${ROUTES.mobileVerification}$`));
  await expect(page.getByRole('heading', { name: TEXTS.pageTitle, level: 1 })).toBeVisible();
  // No balance while pending; the menu is only Sign out.
  await expect(page.getByTestId('balance-amount')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-sign-out')).toBeVisible();
  await expect(page.getByTestId('menu-lobby')).toHaveCount(0);
  await expect(page.getByTestId('menu-my-account')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A guarded page sends the player back here.
  await page.goto(ROUTES.lobby);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.mobileVerification}$`));

  const digits = `312555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const phone = page.getByLabel(TEXTS.phoneLabel, { exact: true });
  await phone.pressSequentially(digits);
  // Formatted 300 ms after the last keystroke.
  await expect(phone).toHaveValue(`(312) 555-${digits.slice(6)}`);
  await page.getByRole('button', { name: TEXTS.sendCode, exact: true }).click();

  const codeField = page.getByLabel(TEXTS.codeLabel, { exact: true });
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByTestId('mobile-verification-status')).toContainText(
    `(312) 555-••${digits.slice(8)}`,
  );
  const code = await codeSentTo(digits);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeField.fill(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('field-error-code')).toHaveText(/not right.*4 left/);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');

  const dataLayerBefore = await page.evaluate(
    () => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).length,
  );
  await codeField.fill(code);
  await page.getByRole('button', { name: TEXTS.verify, exact: true }).click();
  await expectLobby(page);
  const events = await page.evaluate(
    () => (window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? [],
  );
  expect(events.slice(dataLayerBefore).map((e) => e.event)).toContain('mobile_verified');

  await page.reload();
  await expectLobby(page);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-my-account')).toBeVisible();
});

test('the same number again offers a resend; leaving asks to verify or sign out', async ({ page }) => {
  await page.goto(ROUTES.createUser);
  await fillJoinForm(page, newPlayer({ postalCode: '60601', birthYear: 1992 }));
  await submitJoinForm(page);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.mobileVerification}$`));

  const digits = `773555${String((Date.now() + 17) % 10_000).padStart(4, '0')}`;
  await page.getByLabel(TEXTS.phoneLabel, { exact: true }).fill(digits);
  await page.getByRole('button', { name: TEXTS.sendCode, exact: true }).click();
  await expect(page.getByLabel(TEXTS.codeLabel, { exact: true })).toBeVisible();
  const first = await codeSentTo(digits);

  await page.getByRole('button', { name: TEXTS.changeNumber, exact: true }).click();
  await page.getByRole('button', { name: TEXTS.sendCode, exact: true }).click();
  const dialog = page.getByTestId('dialog-mobile-verification');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(TEXTS.sameTitle);
  await dialog.getByRole('button', { name: TEXTS.sameButton, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => codeSentTo(digits)).not.toBe(first);

  // Offline: the page says it needs a connection and does not send.
  await page.context().setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByTestId('mobile-verification-offline')).toHaveText(TEXTS.offline);
  await expect(page.getByRole('button', { name: TEXTS.verify, exact: true })).toBeDisabled();
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));

  // 360 px: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // By keyboard: Enter on Sign out opens verify-to-continue; Escape keeps verifying.
  await page.getByRole('button', { name: TEXTS.signOut, exact: true }).focus();
  await page.keyboard.press('Enter');
  const leave = page.getByTestId('dialog-verify-to-continue');
  await expect(leave).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.mobileVerification}$`));
  await page.getByRole('button', { name: TEXTS.signOut, exact: true }).click();
  await page.getByTestId('dialog-verify-to-continue').getByRole('button', { name: TEXTS.signOut }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.login}$`));
});
