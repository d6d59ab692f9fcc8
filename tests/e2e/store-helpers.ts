/**
 * Helpers of the store UI browser specs: a fresh player with (or without) a billing address and
 * optional purchase limits set through the API, the coin store opened as a player does, and the
 * processor's hosted card fields filled inside their iframe (a different origin: frameLocator).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../src/contract/constants.ts';
import { PAYMENTS_API_PATHS } from '../../src/contract/payments.ts';
import { WALLET_API_PATHS, type PurchaseLimitsPatch } from '../../src/contract/wallet.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signIn, type NewPlayer } from './support/app.ts';

export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0027 6000 3184',
} as const;

/** The cheapest package of the seeded ladder ($1.99, 20,000 Gold Coins). */
export const STARTER = { id: 'gold-199', gold: 20_000 } as const;

async function apiSession(
  request: APIRequestContext,
  p: NewPlayer,
): Promise<{ token: string; csrf: string }> {
  const csrfRes = await request.get(apiUrl(API_PATHS.csrf));
  const { csrf_token: csrf } = (await csrfRes.json()) as { csrf_token: string };
  const login = await request.post(apiUrl(API_PATHS.login), {
    headers: { [CSRF_HEADER]: csrf },
    data: { email: p.email, password: p.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  // Sign-in binds a new CSRF token to the new session; the cookie jar holds it now.
  const bound = (await (await request.get(apiUrl(API_PATHS.csrf))).json()) as { csrf_token: string };
  return { token, csrf: bound.csrf_token };
}

/**
 * A new player signed in at the lobby. `address: true` saves a billing address first (so the
 * address dialog does not appear); `limits` sets purchase limits (a new limit takes effect at once).
 */
export async function freshPlayerInLobby(
  page: Page,
  request: APIRequestContext,
  opts: { address?: boolean; limits?: PurchaseLimitsPatch } = {},
): Promise<NewPlayer> {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  if (opts.address || opts.limits) {
    const { token, csrf } = await apiSession(request, p);
    const headers = { Authorization: `JWT ${token}`, [CSRF_HEADER]: csrf };
    if (opts.address) {
      const res = await request.patch(apiUrl(PAYMENTS_API_PATHS.address), {
        headers,
        data: {
          address_line_1: '233 S Wacker Dr.',
          // A suite of its own: one address holds at most two accounts (docs/account.md).
          address_line_2: `Suite ${p.email.split('.')[1]}`,
          city: 'Chicago',
          state_or_province: 'IL',
          postal_code: '60606',
        },
      });
      expect(res.ok(), `address answered ${res.status()}: ${await res.text()}`).toBeTruthy();
    }
    if (opts.limits) {
      const res = await request.patch(apiUrl(WALLET_API_PATHS.purchaseLimits), {
        headers,
        data: opts.limits,
      });
      expect(res.ok(), `purchase limits answered ${res.status()}: ${await res.text()}`).toBeTruthy();
    }
  }
  await page.goto(ROUTES.login);
  await signIn(page, p.email, p.password);
  // Sign-in hashes the password on a server shared by parallel workers: allow it time.
  await expect(page).toHaveURL(/\/lobby/, { timeout: 30_000 });
  await expect(page.getByTestId('balance-amount')).toHaveText(/\d/);
  return p;
}

/** The Gold balance shown in the header, as a number. */
export async function headerGold(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance-amount').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Opens the coin store from the header; the featured offer shows once per session and is put aside. */
export async function openCoinStore(page: Page): Promise<void> {
  await page.getByTestId('buy-coins-plus').click();
  await expect(page).toHaveURL(/\/buy-coins$/);
  // The modal dialog hides the page from the accessibility tree until it is closed.
  const featured = page.getByTestId('dialog-featured-package');
  await expect(featured).toBeVisible();
  await featured.getByRole('button', { name: 'Not now' }).click();
  await expect(featured).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Buy Coins', level: 1 })).toBeVisible();
}

/** Buy on a package tile, landing on pay-now. */
export async function choosePackage(page: Page, id: string = STARTER.id): Promise<void> {
  await page.getByTestId(`buy-${id}`).click();
  await expect(page).toHaveURL(/\/payment\/pay-now/);
  await expect(page.getByRole('heading', { name: 'Pay Now', level: 1 })).toBeVisible();
}

/** Fills the hosted card fields (inside the processor's iframe). */
export async function fillCard(page: Page, number: string): Promise<void> {
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.getByLabel('Card number').fill(number);
  await frame
    .getByLabel('Expiry (MM / YY)')
    .fill(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await frame.getByLabel('CVC').fill('123');
  await frame.getByLabel('ZIP').fill('60606');
}

/**
 * A phone number no other test player uses: pay-by-bank locks an account whose phone is already
 * on another account (spec: duplicate phone), so every test (and retry) needs its own.
 */
export function uniquePhoneDigits(): string {
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `312${exchange}${line}`;
}

export const formattedPhone = (d: string): string => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
