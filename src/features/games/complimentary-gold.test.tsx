import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { useSnapshot } from 'valtio';
import type { Game } from '../../contract/games.ts';
import type { Balances } from '../../contract/schemas.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { closeDialog } from '../../state/dialog-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { dialogComponentFor } from '../../ui/dialog-registry.ts';
import { TEST_CATALOGUE } from '../../test-support/game-fixtures.ts';
import { apiError, loginAnswer, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { GamePage } from './game-page.tsx';

vi.mock('./game-frame/house-game-frame.tsx', () => ({
  HouseGameFrame: ({ game }: { game: Game }) => <div data-testid="house-game-frame">{game.name}</div>,
}));

const balancesWith = (gold: number): Balances => ({
  balance_paid_ghc: 0,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 3,
  balance_total_gld: gold,
});

const OFFER = {
  available: true,
  reason: null,
  award_gld: 4_960,
  min_bet_gld: 100,
  awards_left_today: 3,
  next_day_at: '2026-01-15T05:00:00.000Z',
};

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

function renderGame(opts: { gold: number; property?: string; answers?: Record<string, Answer | Answer[]> }) {
  store.session.status = 'signed-in';
  store.session.user = loginAnswer().user;
  store.session.token = 'tok';
  store.balances.current = balancesWith(opts.gold);
  const calls = stubApi({
    '/properties': {
      status: 200,
      body: { results: [{ key: 'comp_state_award_gold', value: opts.property ?? '5000' }] },
    },
    '/wallet/balances': { status: 200, body: balancesWith(opts.gold) },
    '/games': { status: 200, body: { results: TEST_CATALOGUE } },
    '/complimentary-gold/offer': { status: 200, body: OFFER },
    ...opts.answers,
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
    { initialEntries: ['/lobby', '/quick-play-games/games/crown-jewels'], initialIndex: 1 },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, focusThrottleInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { calls, router };
}

const offerCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/complimentary-gold/offer');

describe('complimentary Gold on the game page', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers Gold to a player short of the minimum bet; Accept credits it and closes {accepted: true}', async () => {
    const { calls } = renderGame({
      gold: 40,
      answers: {
        '/complimentary-gold/accept': {
          status: 200,
          body: { balances: balancesWith(5_000), awarded_gld: 4_960, awards_left_today: 2 },
        },
      },
    });
    const dialog = await screen.findByTestId('dialog-complimentary-gold', {}, { timeout: 5_000 });
    expect(dialog.textContent).toContain('Accept 4,960 Gold Coins on us to keep playing.');
    expect(screen.getByTestId('complimentary-gold-rules').textContent).toContain(
      'bring your balance up to 5,000 Gold Coins',
    );
    expect(offerCalls(calls)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(store.dialogs.results['complimentary-gold']).toEqual({ accepted: true }));
    const accept = calls.find((c) => c.path === '/complimentary-gold/accept');
    expect(accept?.body).toEqual({ gameId: 'crown-jewels', goldCoinsBetValue: 100 });
    await waitFor(() => expect(store.balances.current?.balance_total_gld).toBe(5_000));
  });

  it('No thanks closes {accepted: false} and the page does not ask again while the Gold stays short', async () => {
    const { calls } = renderGame({ gold: 0 });
    await screen.findByTestId('dialog-complimentary-gold', {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(store.dialogs.results['complimentary-gold']).toEqual({ accepted: false });
    await act(async () => {
      store.balances.current = balancesWith(10);
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(offerCalls(calls)).toHaveLength(1);
    expect(screen.queryByTestId('dialog-complimentary-gold')).toBeNull();
  });

  it('shows the refusal of an accept in the dialog (the day used up meanwhile)', async () => {
    renderGame({
      gold: 0,
      answers: {
        '/complimentary-gold/accept': apiError(
          409,
          'COMPLIMENTARY_GOLD_DAILY_LIMIT',
          "You have had today's complimentary Gold Coins (3 a day).",
        ),
      },
    });
    await screen.findByTestId('dialog-complimentary-gold', {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByTestId('complimentary-gold-problem')).textContent).toContain(
      "You have had today's complimentary Gold Coins",
    );
    expect(store.balances.current?.balance_total_gld).toBe(0);
  });

  it('asks nothing with enough Gold, with Sweeps active, with the property at 0, or when the server has no award', async () => {
    const cases: Array<{ gold: number; property?: string; sweeps?: boolean; offer?: Answer }> = [
      { gold: 100 },
      { gold: 0, sweeps: true },
      { gold: 0, property: '0' },
      {
        gold: 0,
        offer: { status: 200, body: { ...OFFER, available: false, reason: 'daily_limit', award_gld: 0 } },
      },
    ];
    for (const c of cases) {
      resetStore();
      if (c.sweeps) store.currency.activeCurrency = 'sweeps';
      const { calls } = renderGame({
        gold: c.gold,
        property: c.property,
        answers: c.offer ? { '/complimentary-gold/offer': c.offer } : {},
      });
      await screen.findByTestId('house-game-frame', {}, { timeout: 5_000 });
      await act(() => new Promise((r) => setTimeout(r, 100)));
      expect(screen.queryByTestId('dialog-complimentary-gold'), JSON.stringify(c)).toBeNull();
      expect(offerCalls(calls).length, JSON.stringify(c)).toBe(c.offer ? 1 : 0);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
