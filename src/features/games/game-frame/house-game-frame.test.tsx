import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '../../../lib/swr.tsx';
import { resetApiClientState } from '../../../lib/api-client.ts';
import { resetStore, store } from '../../../state/store.ts';
import { setCurrency } from '../../../state/currency-actions.ts';
import { resetGameEventState } from '../../../state/game-event-actions.ts';
import { demoBalances } from '../../../state/test-fixtures.ts';
import { apiError, stubApi, type RecordedCall } from '../../../test-support/stub-api.ts';
import { testGame } from '../../../test-support/game-fixtures.ts';
import { HouseGameFrame } from './house-game-frame.tsx';

const game = testGame({ id: 'jacks-or-better', name: 'Jacks or Better' });
const fairness = {
  server_seed_hash: 'c0ffee'.repeat(10) + 'abcd',
  client_seed: 'my-seed',
  next_nonce: 4,
  round_open: true,
};
const recalled = {
  id: 'rd_1',
  game_id: game.id,
  game_name: game.name,
  currency: 'gold',
  bet: 10,
  win: 20,
  status: 'finished',
  state: {},
  nonce: 3,
  server_seed_hash: fairness.server_seed_hash,
  client_seed: 'my-seed',
  created_at: '2026-11-22T12:00:00.000Z',
  finished_at: '2026-11-22T12:00:03.000Z',
  auto_completed: false,
  balance_before: 1_000,
  balance_after: 1_010,
  options: {},
  actions: [],
  steps: [{ kind: 'deal', cards: ['AS', 'KS', 'QS', 'JS', 'TS'] }],
  final_state: {},
  server_seed: null,
};

let calls: RecordedCall[];
let posted: unknown[];

function renderFrame() {
  const router = createMemoryRouter(
    [
      { path: '/game', element: <HouseGameFrame game={game} /> },
      { path: '/my-account/game-history', element: <p>recall</p> },
    ],
    { initialEntries: ['/game'] },
  );
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  const frame = screen.getByTitle('Jacks or Better game') as HTMLIFrameElement;
  posted = [];
  vi.spyOn(frame.contentWindow as Window, 'postMessage').mockImplementation((m: unknown) => {
    posted.push(m);
  });
  const fromGame = (data: unknown) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin: window.location.origin, source: frame.contentWindow }),
      );
    });
  return { router, frame, fromGame };
}

beforeEach(() => {
  resetStore();
  resetGameEventState();
  resetApiClientState();
  store.session.status = 'signed-in';
  store.session.token = 'jwt';
  store.balances.current = demoBalances({ balance_total_gld: 1_000 });
  calls = stubApi({
    '/games/fairness': { status: 200, body: fairness },
    '/games/jacks-or-better/rounds/recent': { status: 200, body: { results: [recalled] } },
    '/games/fairness/rotate': apiError(
      409,
      'SEED_ROTATION_BLOCKED',
      'Finish the round in play before rotating the seed.',
    ),
    '/wallet/balances': { status: 200, body: demoBalances({ balance_total_gld: 1_234 }) },
  });
});
afterEach(() => {
  cleanup();
  resetGameEventState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HouseGameFrame', () => {
  it('frames the game page on our origin, sandboxed and titled', () => {
    const { frame } = renderFrame();
    expect(frame.getAttribute('src')).toBe('/games/jacks-or-better/');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(screen.getByRole('link', { name: 'Recent rounds' }).getAttribute('href')).toBe(
      '/my-account/game-history?game=jacks-or-better',
    );
  });

  it('sends init on load, applies events through the store and dispatches a currency set on the page', async () => {
    const { fromGame } = renderFrame();
    await fromGame({ v: 1, type: 'iframe_loaded' });
    expect(posted[0]).toMatchObject({
      type: 'init',
      game_id: 'jacks-or-better',
      currency: 'gold',
      // The catalogue's steps: the only bets the game offers.
      bet_steps: game.bet_steps,
    });
    await fromGame({
      v: 1,
      type: 'event',
      event: 'video_poker_deal',
      balances: demoBalances({ balance_total_gld: 990 }),
    });
    expect(store.currency.switchingDisabled).toBe(true);
    expect(store.balances.current?.balance_total_gld).toBe(990);
    await fromGame({ v: 1, type: 'event', event: 'end_round' });
    act(() => {
      setCurrency('sweeps');
    });
    await waitFor(() => expect(posted).toContainEqual({ v: 1, type: 'currency_swap', currency: 'sweeps' }));
  });

  it('opens recall for this game when the game asks, and on leaving re-enables switching and reloads balances', async () => {
    const { router, fromGame } = renderFrame();
    await fromGame({ v: 1, type: 'iframe_loaded' });
    await fromGame({ v: 1, type: 'event', event: 'purchase_outcome' });
    expect(store.currency.switchingDisabled).toBe(true);
    await fromGame({ v: 1, type: 'navigate', to: 'recall' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account/game-history'));
    expect(router.state.location.search).toBe('?game=jacks-or-better');
    expect(store.currency.switchingDisabled).toBe(false);
    await waitFor(() => expect(store.balances.current?.balance_total_gld).toBe(1_234));
    expect(calls.some((c) => c.path === '/wallet/balances')).toBe(true);
  });
});

describe('Fairness panel', () => {
  it('shows the seeds, the server refusal of a rotation, and asks to rotate before verifying', async () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Fairness' }));
    // The dialog is a lazy chunk: its first import in a test run takes a while.
    const dialog = await screen.findByRole('dialog', { name: 'Fairness' }, { timeout: 10_000 });
    expect(await screen.findByText(fairness.server_seed_hash)).toBeTruthy();
    expect(screen.getByTestId('next-nonce').textContent).toBe('4');
    expect((screen.getByLabelText('Client seed') as HTMLInputElement).value).toBe('my-seed');

    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
    expect(await screen.findByText('Finish the round in play before rotating the seed.')).toBeTruthy();
    const rotate = calls.find((c) => c.path === '/games/fairness/rotate');
    expect(rotate?.method).toBe('POST');

    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Rotate the seed to reveal it, then verify/)).toBeTruthy();
    expect(dialog).toBeTruthy();
  });

  it('keeps Verify waiting while the rounds reload after a rotation (their seed is revealed in that answer)', async () => {
    let answerReload!: () => void;
    const reloaded = new Promise<void>((resolve) => (answerReload = resolve));
    calls = stubApi({
      '/games/fairness': { status: 200, body: { ...fairness, round_open: false } },
      '/games/jacks-or-better/rounds/recent': [
        { status: 200, body: { results: [recalled] } },
        async () => {
          await reloaded;
          return { status: 200, body: { results: [{ ...recalled, server_seed: 'revealed-seed' }] } };
        },
      ],
      '/games/fairness/rotate': {
        status: 200,
        body: {
          previous: {
            server_seed: 'revealed-seed',
            server_seed_hash: fairness.server_seed_hash,
            client_seed: 'my-seed',
            last_nonce: 3,
          },
          current: { ...fairness, server_seed_hash: 'beef'.repeat(16), next_nonce: 0, round_open: false },
        },
      },
    });
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Fairness' }));
    await screen.findByRole('dialog', { name: 'Fairness' }, { timeout: 10_000 });
    const verify = await screen.findByRole('button', { name: 'Verify' });
    expect((verify as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
    expect(await screen.findByText(/^Seed revealed:/)).toBeTruthy();
    // The list loaded before the rotation has no seed: Verify waits for the new answer.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true),
    );
    answerReload();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('refuses a malformed client seed without asking the server', async () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Fairness' }));
    const input = (await screen.findByLabelText('Client seed', {}, { timeout: 10_000 })) as HTMLInputElement;
    await screen.findByText(fairness.server_seed_hash);
    fireEvent.change(input, { target: { value: 'has spaces!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change client seed' }));
    expect(await screen.findByText('Use 1 to 64 letters, digits, - or _.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/games/fairness/client-seed')).toBe(false);
  });
});
