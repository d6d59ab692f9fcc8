import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { useSnapshot } from 'valtio';
import type { Game } from '../../contract/games.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { closeDialog } from '../../state/dialog-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { dialogComponentFor } from '../../ui/dialog-registry.ts';
import { TEST_CATALOGUE, testGame } from '../../test-support/game-fixtures.ts';
import { loginAnswer, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { GamePage } from './game-page.tsx';

// The house game's frame is its own component with its own tests; here it only has to appear.
vi.mock('./game-frame/house-game-frame.tsx', () => ({
  HouseGameFrame: ({ game }: { game: Game }) => <div data-testid="house-game-frame">{game.name}</div>,
}));

const balances = {
  balance_paid_ghc: 0,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 12,
  balance_total_gld: 9_999,
};

/** The app's dialog host in small: the top dialog of the store's stack. */
function TestDialogHost() {
  const { stack } = useSnapshot(store.dialogs);
  const top = stack[stack.length - 1];
  if (!top) return null;
  const Component = dialogComponentFor(top.kind);
  if (!Component) return <p>unregistered dialog {top.kind}</p>;
  return (
    <Suspense fallback={null}>
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Component key={top.id} id={top.id} props={{ ...top.props }} close={(r) => closeDialog(top.id, r)} />
    </Suspense>
  );
}

const catalogueAnswer = (games: Game[]): Answer => ({ status: 200, body: { results: games } });

function renderGame(gameId: string, answers: Record<string, Answer | Answer[]> = {}) {
  store.session.status = 'signed-in';
  store.session.user = loginAnswer().user;
  store.session.token = 'tok';
  store.balances.current = { ...balances };
  const calls = stubApi({
    '/properties': { status: 200, body: { results: [] } },
    '/wallet/balances': { status: 200, body: balances },
    '/games': catalogueAnswer(TEST_CATALOGUE),
    ...answers,
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <TestDialogHost />
          </>
        ),
        children: [
          { path: '/lobby', element: <h1>Lobby page</h1> },
          { path: '/quick-play-games/games/:gameId', element: <GamePage /> },
        ],
      },
    ],
    { initialEntries: ['/lobby', `/quick-play-games/games/${gameId}`], initialIndex: 1 },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, focusThrottleInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { calls, router };
}

const dialog = (testId: string) => screen.findByTestId(testId, {}, { timeout: 3000 });

describe('GamePage: favourite and game settings', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the star names the game and saves it as a favourite; the slots page offers quick spin', async () => {
    const saved = { ...loginAnswer().user, user_data: { 'favourite.crown-jewels': true } };
    const { calls } = renderGame('crown-jewels', { '/users/me/user-data': { status: 200, body: saved } });
    const star = await screen.findByRole('button', { name: 'Favourite Crown Jewels' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: '/users/me/user-data',
        method: 'PATCH',
        body: { key: 'favourite.crown-jewels', value: true },
      }),
    );
    const settings = screen.getByTestId('game-settings');
    // The settings' fields load beside the page (folded under the summary meanwhile).
    expect(await screen.findByRole('checkbox', { name: /Reduce motion/ })).toBeTruthy();
    const quick = screen.getByRole('checkbox', { name: /Quick spin/ });
    expect(settings.contains(quick)).toBe(true);
  });

  it('a game no setting changes shows no settings; blackjack shows reduce motion only', async () => {
    renderGame('blackjack');
    await screen.findByRole('button', { name: 'Favourite Blackjack' });
    expect(await screen.findByRole('checkbox', { name: /Reduce motion/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Quick spin/ })).toBeNull();
    cleanup();
    renderGame('lucky-scratch');
    await screen.findByRole('button', { name: 'Favourite Lucky Scratch' });
    expect(screen.queryByTestId('game-settings')).toBeNull();
  });
});

describe('GamePage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens a known game: the house frame shows and the game goes to the front of Recently played', async () => {
    store.games.recentlyPlayed.push('blackjack');
    renderGame('crown-jewels');
    expect((await screen.findByTestId('house-game-frame')).textContent).toBe('Crown Jewels');
    expect(screen.getByRole('heading', { level: 1, name: 'Crown Jewels' })).toBeTruthy();
    expect(store.games.recentlyPlayed).toEqual(['crown-jewels', 'blackjack']);
    // Coins bought from here lead back to this game ("Back to your game").
    expect(screen.getByRole('link', { name: 'Get coins' }).getAttribute('href')).toBe(
      '/buy-coins?game_id=crown-jewels',
    );
  });

  it('an unknown game: the game unavailable dialog leads back to the lobby', async () => {
    renderGame('no-such-game');
    const d = await dialog('dialog-game-unavailable');
    expect(d.textContent).toContain('This game is not available.');
    expect(screen.queryByTestId('house-game-frame')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    expect(await screen.findByRole('heading', { name: 'Lobby page' })).toBeTruthy();
    expect(store.dialogs.results['game-unavailable']).toEqual({ closed: true });
    expect(store.games.recentlyPlayed).toEqual([]);
  });

  it('a game under maintenance: the dialog says until when in Eastern time', async () => {
    renderGame('lucky-scratch');
    await dialog('dialog-game-maintenance');
    expect(screen.getByTestId('game-maintenance-message').textContent).toMatch(
      /^This game is under maintenance until (\w{3}, \w{3} \d+, )?7:00am ET\.$/,
    );
    expect(screen.queryByTestId('house-game-frame')).toBeNull();
  });

  it('a currency the game disables: the dialog switches currency {switchCurrency: true} and the game opens', async () => {
    store.currency.activeCurrency = 'sweeps';
    const goldOnlyGame = testGame({
      id: 'crown-jewels',
      name: 'Crown Jewels',
      metadata: { disabledCurrencies: ['sweeps'] },
    });
    renderGame('crown-jewels', { '/games': catalogueAnswer([goldOnlyGame]) });
    const d = await dialog('dialog-game-currency-disabled');
    expect(d.textContent).toContain('This game cannot be played with Sweeps Coins.');
    expect(store.currency.gameDisabledCurrencies).toEqual(['sweeps']);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Gold Coins' }));
    expect(store.dialogs.results['game-currency-disabled']).toEqual({ switchCurrency: true });
    expect(store.currency.activeCurrency).toBe('gold');
    expect(await screen.findByTestId('house-game-frame')).toBeTruthy();
  });

  it('a currency the game disables: Back to lobby answers {switchCurrency: false}', async () => {
    store.currency.activeCurrency = 'sweeps';
    const goldOnlyGame = testGame({
      id: 'crown-jewels',
      name: 'Crown Jewels',
      metadata: { disabledCurrencies: ['sweeps'] },
    });
    renderGame('crown-jewels', { '/games': catalogueAnswer([goldOnlyGame]) });
    await dialog('dialog-game-currency-disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    expect(await screen.findByRole('heading', { name: 'Lobby page' })).toBeTruthy();
    expect(store.dialogs.results['game-currency-disabled']).toEqual({ switchCurrency: false });
    expect(store.currency.activeCurrency).toBe('sweeps');
    // The game's rules no longer apply once its page is closed.
    expect(store.currency.gameDisabledCurrencies).toEqual([]);
  });

  it('a new version of the game during play shows the game updated dialog, back to the lobby', async () => {
    const v1 = TEST_CATALOGUE;
    const v2 = TEST_CATALOGUE.map((g) => (g.id === 'crown-jewels' ? { ...g, version: '2' } : g));
    renderGame('crown-jewels', { '/games': [catalogueAnswer(v1), catalogueAnswer(v2), catalogueAnswer(v2)] });
    await screen.findByTestId('house-game-frame');
    expect(screen.queryByTestId('dialog-game-updated')).toBeNull();
    // The catalogue is revalidated when the window regains focus (and every minute).
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await dialog('dialog-game-updated');
    // Even in a round, the way out is not questioned again: the dialog has said why.
    store.currency.switchingDisabled = true;
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    expect(await screen.findByRole('heading', { name: 'Lobby page' })).toBeTruthy();
    expect(screen.queryByTestId('dialog-confirm-exit-game')).toBeNull();
  });

  it('going from one game to another on the page is not an update of the first', async () => {
    const catalogue = TEST_CATALOGUE.map((g) => (g.id === 'blackjack' ? { ...g, version: '7' } : g));
    const { router } = renderGame('crown-jewels', {
      '/games': [catalogueAnswer(catalogue), catalogueAnswer(catalogue)],
    });
    await screen.findByTestId('house-game-frame');
    await act(() => router.navigate('/quick-play-games/games/blackjack'));
    await waitFor(() => expect(screen.getByTestId('house-game-frame').textContent).toBe('Blackjack'));
    await new Promise((r) => setTimeout(r, 50));
    expect(store.dialogs.stack).toHaveLength(0);
    expect(store.games.recentlyPlayed).toEqual(['blackjack', 'crown-jewels']);
  });

  it('leaving during a round asks first {confirmExit}; outside a round it does not', async () => {
    renderGame('crown-jewels');
    await screen.findByTestId('house-game-frame');
    store.currency.switchingDisabled = true;
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    await dialog('dialog-confirm-exit-game');
    fireEvent.click(screen.getByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByTestId('dialog-confirm-exit-game')).toBeNull());
    expect(store.dialogs.results['confirm-exit-game']).toEqual({ confirmExit: false });
    expect(screen.getByTestId('house-game-frame')).toBeTruthy();

    // Asked again the second time (the earlier answer does not decide it), then left.
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    await dialog('dialog-confirm-exit-game');
    fireEvent.click(screen.getByRole('button', { name: 'Leave game' }));
    expect(await screen.findByRole('heading', { name: 'Lobby page' })).toBeTruthy();
    expect(store.dialogs.results['confirm-exit-game']).toEqual({ confirmExit: true });
  });

  it("the browser's back button during a round asks too", async () => {
    const { router } = renderGame('crown-jewels');
    await screen.findByTestId('house-game-frame');
    store.currency.switchingDisabled = true;
    act(() => void router.navigate(-1));
    await dialog('dialog-confirm-exit-game');
    expect(router.state.location.pathname).toBe('/quick-play-games/games/crown-jewels');
    fireEvent.click(screen.getByRole('button', { name: 'Leave game' }));
    expect(await screen.findByRole('heading', { name: 'Lobby page' })).toBeTruthy();
  });

  it('outside a round Back to lobby leaves at once', async () => {
    renderGame('crown-jewels');
    await screen.findByTestId('house-game-frame');
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    expect(await screen.findByRole('heading', { name: 'Lobby page' })).toBeTruthy();
    expect(store.dialogs.stack).toHaveLength(0);
  });

  it('the vendor game: launched in the current currency in a sandboxed frame, IN GAME meanwhile, balances reloaded on leaving', async () => {
    const launch = {
      launch_url: 'http://vendor.test/play?session=abcdefghijklmnop',
      vendor_origin: 'http://vendor.test',
      expires_at: '2026-11-23T00:00:00Z',
    };
    const { calls } = renderGame('fruit-frenzy', {
      '/games/fruit-frenzy/launch': { status: 200, body: launch },
    });
    const frame = await screen.findByTitle('Fruit Frenzy');
    expect(frame.getAttribute('src')).toBe(launch.launch_url);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(calls.find((c) => c.path === '/games/fruit-frenzy/launch')).toMatchObject({
      method: 'POST',
      body: { currency: 'gold' },
    });
    expect(store.currency.isInVendorGame).toBe(true);
    expect(store.currency.balanceVisible).toBe(false);

    store.balances.current = { ...balances, balance_total_gld: 1 };
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    expect(await screen.findByRole('heading', { name: 'Lobby page' })).toBeTruthy();
    expect(store.currency.isInVendorGame).toBe(false);
    await waitFor(() => expect(store.balances.current?.balance_total_gld).toBe(9_999));
  });

  it('the vendor game frames only the vendor origin the server names', async () => {
    const launch = {
      launch_url: 'http://elsewhere.test/play?session=abcdefghijklmnop',
      vendor_origin: 'http://vendor.test',
      expires_at: '2026-11-23T00:00:00Z',
    };
    renderGame('fruit-frenzy', { '/games/fruit-frenzy/launch': { status: 200, body: launch } });
    expect((await screen.findByTestId('vendor-launch-failed')).textContent).toContain('could not be started');
    expect(screen.queryByTitle('Fruit Frenzy')).toBeNull();
  });

  it('the vendor game says so when its launch fails', async () => {
    renderGame('fruit-frenzy', {
      '/games/fruit-frenzy/launch': {
        status: 503,
        body: { code: 'X', message: 'Vendor down.', field: null, extra: null },
      },
    });
    expect((await screen.findByTestId('vendor-launch-failed')).textContent).toContain('Vendor down.');
  });

  it('the vendor game during a break: no frame, the refusal in the words a house game shows, no "try again"', async () => {
    const message =
      'You are taking a break from play until Nov 30, 2026, 9:00 AM ET. You can still redeem and read your history.';
    renderGame('fruit-frenzy', {
      '/games/fruit-frenzy/launch': {
        status: 403,
        body: { code: 'PLAY_RESTRICTED', message, field: null, extra: { restriction: 'break' } },
      },
    });
    const notice = await screen.findByTestId('vendor-launch-failed');
    expect(notice.textContent).toBe(message);
    expect(notice.getAttribute('role')).toBe('alert');
    expect(screen.queryByTitle('Fruit Frenzy')).toBeNull();
  });
});
