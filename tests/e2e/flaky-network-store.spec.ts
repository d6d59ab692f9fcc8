/**
 * The coin store on a flaky network (tests/e2e/support/faults.ts), one browser context for the
 * file, a player with a billing address:
 *   - every try of a card purchase loses its answer after the server charged it (the page's own
 *     retries included): Try again is offered and usable, and it lands on payment success with
 *     one charge;
 *   - purchases at 30 % of answers lost: by card, by card with 3-D Secure, and by bank, each a
 *     different package (no repeat confirmation); each ends on payment success, the header
 *     balance is the server's, and the ledger holds one purchase per purchase the player saw.
 * A failure prints the fault seed; FAULT_SEED=<seed> replays the same faults.
 */
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { ROUTES } from '../../src/contract/routes.ts';
import type { NewPlayer } from './support/app.ts';
import { faultyNetwork, printSeedOnFailure, type FaultyNetwork } from './support/faults.ts';
import { expectHeaderGoldMatchesServer, serverLedger } from './support/ledger.ts';
import {
  choosePackage,
  fillCard,
  formattedPhone,
  freshPlayerInLobby,
  openCoinStore,
  TEST_CARDS,
  uniquePhoneDigits,
} from './store-helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const isCardPurchase = (r: Request) =>
  r.method() === 'POST' && r.url().endsWith('/api/v1/payments/purchases');

let context: BrowserContext;
let page: Page;
let player: NewPlayer;
let network: FaultyNetwork;
let purchasesSeen = 0;
let presses = 0;

/** Follows a purchase as a player would until payment success: Try again, the bank, the challenge. */
async function untilSuccess(): Promise<void> {
  const tryAgain = page.getByRole('button', { name: 'Try again', exact: true });
  const challenge = page.getByTestId('dialog-three-d-secure');
  const bank = page.getByTestId('dialog-pay-by-bank-info');
  const failed = page.getByTestId('dialog-payment-error');
  for (let step = 0; step < 60; step += 1) {
    if (/\/payment\/payment-success/.test(page.url())) {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      purchasesSeen += 1;
      return;
    }
    if (await challenge.isVisible()) {
      await page
        .frameLocator('[data-testid="three-d-secure-frame"]')
        .getByRole('button', { name: 'Complete' })
        .click();
    } else if (await bank.isVisible()) {
      await page
        .frameLocator('[data-testid="pay-by-bank-frame"]')
        .getByRole('button', { name: 'Approve payment' })
        .click();
    } else if (await failed.isVisible()) {
      // A check before the charge lost its answer: nothing was charged; OK, and Buy again.
      await failed.getByRole('button', { name: 'OK' }).click();
      await expect(failed).toBeHidden();
      presses += 1;
      await page.getByTestId('pay-now-buy').click();
    } else if ((await tryAgain.count()) > 0 && (await tryAgain.isEnabled().catch(() => false))) {
      presses += 1;
      await tryAgain.click();
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`the purchase never ended (at ${page.url()})`);
}

/**
 * Buy on a package tile until pay-now opens: the purchase-limit check before it is a request too,
 * and when its answer is lost the store says so in the payment error dialog (nothing charged):
 * OK, and Buy again.
 */
async function choosePackageOnFlakyLink(packageId: string): Promise<void> {
  const failed = page.getByTestId('dialog-payment-error');
  for (let i = 0; i < 6; i += 1) {
    await page.getByTestId(`buy-${packageId}`).click();
    await expect
      .poll(async () => /\/payment\/pay-now/.test(page.url()) || (await failed.isVisible()), {
        timeout: 20_000,
      })
      .toBe(true);
    if (/\/payment\/pay-now/.test(page.url())) {
      await expect(page.getByRole('heading', { name: 'Pay Now', level: 1 })).toBeVisible();
      return;
    }
    presses += 1;
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(failed).toBeHidden();
  }
  throw new Error('pay-now never opened');
}

async function buyByCard(packageId: string, card: string): Promise<void> {
  await page.goto(ROUTES.lobby);
  await openCoinStore(page);
  await choosePackageOnFlakyLink(packageId);
  await fillCard(page, card);
  presses += 1;
  await page.getByTestId('pay-now-buy').click();
  await untilSuccess();
}

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  testInfo.setTimeout(120_000);
  context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  page = await context.newPage();
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  player = await freshPlayerInLobby(page, api, { address: true });
  await api.dispose();
  network = await faultyNetwork(context);
});

test.afterEach(async ({ browserName: _ }, testInfo) => {
  network.set({});
  await printSeedOnFailure(testInfo, network);
});

test.afterAll(async () => {
  await context.close();
});

test('every answer to a card purchase is lost: Try again is usable and charges once', async () => {
  await openCoinStore(page);
  await choosePackage(page, 'gold-199');
  await fillCard(page, TEST_CARDS.success);
  // The page sends the purchase up to three times by itself (same key): all three answers are lost.
  for (let i = 0; i < 3; i += 1) network.loseNext(isCardPurchase);
  await page.getByTestId('pay-now-buy').click();
  const tryAgain = page.getByRole('button', { name: 'Try again', exact: true });
  await expect(tryAgain).toBeEnabled({ timeout: 20_000 });
  expect(network.stats.lost).toBe(3);
  await tryAgain.click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  purchasesSeen += 1;
});

test('purchases by card, 3-D Secure and bank at 30 % loss each end on payment success; the ledger is what the player saw', async ({
  request,
}) => {
  network.set({ lossRate: 0.3 });
  const started = Date.now();
  await buyByCard('gold-499', TEST_CARDS.success);
  await buyByCard('gold-999', TEST_CARDS.threeDSecure);

  await page.goto(ROUTES.lobby);
  await openCoinStore(page);
  await choosePackageOnFlakyLink('gold-1999');
  await page.getByRole('radio', { name: /Pay by bank/ }).check();
  const digits = uniquePhoneDigits();
  await page.getByLabel('Phone number').pressSequentially(digits);
  await expect(page.getByLabel('Phone number')).toHaveValue(formattedPhone(digits));
  presses += 1;
  await page.getByTestId('pay-now-buy').click();
  await untilSuccess();
  network.set({});
  console.log(
    `[flaky store] 3 purchases at 30 % loss in ${((Date.now() - started) / 1000).toFixed(1)} s, ${presses} presses in all; ${network.summary()}`,
  );

  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // Read in a session of the test's own, so the page's cookies stay as they were.
  const ledger = await serverLedger(request, player);
  await expectHeaderGoldMatchesServer(page, ledger);
  expect(await ledger.goldEntries('purchase')).toBe(purchasesSeen);
});
