import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { serverSeedHash } from '../../../games/engines/fair-random.ts';
import { swrConfig } from '../../lib/swr.tsx';
import { resetApiClientState } from '../../lib/api-client.ts';
import { clearPersistedSwr } from '../../lib/persisted-swr.ts';
import { resetStore, store } from '../../state/store.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import GameHistoryPage from './game-history-page.tsx';

const SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

const round = (over: Record<string, unknown>) => ({
  id: 'rd_1',
  game_id: 'jacks-or-better',
  game_name: 'Jacks or Better',
  currency: 'gold',
  bet: 10,
  win: 20,
  status: 'finished',
  state: {},
  nonce: 3,
  server_seed_hash: serverSeedHash(SEED),
  client_seed: 'my-seed',
  created_at: '2026-11-22T12:00:00.000Z',
  finished_at: '2026-11-22T12:00:03.000Z',
  auto_completed: false,
  balance_before: 1_000,
  balance_after: 1_010,
  options: {},
  actions: [{ type: 'draw', hold: [true, true, false, false, false] }],
  steps: [
    { kind: 'deal', cards: ['AS', 'KS', '2D', '7C', '9H'] },
    { kind: 'draw', held: [0, 1], drawn: ['QS', 'JS', 'TS'] },
  ],
  final_state: {},
  server_seed: null,
  ...over,
});

const RESULTS = [
  round({}),
  round({ id: 'rd_2', nonce: 2, server_seed: 'b'.repeat(64) }),
  round({ id: 'rd_3', game_id: 'crown-jewels', game_name: 'Crown Jewels', nonce: 1, steps: [] }),
];

const FAIRNESS = {
  server_seed_hash: 'c'.repeat(64),
  client_seed: 'my-seed',
  next_nonce: 4,
  round_open: false,
};

function renderAt(url: string) {
  const calls = stubApi({
    '/games/rounds/recent': [
      { status: 200, body: { results: RESULTS } },
      { status: 200, body: { results: RESULTS.map((r) => ({ ...r, server_seed: SEED })) } },
    ],
    '/games/fairness': { status: 200, body: FAIRNESS },
    '/games/fairness/rotate': {
      status: 200,
      body: {
        previous: {
          server_seed: SEED,
          server_seed_hash: serverSeedHash(SEED),
          client_seed: 'my-seed',
          last_nonce: 3,
        },
        current: { ...FAIRNESS, server_seed_hash: 'd'.repeat(64), next_nonce: 0 },
      },
    },
  });
  const router = createMemoryRouter([{ path: '/my-account/game-history', element: <GameHistoryPage /> }], {
    initialEntries: [url],
  });
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return calls;
}

beforeEach(() => {
  resetStore();
  resetApiClientState();
  store.session.status = 'signed-in';
  store.session.token = 'jwt';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // Recall is kept for offline use (persisted-swr.ts): one test's saved copy is not the next one's.
  clearPersistedSwr();
});

describe('GameHistoryPage', () => {
  it('lists the rounds of each game with bet, win, balances, seeds, nonce and every step', async () => {
    renderAt('/my-account/game-history');
    const poker = await screen.findByRole('list', { name: 'Jacks or Better rounds' });
    expect(screen.getByRole('list', { name: 'Crown Jewels rounds' })).toBeTruthy();
    const first = within(poker).getAllByTestId('recalled-round')[0] as HTMLElement;
    const text = first.textContent ?? '';
    for (const part of ['Bet', 'Win', 'Balance before', 'Balance after', 'Nonce3', 'my-seed'])
      expect(text).toContain(part);
    expect(text).toContain(serverSeedHash(SEED));
    expect(text).toContain('deal — cards: AS KS 2D 7C 9H');
    expect(text).toContain('draw — held: 0 1; drawn: QS JS TS');
    expect(text).toContain('Not revealed yet');
  });

  it('shows one game only with ?game=', async () => {
    renderAt('/my-account/game-history?game=crown-jewels');
    expect(await screen.findByRole('list', { name: 'Crown Jewels rounds' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Jacks or Better rounds' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Show every game' })).toBeTruthy();
  });

  it('Verify says to rotate for an unrevealed seed and refuses a seed that misses its commitment', async () => {
    renderAt('/my-account/game-history?game=jacks-or-better');
    const cards = await screen.findAllByTestId('recalled-round');
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Verify' }));
    expect(await within(cards[0] as HTMLElement).findByText(/Rotate the seed to reveal it/)).toBeTruthy();
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Verify' }));
    expect(
      await within(cards[1] as HTMLElement).findByText(
        /does not hash to the commitment the server reports for this round/,
      ),
    ).toBeTruthy();
  });

  it('rotates the seed from recall: the old seed is revealed and the rounds are loaded again', async () => {
    const calls = renderAt('/my-account/game-history');
    expect(await screen.findByTestId('server-seed-hash')).toHaveProperty('textContent', 'c'.repeat(64));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate seed' }));
    expect(await screen.findByText(SEED)).toBeTruthy();
    expect(screen.getByTestId('server-seed-hash').textContent).toBe('d'.repeat(64));
    await waitFor(() => expect(calls.filter((c) => c.path === '/games/rounds/recent')).toHaveLength(2));
    expect(calls.find((c) => c.path === '/games/fairness/rotate')?.method).toBe('POST');
    await waitFor(() =>
      expect(screen.queryAllByText('Not revealed yet (rotate your seed to reveal it)')).toHaveLength(0),
    );
  });
});
