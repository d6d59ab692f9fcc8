/**
 * Referrals end to end at 390 px: player A copies their link on /refer-a-friend; a friend opens it
 * in a fresh browser, joins, and A (in a fresh browser) sees the friend as joined; after the
 * friend's first card purchase A sees the referral rewarded and both balances include the reward.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { REFERRAL_REWARD } from '../../src/contract/referrals.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  createPlayerViaApi,
  expectLobby,
  fillJoinForm,
  newPlayer,
  signIn,
  submitJoinForm,
  type NewPlayer,
} from './support/app.ts';
import { fillCard, headerGold, STARTER, TEST_CARDS } from './store-helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });
// Two players, three browsers and a card payment: more room than the default 60 s.
test.describe.configure({ timeout: 150_000 });

/** A fresh browser (no storage shared with any other) at the phone viewport. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  return context.newPage();
}

/** Opens the coin store from the header, putting aside a featured offer if one is shown. */
async function openStore(page: Page): Promise<void> {
  await page.getByTestId('buy-coins-plus').click();
  await expect(page).toHaveURL(/\/buy-coins$/);
  const featured = page.getByTestId('dialog-featured-package');
  const shown = await featured
    .waitFor({ timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (shown) {
    await featured.getByRole('button', { name: 'Not now' }).click();
    await expect(featured).toBeHidden();
  }
  await expect(page.getByRole('heading', { name: 'Buy Coins', level: 1 })).toBeVisible();
}

async function signInAs(page: Page, p: NewPlayer): Promise<void> {
  await page.goto(ROUTES.login);
  await signIn(page, p.email, p.password);
  // Sign-in hashes the password on a server shared by parallel workers: allow it time.
  await expect(page).toHaveURL(/\/lobby/, { timeout: 30_000 });
  await expectLobby(page);
}

async function openReferAFriend(page: Page, a: NewPlayer): Promise<void> {
  await signInAs(page, a);
  await page.goto(ROUTES.referAFriend);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
}

test('a friend joins with the shared link and both are rewarded after the first purchase', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}) => {
  // Player A copies their link.
  const a = newPlayer();
  await createPlayerViaApi(request, a);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openReferAFriend(page, a);
  const goldBeforeA = await headerGold(page);
  const link = page.getByTestId('referral-link');
  await expect(link).toHaveValue(/\/referral\/[2-9A-HJ-NP-Z]{10}$/);
  await page.getByTestId('referral-copy').click();
  await expect(page.getByTestId('referral-copy-status')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await link.inputValue());
  await expect(page.getByTestId('referrals-empty')).toBeVisible();

  // The friend opens the link in a browser of their own and joins.
  const friendPage = await freshPage(browser, baseURL);
  await friendPage.goto(copied);
  await expect(friendPage).toHaveURL(new RegExp(`${ROUTES.createUser}$`));
  const friend = newPlayer({ firstName: 'Jordan' });
  await fillJoinForm(friendPage, friend);
  await submitJoinForm(friendPage);
  // Creating the account hashes the password on a server shared by parallel workers: allow it time.
  await expect(friendPage).toHaveURL(/\/lobby/, { timeout: 30_000 });
  await expectLobby(friendPage);

  // A, in a fresh browser, sees the friend as joined.
  const aAgain = await freshPage(browser, baseURL);
  await openReferAFriend(aAgain, a);
  const item = aAgain.getByTestId('referral-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-state', 'joined');
  await expect(item).toContainText(`Jordan ${friend.lastName[0]}.`);
  await expect(item).toContainText('Joined');

  // The friend's first purchase (card sandbox, own billing address).
  const goldBeforeFriend = await headerGold(friendPage);
  await openStore(friendPage);
  await friendPage.getByTestId(`buy-${STARTER.id}`).click();
  const dialog = friendPage.getByTestId('dialog-address-collection');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Street address').fill('500 N Lake Shore Dr');
  await dialog.getByLabel('City').fill('Chicago');
  await dialog.getByLabel('State').fill('IL');
  await dialog.getByLabel('ZIP code').fill('60611');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm address' }).click();
  await expect(friendPage).toHaveURL(/\/payment\/pay-now/);
  await fillCard(friendPage, TEST_CARDS.success);
  await friendPage.getByTestId('pay-now-buy').click();
  await expect(friendPage).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  // The friend's balance holds the package and their share of the referral reward.
  await expect
    .poll(() => headerGold(friendPage), { timeout: 15_000 })
    .toBe(goldBeforeFriend + STARTER.gold + REFERRAL_REWARD.friend.goldCoins);

  // A, in another fresh browser, sees the referral rewarded and the reward in the balance.
  const aLater = await freshPage(browser, baseURL);
  await openReferAFriend(aLater, a);
  const rewarded = aLater.getByTestId('referral-item');
  await expect(rewarded).toHaveAttribute('data-state', 'rewarded');
  await expect(rewarded).toContainText(
    `you received ${REFERRAL_REWARD.referrer.goldCoins.toLocaleString('en-US')} GC`,
  );
  await expect.poll(() => headerGold(aLater)).toBe(goldBeforeA + REFERRAL_REWARD.referrer.goldCoins);
});

test('Earn Sweeps Coins lists every free way with its link', async ({ page, request }) => {
  const p = newPlayer();
  await createPlayerViaApi(request, p);
  await signInAs(page, p);
  await page.goto(ROUTES.earnSweepsCoins);
  await expect(page.getByRole('heading', { level: 1, name: 'Earn Sweeps Coins' })).toBeVisible();
  for (const name of ['Daily Bonus', 'Free Sweeps Coins by mail', 'Refer a friend', 'Promotions'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.getByTestId('earn-refer-a-friend').click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.referAFriend}$`));
  await expect(page.getByTestId('referral-link')).toHaveValue(/\/referral\//);
});
