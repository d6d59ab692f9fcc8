/**
 * The login bonus at 390 px, on a server of its own whose clock the test moves (--test-clock): a
 * new player signs in on the day they joined (no bonus) and signs out; the server clock moves to
 * the next Eastern day; signing in again shows the login bonus dialog with its amounts while the
 * header shows the balance without them; closing it counts the balance up to include the bonus,
 * and 2000 ms later the featured package is offered; a reload the same day shows no dialog again.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOGIN_BONUS_DEFAULTS } from '../../src/contract/login-bonus.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectLobby, expectOnLogin, newPlayer, signIn } from './support/app.ts';
import { advanceServerClock, CLOCK_SLOTS, useClockServer } from './support/test-clock.ts';

const { origin } = useClockServer(CLOCK_SLOTS.loginBonus);
test.use({ baseURL: origin, viewport: { width: 390, height: 844 } });

const GOLD = LOGIN_BONUS_DEFAULTS.goldCoins.toLocaleString('en-US');
const SWEEPS = (LOGIN_BONUS_DEFAULTS.sweepsCents / 100).toFixed(2);

/** Records every text the header balance shows from now on (the count-up passes through several). */
async function recordBalanceTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { balanceTexts: string[] };
    w.balanceTexts = [];
    const record = () => {
      const text = document.querySelector('[data-testid="balance-amount"]')?.textContent ?? '';
      if (w.balanceTexts[w.balanceTexts.length - 1] !== text) w.balanceTexts.push(text);
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const balanceTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { balanceTexts: string[] }).balanceTexts);

test('the next Eastern day’s first sign-in shows the login bonus; closing it animates it into the balance; a reload that day shows nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer();
  await createPlayerViaApi(request, player);

  // The day of joining: no login bonus.
  await page.goto(ROUTES.login);
  await signIn(page, player.email, player.password);
  await expectLobby(page);
  await expect(page.getByTestId('balance-amount')).toHaveText('0');
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('dialog-login-bonus')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-sign-out').click();
  await expectOnLogin(page);

  // The next Eastern day.
  await advanceServerClock(request, 24 * 3600);
  await signIn(page, player.email, player.password);
  // The lobby opens under the dialog (a modal dialog hides the page from the accessibility tree).
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`));
  const dialog = page.getByTestId('dialog-login-bonus');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('login-bonus-gold')).toContainText(GOLD);
  await expect(dialog.getByTestId('login-bonus-sweeps')).toContainText(SWEEPS);
  // Fits the phone: no sideways scrolling, the button within the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(dialog.getByTestId('login-bonus-collect')).toBeInViewport();
  // While it is open the header shows the balance without the bonus.
  await expect(page.getByTestId('balance-amount')).toHaveText('0');

  await recordBalanceTexts(page);
  await dialog.getByTestId('login-bonus-collect').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance-amount')).toHaveText(GOLD);
  // Counted up: the header passed through amounts between 0 and the bonus.
  const seen = await balanceTexts(page);
  const amounts = seen.map((t) => Number(t.replace(/,/g, ''))).filter((n) => Number.isFinite(n));
  expect(
    amounts.some((n) => n > 0 && n < LOGIN_BONUS_DEFAULTS.goldCoins),
    seen.join(' | '),
  ).toBe(true);

  // 2000 ms after the claim the follow-up: the featured package (the seeded welcome offer).
  const featured = page.getByTestId('dialog-featured-package');
  await expect(featured).toBeVisible({ timeout: 6_000 });
  await featured.getByRole('button', { name: 'Not now' }).click();
  await expect(featured).toBeHidden();

  // The same day, a reload: the bonus was seen, no dialog; the balance holds it.
  await page.reload();
  await expectLobby(page);
  await expect(page.getByTestId('balance-amount')).toHaveText(GOLD);
  await page.waitForTimeout(2_500);
  await expect(page.getByTestId('dialog-login-bonus')).toHaveCount(0);
});

test('a reload before the dialog is closed shows the bonus again (the "user login bonus coins" call), until it is closed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await advanceServerClock(request, 24 * 3600);
  await page.goto(ROUTES.login);
  await signIn(page, player.email, player.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`));
  const dialog = page.getByTestId('dialog-login-bonus');
  await expect(dialog).toBeVisible();

  const pending = page.waitForResponse((r) => r.url().endsWith('/api/v1/login-bonus'));
  await page.reload();
  expect(await (await pending).json()).toEqual({
    quantity_ghc: LOGIN_BONUS_DEFAULTS.sweepsCents / 100,
    quantity_gld: LOGIN_BONUS_DEFAULTS.goldCoins,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('login-bonus-gold')).toContainText(GOLD);
  await expect(page.getByTestId('balance-amount')).toHaveText('0');
  await dialog.getByTestId('login-bonus-collect').click();
  await expect(page.getByTestId('balance-amount')).toHaveText(GOLD);

  await page.reload();
  await expectLobby(page);
  await page.waitForTimeout(2_500);
  await expect(dialog).toHaveCount(0);
});
