import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../test-support/stub-api.ts';
import { resetApiClientState } from './api-client.ts';
import { ensureClientSeed, newClientSeed, resetEnsuredClientSeeds } from './fair-client-seed.ts';
import { configureFairnessPlayer, readKept } from './fair-commitments.ts';

const HASH = 'c'.repeat(64);
const state = (client_seed: string | null) => ({
  server_seed_hash: HASH,
  client_seed,
  next_nonce: 0,
  round_open: false,
});
let playerId = '';

beforeEach(() => {
  resetApiClientState();
  resetEnsuredClientSeeds();
  playerId = `player-${Math.random().toString(36).slice(2)}`;
  configureFairnessPlayer(() => playerId);
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureFairnessPlayer(() => null);
});

describe('the client seed is made in the browser', () => {
  it('makes 16 random bytes as 32 hex digits, a new one each time', () => {
    const a = newClientSeed();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientSeed()).not.toBe(a);
  });

  it('sends a seed of its own making when the player has none, after keeping the commitment shown', async () => {
    let keptBeforeSending: string[] = [];
    const calls = stubApi({
      '/games/fairness': { status: 200, body: state(null) },
      '/games/fairness/client-seed': async () => {
        keptBeforeSending = (await readKept(playerId)).commitments.map((c) => c.hash);
        return { status: 200, body: state((calls.at(-1)?.body as { client_seed: string }).client_seed) };
      },
    });
    const result = await ensureClientSeed();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/games/fairness/client-seed');
    const sent = (put?.body as { client_seed: string }).client_seed;
    expect(sent).toMatch(/^[0-9a-f]{32}$/);
    expect(result.client_seed).toBe(sent);
    // The commitment was kept before the client seed left the browser: it was fixed first.
    expect(keptBeforeSending).toEqual([HASH]);
    // Done once per page load: the next round does not ask again.
    await ensureClientSeed();
    expect(calls.filter((c) => c.path === '/games/fairness')).toHaveLength(1);
  });

  it('sends nothing when the player already has a client seed, but keeps the commitment', async () => {
    const calls = stubApi({ '/games/fairness': { status: 200, body: state('players-own') } });
    await ensureClientSeed();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect((await readKept(playerId)).commitments.map((c) => c.hash)).toEqual([HASH]);
  });

  it('tries again on the next call after a failure', async () => {
    stubApi({ '/games/fairness': [apiError(503, 'UNAVAILABLE', 'down'), { status: 200, body: state('x') }] });
    await expect(ensureClientSeed()).rejects.toBeTruthy();
    await expect(ensureClientSeed()).resolves.toMatchObject({ client_seed: 'x' });
  });
});
