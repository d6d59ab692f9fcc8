import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameSettingsOf, favouritesOf, GAME_SETTING_DEFAULTS } from '../contract/player-data.ts';
import { apiError, stubApi } from '../test-support/stub-api.ts';
import { pendingActions } from '../lib/pending-actions.ts';
import { flushPlayerData, setGameSetting, syncPlayerData, toggleFavourite } from './player-data-actions.ts';
import { resetStore, store } from './store.ts';
import { setGameSettingSoon, toggleFavouriteSoon } from './player-data-soon.ts';

const currentFavourites = () => favouritesOf(store.session.user?.user_data ?? {});
const currentGameSettings = () => gameSettingsOf(store.session.user?.user_data ?? {});
import { demoUser } from './test-fixtures.ts';

const PATH = '/users/me/user-data';

/** A server that merges each patch into its own user_data, as the real one does. */
function fakeServer(initial: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = { ...initial };
  let down = false;
  const calls = stubApi({});
  const fetchStub = vi.mocked(fetch);
  const inner = fetchStub.getMockImplementation()!;
  fetchStub.mockImplementation(async (input, init = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    if (path === PATH || path === '/users/me') {
      if (down) throw new TypeError('Failed to fetch');
      if (path === PATH) {
        const { key, value } = JSON.parse(String(init.body)) as { key: string; value: unknown };
        await inner(input, init); // recorded
        if (key.startsWith('favourite.bad')) {
          const e = apiError(400, 'INVALID_KEY_VAL', 'There is no game', 'key');
          return new Response(JSON.stringify(e.body), { status: 400 });
        }
        data[key] = value;
      }
      return new Response(JSON.stringify(demoUser({ user_data: { ...data } })), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return inner(input, init);
  });
  return {
    data,
    calls,
    setDown: (next: boolean) => {
      down = next;
    },
  };
}

function signIn(userData: Record<string, unknown> = {}) {
  store.session.user = demoUser({ user_data: { ...userData } });
  store.session.token = 'jwt-1';
  store.session.status = 'signed-in';
}

beforeEach(() => signIn());
afterEach(() => {
  resetStore();
  vi.unstubAllGlobals();
});

describe('player data in user_data', () => {
  it('reads favourites and settings with their defaults', () => {
    expect(favouritesOf({ 'favourite.a': true, 'favourite.b': false, other: true })).toEqual(['a']);
    expect(gameSettingsOf({})).toEqual(GAME_SETTING_DEFAULTS);
    expect(gameSettingsOf({ 'settings.quick_spin': true, 'settings.sound': 'loud' })).toEqual({
      ...GAME_SETTING_DEFAULTS,
      quick_spin: true,
    });
  });

  it('a favourite shows at once, is sent, and leaves nothing pending once answered', async () => {
    const server = fakeServer();
    const done = toggleFavourite('crown-jewels');
    expect(currentFavourites()).toEqual(['crown-jewels']);
    await done;
    expect(server.calls).toEqual([
      { path: PATH, method: 'PATCH', body: { key: 'favourite.crown-jewels', value: true } },
    ]);
    expect(server.data).toEqual({ 'favourite.crown-jewels': true });
    expect(await pendingActions('player:u-1:user-data').list()).toEqual([]);
    await toggleFavourite('crown-jewels');
    expect(currentFavourites()).toEqual([]);
    expect(server.data).toEqual({ 'favourite.crown-jewels': false });
  });

  it('a change made offline is kept, survives the server user arriving, and is sent back online', async () => {
    const server = fakeServer({ 'settings.sound': false });
    server.setDown(true);
    await toggleFavourite('klondike');
    await setGameSetting('quick_spin', true);
    expect(currentFavourites()).toEqual(['klondike']);
    expect(server.data).toEqual({ 'settings.sound': false });
    expect(await pendingActions('player:u-1:user-data').list()).toHaveLength(2);
    // A refresh brings the server's user (without the changes): they stay shown.
    store.session.user = demoUser({ user_data: { 'settings.sound': false } });
    await syncPlayerData();
    expect(currentFavourites()).toEqual(['klondike']);
    expect(currentGameSettings().quick_spin).toBe(true);
    server.setDown(false);
    // Back online: the app's start listens for it (connect-lib.ts) and flushes.
    await flushPlayerData();
    expect(await pendingActions('player:u-1:user-data').list()).toEqual([]);
    expect(server.data).toEqual({
      'settings.sound': false,
      'favourite.klondike': true,
      'settings.quick_spin': true,
    });
    expect(currentFavourites()).toEqual(['klondike']);
    expect(currentGameSettings()).toEqual({ sound: false, reduced_motion: false, quick_spin: true });
  });

  it('the server is the truth on sign-in, with this device`s unsent changes over it', async () => {
    const server = fakeServer({ 'favourite.blackjack': true });
    server.setDown(true);
    await toggleFavourite('klondike');
    // Signed in again (another device starred blackjack meanwhile).
    store.session.user = demoUser({ user_data: { 'favourite.blackjack': true } });
    server.setDown(false);
    await syncPlayerData();
    expect(currentFavourites().sort()).toEqual(['blackjack', 'klondike']);
    expect(server.data).toEqual({ 'favourite.blackjack': true, 'favourite.klondike': true });
  });

  it('quick toggles of one game reach the server in order; the last one wins', async () => {
    const server = fakeServer();
    await Promise.all([
      toggleFavourite('blackjack'),
      toggleFavourite('blackjack'),
      toggleFavourite('blackjack'),
    ]);
    await flushPlayerData();
    expect(currentFavourites()).toEqual(['blackjack']);
    expect(server.data).toEqual({ 'favourite.blackjack': true });
    const sent = server.calls.map((c) => (c.body as { value: boolean }).value);
    expect(sent.at(-1)).toBe(true);
  });

  it('a final refusal drops the change and takes the server`s user back', async () => {
    const server = fakeServer({ 'favourite.blackjack': true });
    store.session.user = demoUser({ user_data: { 'favourite.blackjack': true } });
    await toggleFavourite('bad-game');
    expect(currentFavourites()).toEqual(['blackjack']);
    expect(await pendingActions('player:u-1:user-data').list()).toEqual([]);
    expect(server.data).toEqual({ 'favourite.blackjack': true });
  });

  it('the pages` helpers show a change in the same task (a box never flips back), then send it', async () => {
    const server = fakeServer();
    toggleFavouriteSoon('klondike');
    setGameSettingSoon('reduced_motion', true);
    expect(currentFavourites()).toEqual(['klondike']);
    expect(currentGameSettings().reduced_motion).toBe(true);
    await vi.waitFor(() =>
      expect(server.data).toEqual({ 'favourite.klondike': true, 'settings.reduced_motion': true }),
    );
    toggleFavouriteSoon('klondike');
    expect(currentFavourites()).toEqual([]);
    await vi.waitFor(() => expect(server.data['favourite.klondike']).toBe(false));
  });

  it('keeps players apart: another player never sends the first one`s pending change', async () => {
    const server = fakeServer();
    server.setDown(true);
    await toggleFavourite('klondike');
    signIn();
    store.session.user = demoUser({ id: 'u-2' });
    server.setDown(false);
    await syncPlayerData();
    expect(server.calls).toEqual([]);
    expect(currentFavourites()).toEqual([]);
  });
});
