/**
 * Social sign-in through the identity provider sandbox (its own origin, a popup): joining with a
 * Google identity and completing the profile, and linking a Facebook identity to an existing
 * account, then signing in with it in a fresh browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  acceptTermsByScrolling,
  createPlayerViaApi,
  expectLobby,
  expectOnLogin,
  MONTHS,
  newPlayer,
} from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 } });

interface Identity {
  email: string;
  firstName: string;
  lastName: string;
}

/** Clicks "Continue with …" and signs in as `who` in the provider's popup. */
async function continueWith(page: Page, provider: 'Google' | 'Facebook', who: Identity): Promise<void> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Continue with ${provider}` }).click(),
  ]);
  await popup.waitForURL(/\/authorize\?/);
  await expect(popup.getByRole('heading', { name: `Sign in with ${provider} (sandbox)` })).toBeVisible();
  await popup.getByLabel('Email', { exact: true }).fill(who.email);
  await popup.getByLabel('First name', { exact: true }).fill(who.firstName);
  await popup.getByLabel('Last name', { exact: true }).fill(who.lastName);
  await Promise.all([
    popup.waitForEvent('close'),
    popup.getByRole('button', { name: 'Continue as this person' }).click(),
  ]);
}

test.describe('social sign-in', () => {
  // Joining hashes a password on a shared server: allow for a slow machine.
  test.setTimeout(90_000);

  test('join with Google: complete the profile, land in the lobby, stay signed in after a reload', async ({
    page,
  }) => {
    const player = newPlayer();
    await page.goto(ROUTES.createUser);
    await continueWith(page, 'Google', player);

    await expect(page).toHaveURL(new RegExp(ROUTES.socialProfile));
    await expect(page.getByTestId('social-profile-email')).toContainText(player.email.toLowerCase());
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue(player.firstName);
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.getByLabel('ZIP code', { exact: true }).fill('60601');
    await page.getByLabel('Birth month', { exact: true }).selectOption({ label: MONTHS[5] ?? 'June' });
    await page.getByLabel('Birth day', { exact: true }).selectOption({ label: '12' });
    await page.getByLabel('Birth year', { exact: true }).selectOption({ label: '1990' });
    await acceptTermsByScrolling(page);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(ROUTES.selectCurrency), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Play with Gold Coins' }).click();
    await expectLobby(page);
    await page.reload();
    await expectLobby(page);
  });

  test('link Facebook to an existing account with its password, then sign in with Facebook in a fresh browser', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const player = newPlayer();
    await createPlayerViaApi(request, player);

    await page.goto(ROUTES.login);
    await continueWith(page, 'Facebook', player);
    await expect(page).toHaveURL(new RegExp(ROUTES.linkAccounts));
    await expect(page.getByTestId('account-found')).toContainText('An account was found');
    await expect(page.getByTestId('account-found')).toContainText('Facebook');
    await page.getByLabel(/Password of your/).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel(/Password of your/).fill(player.password);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await expectLobby(page);

    const fresh = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const other = await fresh.newPage();
    await other.goto(ROUTES.login);
    await continueWith(other, 'Facebook', player);
    await expectLobby(other);
    await fresh.close();
  });

  test("the provider's data deletion request unlinks the identity and its dd page shows the status", async ({
    page,
    request,
    baseURL,
  }) => {
    const player = newPlayer();
    await createPlayerViaApi(request, player);
    await page.goto(ROUTES.login);
    await continueWith(page, 'Facebook', player);
    await page.getByLabel(/Password of your/).fill(player.password);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await expectLobby(page);

    // The sandbox provider's page (its own origin, the e2e server's port + 5000) sends the request.
    const app = new URL(baseURL ?? 'http://localhost:8499');
    const sandbox = `${app.protocol}//${app.hostname}:${Number(app.port) + 5000}`;
    const provider = await page.context().newPage();
    await provider.goto(`${sandbox}/facebook/authorize?client_id=lucky-crown-web&nonce=${'e2e'.repeat(8)}`);
    await provider.getByLabel('Email of the person to delete').fill(player.email);
    await provider.getByRole('button', { name: 'Send data deletion request' }).click();
    const status = provider.locator('#deletion-result');
    await expect(status).toBeVisible();
    const href = (await status.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/data-deletion\/dd\/[A-Z0-9]{12}$/);

    await page.goto(new URL(href).pathname);
    await expect(page.getByTestId('data-deletion-status')).toContainText('Your data has been deleted.');
    await expect(page.getByTestId('data-deletion-recorded')).toContainText('Facebook');
    // The identity no longer signs in: the email's account must be linked again.
    await page.goto(ROUTES.logout);
    await expectOnLogin(page);
    await continueWith(page, 'Facebook', player);
    await expect(page).toHaveURL(new RegExp(ROUTES.linkAccounts));
  });
});
