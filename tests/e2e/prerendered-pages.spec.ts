/**
 * The home, login and policy pages arrive with their markup in the HTML
 * (server/http/prerendered-pages.ts): they show without JavaScript, a submit before the app has
 * started sends nothing, and the app (on the home page, the light entry) takes the markup over
 * with no layout shift; signing in still works.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, expectLobby, signIn } from './support/app.ts';
import {
  fullAppChunk,
  LIGHTHOUSE_MOBILE_VIEWPORT,
  lightEntryChunk,
  LOADED,
  MAX_SHIFT,
  observeLayoutShifts,
  settledShift,
} from './support/layout-shift.ts';

test.use({ viewport: LIGHTHOUSE_MOBILE_VIEWPORT });

/** Holds a script back until `release` is called: the server's markup stays on screen. */
async function holdScript(page: Page, file: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === file,
    async (route: Route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

const holdFullApp = (page: Page) => holdScript(page, fullAppChunk());

/** Where the given elements are on screen. */
const boxesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return `${n.tagName}:${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)}x${Math.round(r.height)}`;
    }),
  );

/** Console messages of the page (a hydration mismatch is reported as a warning). */
function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    // The test browser blocks the service worker (playwright.config.ts) and says so.
    if (message.text().includes('Service Worker registration blocked')) return;
    if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

const takenOver = (page: Page) =>
  expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', LOADED);

/**
 * Lets the held script go and checks the takeover: the elements matching `selector` stay where
 * they were, nothing shifts, and no mismatch or error is reported (`messages`, from consoleOf).
 */
async function expectTakenOverInPlace(page: Page, selector: string, release: () => void, messages: string[]) {
  const before = await boxesOf(page, selector);
  expect(before.length).toBeGreaterThan(3);
  release();
  await takenOver(page);
  expect(await boxesOf(page, selector)).toEqual(before);
  const shift = await settledShift(page);
  expect(shift.total, `layout shifts: ${shift.sources.join(', ')}`).toBeLessThan(MAX_SHIFT);
  expect(messages).toEqual([]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page says what the product is and links to joining and signing in', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Social casino games, free to play' }),
    ).toBeAttached();
    await expect(page.getByText(/is a social casino for adults in the United States/)).toBeVisible();
    const hero = page.getByRole('region', { name: 'Social casino games, free to play' });
    await expect(hero.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', ROUTES.createUser);
    await expect(hero.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', ROUTES.login);
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeAttached();
    // No form: the links work before any script.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
  });

  test('the login page shows its form, which takes no input and submits nothing', async ({ page }) => {
    await page.goto(ROUTES.login);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const form = page.locator('form[aria-label="Sign in to Lucky Crown"]');
    await expect(form.locator('label', { hasText: 'Email' })).toBeVisible();
    await expect(form.locator('input[name="email"][type="email"]')).toBeVisible();
    await expect(form.locator('label', { hasText: 'Password' })).toBeVisible();
    await expect(form.locator('input[name="password"][type="password"]')).toBeVisible();
    await expect(form.locator('button[type="submit"]')).toHaveText('Sign in');
    await expect(page.getByTestId('site-footer')).toBeAttached();

    // Until the app runs the page is inert: a click or typing does nothing, so no password can
    // end up in an address and nothing typed is lost when the app replaces the markup.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    await form.locator('input[name="email"]').click({ force: true });
    await page.keyboard.type('someone@example.com');
    await form.locator('input[name="password"]').click({ force: true });
    await page.keyboard.type('secret');
    await page.keyboard.press('Enter');
    await form.locator('button[type="submit"]').click({ force: true });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(ROUTES.login);
    expect(new URL(page.url()).search).toBe('');
    await expect(form.locator('input[name="email"]')).toHaveValue('');
    await expect(form.locator('input[name="password"]')).toHaveValue('');
  });

  test('a policy page shows its document', async ({ page }) => {
    await page.goto(ROUTES.policiesTerms);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
    // The policy page is no form: it is readable and its links work before the app starts.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
  });
});

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => observeLayoutShifts(page));

  test('the home page is on screen before any script, and the light entry takes it over in place', async ({
    page,
  }) => {
    const messages = consoleOf(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const release = await holdScript(page, lightEntryChunk());
    // A module script holds DOMContentLoaded and load back: wait only for the page to arrive.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText(/is a social casino for adults in the United States/)).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
    // Hydrated, not rendered again: no mismatch reported.
    await expectTakenOverInPlace(page, 'header, main h2, main p, footer', release, messages);
    // The light entry alone took the page over: the full app waits for the visitor.
    expect(requested).not.toContain(fullAppChunk());
    // Its links are the app's: signing in opens in place.
    await page
      .getByRole('region', { name: 'Social casino games, free to play' })
      .getByRole('link', { name: 'Sign in' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible(LOADED);
  });

  test('the login form is on screen before the app and stays in place when the app takes over', async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    const messages = consoleOf(page);
    const release = await holdFullApp(page);
    await page.goto(ROUTES.login);
    // The server's markup, before the app's script has arrived.
    const form = page.locator('form[aria-label="Sign in to Lucky Crown"]');
    await expect(form.locator('input[name="password"]')).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
    // The app hydrated the server's markup: no mismatch, no error.
    await expectTakenOverInPlace(page, 'h1, form label, form input, form button, footer', release, messages);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // The page's styles came with the HTML: the app's chunks do not fetch and apply them again.
    expect(stylesheets).toEqual([]);

    await signIn(page, DEMO.email, DEMO.password);
    await expectLobby(page);
  });

  test('a policy page keeps its text in place when the app takes over', async ({ page }) => {
    const messages = consoleOf(page);
    const release = await holdFullApp(page);
    await page.goto(ROUTES.policiesPrivacy);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expectTakenOverInPlace(page, 'h1, article h2, article p, footer', release, messages);
    // The app's links work: another policy opens in the app.
    await page
      .getByRole('navigation', { name: 'Policies' })
      .getByRole('link', { name: 'Terms and Conditions' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible(LOADED);
  });
});
