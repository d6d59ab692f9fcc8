import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, get, set } from 'idb-keyval';
import {
  clearMirror,
  MIRROR_DB,
  MIRROR_KEY,
  MIRROR_STORE,
  readMirror,
  startMirroring,
  writeMirror,
} from './idb-mirror.ts';
import { resetStore, store } from './store.ts';
import { demoBalances, demoUser } from './test-fixtures.ts';
import { recordRecentlyPlayed } from './recently-played.ts';
import { clearLocalSession, resumeSession } from './session-actions.ts';
import { resetApiClientState } from '../lib/api-client.ts';

const raw = createStore(MIRROR_DB, MIRROR_STORE);
const flush = () => new Promise((r) => setTimeout(r, 30));
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );

describe('recently played in the IndexedDB mirror', () => {
  beforeEach(async () => {
    resetStore();
    resetApiClientState();
    await clearMirror();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a mirror saved before the list existed still loads, with no recently played games', async () => {
    await set(
      MIRROR_KEY,
      { version: 1, savedAt: Date.now(), user: demoUser(), balances: demoBalances(), activeCurrency: 'gold' },
      raw,
    );
    const back = await readMirror();
    expect(back?.user.email).toBe('demo@luckycrown.example');
    expect(back?.recentlyPlayed).toBeUndefined();

    offline();
    await resumeSession();
    expect(store.session.status).toBe('signed-in');
    expect(store.games.recentlyPlayed).toEqual([]);
  });

  it('is written when the player opens a game, and restored by an (offline) start', async () => {
    store.session.user = demoUser();
    store.session.status = 'signed-in';
    const stop = startMirroring(5);
    recordRecentlyPlayed('crown-jewels');
    recordRecentlyPlayed('blackjack');
    await flush();
    stop();
    expect(((await get(MIRROR_KEY, raw)) as { recentlyPlayed: string[] }).recentlyPlayed).toEqual([
      'blackjack',
      'crown-jewels',
    ]);

    resetStore();
    offline();
    await resumeSession();
    expect(store.games.recentlyPlayed).toEqual(['blackjack', 'crown-jewels']);
  });

  it('a mirrored list that is too long or holds bad ids is trimmed on restore, not dropped', async () => {
    const long = ['ok-1', 'NOT OK', ...Array.from({ length: 30 }, (_, i) => `g-${i}`)];
    await writeMirror({ user: demoUser(), balances: null, activeCurrency: 'gold', recentlyPlayed: long });
    offline();
    await resumeSession();
    expect(store.session.user?.email).toBe('demo@luckycrown.example');
    expect(store.games.recentlyPlayed[0]).toBe('ok-1');
    expect(store.games.recentlyPlayed).not.toContain('NOT OK');
    expect(store.games.recentlyPlayed.length).toBeLessThanOrEqual(8);
  });

  it('a sign-out forgets the list, so the next player on the device starts with their own', () => {
    recordRecentlyPlayed('blackjack');
    clearLocalSession();
    expect(store.games.recentlyPlayed).toEqual([]);
  });
});
