/**
 * The app's own money actions when every answer is lost (tests/e2e/support/faults.ts), one
 * browser context, one new player with a billing address:
 *   - the daily bonus spin: the spin and the page's own two retries all lose their answers after
 *     the server credited the prize; the page shows today's prize, the header the server's
 *     balance, and the ledger holds one bonus for it;
 *   - an AMOE code whose redeem answer is lost: the dialog says so (not "offline"), and after a
 *     reload the same code is credited once;
 *   - a card purchase whose every answer is lost, then a reload (the app reopened): back on the
 *     same package the pay-now page says the purchase was not heard back and offers Try again,
 *     which lands on payment success; the ledger holds one purchase.
 * A failure prints the fault seed.
 */
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { apiUrl } from '../../src/contract/api-paths.ts';
import { AMOE_API_PATHS } from '../../src/contract/amoe.ts';
import { DAILY_BONUS_API_PATHS } from '../../src/contract/daily-bonus.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import type { NewPlayer } from './support/app.ts';
import { faultyNetwork, printSeedOnFailure, type FaultyNetwork } from './support/faults.ts';
import { expectHeaderGoldMatchesServer, serverLedger } from './support/ledger.ts';
import { choosePackage, fillCard, freshPlayerInLobby, openCoinStore, TEST_CARDS } from './store-helpers.ts';
import { signInAsOperator } from './support/operator.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const isSpin = (r: Request) => r.method() === 'POST' && r.url().endsWith(apiUrl(DAILY_BONUS_API_PATHS.play));
const isAmoeRedeem = (r: Request) => r.method() === 'POST' && r.url().endsWith(apiUrl(AMOE_API_PATHS.redeem));
const isCardPurchase = (r: Request) =>
  r.method() === 'POST' && r.url().endsWith('/api/v1/payments/purchases');

let context: BrowserContext;
let page: Page;
let player: NewPlayer;
let network: FaultyNetwork;

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  testInfo.setTimeout(90_000);
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
  await printSeedOnFailure(testInfo, network);
});

test.afterAll(async () => {
  await context.close();
});

test('daily bonus: every answer to the spin is lost; today’s prize shows, the header and ledger agree', async ({
  request,
}) => {
  const before = await serverLedger(request, player);
  const bonusesBefore = await before.goldEntries('bonus');
  await page.goto('/buy-coins/daily-bonus');
  const spin = page.getByTestId('daily-bonus-spin');
  await expect(spin).toBeEnabled({ timeout: 15_000 });
  for (let i = 0; i < 3; i += 1) network.loseNext(isSpin);
  await spin.focus();
  await page.keyboard.press('Enter');
  // The outcome: today's prize from the server, never a dead end.
  await expect(page.getByTestId('daily-bonus-claimed')).toContainText('Today', { timeout: 20_000 });
  await expect(page.getByTestId('daily-bonus-spin')).toHaveCount(0);
  expect(network.stats.lost).toBe(3);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  const after = await serverLedger(request, player);
  expect(await after.goldEntries('bonus')).toBe(bonusesBefore + 1);
  await expectHeaderGoldMatchesServer(page, after);
});

test('a purchase whose every answer was lost, then a reload: Try again finishes it, charged once', async ({
  request,
}) => {
  const purchasesBefore = await (await serverLedger(request, player)).goldEntries('purchase');
  await page.goto(ROUTES.lobby);
  await openCoinStore(page);
  await choosePackage(page, 'gold-199');
  await fillCard(page, TEST_CARDS.success);
  for (let i = 0; i < 3; i += 1) network.loseNext(isCardPurchase);
  await page.getByTestId('pay-now-buy').click();
  await expect(page.getByRole('button', { name: 'Try again', exact: true })).toBeEnabled({ timeout: 20_000 });

  // The app is reopened before the player tries again.
  await page.reload();
  await page.goto(ROUTES.lobby);
  await openCoinStore(page);
  await choosePackage(page, 'gold-199');
  await expect(
    page.getByText('We did not hear back about your last purchase.', { exact: false }),
  ).toBeVisible();
  const tryAgain = page.getByRole('button', { name: 'Try again', exact: true });
  await expect(tryAgain).toBeEnabled();
  await tryAgain.click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });

  const after = await serverLedger(request, player);
  expect(await after.goldEntries('purchase')).toBe(purchasesBefore + 1);
  await expectHeaderGoldMatchesServer(page, after);
});

test('AMOE: the answer to the redeem is lost; after a reload the same code is credited once', async ({
  browser,
  request,
}, testInfo) => {
  const sweepsBefore = await (await serverLedger(request, player)).sweepsEntries('amoe');
  await page.goto(ROUTES.amoeStart);
  await expect(page.getByRole('heading', { level: 1, name: 'Free Sweeps Coins by mail' })).toBeVisible();
  const robot = page.getByLabel("I'm not a robot");
  await robot.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('robot-check-status')).toHaveText('Verified', { timeout: 20_000 });
  await page.getByTestId('get-postal-code').click();
  const codeText = page.getByTestId('postal-request-code');
  await expect(codeText).toHaveText(/^PR-/);
  const postalRequestCode = (await codeText.innerText()).trim();

  const operatorContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.getByRole('button', { name: `Issue code for ${postalRequestCode}` }).click();
  const issued = operator.getByText(new RegExp(`Code for ${postalRequestCode} .*: ([2-9A-HJ-NP-Z]{12}),`));
  await expect(issued).toBeVisible();
  const amoeCode = /: ([2-9A-HJ-NP-Z]{12}),/.exec(await issued.innerText())![1]!;
  await operatorContext.close();

  await page.goto(ROUTES.amoeRedeem);
  const field = page.getByLabel('AMOE code');
  await field.fill(amoeCode);
  network.loseNext(isAmoeRedeem);
  await field.press('Enter');
  const dialog = page.getByTestId('dialog-amoe');
  // Not "offline": the browser is online; the dialog says the answer did not come.
  await expect(page.getByTestId('amoe-error')).toContainText('We did not hear back from our servers.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('amoe-redeem-submit')).toBeEnabled();

  // The app is reopened; the player types the same code again.
  await page.reload();
  await page.getByLabel('AMOE code').fill(amoeCode);
  await page.getByTestId('amoe-redeem-submit').click();
  await expect(page.getByTestId('amoe-credited')).toContainText('5.00 free Sweeps Coins');
  expect(network.stats.lost).toBeGreaterThanOrEqual(1);
  expect(await (await serverLedger(request, player)).sweepsEntries('amoe')).toBe(sweepsBefore + 1);
});
