/**
 * The server never picks a client seed (docs/fairness.md, "Client seed"): a new player's seed row
 * commits a server seed with no client seed; every round and daily-bonus spin
 * is refused with 409 CLIENT_SEED_REQUIRED (field client_seed), taking no coins and no nonce,
 * until the player's app sends one; the first round then uses exactly the seed the app sent,
 * under the commitment shown before it, and a rotation carries the player's seed over.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_BONUS_API_PATHS } from '../../../src/contract/daily-bonus.ts';
import {
  GAME_ERROR_CODES,
  GAMES_API_PATHS,
  type FairnessState,
  type RoundAnswer,
} from '../../../src/contract/games.ts';
import type { TestContext } from '../../test-support/test-app.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import {
  createGamesContext,
  flipCoin,
  fund,
  moneyCall,
  newKey,
  startCoinFlip,
} from '../../test-support/games-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createGamesContext();
});
afterAll(async () => ctx?.close());

/** A player as the API sees one before their app has sent a client seed. */
async function playerWithoutClientSeed() {
  const player = await signUpPlayer(ctx, {}, { clientSeed: null });
  await fund(ctx, player.id, { gold: 10_000 });
  return player;
}

const seedRows = (userId: string) =>
  ctx.db.query<{ client_seed: string | null; next_nonce: number }>(
    'SELECT client_seed, next_nonce FROM fair_seeds WHERE user_id = $1 ORDER BY id',
    [userId],
  );

describe('the client seed is the player’s, never the server’s', () => {
  it('commits a server seed with no client seed, and refuses rounds and spins until the app sends one', async () => {
    const p = await playerWithoutClientSeed();
    const state = await p.client.request<FairnessState>('GET', GAMES_API_PATHS.fairness);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ client_seed: null, next_nonce: 0, round_open: false });
    expect(state.body.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);

    const refusals = [
      await startCoinFlip(p.client),
      await p.client.request('POST', DAILY_BONUS_API_PATHS.play, {
        headers: { 'Idempotency-Key': newKey() },
      }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.CLIENT_SEED_REQUIRED, field: 'client_seed' });
      expect(String((res.body as { message?: unknown }).message)).toMatch(/client seed/);
    }
    // Nothing moved: no nonce taken, no client seed made up, the same commitment.
    expect(await seedRows(p.id)).toEqual([{ client_seed: null, next_nonce: 0 }]);
    const after = await p.client.request<FairnessState>('GET', GAMES_API_PATHS.fairness);
    expect(after.body).toEqual(state.body);
    const rounds = await ctx.db.query('SELECT 1 FROM game_rounds WHERE user_id = $1', [p.id]);
    expect(rounds).toEqual([]);
  });

  it('plays the first round with the seed the app sent, under the commitment shown before it', async () => {
    const p = await playerWithoutClientSeed();
    const shown = await p.client.request<FairnessState>('GET', GAMES_API_PATHS.fairness);
    const mine = randomBytes(16).toString('hex');
    const set = await p.client.request<FairnessState>('PUT', GAMES_API_PATHS.fairnessClientSeed, {
      body: { client_seed: mine },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ client_seed: mine, server_seed_hash: shown.body.server_seed_hash });

    const round = await startCoinFlip(p.client);
    expect(round.status).toBe(201);
    expect((round.body as RoundAnswer).round).toMatchObject({
      client_seed: mine,
      nonce: 0,
      server_seed_hash: shown.body.server_seed_hash,
    });

    // A rotation keeps the player's seed for the next server seed; it never makes one up.
    expect((await flipCoin(p.client, (round.body as RoundAnswer).round.id)).status).toBe(200);
    const rotated = await moneyCall<{ current: FairnessState }>(
      p.client,
      'POST',
      GAMES_API_PATHS.fairnessRotate,
      {},
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.current.client_seed).toBe(mine);
    expect((await seedRows(p.id)).map((r) => r.client_seed)).toEqual([mine, mine]);
  });

  it('rotating before any client seed commits a new server seed, still without a client seed', async () => {
    const p = await playerWithoutClientSeed();
    const rotated = await moneyCall<{ previous: { client_seed: string | null }; current: FairnessState }>(
      p.client,
      'POST',
      GAMES_API_PATHS.fairnessRotate,
      {},
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.previous.client_seed).toBeNull();
    expect(rotated.body.current.client_seed).toBeNull();
    expect((await startCoinFlip(p.client)).status).toBe(409);
  });
});
