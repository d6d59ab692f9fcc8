/**
 * Fairness a player checks without trusting us (docs/fairness.md), on the installed app's build
 * with its service worker (pwa-harness.ts, port 8479, a server of its own):
 *
 * - a hand of Jacks or Better is played, its seed rotated on the recall page, and then, with the
 *   network off and the page reloaded, Verify replays the recalled round in the browser (the
 *   precached verifier and engines, recall kept in IndexedDB) and checks the revealed seed against
 *   the commitment this browser kept before play;
 * - when the server's later answer carries another seed and commitment than the one shown before
 *   play (a consistent forgery, written in by page.route), Verify says so in words.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { HOUSE_GAME_IDS, type RecallResponseSchema } from '../../src/contract/games.ts';
import { gameHistoryPath, ROUTES, withParams } from '../../src/contract/routes.ts';
import type { Infer } from 'superstruct';
import { DEMO, signIn } from './support/app.ts';
import { serveBuildForThisFile, waitForControllingWorker, waitForPrecache } from './support/pwa-harness.ts';

const PORT = 8479;
const server = serveBuildForThisFile(PORT, '1.0.0');

const MATCHED =
  'Verified: same result. The revealed server seed matches the commitment shown to you before you played.';
const MISMATCH =
  'the server seed revealed for this round does not match the commitment shown to you before you played';

/** Signs the demo player in, plays one hand of Jacks or Better, and rotates the seed on recall. */
async function playAHandAndReveal(page: Page): Promise<string> {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByTestId('balance-amount')).toBeVisible({ timeout: 20_000 });
  await page.goto(`${server.origin}${withParams(ROUTES.game, { gameId: HOUSE_GAME_IDS.videoPoker })}`);
  const frame = page.frameLocator('iframe[title="Jacks or Better game"]');
  await frame.getByRole('button', { name: 'Deal' }).click({ timeout: 30_000 });
  await frame.getByRole('button', { name: 'Draw' }).click();
  await expect(frame.getByRole('button', { name: 'Deal' })).toBeEnabled();

  await page.goto(`${server.origin}${gameHistoryPath()}`);
  const round = page.getByTestId('recalled-round').first();
  await expect(round).toBeVisible();
  // Played with the client seed the browser made (32 hex digits from crypto.getRandomValues).
  await expect(round).toContainText(/Client seed[0-9a-f]{32}Server seed hash/);
  const shownHash = await page.getByTestId('server-seed-hash').innerText();
  await page.getByRole('button', { name: 'Rotate seed' }).click();
  await expect(page.getByText(/^Seed revealed:/)).toBeVisible();
  await expect(round).toContainText(/Server seed[0-9a-f]{64}/);
  return shownHash;
}

/** True once the offline copy of recall (IndexedDB, persisted-swr.ts) holds a revealed seed. */
const recallKeptWithSeed = (page: Page): Promise<boolean> =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('lucky-crown-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          try {
            const all = open.result.transaction('swr').objectStore('swr').getAll();
            all.onsuccess = () =>
              resolve(
                (all.result as { data?: { results?: { server_seed: string | null }[] } }[]).some(
                  (e) => typeof e.data?.results?.[0]?.server_seed === 'string',
                ),
              );
            all.onerror = () => resolve(false);
          } catch {
            resolve(false);
          }
        };
      }),
  );

test('a recalled round verifies offline, against the commitment kept before play', async ({
  context,
  page,
}) => {
  await page.goto(`${server.origin}${ROUTES.login}`);
  await waitForControllingWorker(page);
  await waitForPrecache(page);
  await playAHandAndReveal(page);
  await expect.poll(() => recallKeptWithSeed(page)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  const round = page.getByTestId('recalled-round').first();
  await expect(round).toContainText(/Server seed[0-9a-f]{64}/);
  await round.getByRole('button', { name: 'Verify' }).click();
  await expect(round.getByText(MATCHED)).toBeVisible();
  await context.setOffline(false);
});

test.describe('a later answer with another commitment', () => {
  // page.route sees every request only without the worker in between; the narrowest phone.
  test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

  test('Verify reports, in words, a revealed seed that misses the commitment shown before play', async ({
    page,
  }) => {
    await page.goto(`${server.origin}${ROUTES.login}`);
    const shownHash = await playAHandAndReveal(page);

    // The server's later answer swaps the round's seed and its hash together: each agrees with
    // the other, so only the commitment this browser kept before play can tell.
    const forged = randomBytes(32).toString('hex');
    const forgedHash = createHash('sha256').update(Buffer.from(forged, 'hex')).digest('hex');
    await page.route(/\/api\/v1\/games\/(?:[^/]+\/)?rounds\/recent(?:\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Infer<typeof RecallResponseSchema>;
      const first = body.results[0];
      if (first) body.results[0] = { ...first, server_seed: forged, server_seed_hash: forgedHash };
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const round = page.getByTestId('recalled-round').first();
    await expect(round).toContainText(forged);
    await round.getByRole('button', { name: 'Verify' }).click();
    const result = round.getByRole('status').filter({ hasText: MISMATCH });
    await expect(result).toBeVisible();
    await expect(result).toContainText(`Shown before play: ${shownHash}`);
    await expect(result).toContainText(`The revealed seed hashes to: ${forgedHash}`);
    await expect(round.getByText(/^Verified/)).toHaveCount(0);
    // The hashes in the words wrap: nothing runs past the 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
