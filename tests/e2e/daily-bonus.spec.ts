/**
 * The Daily Bonus at 390 px, on a server of its own whose clock the test moves (--test-clock):
 * a new player opens Daily Bonus from the menu, sees the pay table, spins, watches the prize land
 * in the header and reads it in the dialog; after a reload the spin is refused with the next time
 * shown; with the server clock moved past the next 12:00am Eastern Time (and signed in again, as
 * the move expires the session) the player spins again and the streak shows 2.
 */
import { expect, test, type Page } from '@playwright/test';
import { DAILY_BONUS_API_PATHS, type DailyBonusPlayResponse } from '../../src/contract/daily-bonus.ts';
import { apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, expectLobby, newPlayer, signIn } from './support/app.ts';
import { CLOCK_SLOTS, setServerClock, useClockServer } from './support/test-clock.ts';
import { collectLoginBonus } from './support/login-bonus.ts';

const { origin } = useClockServer(CLOCK_SLOTS.dailyBonus);
test.use({ baseURL: origin, viewport: { width: 390, height: 844 } });

const DAILY_BONUS_URL = '/buy-coins/daily-bonus';
const grouped = (n: number) => n.toLocaleString('en-US');

/** Dialogs a sign-in may open (login bonus, promotions) are closed by leaving the lobby. */
async function openDailyBonusFromMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-get-coins')).toBeVisible();
  // Children may be listed under Get Coins or revealed by it.
  if (!(await page.getByTestId('menu-daily-bonus').isVisible()))
    await page.getByTestId('menu-get-coins').click();
  await page.getByTestId('menu-daily-bonus').click();
  await expect(page).toHaveURL(new RegExp(`${DAILY_BONUS_URL}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Bonus' })).toBeVisible();
}

async function spin(page: Page): Promise<DailyBonusPlayResponse> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith(apiUrl(DAILY_BONUS_API_PATHS.play)) && r.request().method() === 'POST',
  );
  // By keyboard: focus the button and press Enter.
  await page.getByTestId('daily-bonus-spin').focus();
  await page.keyboard.press('Enter');
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as DailyBonusPlayResponse;
}

test('a new player spins once a day: the prize lands in the header, a second spin is refused with the next time, the next Eastern day the streak is 2', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await page.goto(ROUTES.login);
  await signIn(page, player.email, player.password);
  await expectLobby(page);

  await openDailyBonusFromMenu(page);
  // The pay table of day 1 before the spin.
  const table = page.getByTestId('daily-bonus-pay-table');
  await expect(table.locator('li')).toHaveCount(8);
  await expect(table).toContainText('2,000 Gold Coins');
  await expect(page.getByTestId('daily-bonus-streak')).toHaveText('0');
  // Fits 360 px without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });

  const won = await spin(page);
  expect(won.prize_gld).toBeGreaterThan(0);
  // The result is announced and shown in the dialog once the wheel stops.
  const dialog = page.getByTestId('dialog-daily-bonus');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('daily-bonus-dialog-prize')).toContainText(
    `${grouped(won.prize_gld)} Gold Coins`,
  );
  await expect(page.getByTestId('daily-bonus-live')).toContainText(
    `You won ${grouped(won.prize_gld)} Gold Coins`,
  );
  // The header lands on the new balance (Gold or Sweeps, whichever is active).
  const gold = grouped(won.balances.balance_total_gld);
  const sweeps = won.balances.balance_total_ghc.toFixed(2);
  await expect(page.getByTestId('balance-spoken')).toHaveText(
    new RegExp(`Balance: (${gold} Gold Coins|${sweeps} Sweeps Coins)`),
  );
  await page.getByTestId('daily-bonus-dialog-done').click();
  await expect(dialog).toBeHidden();
  // The turned wheel still fits 360 px.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('daily-bonus-next')).toContainText(
    /Next bonus in \d+ h|Next bonus in \d+ min/,
  );

  // A reload: the spin is refused (no Spin button), today's prize and the next time are shown.
  await page.reload();
  await expect(page.getByTestId('daily-bonus-claimed')).toBeVisible();
  await expect(page.getByTestId('daily-bonus-spin')).toHaveCount(0);
  await expect(page.getByTestId('daily-bonus-next')).toContainText('12:00 AM ET');
  await expect(page.getByTestId('daily-bonus-streak')).toHaveText('1');

  // The next Eastern day: the server clock one minute past the next 12:00am ET.
  await setServerClock(request, new Date(Date.parse(won.next_eligible_date) + 60_000).toISOString());
  await page.goto(ROUTES.login);
  await signIn(page, player.email, player.password);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`));
  // The day's first sign-in earns the login bonus: collected (the featured package follows it).
  await collectLoginBonus(page);
  // Through the installed app's "Daily Bonus" shortcut (the manifest's URL).
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(manifestHref!)).json()) as {
    shortcuts: Array<{ name: string; url: string }>;
  };
  const shortcut = manifest.shortcuts.find((s) => s.name === 'Daily Bonus');
  expect(shortcut?.url).toContain(DAILY_BONUS_URL);
  await page.goto(shortcut!.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Bonus' })).toBeVisible();
  await expect(page.getByTestId('daily-bonus-day')).toHaveText('2');
  const second = await spin(page);
  expect(second.current_streak).toBe(2);
  await expect(page.getByTestId('dialog-daily-bonus')).toContainText('Streak: 2 days in a row.', {
    timeout: 15_000,
  });
  await page.getByTestId('daily-bonus-dialog-done').click();
  await expect(page.getByTestId('daily-bonus-streak')).toHaveText('2');
});
