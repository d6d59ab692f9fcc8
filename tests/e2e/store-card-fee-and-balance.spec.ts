/**
 * Pay-now with the operator's card fee and the player's cash balance (docs/payments.md, "Card fee
 * and a cash balance applied to a purchase"). A server of its own: card_fee_percent = 2.9 would
 * change every other spec's charges.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { PAYMENTS_API_PATHS } from '../../src/contract/payments.ts';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { createPlayerViaApi, newPlayer, signIn, type NewPlayer } from './support/app.ts';
import { useOwnServer } from './support/own-server.ts';
import { playerApiSession, winSweeps } from './support/redemption.ts';
import { choosePackage, fillCard, openCoinStore, STARTER, TEST_CARDS } from './store-helpers.ts';

const PORT = Number(process.env.E2E_CARD_FEE_PORT ?? 8480);
const FEE_PERCENT = 2.9;

async function probe(origin: string): Promise<'ours' | 'other' | null> {
  try {
    const res = await fetch(
      `${origin}${apiUrl(API_PATHS.properties)}?names=${PROPERTY_NAMES.cardFeePercent}`,
      {
        signal: AbortSignal.timeout(2_000),
      },
    );
    if (!res.ok) return null;
    const body = (await res.json()) as { results: Array<{ value: string }> };
    return Number(body.results[0]?.value ?? 0) === FEE_PERCENT ? 'ours' : 'other';
  } catch {
    return null;
  }
}

const { origin } = useOwnServer({
  port: PORT,
  flags: ['--property', `${PROPERTY_NAMES.cardFeePercent}=${FEE_PERCENT}`],
  probe,
});
test.use({ baseURL: origin, viewport: { width: 360, height: 740 } });

const usd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const feeOf = (cents: number): number => Math.round((cents * FEE_PERCENT * 100) / 10_000);

/** A returning player with a billing address, signed in through the login page. */
async function returningPlayer(page: Page, request: APIRequestContext): Promise<NewPlayer> {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  const headers = await playerApiSession(request, p);
  const res = await request.patch(apiUrl(PAYMENTS_API_PATHS.address), {
    headers,
    data: {
      address_line_1: `${100 + Math.floor(Math.random() * 9000)} S Wacker Dr.`,
      address_line_2: null,
      city: 'Chicago',
      state_or_province: 'IL',
      postal_code: '60606',
    },
  });
  expect(res.ok(), `address answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  await page.goto(ROUTES.login);
  await signIn(page, p.email, p.password);
  await expect(page).toHaveURL(/\/lobby/, { timeout: 30_000 });
  return p;
}

async function redeemableUsd(request: APIRequestContext, p: NewPlayer): Promise<number> {
  const res = await request.get(apiUrl(API_PATHS.balances), { headers: await playerApiSession(request, p) });
  return ((await res.json()) as { balance_redeemable_ghc: number }).balance_redeemable_ghc;
}

test('pay-now shows the card fee (none by bank), then applies the cash balance and charges the rest', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const price = 199; // the starter package, cents
  const player = await returningPlayer(page, request);
  await openCoinStore(page);
  await choosePackage(page, STARTER.id);

  // No cash balance yet: no offer to apply one; the card fee is added and named.
  const cost = page.getByTestId('purchase-cost');
  await expect(cost.getByText(`Card fee (${FEE_PERCENT}%)`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('card-fee')).toHaveText(usd(feeOf(price)));
  await expect(page.getByTestId('purchase-total')).toHaveText(usd(price + feeOf(price)));
  await expect(page.getByTestId('pay-now-buy')).toHaveText(`Buy for ${usd(price + feeOf(price))}`);
  await expect(page.getByLabel(/Apply my cash balance/)).toHaveCount(0);

  // Pay by bank: no fee.
  await page.getByRole('radio', { name: /Pay by bank/ }).check();
  await expect(page.getByTestId('card-fee')).toHaveCount(0);
  await expect(page.getByTestId('purchase-total')).toHaveText(usd(price));
  await expect(page.getByTestId('pay-now-buy')).toHaveText(`Buy for ${usd(price)}`);

  // By card, the charge includes the fee.
  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await expect(page.getByTestId('pay-now-buy')).toHaveText(`Buy for ${usd(price + feeOf(price))}`);
  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('pay-now-buy').click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  await expect(page.getByTestId('success-card-fee')).toHaveText(usd(feeOf(price)));
  await expect(page.getByTestId('success-charged')).toHaveText(usd(price + feeOf(price)));

  // Sweeps won by playing the package's Sweeps are the cash balance.
  const won = await winSweeps(request, player, 0.5);
  expect(won, 'the tickets won no Sweeps Coins at all').toBeGreaterThanOrEqual(0.01);
  const wonCents = Math.round(won * 100);
  // All of the price when the balance covers it, else what leaves the card its smallest charge (50 cents).
  const applied = wonCents >= price ? price : Math.min(wonCents, price - 50);
  const rest = price - applied;
  const charge = rest + feeOf(rest);

  await page.goto(ROUTES.buyCoins);
  await choosePackage(page, STARTER.id);
  const apply = page.getByLabel(`Apply my cash balance (${usd(wonCents)} available)`);
  await expect(apply).toBeVisible({ timeout: 20_000 });
  // Keyboard: the checkbox takes the focus and Space ticks it.
  await apply.focus();
  await page.keyboard.press('Space');
  await expect(apply).toBeChecked();
  await expect(page.getByTestId('balance-applied')).toHaveText(`−${usd(applied)}`);
  await expect(page.getByTestId('purchase-total')).toHaveText(usd(charge));
  if (charge === 0) {
    await expect(page.getByTestId('covered-by-balance')).toBeVisible();
    await expect(page.getByTestId('pay-now-buy')).toHaveText('Buy with my cash balance');
  } else {
    await expect(page.getByTestId('card-fee')).toHaveText(usd(feeOf(rest)));
    await expect(page.getByTestId('pay-now-buy')).toHaveText(`Buy for ${usd(charge)}`);
    await fillCard(page, TEST_CARDS.success);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId('pay-now-buy').click();
  // Bought again within 5 minutes: the repeat confirmation first.
  const confirm = page.getByTestId('dialog-confirm-purchase');
  await expect(confirm).toBeVisible({ timeout: 15_000 });
  await confirm.getByRole('button', { name: 'Yes, buy again' }).click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  await expect(page.getByTestId('success-balance-applied')).toHaveText(usd(applied));
  await expect(page.getByTestId('success-charged')).toHaveText(usd(charge));
  await expect
    .poll(() => redeemableUsd(request, player), { timeout: 10_000 })
    .toBeCloseTo((wonCents - applied) / 100, 2);
});
