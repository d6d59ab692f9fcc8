/**
 * The welcome offer in the browser, at 390 px: a new visitor sees it on the home page and on the
 * join form, joins without typing a code, lands in the lobby with the coins counting up in the
 * header, and still has them after a reload. The offer is applied at join only on a server with
 * WELCOME_OFFER_AT_JOIN on (scripts/e2e-server.mjs --welcome-offer), started here for this file:
 * the other specs' players join with nothing.
 */
import { expect, test } from '@playwright/test';
import { apiUrl } from '../../src/contract/api-paths.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { WELCOME_OFFER_API_PATHS } from '../../src/contract/welcome-offer.ts';
import { fillJoinForm, newPlayer, submitJoinForm } from './support/app.ts';
import { useOwnServer } from './support/own-server.ts';

const PORT = Number(process.env.E2E_WELCOME_PORT ?? 8486);

async function probe(origin: string): Promise<'ours' | 'other' | null> {
  try {
    const res = await fetch(`${origin}${apiUrl(WELCOME_OFFER_API_PATHS.welcomeOffer)}`, {
      signal: AbortSignal.timeout(2_000),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { welcome_offer: unknown };
    return body.welcome_offer ? 'ours' : 'other';
  } catch {
    return null;
  }
}

const { origin } = useOwnServer({ port: PORT, flags: ['--welcome-offer'], probe });
test.use({ baseURL: origin, viewport: { width: 390, height: 844 } });

const HEADLINE = 'Welcome offer: 250,000 Gold Coins + 1.00 Sweeps Coin free when you join';
const APPLIED = 'Welcome offer applied: 250,000 Gold Coins + 1.00 Sweeps Coin.';

declare global {
  interface Window {
    __balanceTrace?: string[];
  }
}

test('a new player sees the welcome offer, joins without a code and lands in the lobby with the coins counted in', async ({
  page,
}) => {
  await page.goto(ROUTES.home);
  await expect(page.getByTestId('welcome-offer')).toHaveText(HEADLINE);

  await page.getByRole('link', { name: 'Join now' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.createUser}$`));
  const notice = page.getByRole('region', { name: 'Welcome offer' });
  await expect(notice).toContainText(HEADLINE);
  await expect(notice.getByTestId('welcome-offer-status')).toHaveText(APPLIED);
  // Another code replaces the offer, and the notice says so; cleared, the offer applies again.
  const promo = page.getByLabel('Promo code (optional)');
  await promo.fill('SPRING2026');
  await expect(notice.getByTestId('welcome-offer-status')).toHaveText(
    'Your promo code replaces the welcome offer.',
  );
  await promo.fill('');
  await expect(notice.getByTestId('welcome-offer-status')).toHaveText(APPLIED);

  // Every text the header balance shows from here on, to see the count-up.
  await page.evaluate(() => {
    const trace: string[] = [];
    window.__balanceTrace = trace;
    const seen = () => {
      const text = document.querySelector('[data-testid="balance-amount"]')?.textContent ?? null;
      if (text !== null && trace[trace.length - 1] !== text) trace.push(text);
    };
    new MutationObserver(seen).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await fillJoinForm(page, newPlayer());
  await submitJoinForm(page);
  // Joining hashes the password on a busy machine: allow it time.
  await expect(page).toHaveURL(new RegExp(`${ROUTES.lobby}$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Lobby', exact: true })).toBeVisible();
  const balance = page.getByTestId('balance-amount');
  await expect(balance).toHaveText('250,000', { timeout: 15_000 });
  const trace = (await page.evaluate(() => window.__balanceTrace)) ?? [];
  // The header started below the welcome coins and counted up to them.
  expect(trace[0], trace.join(' | ')).not.toBe('250,000');
  expect(trace.at(-1)).toBe('250,000');

  await page.reload();
  await expect(page.getByTestId('balance-amount')).toHaveText('250,000');
  // The welcome coins are in the Gold Coin history.
  await page.goto(ROUTES.goldCoinsHistory);
  await expect(page.getByText('Promo code FREECOINS')).toBeVisible();
});

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

test('the home page keeps its layout while the welcome offer arrives late', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The offer's answer comes a second after the page: its line is already there, empty.
  await page.route(`**${apiUrl(WELCOME_OFFER_API_PATHS.welcomeOffer)}`, async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await page.goto(ROUTES.home);
  await expect(page.getByTestId('welcome-offer')).toHaveText(HEADLINE);
  await page.waitForTimeout(300);
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  expect(shift).toBeLessThan(0.01);
});
