/**
 * Complimentary Gold Coins in the browser, at 390 px: a player whose Gold cannot cover a game's
 * minimum bet opens the game, is offered free Gold, accepts, sees the header count up and can bet.
 * The player is short of Gold for real: a new account on a test server joins with none (no
 * welcome offer there). The offer is on only on a server of its own (scripts/e2e-server.mjs
 * --complimentary-gold), started here for this file: on the other specs' server its dialog would
 * cover the game pages of their players.
 */
import { expect, test } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import { createPlayerViaApi, newPlayer, signInToLobby } from './support/app.ts';
import { expectHeaderAmount, gamePath, nextRoundAnswer, pressByKeyboard } from './support/games-play.ts';
import { useOwnServer } from './support/own-server.ts';
import { faultyNetwork } from './support/faults.ts';
import { serverLedger } from './support/ledger.ts';
import { COMPLIMENTARY_GOLD_API_PATHS } from '../../src/contract/complimentary-gold.ts';

const PORT = Number(process.env.E2E_COMPLIMENTARY_GOLD_PORT ?? 8487);

async function probe(origin: string): Promise<'ours' | 'other' | null> {
  try {
    const res = await fetch(
      `${origin}${apiUrl(API_PATHS.properties)}?names=${PROPERTY_NAMES.compStateAwardGold}`,
      { signal: AbortSignal.timeout(2_000) },
    );
    if (!res.ok) return null;
    const body = (await res.json()) as { results: Array<{ value: string }> };
    return Number(body.results[0]?.value ?? 0) > 0 ? 'ours' : 'other';
  } catch {
    return null;
  }
}

const { origin } = useOwnServer({ port: PORT, flags: ['--complimentary-gold'], probe });
test.use({ baseURL: origin, viewport: { width: 390, height: 844 } });

test('a player with too little Gold opens a game, is offered Gold, accepts and can bet', async ({
  page,
  request,
}) => {
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  await expect(page.getByTestId('balance-amount')).toHaveText('0');

  await page.goto(gamePath(HOUSE_GAME_IDS.slots));
  const dialog = page.getByRole('dialog', { name: 'Complimentary Gold Coins' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Accept 5,000 Gold Coins on us to keep playing.');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  await expectHeaderAmount(page, 5_000);

  // The game takes a bet of the minimum (100) now.
  const frame = page.frameLocator('iframe[title="Crown Jewels game"]');
  const spun = nextRoundAnswer(page);
  await pressByKeyboard(frame.getByRole('button', { name: 'Spin', exact: true }));
  const round = await spun;
  expect(round.round.bet).toBe(100);
  await expect(frame.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled({ timeout: 20_000 });

  // Returning to the game with enough Gold offers nothing.
  await page.getByRole('button', { name: 'Back to lobby' }).click();
  await page.goto(gamePath(HOUSE_GAME_IDS.slots));
  await expect(frame.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
});

test('the answer to Accept is lost (tests/e2e/support/faults.ts): Accept again credits the Gold once', async ({
  page,
  request,
}) => {
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await signInToLobby(page, player.email, player.password);
  const network = await faultyNetwork(page.context());
  network.loseNext(
    (r) => r.method() === 'POST' && r.url().endsWith(apiUrl(COMPLIMENTARY_GOLD_API_PATHS.accept)),
  );

  await page.goto(gamePath(HOUSE_GAME_IDS.slots));
  const dialog = page.getByRole('dialog', { name: 'Complimentary Gold Coins' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const accept = dialog.getByRole('button', { name: 'Accept' });
  await accept.click();
  // The award was made; its answer never came. The dialog stays, with Accept usable.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('We did not hear back from our servers.');
  await expect(accept).toBeEnabled();
  expect(network.stats.lost).toBe(1);
  await accept.click();
  await expect(dialog).toBeHidden();
  await expectHeaderAmount(page, 5_000);

  // The server holds one award: the same 5,000 Gold Coins.
  const ledger = await serverLedger(request, player);
  expect(ledger.balances.balance_total_gld).toBe(5_000);
});
