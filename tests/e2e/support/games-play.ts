/**
 * Helpers of the game browser specs: a returning player with Gold and Sweeps bought as a player
 * buys them, a house game opened by typing its address, its controls pressed by keyboard only,
 * the header balance read as a number, the round's answer read from the host page's call, and
 * the round checked in the Fairness panel and on the recall page.
 */
import {
  expect,
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import type { Currency } from '../../../src/contract/currency.ts';
import type { RoundAnswer } from '../../../src/contract/games.ts';
import { gameHistoryPath, ROUTES, withParams } from '../../../src/contract/routes.ts';
import type { NewPlayer } from './app.ts';
import { choosePackage, fillCard, freshPlayerInLobby, openCoinStore, TEST_CARDS } from '../store-helpers.ts';

/** The starter package the player buys: 20,000 Gold Coins and 2.00 free Sweeps Coins. */
export const STARTER_COINS = { gold: 20_000, sweeps: 2 } as const;

/**
 * A new player who signs in (a fresh context: nothing reused) and buys the starter package with
 * the sandbox card, ending on the payment success page.
 */
export async function playerWithCoins(page: Page, request: APIRequestContext): Promise<NewPlayer> {
  const player = await freshPlayerInLobby(page, request, { address: true });
  await openCoinStore(page);
  await choosePackage(page);
  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('pay-now-buy').click();
  await expect(page).toHaveURL(/\/payment\/payment-success/, { timeout: 30_000 });
  return player;
}

export const gamePath = (gameId: string): string => withParams(ROUTES.game, { gameId });

/** Opens a house game by its address and waits until `ready` (a control inside it) can be used. */
export async function openHouseGame(
  page: Page,
  gameId: string,
  gameName: string,
  ready: string,
): Promise<FrameLocator> {
  await page.goto(gamePath(gameId));
  const frame = page.frameLocator(`iframe[title="${gameName} game"]`);
  await expect(frame.getByRole('button', { name: ready, exact: true })).toBeEnabled({ timeout: 30_000 });
  return frame;
}

/** Presses a control by keyboard: it must be usable, take the focus, and answer the key. */
export async function pressByKeyboard(control: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await expect(control).toBeEnabled({ timeout: 20_000 });
  await control.focus();
  await expect(control).toBeFocused();
  await control.press(key);
}

/** "20,000" -> 20000, "1.80" -> 1.8; NaN while the header shows no amount (IN GAME, loading). */
export const amountOf = (text: string): number => Number(text.replace(/[^\d.]/g, '') || 'NaN');

/** The header balance as a number (in the active currency). */
export async function headerAmount(page: Page): Promise<number> {
  return amountOf((await page.getByTestId('balance-amount').textContent()) ?? '');
}

/** Money compared to the cent (Sweeps amounts are decimals). */
const cents = (n: number): number => Math.round(n * 100);

/** Waits for the header to settle on `expected` (the win animation counts up first). */
export async function expectHeaderAmount(page: Page, expected: number): Promise<void> {
  await expect.poll(async () => cents(await headerAmount(page)), { timeout: 20_000 }).toBe(cents(expected));
}

/** The next answer of a game call the host page sends to the server (a round started or played). */
export function nextRoundAnswer(page: Page): Promise<RoundAnswer> {
  return page
    .waitForResponse(
      (r: Response) =>
        r.request().method() === 'POST' &&
        /\/api\/v1\/games\/(.+\/rounds|instant-win\/|solitaire\/)/.test(r.url()) &&
        r.status() < 300,
      { timeout: 30_000 },
    )
    .then(async (r) => (await r.json()) as RoundAnswer);
}

/** Switches the header to Sweeps Coins by keyboard and waits for the switch to finish. */
export async function switchToSweeps(page: Page): Promise<void> {
  const toggle = page.getByTestId('currency-toggle');
  await expect(toggle).not.toHaveAttribute('aria-disabled', 'true', { timeout: 15_000 });
  await pressByKeyboard(toggle, 'Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('switching-overlay')).toBeHidden({ timeout: 15_000 });
  await expectHeaderAmount(page, STARTER_COINS.sweeps);
}

/**
 * The game's Fairness panel: the seed is rotated (the old one revealed) and the latest round is
 * recomputed in the browser with the same result.
 */
export async function expectFairnessVerifies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fairness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fairness' });
  await expect(dialog.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  const oldHash = await dialog.getByTestId('server-seed-hash').innerText();
  await dialog.getByRole('button', { name: 'Rotate seed' }).click();
  await expect(dialog.getByText(/^Seed revealed:/)).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('server-seed-hash')).not.toHaveText(oldHash);
  await dialog.getByRole('button', { name: 'Verify' }).first().click();
  await expect(dialog.getByText('Verified: same result.').first()).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

const recallMoney = (n: number, currency: Currency): string =>
  currency === 'gold'
    ? Math.round(n).toLocaleString('en-US')
    : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The recall page (from My Account's address), filtered to the game: its newest round is the one
 * played, with its bet and win, finished, and it verifies from the revealed seed.
 */
export async function expectRecalled(page: Page, gameId: string, round: RoundAnswer['round']): Promise<void> {
  await page.goto(gameHistoryPath(gameId));
  await expect(page.getByRole('heading', { name: 'Game history', level: 1 })).toBeVisible();
  const card = page.getByTestId('recalled-round').first();
  await expect(card).toContainText('Finished', { timeout: 15_000 });
  await expect(card).toContainText(`Bet${recallMoney(round.bet, round.currency)}`);
  await expect(card).toContainText(`Win${recallMoney(round.win, round.currency)}`);
  await expect(card).toContainText(`Nonce${round.nonce}`);
  await expect(card).toContainText(/Server seed[0-9a-f]{64}/);
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByText('Verified: same result.')).toBeVisible({ timeout: 15_000 });
}
