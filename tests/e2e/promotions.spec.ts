/**
 * Promotions in the browser, at 390 px: a new player signs in, sees the first promo pop-up and
 * follows its button; the lobby's carousel shows the slides, labelled for screen readers, and
 * moves with the keyboard; an operator creates a pop-up, puts it first, and the next player to
 * sign in sees it. The starter promotions are seeded only on a server of its own
 * (scripts/e2e-server.mjs --seed-promotions), started here for this file: on the other specs'
 * server a pop-up after each sign-in would cover their pages.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../src/contract/constants.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, DEMO, expectLobby, newPlayer, signIn } from './support/app.ts';
import { signInAsOperator } from './support/operator.ts';
import { useOwnServer } from './support/own-server.ts';

const PORT = Number(process.env.E2E_PROMOTIONS_PORT ?? 8483);

/** Ours when the demo player's login answer carries promo pop-ups (the starter promotions are seeded). */
async function probe(origin: string): Promise<'ours' | 'other' | null> {
  try {
    const csrf = await fetch(`${origin}${apiUrl(API_PATHS.csrf)}`, { signal: AbortSignal.timeout(2_000) });
    if (!csrf.ok) return null;
    const { csrf_token } = (await csrf.json()) as { csrf_token: string };
    const cookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const login = await fetch(`${origin}${apiUrl(API_PATHS.login)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrf_token, Cookie: cookie },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!login.ok) return 'other';
    const answer = (await login.json()) as { promopopups?: unknown[] };
    return (answer.promopopups ?? []).length > 0 ? 'ours' : 'other';
  } catch {
    return null;
  }
}

const { origin } = useOwnServer({ port: PORT, flags: ['--seed-promotions'], probe });
test.use({ baseURL: origin, viewport: { width: 390, height: 844 } });

/** A new player (no login bonus on the day they join) signs in on the login page. */
async function newPlayerSignsIn(page: Page, request: APIRequestContext): Promise<void> {
  const player = newPlayer();
  // Joined through a request context of its own: the page's context must not hold the session yet.
  await createPlayerViaApi(request, player);
  await page.goto(ROUTES.login);
  await signIn(page, player.email, player.password);
  // The lobby's heading found by its tag, not its role: a promotion's pop-up may already be open
  // over it, and a modal dialog hides the page behind it from the accessibility tree.
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}(/|$|\\?|#)`));
  await expect(page.locator('h1', { hasText: 'Lobby' })).toBeVisible();
}

test('a new player sees the first promo pop-up after signing in and follows its button', async ({
  page,
  request,
}) => {
  await newPlayerSignsIn(page, request);
  const popup = page.getByRole('dialog', { name: 'Daily Bonus wheel' });
  await expect(popup).toBeVisible({ timeout: 15_000 });
  const image = popup.getByRole('img', { name: 'A prize wheel surrounded by gold coins' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await popup.getByRole('button', { name: 'Spin the wheel' }).click();
  await expect(page).toHaveURL(new RegExp(`/buy-coins/daily-bonus$`));
  await expect(popup).toBeHidden();
});

test('the lobby carousel: labelled slides, moved with the keyboard, its space kept while it loads', async ({
  page,
  request,
}) => {
  await newPlayerSignsIn(page, request);
  const popup = page.getByRole('dialog', { name: 'Daily Bonus wheel' });
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  const carousel = page.getByRole('region', { name: 'Promotions' });
  await expect(carousel).toBeVisible();
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  const current = carousel.getByRole('group');
  await expect(current).toHaveAttribute('aria-label', '1 of 4');
  await expect(current).toHaveAttribute('aria-roledescription', 'slide');
  await expect(current.getByRole('heading', { name: 'Spin the Daily Bonus wheel' })).toBeVisible();

  // Keyboard only: Tab reaches the controls (the carousel holds still while focus is inside).
  const next = carousel.getByRole('button', { name: 'Next slide' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(current).toHaveAttribute('aria-label', '2 of 4');
  await page.keyboard.press('ArrowRight');
  await expect(current).toHaveAttribute('aria-label', '3 of 4');
  await page.keyboard.press('Shift+Tab');
  await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(current).toHaveAttribute('aria-label', '2 of 4');
  await expect(current.getByRole('link', { name: 'See the leaderboard' })).toHaveAttribute(
    'href',
    '/promotions/playson-weekly-coins-challenge',
  );

  // A reload starts with an empty store: the slot keeps the carousel's height from the first
  // render, so the page below does not move when the slides arrive.
  const box = await carousel.boundingBox();
  await page.reload();
  await expectLobby(page);
  const placeholderOrCarousel = page
    .getByTestId('promo-carousel-placeholder')
    .or(page.getByRole('region', { name: 'Promotions' }));
  // Whichever is on screen first (the placeholder may give way to the slides between finding it
  // and measuring it: then the next try measures the carousel).
  let early = 0;
  await expect
    .poll(async () => (early = (await placeholderOrCarousel.first().boundingBox())?.height ?? 0))
    .toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Promotions' })).toBeVisible();
  const late = await page.getByRole('region', { name: 'Promotions' }).boundingBox();
  expect(Math.round(early)).toBe(Math.round(late!.height));
  expect(Math.round(late!.height)).toBe(Math.round(box!.height));
  // Nothing sticks out at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an operator creates a pop-up, puts it first, and the next player to sign in sees it', async ({
  browser,
  page,
  request,
}) => {
  const name = `Challenge week ${Date.now().toString(36)}`;
  const operatorContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: origin,
  });
  const consolePage = await operatorContext.newPage();
  await signInAsOperator(consolePage);
  const section = consolePage.getByRole('region', { name: 'Promotions' });
  const form = section.getByRole('form', { name: 'New pop-up' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Image', { exact: true }).selectOption('/promotions/weekly-challenge.svg');
  await form.getByLabel('Image description (alt text)').fill('A gold trophy');
  await form.getByLabel('Button text').fill('Join the challenge');
  // Refused first: another site is not a destination.
  await form.getByLabel('Button destination').fill('https://example.com/');
  await form.getByRole('button', { name: 'Create pop-up' }).click();
  await expect(section.getByRole('alert')).toContainText('INVALID_PROMO_LOCATION');
  await form.getByLabel('Button destination').fill('/promotions/playson-weekly-coins-challenge');
  await form.getByRole('button', { name: 'Create pop-up' }).click();
  await expect(section.getByRole('status')).toHaveText(`${name} created.`);

  const order = section.getByRole('list', { name: 'Pop-ups in display order' });
  await expect(order.getByRole('listitem').last()).toContainText(name);
  while (!(await order.getByRole('listitem').first().textContent())?.includes(name)) {
    await section.getByRole('button', { name: `Move ${name} up` }).click();
    await expect(section.getByRole('status')).toHaveText('Order saved.');
  }
  await expect(order.getByRole('listitem').first()).toContainText(`${name} — live`);

  await newPlayerSignsIn(page, request);
  const popup = page.getByRole('dialog', { name });
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByRole('img', { name: 'A gold trophy' })).toBeVisible();
  await popup.getByRole('button', { name: 'Join the challenge' }).click();
  await expect(page).toHaveURL(/\/promotions\/playson-weekly-coins-challenge$/);

  // Switched off again, so a rerun on a server left running starts from the seeded order.
  await section.getByRole('button', { name: `Switch off ${name}` }).click();
  await expect(section.getByRole('status')).toHaveText(`${name} is switched off.`);
  await operatorContext.close();
});
