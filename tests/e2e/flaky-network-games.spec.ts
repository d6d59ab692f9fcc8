/**
 * Crown Jewels, Jacks or Better and Klondike Solitaire at 30 % of answers lost after the server
 * committed them (tests/e2e/support/faults.ts), a few short rounds each, in one browser context
 * (reduced motion: no reel animation) for a player who bought the starter package. A player on a
 * bad link presses the same control again when an answer is lost; each round must end with its
 * outcome on screen, the controls must be usable at the end, the header balance must be the
 * server's, and the ledger must hold one bet per round the player saw.
 * A failure prints the fault seed; FAULT_SEED=<seed> replays the same faults.
 */
import { expect, test, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import type { NewPlayer } from './support/app.ts';
import { faultyNetwork, printSeedOnFailure, type FaultyNetwork } from './support/faults.ts';
import { openHouseGame, playerWithCoins, pressByKeyboard } from './support/games-play.ts';
import { expectHeaderGoldMatchesServer, serverLedger } from './support/ledger.ts';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let player: NewPlayer;
let network: FaultyNetwork;
let roundsSeen = 0;
let presses = 0;

/** Shown and usable now: counted first (no waiting for a control that is not there). */
async function enabled(frame: FrameLocator, name: string): Promise<boolean> {
  const control = frame.getByRole('button', { name, exact: true });
  return (await control.count()) > 0 && (await control.isEnabled({ timeout: 2_000 }).catch(() => false));
}

/**
 * Presses whichever of `controls` is usable (in order) until `done` says the round's outcome is
 * on screen. Every lost answer leaves one of them usable: no dead end.
 */
async function playUntil(
  frame: FrameLocator,
  controls: string[],
  done: () => Promise<boolean>,
  first: string,
  /** A control the round's end needs pressed first (its last move), if any. */
  last: string | null = null,
): Promise<void> {
  let lastPressed = last === null;
  const finished = async () => lastPressed && (await done());
  await pressByKeyboard(frame.getByRole('button', { name: first, exact: true }));
  presses += 1;
  for (let step = 0; step < 30; step += 1) {
    let usable: string | null = null;
    await expect
      .poll(
        async () => {
          if (await finished()) return 'done';
          for (const name of controls) if (await enabled(frame, name)) return (usable = name);
          return null;
        },
        { timeout: 30_000, message: `nothing usable among ${controls.join(', ')} and no outcome` },
      )
      .not.toBeNull();
    if (await finished()) {
      roundsSeen += 1;
      return;
    }
    if (usable) {
      await pressByKeyboard(frame.getByRole('button', { name: usable, exact: true }));
      presses += 1;
      if (usable === last) lastPressed = true;
    }
  }
  throw new Error('the round never ended');
}

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  testInfo.setTimeout(120_000);
  context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  page = await context.newPage();
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  player = await playerWithCoins(page, api);
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

test('Crown Jewels: five spins at 30 % loss each end with their outcome', async () => {
  const frame = await openHouseGame(page, HOUSE_GAME_IDS.slots, 'Crown Jewels', 'Spin');
  const status = frame.locator('p.game-status');
  network.set({ lossRate: 0.3 });
  for (let spin = 0; spin < 5; spin += 1) {
    // The outcome line of the spin just made (the previous one's is replaced by "Spinning…").
    await playUntil(
      frame,
      ['Spin'],
      async () => /Press Spin to play again\./.test(await status.innerText()),
      'Spin',
    );
  }
  network.set({});
  await expect(frame.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled();
});

test('Crown Jewels: three spins with 30 % of requests dropped before they reach the server', async () => {
  const frame = await openHouseGame(page, HOUSE_GAME_IDS.slots, 'Crown Jewels', 'Spin');
  const status = frame.locator('p.game-status');
  network.set({ dropRate: 0.3 });
  for (let spin = 0; spin < 3; spin += 1) {
    await playUntil(
      frame,
      ['Spin'],
      async () => /Press Spin to play again\./.test(await status.innerText()),
      'Spin',
    );
  }
  network.set({});
  await expect(frame.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled();
});

test('Crown Jewels: the browser goes offline in the middle of a spin and comes back; the spin ends with its outcome', async () => {
  const frame = await openHouseGame(page, HOUSE_GAME_IDS.slots, 'Crown Jewels', 'Spin');
  const status = frame.locator('p.game-status');
  const spinButton = frame.getByRole('button', { name: 'Spin', exact: true });
  // The answer takes 1.5 s; the network goes away 0.3 s after the press, for 2.5 s.
  network.set({ delayMs: 1_500 });
  await pressByKeyboard(spinButton);
  presses += 1;
  await page.waitForTimeout(300);
  const offline = network.offlineFor(2_500);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(spinButton).toBeDisabled();
  await offline;
  network.set({});
  // Back online: the spin's outcome shows, or Spin sends the same spin again.
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 10_000 });
  for (let i = 0; i < 5 && !/Press Spin to play again\./.test(await status.innerText()); i += 1) {
    if (await enabled(frame, 'Spin')) {
      await pressByKeyboard(spinButton);
      presses += 1;
    }
    await page.waitForTimeout(500);
  }
  await expect(status).toHaveText(/Press Spin to play again\./);
  roundsSeen += 1;
  await expect(spinButton).toBeEnabled();
});

test('Jacks or Better: four hands at 30 % loss each end with their outcome', async () => {
  const frame = await openHouseGame(page, HOUSE_GAME_IDS.videoPoker, 'Jacks or Better', 'Deal');
  const status = frame.locator('p.vp-status');
  network.set({ lossRate: 0.3 });
  for (let hand = 0; hand < 4; hand += 1) {
    await playUntil(
      frame,
      ['Draw', 'Deal'],
      async () =>
        /Press Deal to play again\./.test(await status.innerText()) && (await enabled(frame, 'Deal')),
      'Deal',
      'Draw',
    );
  }
  network.set({});
  await expect(frame.getByRole('button', { name: 'Deal', exact: true })).toBeEnabled();
});

test('Klondike: four games dealt and collected at 30 % loss each end with their outcome', async () => {
  const frame = await openHouseGame(page, HOUSE_GAME_IDS.solitaire, 'Klondike Solitaire', 'Deal');
  const notice = frame.locator('p.notice');
  network.set({ lossRate: 0.3 });
  for (let game = 0; game < 4; game += 1) {
    await playUntil(
      frame,
      ['Collect', 'Deal'],
      async () => /You won|Game over/.test(await notice.innerText()) && (await enabled(frame, 'Deal')),
      'Deal',
      'Collect',
    );
  }
  network.set({});
  await expect(frame.getByRole('button', { name: 'Deal', exact: true })).toBeEnabled();
});

test('after the three games: the header balance is the server’s and one bet per round seen', async ({
  request,
}) => {
  console.log(`[flaky games] ${roundsSeen} rounds, ${presses} presses; ${network.summary()}`);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // Read in a session of the test's own, so the page's cookies stay as they were.
  const ledger = await serverLedger(request, player);
  await expectHeaderGoldMatchesServer(page, ledger);
  expect(await ledger.goldEntries('bet')).toBe(roundsSeen);
});
