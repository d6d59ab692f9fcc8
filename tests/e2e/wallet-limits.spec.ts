/**
 * Purchase limits in My Account: a new limit (or a decrease) takes effect at once; an increase
 * waits its cooling-off period and shows as pending with its date. A fresh player each time, so
 * the demo player's purchases in other specs are never limited.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { create } from 'superstruct';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../src/contract/constants.ts';
import { PurchaseLimitCheckResponseSchema, WALLET_API_PATHS } from '../../src/contract/wallet.ts';
import { createPlayerViaApi, newPlayer, signInToLobby, type NewPlayer } from './support/app.ts';

/** The seeded $1.99 starter package. */
const STARTER_PACKAGE_ID = 'gold-199';

/** Asks the purchase limit check (as the pay-now page does) whether the player may buy the starter package. */
async function limitCheck(
  request: APIRequestContext,
  p: NewPlayer,
): Promise<{ allowed: boolean; error_code: string | null }> {
  const csrfRes = await request.get(apiUrl(API_PATHS.csrf));
  const { csrf_token: csrf } = (await csrfRes.json()) as { csrf_token: string };
  const login = await request.post(apiUrl(API_PATHS.login), {
    headers: { [CSRF_HEADER]: csrf },
    data: { email: p.email, password: p.password },
  });
  const { token } = (await login.json()) as { token: string };
  // Sign-in binds a new CSRF token to the new session; the cookie jar holds it now.
  const bound = (await (await request.get(apiUrl(API_PATHS.csrf))).json()) as { csrf_token: string };
  const res = await request.post(apiUrl(WALLET_API_PATHS.purchaseLimitCheck), {
    headers: { Authorization: `JWT ${token}`, [CSRF_HEADER]: bound.csrf_token },
    data: { package_id: STARTER_PACKAGE_ID },
  });
  expect(res.ok(), `limit check answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  return create(await res.json(), PurchaseLimitCheckResponseSchema);
}

test('set a daily limit (in effect at once), raise it (pending with its date), keep the current one', async ({
  page,
  request,
}) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await signInToLobby(page, p.email, p.password);
  expect((await limitCheck(request, p)).allowed).toBe(true);

  await page.goto('/my-account#my-purchase-limits');
  const heading = page.getByTestId('my-purchase-limits');
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport();
  const daily = page.getByTestId('purchase-limit-daily');
  const field = daily.getByLabel('Daily limit (USD)', { exact: true });
  await expect(daily.getByTestId('purchase-limit-daily-current')).toHaveText('No limit');

  // Bad input is refused under the field, without a call.
  await field.fill('12.345');
  await daily.getByRole('button', { name: 'Set daily limit' }).click();
  await expect(daily.getByTestId('field-error-daily')).toHaveText('Use at most two decimals (cents).');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('0');
  await daily.getByRole('button', { name: 'Set daily limit' }).click();
  await expect(daily.getByTestId('field-error-daily')).toHaveText('The limit must be more than $0.');

  // A first limit takes effect at once: the starter package ($1.99) is now over it.
  await field.fill('1');
  await expect(daily.getByTestId('purchase-limit-daily-preview')).toHaveText(
    'Takes effect at once: your daily limit becomes $1.00.',
  );
  await daily.getByRole('button', { name: 'Set daily limit' }).click();
  await expect(daily.getByTestId('purchase-limit-daily-saved')).toHaveText(
    'Saved. Your daily limit is now $1.00.',
  );
  await expect(daily.getByTestId('purchase-limit-daily-current')).toHaveText('$1.00');
  const check = await limitCheck(request, p);
  expect(check.allowed).toBe(false);
  expect(check.error_code).toBe('PURCHASE_LIMIT_DAILY');
  await page.reload();
  await expect(page.getByTestId('purchase-limit-daily-current')).toHaveText('$1.00');

  // Raising it waits the 3-day cooling-off: pending, with the date; the $1.00 limit stays.
  const expectedDay = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(Date.now() + 3 * 24 * 3600_000),
    ),
  );
  await field.fill('100');
  await expect(daily.getByTestId('purchase-limit-daily-preview')).toContainText(
    'waits a 3-day cooling-off period',
  );
  await daily.getByRole('button', { name: 'Change daily limit' }).click();
  await expect(daily.getByTestId('purchase-limit-daily-saved')).toContainText(
    'Your daily limit will rise to $100.00 on',
  );
  const pending = daily.getByTestId('purchase-limit-daily-pending');
  await expect(pending).toContainText('Increase pending: $100.00 from');
  await expect(pending).toContainText(expectedDay);
  await expect(daily.getByTestId('purchase-limit-daily-current')).toHaveText('$1.00');
  expect((await limitCheck(request, p)).allowed).toBe(false);

  // Keeping the current limit cancels the pending increase.
  await pending.getByRole('button', { name: 'Keep $1.00' }).click();
  await expect(daily.getByTestId('purchase-limit-daily-pending')).toHaveCount(0);
  await expect(daily.getByTestId('purchase-limit-daily-saved')).toHaveText(
    'Saved. Your daily limit is now $1.00.',
  );
});

test('the server refuses a daily limit above the weekly one, under the field', async ({ page, request }) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await signInToLobby(page, p.email, p.password);
  await page.goto('/my-account#my-purchase-limits');
  const weekly = page.getByTestId('purchase-limit-weekly');
  await weekly.getByLabel('Weekly limit (USD)', { exact: true }).fill('50');
  await weekly.getByRole('button', { name: 'Set weekly limit' }).click();
  await expect(weekly.getByTestId('purchase-limit-weekly-current')).toHaveText('$50.00');

  const daily = page.getByTestId('purchase-limit-daily');
  await daily.getByLabel('Daily limit (USD)', { exact: true }).fill('75');
  await daily.getByRole('button', { name: 'Set daily limit' }).click();
  await expect(daily.getByTestId('field-error-daily')).toHaveText(
    'Your daily limit cannot be higher than your weekly limit.',
  );
  await expect(daily.getByTestId('purchase-limit-daily-current')).toHaveText('No limit');
});
