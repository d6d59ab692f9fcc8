/**
 * The weekly coins challenge at 390 px: a player plays a round of a counting game (Crown Jewels),
 * opens the challenge page and, after a reload, finds their points and rank on the board; then the
 * server clock moves past the week's end, the server closes the week, and the prize is in the
 * player's Gold Coins history. Runs on a --test-clock server of its own (moving the clock would
 * disturb other specs' players).
 */
import { expect, test, type FrameLocator } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../src/contract/api-paths.ts';
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import {
  LEADERBOARD_API_PATHS,
  WEEKLY_CHALLENGE_ID,
  type LeaderboardAnswer,
} from '../../src/contract/leaderboard.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { TEST_CLOCK_PATH } from '../../src/contract/test-clock.ts';
import { createPlayerViaApi, expectLobby, newPlayer, signIn } from './support/app.ts';
import { nextRoundAnswer, openHouseGame, pressByKeyboard } from './support/games-play.ts';
import { useOwnServer } from './support/own-server.ts';
import { advanceServerClock, CLOCK_SLOTS, clockServerPort, serverNow } from './support/test-clock.ts';
import { collectLoginBonusWhenShown } from './support/login-bonus.ts';

/** A --test-clock server of this spec's own; players join with the welcome offer's coins to play with. */
const { origin } = useOwnServer({
  port: clockServerPort(CLOCK_SLOTS.weeklyChallenge),
  flags: ['--test-clock', '--welcome-offer'],
  probe: async (at) => {
    try {
      const health = await fetch(`${at}${apiUrl(API_PATHS.health)}`, { signal: AbortSignal.timeout(2_000) });
      if (!health.ok) return null;
      const clock = await fetch(`${at}${apiUrl(TEST_CLOCK_PATH)}`, { signal: AbortSignal.timeout(2_000) });
      return clock.ok ? 'ours' : 'other';
    } catch {
      return null;
    }
  },
});
test.use({ baseURL: origin, viewport: { width: 390, height: 844 } });

const button = (frame: FrameLocator, name: string) => frame.getByRole('button', { name, exact: true });
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a round of a challenge game shows on the board after a reload, and the week’s prize lands in the coin history', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const player = newPlayer();
  await createPlayerViaApi(request, player);
  await page.goto(ROUTES.login);
  await signIn(page, player.email, player.password);
  await expectLobby(page);

  const frame = await openHouseGame(page, HOUSE_GAME_IDS.slots, 'Crown Jewels', 'Spin');
  const spun = nextRoundAnswer(page);
  await pressByKeyboard(button(frame, 'Spin'));
  const { round } = await spun;
  // 1 point per 100 Gold Coins or per 0.01 Sweeps Coin played (the seeded challenge).
  const points = round.currency === 'gold' ? Math.floor(round.bet / 100) : Math.round(round.bet * 100);
  expect(points).toBeGreaterThan(0);

  await page.goto(ROUTES.promotionsPlaysonWeekly);
  await page.reload();
  const place = page.getByTestId('weekly-own-place');
  await expect(place).toHaveText(
    new RegExp(`^You are #\\d+ with ${points} ${points === 1 ? 'point' : 'points'}\\.$`),
  );
  const rank = Number(/#(\d+)/.exec((await place.textContent()) ?? '')?.[1]);
  expect(rank).toBeLessThanOrEqual(10);
  const board = page.getByRole('table', { name: /^Leaderboard, week of / });
  const masked = `${player.firstName.slice(0, 2)}***`;
  await expect(
    board.getByRole('row', { name: new RegExp(`^${rank} ${escapeRegExp(masked)} ${points}$`) }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Prizes' })).toContainText('500,000 Gold Coins');
  await expect(page.getByTestId('weekly-countdown')).toHaveText(/\d+h \d\dm \d\ds$/);

  // The week ends: the server clock moves just past it; the week-close job pays the prize.
  const answer = (await (
    await request.get(apiUrl(LEADERBOARD_API_PATHS.leaderboard(WEEKLY_CHALLENGE_ID)))
  ).json()) as LeaderboardAnswer;
  const now = Date.parse((await serverNow(request)).now);
  await advanceServerClock(request, Math.ceil((Date.parse(answer.ends_at) - now) / 1000) + 5);

  // A clock moved hours ahead ends the session (inactivity): sign in again when asked to. A
  // sign-in on a later day earns the login bonus: collected whenever it shows.
  await collectLoginBonusWhenShown(page);
  await page.goto(ROUTES.login);
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signInButton.or(page.getByRole('heading', { name: 'Lobby', exact: true }))).toBeVisible();
  if (await signInButton.isVisible()) await signIn(page, player.email, player.password);
  await expectLobby(page);
  await expect(async () => {
    await page.goto(ROUTES.goldCoinsHistory);
    await expect(page.getByText(/Weekly challenge prize/).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });

  // The new week's board starts empty for this player.
  await page.goto(ROUTES.promotionsPlaysonWeekly);
  await expect(page.getByTestId('weekly-own-place')).toHaveText(
    'No points yet this week. Play Crown Jewels or Fruit Frenzy to join the board.',
  );
});
