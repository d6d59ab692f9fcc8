/**
 * Redemption requests and their cancel through the fault harness (tests/e2e/support/faults.ts) at
 * 30 % of answers lost after the server committed them, in one browser context with one new
 * player: the starter package bought with the sandbox card, its Sweeps played on Lucky Scratch
 * until some are won (redeemable), identity verified by the operator, redemption minimums at one
 * cent. Each round requests a 0.01 gift card and cancels it, pressing again where the player
 * would (Try again after "Redemption Not Completed", Cancel again after "Failed to Cancel"):
 * every request ends on its success page, every cancel shows Cancelled, the controls stay usable
 * and the app never goes offline. After the rounds the server holds exactly one redemption per
 * success page seen, each cancelled, one request debit and one refund each in the ledger, and
 * the header shows the server's Sweeps balance. A failure prints the fault seed.
 */
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { apiUrl } from '../../src/contract/api-paths.ts';
import { REDEMPTION_API_PATHS, type RedemptionList } from '../../src/contract/redemption.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import type { NewPlayer } from './support/app.ts';
import { faultyNetwork, printSeedOnFailure, type FaultyNetwork } from './support/faults.ts';
import { expectHeaderAmount, playerWithCoins, pressByKeyboard } from './support/games-play.ts';
import { serverLedger } from './support/ledger.ts';
import {
  playerApiSession,
  setCentMinimums,
  verifyIdentityAsOperator,
  winSweeps,
} from './support/redemption.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ROUNDS = 4;
/** Presses of the same control before a round counts as stuck. */
const MAX_PRESSES = 8;

const isRedemptionCall = (r: Request) =>
  r.method() === 'POST' &&
  (r.url().endsWith(apiUrl(REDEMPTION_API_PATHS.create)) ||
    r.url().endsWith(apiUrl(REDEMPTION_API_PATHS.cancel)));

let context: BrowserContext;
let page: Page;
let player: NewPlayer;
let network: FaultyNetwork;

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  testInfo.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL!;
  await setCentMinimums(baseURL);
  context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  page = await context.newPage();
  const api = await playwright.request.newContext({ baseURL });
  player = await playerWithCoins(page, api);
  const redeemable = await winSweeps(api, player, ROUNDS * 0.01 + 0.01);
  expect(redeemable, 'the tickets won too few Sweeps Coins to redeem').toBeGreaterThanOrEqual(0.01);
  await verifyIdentityAsOperator(baseURL, player.email);
  await api.dispose();
  // The app reads the player again on My Account (the redeem pages' guard reads the verified state).
  await page.goto(`${ROUTES.myAccount}#identity-verification`);
  await expect(page.getByTestId('identity-state')).toHaveAttribute('data-state', 'verified', {
    timeout: 15_000,
  });
  network = await faultyNetwork(context);
});

test.afterEach(async ({ browserName: _ }, testInfo) => {
  await printSeedOnFailure(testInfo, network);
});

test.afterAll(async () => {
  await context.close();
});

/** From /redeem: a 0.01 Amazon gift card, submitted and confirmed; answers where it landed. */
async function requestGiftCard(): Promise<'success' | 'error'> {
  await page.goto(ROUTES.redeem);
  await pressByKeyboard(page.getByTestId('redeem-method-gift_card'));
  await page.getByLabel('Gift card').selectOption('amazon');
  await page.getByLabel('Sweeps Coins to redeem').fill('0.01');
  await expect(page.getByTestId('redeem-submit')).toBeEnabled({ timeout: 15_000 });
  await page.getByTestId('redeem-submit').click();
  const confirm = page.getByTestId('dialog-confirm-redemption');
  await expect(confirm).toContainText('0.01');
  await confirm.getByTestId('confirm-redemption').click();
  await expect(page).toHaveURL(/\/redeem\/(success|error)$/, { timeout: 20_000 });
  return page.url().endsWith('/redeem/success') ? 'success' : 'error';
}

test(`${ROUNDS} gift-card redemptions and their cancel at 30 % loss: outcomes shown, ledger = what the player saw`, async ({
  request,
}) => {
  // The server's list, read in a session of the test's own (a sign-in of its own each time: the
  // ledger reads sign in on the same cookie jar).
  const list = async (): Promise<RedemptionList> => {
    const headers = await playerApiSession(request, player);
    const res = await request.get(apiUrl(REDEMPTION_API_PATHS.redemptions), { headers });
    expect(res.ok(), `redemptions answered ${res.status()}`).toBeTruthy();
    return (await res.json()) as RedemptionList;
  };
  const before = await serverLedger(request, player);
  const requestsBefore = await before.sweepsEntries('redemption');
  const refundsBefore = await before.sweepsEntries('reversal');
  expect((await list()).redemptions).toHaveLength(0);

  network.set({ lossRate: 0.3, only: isRedemptionCall });
  let successesSeen = 0;
  let cancelsSeen = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    // The request: after "Redemption Not Completed" the player presses Try again and sends the
    // same request again; it lands on its success page once.
    let landed = await requestGiftCard();
    for (let press = 1; landed === 'error' && press < MAX_PRESSES; press += 1) {
      await expect(page.getByTestId('redeem-error')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
      landed = await requestGiftCard();
    }
    expect(landed, `round ${round}: the request never showed its outcome`).toBe('success');
    await expect(page.getByTestId('redeem-success')).toBeVisible();
    successesSeen += 1;

    // The cancel: "Failed to Cancel" leaves Cancel usable (or the list already says Cancelled).
    await page.goto(ROUTES.redemptionManagement);
    const newest = page.getByTestId('redemption').first();
    await expect(newest).toHaveAttribute('data-status', 'pending', { timeout: 15_000 });
    for (let press = 1; press <= MAX_PRESSES; press += 1) {
      const cancel = newest.getByTestId('cancel-redemption');
      await expect(cancel).toBeEnabled({ timeout: 15_000 });
      await cancel.click();
      await page.getByTestId('dialog-cancel-redemption').getByTestId('confirm-cancel-redemption').click();
      await expect(
        newest.and(page.locator('[data-status="cancelled"]')).or(page.getByTestId('cancel-error')).first(),
      ).toBeVisible({ timeout: 20_000 });
      // A failed cancel re-reads the list: the server may have cancelled it already.
      await expect
        .poll(async () => (await newest.getAttribute('data-status')) ?? '', { timeout: 5_000 })
        .toMatch(/pending|cancelled/);
      if ((await newest.getAttribute('data-status')) === 'cancelled') break;
    }
    await expect(newest).toHaveAttribute('data-status', 'cancelled');
    await expect(newest.getByTestId('redemption-status')).toHaveText('Cancelled');
    cancelsSeen += 1;
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  }
  network.set({});
  console.log(`[faults] redemption rounds: ${network.summary()}`);
  expect(network.stats.lost, 'no answer was lost: the harness did not test anything').toBeGreaterThan(0);

  // The server: one redemption per success page seen, each cancelled; one request debit (a move
  // from redeemable to pending: two entries) and one refund (its reversal) per redemption.
  const held = (await list()).redemptions;
  expect(held).toHaveLength(successesSeen);
  expect(held.map((r) => r.status)).toEqual(Array(cancelsSeen).fill('cancelled'));
  const after = await serverLedger(request, player);
  expect(await after.sweepsEntries('redemption')).toBe(requestsBefore + 2 * successesSeen);
  expect(await after.sweepsEntries('reversal')).toBe(refundsBefore + 2 * cancelsSeen);
  expect(after.balances.balance_total_ghc).toBe(before.balances.balance_total_ghc);

  // The header, in Sweeps, shows the server's balance.
  await page.goto(ROUTES.lobby);
  const toggle = page.getByTestId('currency-toggle');
  await expect(toggle).not.toHaveAttribute('aria-disabled', 'true', { timeout: 15_000 });
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await pressByKeyboard(toggle, 'Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('switching-overlay')).toBeHidden({ timeout: 15_000 });
  await expectHeaderAmount(page, after.balances.balance_total_ghc);
});
