import { unknown } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../lib/api-client.ts';
import { resetEnsuredClientSeeds } from '../../../lib/fair-client-seed.ts';
import { configureFairnessPlayer, readKept } from '../../../lib/fair-commitments.ts';
import { stubApi } from '../../../test-support/stub-api.ts';
import { fairSend, keepRoundCommitment } from './fair-play.ts';

const HASH = 'e'.repeat(64);
let playerId = '';
const fairness = (client_seed: string | null) => ({
  status: 200,
  body: { server_seed_hash: HASH, client_seed, next_nonce: 0, round_open: false },
});

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

describe('the game page and provably fair play', () => {
  it('sends the browser-made client seed before the first round, which stays one request', async () => {
    const calls = stubApi({
      '/games/fairness': fairness(null),
      '/games/fairness/client-seed': fairness('made-here'),
      '/games/jacks-or-better/rounds': { status: 201, body: { round: 'started' } },
    });
    const call = {
      method: 'POST',
      path: '/games/jacks-or-better/rounds',
      body: {},
      answer: unknown(),
    } as const;
    const first = await fairSend(call, 'key-1');
    expect(first.ok).toBe(true);
    await fairSend(call, 'key-2');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /games/fairness',
      'PUT /games/fairness/client-seed',
      'POST /games/jacks-or-better/rounds',
      'POST /games/jacks-or-better/rounds',
    ]);
    expect((calls[1]?.body as { client_seed: string }).client_seed).toMatch(/^[0-9a-f]{32}$/);
  });

  it('binds each round it is answered to the commitment of its first answer, and keeps a commitment shown to the game', async () => {
    keepRoundCommitment({ round: { id: 'r-1', server_seed_hash: HASH, nonce: 3, status: 'open' } });
    keepRoundCommitment({ round: { id: 'r-1', server_seed_hash: 'f'.repeat(64), nonce: 3 } });
    keepRoundCommitment({ round: null });
    keepRoundCommitment({ server_seed_hash: 'a'.repeat(64), client_seed: 'x', next_nonce: 0 });
    await vi.waitFor(async () => {
      const kept = await readKept(playerId);
      expect(kept.rounds).toEqual([{ id: 'r-1', hash: HASH, nonce: 3, shownBefore: false }]);
      expect(kept.commitments.map((c) => c.hash)).toEqual(['a'.repeat(64)]);
    });
  });
});
