/**
 * Who may have Sweeps, in the browser (docs/account.md "Sweeps eligibility"): a returning player
 * whose state the operator has just taken Sweeps from (Wyoming added to prohibited_states) plays
 * and buys Gold only, is told so by state name, and meets the zero-Sweeps package warning; a
 * player whose identity verification is pending is told why Sweeps play waits and what to do.
 * Each test signs in through the login page in a fresh context.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiUrl } from '../../src/contract/api-paths.ts';
import { EXCLUDED_STATES } from '../../src/contract/constants.ts';
import { OPERATOR_API_PATHS } from '../../src/contract/operator.ts';
import { PAYMENT_TEXTS } from '../../src/contract/payments.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { SWEEPS_ELIGIBILITY_TEXTS } from '../../src/contract/sweeps-eligibility.ts';
import { createPlayerViaApi, newPlayer, signInToLobby } from './support/app.ts';
import { asOperator } from './support/redemption.ts';

const VIEWPORT = { width: 360, height: 780 };
const DEFAULT_LIST = JSON.stringify([...EXCLUDED_STATES]);
const WITH_WYOMING = JSON.stringify([...EXCLUDED_STATES, 'WY']);

async function setProhibitedStates(baseURL: string, value: string): Promise<void> {
  await asOperator(baseURL, async (operator, headers) => {
    const res = await operator.put(apiUrl(OPERATOR_API_PATHS.property('prohibited_states')), {
      headers,
      data: { value, reason: 'Browser test: states without Sweeps' },
    });
    expect(res.ok(), `prohibited_states answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  });
}

async function setIdentityState(baseURL: string, email: string, state: string): Promise<void> {
  await asOperator(baseURL, async (operator, headers) => {
    const res = await operator.post(apiUrl(OPERATOR_API_PATHS.identity), {
      headers,
      data: { email, state, reason: 'Browser test: identity state' },
    });
    expect(res.ok(), `identity state answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  });
}

/** Closes the dialogs a session start may open over the page (featured offer, login bonus, promotions). */
async function dismissStartDialogs(page: Page): Promise<void> {
  // Only when its button is there to press (the dialog closes itself at its countdown's end).
  const notNow = page.getByTestId('dialog-featured-package').getByRole('button', { name: 'Not now' });
  await page.addLocatorHandler(notNow, async (button) => {
    // A page load's loading overlay may still cover it for a moment: press it once the page is there.
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 30_000 });
    if (await button.isVisible()) await button.click();
  });
}

test.describe.configure({ mode: 'serial' });

test('a resident of a state newly without Sweeps plays Gold only and meets the zero-Sweeps warning', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const player = newPlayer({ postalCode: '82001' }); // Cheyenne, Wyoming
  await createPlayerViaApi(request, player);
  await setProhibitedStates(baseURL!, WITH_WYOMING);
  try {
    const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
    const page = await context.newPage();
    await dismissStartDialogs(page);
    await signInToLobby(page, player.email, player.password);

    const notice = page.getByTestId('lobby-sweeps-hold');
    await expect(notice).toContainText(SWEEPS_ELIGIBILITY_TEXTS.state.replace('{state}', 'Wyoming'));
    await expect(page.getByTestId('lobby-sweeps-balance')).toHaveCount(0);

    // The store: packages carry no Sweeps, and Buy first warns, naming the state, with no refund.
    await page.goto(ROUTES.buyCoins);
    await page.getByTestId('buy-gold-199').click();
    const warning = page.getByTestId('dialog-zero-sweeps-package');
    await expect(warning).toBeVisible({ timeout: 30_000 });
    await expect(warning.getByTestId('zero-sweeps-message')).toHaveText(
      PAYMENT_TEXTS.zeroSweepsPackage.replace('{state}', 'Wyoming'),
    );
    await expect(warning).toContainText('not refundable');
    await warning.getByRole('button', { name: 'I understand, continue' }).click();

    // The billing address in Wyoming is taken (Gold only), and the purchase goes on to pay-now.
    const address = page.getByTestId('dialog-address-collection');
    await expect(address).toBeVisible();
    // A street number of its own: a household takes two accounts, and retries make more players.
    await address.getByLabel('Street address').fill(`${1000 + Math.floor(Math.random() * 8999)} Carey Ave`);
    await address.getByLabel('City').fill('Cheyenne');
    await address.getByLabel('State').fill('WY');
    await address.getByLabel('ZIP code').fill('82001');
    await expect(address.getByTestId('address-gold-only-state')).toContainText('Wyoming');
    await expect(address.getByTestId('address-prohibited-state')).toHaveCount(0);
    await address.getByRole('button', { name: 'Continue' }).click();
    await address.getByRole('button', { name: 'Confirm address' }).click();
    await expect(page).toHaveURL(/\/payment\/pay-now/, { timeout: 30_000 });
    await context.close();
  } finally {
    await setProhibitedStates(baseURL!, DEFAULT_LIST);
  }
});

test('a player whose identity verification is pending is told why Sweeps play waits and what to do', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await setIdentityState(baseURL!, player.email, 'pending');

  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const page = await context.newPage();
  await dismissStartDialogs(page);
  await signInToLobby(page, player.email, player.password);

  const notice = page.getByTestId('lobby-sweeps-hold');
  await expect(notice).toContainText(SWEEPS_ELIGIBILITY_TEXTS.pending);
  // Their Sweeps Coins are kept and shown; the notice leads to My Account's identity section.
  await expect(page.getByTestId('lobby-sweeps-balance')).toBeVisible();
  const check = notice.getByRole('link', { name: 'CHECK VERIFICATION' });
  await check.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-account#identity-verification/);
  await context.close();
});
