/**
 * Gold-only mode in the browser: the product runs with GOLD_ONLY=true on a server of its own
 * (scripts/e2e-server.mjs --gold-only, started here for this file only; project
 * "chromium-gold-only" in playwright.config.ts), and a player walking the main pages never reads
 * the word Sweeps (nor "sweepstakes"): page text, menu, footer, dialogs, accessible names.
 * The policy pages are left out on purpose: they are the operator's legal text (docs/security.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { WALLET_API_PATHS } from '../../src/contract/wallet.ts';
import { E2E_GOLD_ONLY_PORT } from './support/settings.ts';
import { useOwnServer } from './support/own-server.ts';
import { DEMO, expectLobby, signIn } from './support/app.ts';

const ORIGIN = `http://localhost:${E2E_GOLD_ONLY_PORT}`;

async function goldOnlyAnswer(): Promise<string | null> {
  try {
    const res = await fetch(`${ORIGIN}${apiUrl(API_PATHS.properties)}?names=${PROPERTY_NAMES.goldOnlyMode}`, {
      signal: AbortSignal.timeout(2_000),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { results: Array<{ value: string }> };
    return body.results[0]?.value ?? null;
  } catch {
    return null;
  }
}

// One server for the file (its tests run in order in one worker); a gold-only server left on the
// port by a local run is reused.
useOwnServer({
  port: E2E_GOLD_ONLY_PORT,
  flags: ['--gold-only'],
  probe: async () => {
    const answer = await goldOnlyAnswer();
    return answer === 'true' ? 'ours' : answer === null ? null : 'other';
  },
});

/**
 * Every piece of text a player can read or hear on the page: the rendered text, the title, and
 * the accessible names and hints in attributes. Lines naming Sweeps are answered (none expected).
 */
async function sweepsMentions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    const texts = [document.title, description, document.body.innerText];
    const attributes = ['aria-label', 'title', 'alt', 'placeholder', 'aria-description'];
    const labelled = document.querySelectorAll(attributes.map((a) => `[${a}]`).join(', '));
    for (const el of Array.from(labelled))
      for (const name of attributes) {
        const v = el.getAttribute(name);
        if (v) texts.push(v);
      }
    // The terms shown for acceptance on the join form are the operator's legal text, left out
    // like the policy pages.
    const legal = document.querySelector<HTMLElement>('[data-testid="legal-scroll-region"]');
    const legalLines = new Set((legal?.innerText ?? '').split('\n'));
    return texts.flatMap((t) => t.split('\n')).filter((line) => /sweep/i.test(line) && !legalLines.has(line));
  });
}

/** The demo player (seeded with Gold only in this mode) signs in and lands on the lobby. */
async function signInAsDemo(page: Page): Promise<void> {
  await page.goto(ROUTES.login);
  await signIn(page, DEMO.email, DEMO.password);
  // Sign-in hashes the password at full cost on a machine shared with other servers: allow it time.
  await expect(page).toHaveURL(/\/lobby/, { timeout: 30_000 });
  await expectLobby(page);
}

/** Waits for the page to settle (named properties loaded, lazy parts in) and checks its text. */
async function expectNoSweeps(page: Page, where: string): Promise<void> {
  // Settling is a courtesy, not the check: pay-now's card frame can keep the network busy on a
  // loaded machine, and the poll below keeps reading the page until it names no Sweeps.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expect.poll(() => sweepsMentions(page), { message: where, timeout: 10_000 }).toEqual([]);
}

test('the home and sign-in pages name no Sweeps from their first paint, before the app reads its settings', async ({
  page,
}) => {
  // The named properties are never answered: what shows is the server's markup and the first
  // render, which know the mode from the page itself (data-gold-only on its root).
  await page.route(
    (url) => url.pathname === apiUrl(API_PATHS.properties),
    () => undefined,
  );
  await page.goto('/');
  await expect(page.getByText(/is a social casino for adults in the United States/)).toBeVisible();
  await expect(page.getByTestId('site-footer')).toBeVisible();
  expect(await sweepsMentions(page)).toEqual([]);
  await page.goto(ROUTES.login);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByTestId('site-footer')).toBeVisible();
  expect(await sweepsMentions(page)).toEqual([]);
});

test('signed out: home, join, login and the informational pages name no Sweeps; nor does the manifest', async ({
  page,
}) => {
  await page.goto(ROUTES.home);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expectNoSweeps(page, 'home');
  await expect(
    page.getByTestId('site-footer').getByRole('link', { name: 'Terms and Conditions' }),
  ).toBeVisible();

  await page.goto(ROUTES.createUser);
  await expect(page.getByRole('button', { name: 'Create account', exact: true })).toBeVisible();
  await expectNoSweeps(page, 'join');

  await page.goto(ROUTES.login);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expectNoSweeps(page, 'login');

  for (const [path, heading] of [
    [ROUTES.whatIs, 'What is Lucky Crown?'],
    [ROUTES.corporate, 'Company information'],
    [ROUTES.corporateHowItWorks, 'How it works'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoSweeps(page, path);
  }

  const manifest = await page.request.get('/manifest.webmanifest');
  expect(await manifest.text()).not.toMatch(/sweep/i);
});

test('signed in: lobby, menu, buy coins, the address dialog, pay-now and my account name no Sweeps', async ({
  page,
}) => {
  await signInAsDemo(page);
  await expect(page.getByTestId('balance-amount')).toHaveText(DEMO.goldText);
  await expectNoSweeps(page, 'lobby');

  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-sign-out')).toBeVisible();
  if (!(await page.getByTestId('menu-buy-coins').isVisible()))
    await page.getByTestId('menu-get-coins').click();
  await expect(page.getByTestId('menu-buy-coins')).toBeVisible();
  await expectNoSweeps(page, 'menu open');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-sign-out')).toBeHidden();

  // The featured offer may open its dialog over the store (once a session): whenever it is in the
  // way, its text is checked too and it is closed.
  const featured = page.getByTestId('dialog-featured-package');
  await page.addLocatorHandler(featured, async () => {
    await expectNoSweeps(page, 'featured package dialog');
    await featured.getByRole('button', { name: 'Not now' }).click();
  });
  await page.goto(ROUTES.buyCoins);
  await expect(page.getByTestId('package-gold-199')).toBeVisible();
  await expectNoSweeps(page, 'buy coins');

  // No billing address yet: Buy opens the address dialog straight away (no zero-Sweeps warning).
  await page.getByTestId('buy-gold-199').click();
  const dialog = page.getByTestId('dialog-address-collection');
  // The purchase steps load on the first Buy: allow a busy machine time.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Street address').fill('233 S Wacker Dr.');
  await dialog.getByLabel('City').fill('Chicago');
  await dialog.getByLabel('State').fill('IL');
  await dialog.getByLabel('ZIP code').fill('60606');
  await expectNoSweeps(page, 'address dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm address' }).click();

  await expect(page).toHaveURL(/\/payment\/pay-now/, { timeout: 30_000 });
  await expect(page.getByTestId('pay-now-fine-print')).toBeVisible();
  await expectNoSweeps(page, 'pay-now');

  await page.goto(ROUTES.myAccount);
  await expect(page.getByRole('heading', { name: 'My Account', exact: true })).toBeVisible();
  await expectNoSweeps(page, 'my account');

  await page.getByTestId('my-account-yearly-summary').click();
  await expect(page).toHaveURL(/\/yearly-summary\/\d{4}/);
  await expectNoSweeps(page, 'yearly summary');

  await page.goto(ROUTES.goldCoinsHistory);
  await expectNoSweeps(page, 'gold coins history');
});

test('Sweeps pages lead to the lobby and the Sweeps API answers 404', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto(ROUTES.sweepsCoinsHistory);
  await expectLobby(page);
  for (const path of [ROUTES.referAFriend, ROUTES.earnSweepsCoins]) {
    await page.goto(path);
    await expectLobby(page);
  }
  // Not mounted at all: 404 before any sign-in check (a mounted route would answer 401 here).
  const res = await page.request.get(apiUrl(WALLET_API_PATHS.sweepsTransactions));
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
});
