/**
 * Social sign-in through the fault harness (tests/e2e/support/faults.ts), one new Google identity
 * in a browser context of its own:
 *   - joining: the answer to Create account (the profile) is lost after the server created the
 *     account; Create account stays usable and pressed again signs in to that account (the
 *     provider's ticket alone works once: without the kept key the second press was refused);
 *   - signing in again after a sign-out: the answer to the sign-in with the ID token is lost
 *     after the server started the session; the app sends it again with its key and lands in the
 *     lobby, signed in after a reload (the used token alone was refused: "This sign-in was not
 *     started in this browser, or was used already").
 * A failure prints the fault seed.
 */
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { SOCIAL_AUTH_PATHS } from '../../src/contract/social-auth.ts';
import { acceptTermsByScrolling, expectLobby, expectOnLogin, MONTHS, newPlayer } from './support/app.ts';
import { faultyNetwork, printSeedOnFailure, type FaultyNetwork } from './support/faults.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const posting = (path: string) => (r: Request) => r.method() === 'POST' && r.url().endsWith(apiUrl(path));
const isAccountCreation = posting(SOCIAL_AUTH_PATHS.accounts);
const isSocialSignIn = posting(SOCIAL_AUTH_PATHS.signIn);

let context: BrowserContext;
let page: Page;
let network: FaultyNetwork;
const player = newPlayer();

test.beforeAll(async ({ browser }, testInfo) => {
  context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  page = await context.newPage();
  // Faults only where a test asks for one.
  network = await faultyNetwork(context, { only: () => false });
});

test.afterEach(async ({ browserName: _ }, testInfo) => {
  await printSeedOnFailure(testInfo, network);
});

test.afterAll(async () => {
  await context.close();
});

/** Clicks "Continue with Google" and signs in as the player in the provider's popup. */
async function continueWithGoogle(): Promise<void> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continue with Google' }).click(),
  ]);
  await popup.waitForURL(/\/authorize\?/);
  await popup.getByLabel('Email', { exact: true }).fill(player.email);
  await popup.getByLabel('First name', { exact: true }).fill(player.firstName);
  await popup.getByLabel('Last name', { exact: true }).fill(player.lastName);
  await Promise.all([
    popup.waitForEvent('close'),
    popup.getByRole('button', { name: 'Continue as this person' }).click(),
  ]);
}

test('join with Google: the answer to Create account is lost; pressed again, it signs in to the one account', async () => {
  await page.goto(ROUTES.createUser);
  await continueWithGoogle();
  await expect(page).toHaveURL(new RegExp(ROUTES.socialProfile));
  await page.getByLabel('ZIP code', { exact: true }).fill('60601');
  await page.getByLabel('Birth month', { exact: true }).selectOption({ label: MONTHS[5] ?? 'June' });
  await page.getByLabel('Birth day', { exact: true }).selectOption({ label: '12' });
  await page.getByLabel('Birth year', { exact: true }).selectOption({ label: '1990' });
  await acceptTermsByScrolling(page);
  network.loseNext(isAccountCreation);
  const create = page.getByRole('button', { name: 'Create account', exact: true });
  await create.click();
  await expect(page.getByTestId('form-error')).toBeVisible({ timeout: 30_000 });
  expect(network.stats.lost).toBe(1);
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(new RegExp(ROUTES.selectCurrency), { timeout: 30_000 });
  await page.getByRole('button', { name: 'Play with Gold Coins' }).click();
  await expectLobby(page);
});

test('sign in with Google after a sign-out: the answer is lost, the app sends it again and is signed in', async () => {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-sign-out').click();
  await expectOnLogin(page);

  network.loseNext(isSocialSignIn);
  await continueWithGoogle();
  await expectLobby(page);
  expect(network.stats.lost).toBe(2);
  await page.reload();
  await expectLobby(page);
});
