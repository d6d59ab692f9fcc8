/**
 * The W-9 and the identity submission through the fault harness (tests/e2e/support/faults.ts),
 * each test with a new player in a browser context of its own:
 *   - W-9: the answer to the form is lost after the server recorded it: the page says so and shows
 *     the form as submitted, the same one after a reload (one submission); the answer to the
 *     confirmation (the sandbox's mismatching number) is lost: Confirm stays usable, and Confirm
 *     again shows the decision the server made once (the mismatch), not the refusal a second
 *     decision would meet (account suspended);
 *   - identity: the answer to the result call is lost after the server recorded the decision: the
 *     outcome dialog says Verified with no failure notice; every result call lost until a reload:
 *     after the reload My Account sends the kept auth response again and shows Verified.
 * A failure prints the fault seed.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { apiUrl } from '../../src/contract/api-paths.ts';
import { KYC_API_PATHS, KYC_TEXTS } from '../../src/contract/kyc.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { TAX_API_PATHS, type W9StatusResponse } from '../../src/contract/tax.ts';
import { createPlayerViaApi, newPlayer, signInToLobby, type NewPlayer } from './support/app.ts';
import { faultyNetwork, printSeedOnFailure, type FaultyNetwork } from './support/faults.ts';
import { playerApiSession } from './support/redemption.ts';
import { submitKycFrame } from './support/kyc.ts';

test.describe.configure({ timeout: 120_000 });

const isW9Form = (r: Request) => r.method() === 'POST' && r.url().endsWith(apiUrl(TAX_API_PATHS.w9));
const isW9Confirm = (r: Request) =>
  r.method() === 'POST' && r.url().endsWith(apiUrl(TAX_API_PATHS.w9Confirm));
const isKycResult = (r: Request) =>
  r.method() === 'GET' && new URL(r.url()).pathname === apiUrl(KYC_API_PATHS.resultPattern);

let context: BrowserContext | null = null;
let network: FaultyNetwork | null = null;

/** A new player signed in at the lobby in a context of their own, its /api/ calls through the harness. */
async function signedInPlayer(
  browser: Browser,
  baseURL: string,
  request: APIRequestContext,
): Promise<{ page: Page; player: NewPlayer }> {
  context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const player = newPlayer();
  // Created in the test's own API session: the browser signs in through the login page.
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  network = await faultyNetwork(context);
  return { page, player };
}

test.afterEach(async ({ browserName: _ }, testInfo) => {
  await printSeedOnFailure(testInfo, network);
  await context?.close();
  context = null;
  network = null;
});

test('W-9: a lost answer to the form shows it submitted (once, also after a reload); Confirm again after a lost answer shows the one decision', async ({
  browser,
  baseURL,
  request,
}) => {
  const { page, player } = await signedInPlayer(browser, baseURL!, request);
  const headers = await playerApiSession(request, player);
  const w9 = async (): Promise<W9StatusResponse> =>
    (await (await request.get(apiUrl(TAX_API_PATHS.w9), { headers })).json()) as W9StatusResponse;

  await page.goto(ROUTES.w9Form);
  const form = page.getByRole('form', { name: 'W-9 form' });
  await expect(form.getByLabel('Legal name (as on your tax return)')).not.toHaveValue('');
  await form.getByLabel('Street address').fill('233 S. Wacker Dr.');
  await form.getByLabel('City').fill('Chicago');
  await form.getByLabel('State').selectOption('IL');
  await form.getByLabel('ZIP code').fill('60606');
  // 0000 is the sandbox's taxpayer number that does not match (docs/tax.md).
  await form.getByLabel('Last four digits of your SSN').fill('0000');
  await form.getByLabel(/I certify that the information on this form is correct/).check();
  network!.loseNext(isW9Form);
  await form.getByRole('button', { name: 'Submit W-9' }).click();

  // The server recorded it; the page reads the W-9 again and shows it submitted.
  await expect(page.getByTestId('w9-submitted')).toBeVisible({ timeout: 15_000 });
  expect(network!.stats.lost).toBe(1);
  const first = await w9();
  expect(first.submission).toMatchObject({ state: 'submitted', zip_code: '60606' });
  await page.reload();
  await expect(page.getByTestId('w9-submitted')).toBeVisible({ timeout: 15_000 });
  expect((await w9()).submission?.id).toBe(first.submission?.id);

  // The confirmation's answer is lost; the dialog says so and Confirm stays usable.
  await page.getByRole('button', { name: 'Confirm W-9 information' }).click();
  const info = page.getByTestId('dialog-w9-info');
  await info.getByLabel('ZIP code').fill('60606');
  await info.getByLabel('Last four digits of your SSN').fill('0000');
  network!.loseNext(isW9Confirm);
  const confirm = info.getByRole('button', { name: 'Confirm' });
  await confirm.click();
  await expect(info.getByTestId('form-error')).toContainText('We did not hear back from our servers.', {
    timeout: 15_000,
  });
  await expect(confirm).toBeEnabled();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  expect(network!.stats.lost).toBe(2);
  await confirm.click();
  // The decision the server made with the first try (the mismatch), replayed.
  await expect(page.getByTestId('dialog-w9-mismatch')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('dialog-account-suspended')).toHaveCount(0);
  expect(await w9()).toMatchObject({ w9_state: 'mismatched', suspended: true });
  expect((await w9()).submission?.id).toBe(first.submission?.id);
});

/** On My Account: VERIFY, the provider's form in its frame with last name Approve, submitted. */
async function verifyInFrame(page: Page): Promise<void> {
  await page.goto(`${ROUTES.myAccount}#identity-verification`);
  const section = page.locator('section', { has: page.locator('#identity-verification') });
  await expect(section.getByTestId('identity-state')).toHaveText(KYC_TEXTS.noneState);
  await section.getByRole('button', { name: KYC_TEXTS.verify }).click();
  const dialog = page.getByTestId('dialog-kyc');
  await expect(dialog.getByTestId('kyc-frame-spinner')).toBeHidden({ timeout: 20_000 });
  await submitKycFrame(page, 'Approve');
  await expect(dialog).toBeHidden({ timeout: 10_000 });
}

test('identity: the answer to the result is lost after the decision; the outcome shows Verified, no failure', async ({
  browser,
  baseURL,
  request,
}) => {
  const { page } = await signedInPlayer(browser, baseURL!, request);
  network!.loseNext(isKycResult);
  await verifyInFrame(page);
  const outcome = page.getByTestId('dialog-identity-verification');
  await expect(outcome.getByTestId('identity-message')).toHaveText(KYC_TEXTS.verified, { timeout: 15_000 });
  await expect(outcome.getByTestId('identity-notice')).toHaveCount(0);
  expect(network!.stats.lost).toBe(1);
  await outcome.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'verified');
});

test('identity: every result call lost until a reload; My Account sends the kept one again and shows Verified', async ({
  browser,
  baseURL,
  request,
}) => {
  const { page } = await signedInPlayer(browser, baseURL!, request);
  // Nothing of the result reaches the server until the app is reloaded.
  network!.set({ dropRate: 1, faultGets: true, only: isKycResult });
  await verifyInFrame(page);
  const outcome = page.getByTestId('dialog-identity-verification');
  await expect(outcome.getByTestId('identity-notice')).toBeVisible({ timeout: 15_000 });
  await expect(outcome.getByTestId('identity-message')).toHaveAttribute('data-state', 'none');
  expect(network!.stats.dropped).toBeGreaterThanOrEqual(3);

  network!.set({});
  await page.reload();
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'verified', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('identity-state')).toHaveText(KYC_TEXTS.verifiedState);
});
