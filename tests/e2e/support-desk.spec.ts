/**
 * Support desk in the browser at 390 px: a signed-in player's Help Center (menu, a new tab) signs
 * them in on the help center site (its own origin, the support site sandbox) through the
 * support-desk JWT; a signed-out visitor's footer link opens the public help page; the same
 * sign-in link cannot be used twice.
 */
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signInToLobby } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 } });

test("a signed-in player's Help Center opens the help center signed in as them", async ({
  page,
  context,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await signInToLobby(page, p.email, p.password);

  await page.getByTestId('menu-button').click();
  const help = page.getByTestId('menu-help-center');
  await expect(help).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), help.click()]);
  // The new tab resumes the session, asks for the support-desk JWT, and goes on to the site.
  await expect(tab).toHaveURL(/\/hc$/, { timeout: 30_000 });
  const site = new URL(tab.url());
  expect(site.origin).not.toBe(new URL(page.url()).origin);
  await expect(tab.getByTestId('support-signed-in')).toContainText(
    `Signed in as ${p.firstName} ${p.lastName}`,
  );
  await expect(tab.getByTestId('support-signed-in')).toContainText(p.email);

  // The access URL it used cannot sign anyone in again.
  const jwtAccess = tab.waitForRequest((r) => r.url().includes('/access/jwt?jwt='));
  await tab.goto(`${new URL(page.url()).origin}${ROUTES.supportDeskLogin}`);
  const used = (await jwtAccess).url();
  await expect(tab).toHaveURL(/\/hc$/);
  const replay = await request.get(used);
  expect(replay.status()).toBe(401);
  expect(await replay.text()).toContain('already used');
});

test("a visitor's Help Center link opens the public help page", async ({ page }) => {
  await page.goto(ROUTES.login);
  const link = page.getByTestId('footer-help-center');
  await expect(link).toHaveAttribute('href', /^http:\/\/localhost:\d+\/hc$/);
  await page.goto((await link.getAttribute('href'))!);
  await expect(page.getByRole('heading', { name: 'Popular articles' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed out' })).toContainText(
    'Sign in with your Lucky Crown account',
  );
});
