import { beforeEach, describe, expect, it } from 'vitest';
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
import { demoBalances, demoUser, loginResponse } from './test-fixtures.ts';
import { cancelTokenRefresh, clearLocalSession, completeLogin } from './session-actions.ts';

const raw = createStore(MIRROR_DB, MIRROR_STORE);
const flush = () => new Promise((r) => setTimeout(r, 30));

describe('IndexedDB mirror', () => {
  beforeEach(async () => {
    resetStore();
    await clearMirror();
  });

  it('round-trips user, balances and currency', async () => {
    await writeMirror({ user: demoUser(), balances: demoBalances(), activeCurrency: 'sweeps' });
    const back = await readMirror();
    expect(back?.user.email).toBe('demo@luckycrown.example');
    expect(back?.balances?.balance_total_gld).toBe(250000);
    expect(back?.activeCurrency).toBe('sweeps');
    expect(back?.version).toBe(1);
  });

  it('never stores a token, even if one is on the objects', async () => {
    const user = { ...demoUser(), token: 'secret-jwt' } as ReturnType<typeof demoUser>;
    await writeMirror({ user, balances: null, activeCurrency: 'gold' });
    const stored = JSON.stringify(await get(MIRROR_KEY, raw));
    expect(stored).not.toContain('secret-jwt');
    expect(stored).toContain('demo@luckycrown.example');
    store.session.user = demoUser();
    store.session.token = 'jwt-in-memory';
    store.session.status = 'signed-in';
    const stop = startMirroring(5);
    store.balances.current = demoBalances();
    await flush();
    stop();
    const mirrored = JSON.stringify(await get(MIRROR_KEY, raw));
    expect(mirrored).not.toContain('jwt-in-memory');
    expect(mirrored).toContain('demo@luckycrown.example');
  });

  it('drops corrupt data without throwing', async () => {
    await set(MIRROR_KEY, 'not an object {', raw);
    expect(await readMirror()).toBeNull();
    expect(await get(MIRROR_KEY, raw)).toBeUndefined();
  });

  it('drops old-shaped data (previous version, missing fields)', async () => {
    await set(
      MIRROR_KEY,
      { version: 0, savedAt: 1, user: { id: 'x' }, balances: null, activeCurrency: 'gold' },
      raw,
    );
    expect(await readMirror()).toBeNull();
    expect(await get(MIRROR_KEY, raw)).toBeUndefined();
    await set(
      MIRROR_KEY,
      {
        version: 1,
        savedAt: 1,
        user: demoUser(),
        balances: { balance_total_gld: 'lots' },
        activeCurrency: 'gold',
      },
      raw,
    );
    expect(await readMirror()).toBeNull();
  });

  it('mirrors a sign-in that follows a sign-out (login and logout do not detach the mirror)', async () => {
    const stop = startMirroring(5);
    completeLogin(loginResponse({ user: demoUser({ email: 'first@example.com' }) }));
    await flush();
    expect((await readMirror())?.user.email).toBe('first@example.com');
    clearLocalSession();
    await clearMirror();
    completeLogin(loginResponse({ user: demoUser({ email: 'second@example.com' }) }));
    await flush();
    stop();
    cancelTokenRefresh();
    expect((await readMirror())?.user.email).toBe('second@example.com');
  });

  it('writes a sign-in at once, before any balance change', async () => {
    const stop = startMirroring(60_000);
    store.session.user = demoUser();
    store.session.status = 'signed-in';
    await flush();
    stop();
    expect((await readMirror())?.user.email).toBe('demo@luckycrown.example');
  });

  it('writes an opened game at once: closing the app right after it keeps "Recently played"', async () => {
    store.session.user = demoUser();
    store.session.status = 'signed-in';
    const stop = startMirroring(60_000);
    store.games.recentlyPlayed.splice(0, Infinity, 'blackjack');
    await flush();
    stop();
    expect((await readMirror())?.recentlyPlayed).toEqual(['blackjack']);
  });

  it('a balance animation that keeps going is still written within the delay, not held back', async () => {
    store.session.user = demoUser();
    store.session.status = 'signed-in';
    store.balances.current = demoBalances();
    const stop = startMirroring(40);
    // One change every 10 ms for 200 ms: a debounce would write only after the last one.
    for (let i = 1; i <= 20; i++) {
      store.balances.current = { ...demoBalances(), balance_total_gld: 1000 + i };
      await new Promise((r) => setTimeout(r, 10));
      if (i === 10) expect((await readMirror())?.balances?.balance_total_gld).toBeGreaterThan(1000);
    }
    stop();
  });

  it('mirrors the store only while signed in', async () => {
    const stop = startMirroring(5);
    store.session.user = demoUser();
    store.session.status = 'signed-out';
    await flush();
    expect(await readMirror()).toBeNull();
    store.session.status = 'signed-in';
    store.currency.activeCurrency = 'sweeps';
    await flush();
    stop();
    expect((await readMirror())?.activeCurrency).toBe('sweeps');
  });
});
