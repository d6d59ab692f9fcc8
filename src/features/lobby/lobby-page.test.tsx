import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { LobbyPage } from './lobby-page.tsx';

const balances = {
  balance_paid_ghc: 0,
  balance_free_ghc: 25,
  balance_redeemable_ghc: 10.5,
  balance_redeemable_available_ghc: 10.5,
  balance_total_ghc: 25,
  balance_total_gld: 250000,
};

function renderLobby(path = '/lobby', goldOnly = false) {
  const answer = loginAnswer();
  store.session.status = 'signed-in';
  store.session.user = answer.user;
  store.session.token = 'tok';
  store.balances.current = { ...balances };
  stubApi({
    '/properties': { status: 200, body: { results: [{ key: 'gold_only_mode', value: String(goldOnly) }] } },
    '/wallet/balances': { status: 200, body: balances },
  });
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <LobbyPage />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('LobbyPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('welcomes the player and shows both balances, formatted', async () => {
    renderLobby();
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeTruthy();
    expect(screen.getByText('Welcome, Ada!')).toBeTruthy();
    expect(screen.getByTestId('lobby-gold-balance').textContent).toBe('250,000');
    expect(screen.getByTestId('lobby-sweeps-balance').textContent).toBe('25.00');
    expect(screen.getByText('10.50 redeemable, worth $10.50')).toBeTruthy();
    expect(screen.getByTestId('games-coming-soon')).toBeTruthy();
  });

  it('links every category and marks the current one', () => {
    renderLobby('/lobby/table-games');
    const nav = screen.getByRole('navigation', { name: 'Game categories' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['All', '/lobby'],
      ['Hot', '/lobby/hot'],
      ['Slots', '/lobby/slots'],
      ['Exclusive', '/lobby/exclusive'],
      ['Table Games', '/lobby/table-games'],
      ['Scratchcards', '/lobby/scratchcards'],
      ['New', '/lobby/new'],
      ['Halloween', '/lobby/halloween'],
    ]);
    expect(screen.getByRole('link', { name: 'Table Games' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 2, name: 'Table Games' })).toBeTruthy();
  });

  it('hides Sweeps Coins in gold-only mode', async () => {
    renderLobby('/lobby', true);
    await waitFor(() => expect(screen.queryByTestId('lobby-sweeps-balance')).toBeNull());
    expect(screen.getByTestId('lobby-gold-balance').textContent).toBe('250,000');
  });
});
