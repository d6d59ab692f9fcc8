import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { loginAnswer, stubApi, type Answer, type RecordedCall } from '../../test-support/stub-api.ts';
import { TEST_CATALOGUE } from '../../test-support/game-fixtures.ts';
import { reportApiReachable, reportApiUnreachable } from '../../pwa/online-status.ts';
import { recordRecentlyPlayed } from '../../state/recently-played.ts';
import { LobbyPage } from './lobby-page.tsx';
import { OFFLINE_PLAY_TEXT } from './game-card.tsx';

const balances = {
  balance_paid_ghc: 0,
  balance_free_ghc: 25,
  balance_redeemable_ghc: 10.5,
  balance_redeemable_available_ghc: 10.5,
  balance_total_ghc: 25,
  balance_total_gld: 250000,
};

const catalogue: Answer = { status: 200, body: { results: TEST_CATALOGUE } };
let calls: RecordedCall[] = [];

function renderLobby(
  path = '/lobby',
  goldOnly = false,
  games: Answer = catalogue,
  userData: Record<string, unknown> = {},
) {
  const answer = loginAnswer({ user_data: userData });
  store.session.status = 'signed-in';
  store.session.user = answer.user;
  store.session.token = 'tok';
  store.balances.current = { ...balances };
  calls = stubApi({
    '/properties': { status: 200, body: { results: [{ key: 'gold_only_mode', value: String(goldOnly) }] } },
    '/wallet/balances': { status: 200, body: balances },
    '/games': games,
    '/users/me/user-data': {
      status: 200,
      body: loginAnswer({ user_data: { ...userData, 'favourite.crown-jewels': true } }).user,
    },
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
    reportApiReachable();
  });

  it('welcomes the player and shows both balances, formatted', async () => {
    renderLobby();
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeTruthy();
    expect(screen.getByText('Welcome, Ada!')).toBeTruthy();
    expect(screen.getByTestId('lobby-gold-balance').textContent).toBe('250,000');
    expect(screen.getByTestId('lobby-sweeps-balance').textContent).toBe('25.00');
    expect(screen.getByText('10.50 redeemable, worth $10.50')).toBeTruthy();
  });

  it('links every category and marks the current one', () => {
    renderLobby('/lobby/table-games');
    const nav = screen.getByRole('navigation', { name: 'Game categories' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['All', '/lobby'],
      ['★\u00a0Favourites', '/lobby/favourites'],
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

  const cardNames = (container: HTMLElement | null) =>
    [...(container?.querySelectorAll('a') ?? [])].map(
      (a) => a.querySelector('[data-testid="game-card-name"]')?.textContent,
    );

  it('lists every game as a card linking to its game page, with its art, name and mark', async () => {
    renderLobby();
    const list = await screen.findByTestId('game-list');
    expect(cardNames(list)).toEqual(['Crown Jewels', 'Blackjack', 'Lucky Scratch', 'Fruit Frenzy']);
    const card = screen.getByTestId('game-card-crown-jewels');
    expect(card.getAttribute('href')).toBe('/quick-play-games/games/crown-jewels');
    // Named by the shown name alone (the mark is its description), the art decorative: Lighthouse's
    // label-content-name-mismatch and image-redundant-alt.
    expect(within(list).getByRole('link', { name: 'Crown Jewels' })).toBe(card);
    expect(card.getAttribute('aria-label')).toBeNull();
    expect(card.getAttribute('aria-describedby')).toBeTruthy();
    const art = card.querySelector('img');
    expect(art?.getAttribute('alt')).toBe('');
    expect(art?.getAttribute('src')).toBe('/games/art/crown-jewels.svg');
    expect(card.textContent).toContain('Hot');
    // "New" wins over no mark; a game in neither category has none.
    expect(screen.getByTestId('game-card-blackjack').textContent).toContain('New');
    expect(screen.getByTestId('game-card-fruit-frenzy').textContent).toBe('Fruit Frenzy');
  });

  it('a category route lists only the games of that category', async () => {
    renderLobby('/lobby/slots');
    const list = await screen.findByTestId('game-list');
    expect(cardNames(list)).toEqual(['Crown Jewels', 'Fruit Frenzy']);
    expect(screen.getByRole('heading', { level: 2, name: 'Slots' })).toBeTruthy();
  });

  it('the star on a card makes the game a favourite, saved to the account', async () => {
    renderLobby();
    await screen.findByTestId('game-list');
    const star = screen.getByRole('button', { name: 'Favourite Crown Jewels' });
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
    // The star is the card's neighbour, not inside its link.
    expect(screen.getByTestId('game-card-crown-jewels').contains(star)).toBe(false);
  });

  it('the Favourites filter lists the starred games in lobby order', async () => {
    renderLobby('/lobby/favourites', false, catalogue, {
      'favourite.fruit-frenzy': true,
      'favourite.blackjack': true,
      'favourite.crown-jewels': false,
    });
    const list = await screen.findByTestId('game-list');
    expect(cardNames(list)).toEqual(['Blackjack', 'Fruit Frenzy']);
    expect(screen.getByRole('heading', { level: 2, name: 'Favourites' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Favourites' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Favourite Blackjack' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('the Favourites filter without favourites says how to add one', async () => {
    renderLobby('/lobby/favourites');
    const empty = await screen.findByTestId('no-favourites');
    expect(empty.textContent).toContain('You have no favourite games yet.');
    expect(empty.textContent).toContain('tap the star');
    expect(screen.queryByTestId('no-games')).toBeNull();
  });

  it('a category with no games says so', async () => {
    renderLobby('/lobby/halloween');
    expect((await screen.findByTestId('no-games')).textContent).toBe('No games in this category yet.');
  });

  it('searches by name within the category, ignoring case', async () => {
    renderLobby();
    await screen.findByTestId('game-list');
    const search = screen.getByRole('searchbox', { name: 'Search games' });
    fireEvent.change(search, { target: { value: 'BLACK' } });
    expect(cardNames(screen.getByTestId('game-list'))).toEqual(['Blackjack']);
    fireEvent.change(search, { target: { value: 'poker' } });
    expect(screen.getByTestId('no-games').textContent).toBe('No games match "poker".');
  });

  it('shows a maintenance badge on a game under maintenance, and only there', async () => {
    renderLobby();
    await screen.findByTestId('game-list');
    expect(screen.getByTestId('game-card-lucky-scratch').textContent).toContain('Under maintenance');
    expect(screen.getByTestId('game-card-crown-jewels').textContent).not.toContain('Under maintenance');
    expect(screen.getByRole('link', { name: 'Lucky Scratch' }).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('shows the recently played games first, newest first, skipping games no longer listed', async () => {
    recordRecentlyPlayed('crown-jewels');
    recordRecentlyPlayed('retired-game');
    recordRecentlyPlayed('blackjack');
    renderLobby();
    const row = await screen.findByTestId('recently-played');
    expect(within(row).getByRole('heading', { level: 2, name: 'Recently played' })).toBeTruthy();
    expect(cardNames(row)).toEqual(['Blackjack', 'Crown Jewels']);
  });

  it('shows no recently played row before the first game', async () => {
    renderLobby();
    await screen.findByTestId('game-list');
    expect(screen.queryByTestId('recently-played')).toBeNull();
  });

  it('offline, each card says plainly that playing needs a connection', async () => {
    renderLobby();
    await screen.findByTestId('game-list');
    expect(screen.queryByText(OFFLINE_PLAY_TEXT)).toBeNull();
    // Unreachable: the call and the probes after it all got nothing.
    act(() => [1, 2, 3].forEach(() => reportApiUnreachable()));
    expect(screen.getByTestId('lobby-offline')).toBeTruthy();
    // One visible line per card (the hidden copy is the link's description for screen readers).
    expect(screen.getAllByText(OFFLINE_PLAY_TEXT, { ignore: 'script, style, [hidden]' })).toHaveLength(
      TEST_CATALOGUE.length,
    );
  });

  it('says so when the games cannot be loaded at all', async () => {
    renderLobby('/lobby', false, {
      status: 503,
      body: { code: 'UNAVAILABLE', message: 'down', field: null, extra: null },
    });
    expect(await screen.findByTestId('games-failed', {}, { timeout: 4000 })).toBeTruthy();
  });
});
