import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStore, entries } from 'idb-keyval';
import {
  forgetLoadedPendingActions,
  keepPendingActionsInMemory,
  outcomeUnknown,
  PENDING_ACTION_MAX_AGE_MS,
  PENDING_ACTIONS_DB,
  PENDING_ACTIONS_STORE,
  pendingActions,
} from './pending-actions.ts';

const raw = createStore(PENDING_ACTIONS_DB, PENDING_ACTIONS_STORE);

beforeAll(() => keepPendingActionsInMemory(false));
afterAll(() => keepPendingActionsInMemory(true));

afterEach(async () => {
  for (const scope of ['p1', 'p2', 'p3']) {
    const store = pendingActions(scope);
    for (const entry of await store.list()) await store.settle(entry.action);
  }
  forgetLoadedPendingActions();
});

describe('pendingActions', () => {
  it('answers the first key and body while the outcome is unknown, and a new key once settled', async () => {
    const store = pendingActions('p1');
    const first = await store.begin('card-purchase', { package_id: 'a' });
    await store.failed('card-purchase', { status: 0 });
    const again = await store.begin('card-purchase', { package_id: 'b' });
    expect(again.key).toBe(first.key);
    expect(again.body).toEqual({ package_id: 'a' });
    await store.settle('card-purchase');
    expect((await store.begin('card-purchase', {})).key).not.toBe(first.key);
  });

  it('keeps the key in IndexedDB before the request leaves, for the page opened after a reload', async () => {
    const first = await pendingActions('p1').begin('deal', { bet: 1 });
    expect((await entries(raw)).map(([id]) => id)).toContain('p1|deal');
    forgetLoadedPendingActions();
    const after = await pendingActions('p1').find('deal');
    expect(after?.key).toBe(first.key);
  });

  it('keeps each player apart', async () => {
    const mine = await pendingActions('p1').begin('claim', {});
    const theirs = await pendingActions('p2').begin('claim', {});
    expect(theirs.key).not.toBe(mine.key);
    expect((await pendingActions('p2').list()).map((e) => e.key)).toEqual([theirs.key]);
  });

  it('gives one key to presses made before the first write landed', async () => {
    const store = pendingActions('p1');
    const keys = await Promise.all([1, 2, 3].map(() => store.begin('spin', {})));
    expect(new Set(keys.map((k) => k.key)).size).toBe(1);
  });

  it('lets the key go on a final refusal and keeps it when the server asks for a retry', async () => {
    const store = pendingActions('p1');
    const first = await store.begin('redeem', {});
    await store.failed('redeem', { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' });
    await store.failed('redeem', { status: 502 });
    expect((await store.find('redeem'))?.key).toBe(first.key);
    await store.failed('redeem', { status: 409, code: 'ROUND_FINISHED' });
    expect(await store.find('redeem')).toBeNull();
    expect(outcomeUnknown({ status: 400, code: 'VALIDATION_ERROR' })).toBe(false);
  });

  it('drops an entry older than a day on the next load', async () => {
    let now = 1_000;
    await pendingActions('p3', () => now).begin('old', {});
    forgetLoadedPendingActions();
    now += PENDING_ACTION_MAX_AGE_MS + 1;
    expect(await pendingActions('p3', () => now).find('old')).toBeNull();
    expect((await entries(raw)).map(([id]) => id)).not.toContain('p3|old');
  });
});
