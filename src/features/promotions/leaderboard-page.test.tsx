import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig, unstable_serialize } from 'swr';
import { swrConfig } from '../../lib/swr.tsx';
import { clearPersistedSwr } from '../../lib/persisted-swr.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import { challengeRules, type LeaderboardAnswer } from '../../contract/leaderboard.ts';
import { LeaderboardPage } from './leaderboard-page.tsx';
import { countdownText, countdownWords, easternTimeText } from './weekly-challenge-format.ts';

const PATH = '/leaderboards/playson-weekly-coins-challenge';

function answer(overrides: Partial<LeaderboardAnswer> = {}): LeaderboardAnswer {
  const now = Date.now();
  return {
    id: 'playson-weekly-coins-challenge',
    name: 'Playson Weekly Coins Challenge',
    week_start: '2026-11-16',
    starts_at: '2026-11-16T05:00:00.000Z',
    // 2 days, 3 hours, 4 minutes and 5 seconds from now.
    ends_at: new Date(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000).toISOString(),
    as_of: new Date(now).toISOString(),
    games: [
      { id: 'crown-jewels', name: 'Crown Jewels' },
      { id: 'fruit-frenzy', name: 'Fruit Frenzy' },
    ],
    gold_coins_per_point: 100,
    sweeps_coins_per_point: 0.01,
    prizes: [
      { rank_from: 1, rank_to: 1, gold_coins: 500_000, sweeps_coins: 50 },
      { rank_from: 4, rank_to: 10, gold_coins: 20_000, sweeps_coins: 2 },
    ],
    board: [
      { rank: 1, display_name: 'Jo***', points: 1_250 },
      { rank: 2, display_name: 'Al***', points: 43 },
    ],
    me: null,
    ...overrides,
  };
}

function renderPage(cache: Map<string, unknown> = new Map()) {
  const router = createMemoryRouter([{ path: '*', element: <LeaderboardPage /> }], {
    initialEntries: ['/promotions/playson-weekly-coins-challenge'],
  });
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => cache as never, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

describe('LeaderboardPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-out';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    clearPersistedSwr();
  });

  it('shows a visitor the board as a table with caption and headers, the prizes, the rules and a join link', async () => {
    const data = answer();
    stubApi({ [PATH]: { status: 200, body: data } });
    renderPage();
    const board = await screen.findByRole('table', { name: 'Leaderboard, week of 2026-11-16' });
    expect(
      within(board)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Player', 'Points']);
    const rows = within(board).getAllByTestId('weekly-board-row');
    expect(rows.map((r) => r.textContent)).toEqual(['1Jo***1,250', '2Al***43']);
    const prizes = screen.getByRole('table', { name: 'Prizes' });
    expect(prizes.textContent).toContain('1st500,000 Gold Coins + 50.00 Sweeps Coins');
    expect(prizes.textContent).toContain('4th to 10th20,000 Gold Coins + 2.00 Sweeps Coins');
    const rules = screen.getByTestId('weekly-rules');
    expect([...rules.querySelectorAll('li')].map((li) => li.textContent)).toEqual(challengeRules(data));
    expect(rules.textContent).toContain('1 point for every 100 Gold Coins or every 0.01 Sweeps Coins played');
    expect(screen.getByTestId('weekly-join').getAttribute('href')).toBe('/signup/create-user');
    expect(screen.getByTestId('weekly-countdown').textContent).toMatch(/^2d 03h 0[34]m \d\ds$/);
    expect(screen.getByText(easternTimeText(Date.parse(data.ends_at) - 1000))).toBeTruthy();
  });

  it("shows a signed-in player's rank and points", async () => {
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    stubApi({ [PATH]: { status: 200, body: answer({ me: { rank: 3, points: 43 } }) } });
    renderPage();
    expect((await screen.findByTestId('weekly-own-place')).textContent).toBe('You are #3 with 43 points.');
    expect(screen.queryByTestId('weekly-join')).toBeNull();
  });

  it('invites a signed-in player without points to play the challenge games', async () => {
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    stubApi({ [PATH]: { status: 200, body: answer({ me: { rank: null, points: 0 }, board: [] }) } });
    renderPage();
    expect((await screen.findByTestId('weekly-own-place')).textContent).toBe(
      'No points yet this week. Play Crown Jewels or Fruit Frenzy to join the board.',
    );
    expect(screen.getByText('No points yet this week. Be the first!')).toBeTruthy();
  });

  it('shows the spinner only after the 250 ms leaderboard delay', async () => {
    let answerNow: (value: { status: number; body: unknown }) => void = () => undefined;
    stubApi({ [PATH]: () => new Promise((resolve) => (answerNow = resolve)) });
    renderPage();
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByText('Loading the leaderboard...')).toBeNull();
    expect(await screen.findByText('Loading the leaderboard...', {}, { timeout: 1000 })).toBeTruthy();
    answerNow({ status: 200, body: answer() });
    await screen.findByTestId('weekly-board');
    expect(screen.queryByText('Loading the leaderboard...')).toBeNull();
  });

  it('offline, shows the last board seen with the time it was read', async () => {
    const saved = answer({ as_of: '2026-11-18T20:15:00.000Z' });
    const cache = new Map<string, unknown>([[unstable_serialize([PATH, 'visitor']), { data: saved }]]);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderPage(cache);
    const notice = await screen.findByTestId('weekly-offline');
    expect(notice.textContent).toBe("You're offline. This is the board as of Wed, Nov 18, 3:15 PM ET.");
    expect(screen.getAllByTestId('weekly-board-row')).toHaveLength(2);
  });

  it('offline with no saved board says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderPage();
    expect((await screen.findByTestId('weekly-offline')).textContent).toContain(
      'not been saved on this device',
    );
  });

  it('asks nothing while the session is being restored, then asks as the player', async () => {
    store.session.status = 'unknown';
    const calls = stubApi({ [PATH]: { status: 200, body: answer({ me: { rank: 1, points: 5 } }) } });
    renderPage();
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(0);
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    expect((await screen.findByTestId('weekly-own-place')).textContent).toBe('You are #1 with 5 points.');
    expect(calls).toHaveLength(1);
  });

  it('names no Sweeps in gold-only mode', async () => {
    store.properties.values.gold_only_mode = 'true';
    const data = answer({
      sweeps_coins_per_point: null,
      prizes: [{ rank_from: 1, rank_to: 1, gold_coins: 500_000, sweeps_coins: 0 }],
    });
    stubApi({ [PATH]: { status: 200, body: data } });
    renderPage();
    await screen.findByTestId('weekly-board');
    expect(document.body.textContent).not.toMatch(/sweep/i);
  });
});

describe('countdown texts', () => {
  it('counts down in days, hours, minutes and seconds, never below zero', () => {
    expect(countdownText(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe('2d 03h 04m 05s');
    expect(countdownText((3 * 3600 + 59) * 1000 + 999)).toBe('3h 00m 59s');
    expect(countdownText(-5000)).toBe('0h 00m 00s');
    expect(countdownWords(((1 * 24 + 1) * 3600 + 60) * 1000)).toBe('1 day, 1 hour, 1 minute');
    expect(countdownWords(59_000)).toBe('0 minutes');
  });

  it('shows the end as the week’s last second in Eastern Time, across the change to standard time', () => {
    // The week of 2026-10-26 ends at Monday 12:00am EST = 05:00 UTC.
    expect(easternTimeText(Date.parse('2026-11-02T05:00:00Z') - 1000)).toBe('Sun, Nov 1, 11:59 PM ET');
    expect(easternTimeText(Date.parse('2026-10-26T04:00:00Z') - 1000)).toBe('Sun, Oct 25, 11:59 PM ET');
  });
});
