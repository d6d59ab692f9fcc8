/**
 * Provably fair seeds (docs/fairness.md). Each player has one active seed row: a server seed of
 * 32 bytes from the crypto RNG, its SHA-256 shown before play, the player's client seed, and the
 * nonce of the next round. The server never picks a client seed: a new row has none until the
 * player's app sends one (made in the browser), and rounds are refused until then. A round takes
 * the nonce and increments it in its own transaction.
 * Rotating reveals the seed in use (kept with revealed_at, so recall can show it and anyone can
 * replay its rounds) and commits a new one; it is refused while a round is open, since the open
 * round's remaining cards would then be known.
 */
import { randomBytes } from 'node:crypto';
import { serverSeedHash } from '../../../games/engines/fair-random.ts';
import type { FairnessState } from '../../../src/contract/games.ts';
import type { Queryable } from '../../db/driver.ts';
import { gameErrors } from './game-errors.ts';

export interface FairSeedRow {
  [key: string]: unknown;
  id: number | string;
  user_id: string;
  server_seed: string;
  server_seed_hash: string;
  /** Null until the player's app has sent one (the server never picks it). */
  client_seed: string | null;
  next_nonce: number;
}

/** The seed a round is played with: it has the player's client seed. */
export type RoundSeedRow = FairSeedRow & { client_seed: string };

export const newServerSeed = (): string => randomBytes(32).toString('hex');

const SEED_COLUMNS = 'id, user_id, server_seed, server_seed_hash, client_seed, next_nonce';

async function insertSeed(
  tx: Queryable,
  userId: string,
  clientSeed: string | null,
  nowIso: string,
): Promise<void> {
  const seed = newServerSeed();
  await tx.query(
    `INSERT INTO fair_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) WHERE revealed_at IS NULL DO NOTHING`,
    [userId, seed, serverSeedHash(seed), clientSeed, nowIso],
  );
}

/**
 * The player's active seed, created on first use. With `lock`, the row is held FOR UPDATE until
 * the transaction ends: round starts and rotations of one player then run one at a time, on any
 * server instance, and each takes the nonce the previous one left.
 */
export async function activeSeed(
  tx: Queryable,
  userId: string,
  nowMs: number,
  options: { lock: boolean },
): Promise<FairSeedRow> {
  const read = () =>
    tx.query<FairSeedRow>(
      `SELECT ${SEED_COLUMNS} FROM fair_seeds WHERE user_id = $1 AND revealed_at IS NULL${options.lock ? ' FOR UPDATE' : ''}`,
      [userId],
    );
  let rows = await read();
  if (!rows[0]) {
    await insertSeed(tx, userId, null, new Date(nowMs).toISOString());
    rows = await read();
  }
  const row = rows[0];
  if (!row) throw new Error('The active fair seed could not be created');
  return { ...row, next_nonce: Number(row.next_nonce) };
}

/**
 * The active seed, locked, for a round or a daily-bonus spin about to take its nonce. 409
 * CLIENT_SEED_REQUIRED while the player has no client seed yet: the app sends one (made in the
 * browser) before the first round, and the server never picks one itself.
 */
export async function roundSeed(tx: Queryable, userId: string, nowMs: number): Promise<RoundSeedRow> {
  const seed = await activeSeed(tx, userId, nowMs, { lock: true });
  if (seed.client_seed === null) throw gameErrors.clientSeedRequired();
  return { ...seed, client_seed: seed.client_seed };
}

/** Takes the nonce for a new round (the seed row must be locked by the caller). */
export async function takeNonce(tx: Queryable, seed: RoundSeedRow): Promise<number> {
  await tx.query('UPDATE fair_seeds SET next_nonce = next_nonce + 1 WHERE id = $1', [seed.id]);
  return seed.next_nonce;
}

export async function hasOpenRound(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM game_rounds WHERE user_id = $1 AND status = 'open' LIMIT 1`, [
    userId,
  ]);
  return rows.length > 0;
}

export async function fairnessState(tx: Queryable, userId: string, nowMs: number): Promise<FairnessState> {
  const seed = await activeSeed(tx, userId, nowMs, { lock: false });
  return {
    server_seed_hash: seed.server_seed_hash,
    client_seed: seed.client_seed,
    next_nonce: seed.next_nonce,
    round_open: await hasOpenRound(tx, userId),
  };
}

/**
 * Sets the client seed of the active seed. Rounds already started keep the client seed they were
 * started with (stored on the round), so the change is safe at any time.
 */
export async function setClientSeed(
  tx: Queryable,
  userId: string,
  clientSeed: string,
  nowMs: number,
): Promise<FairnessState> {
  const seed = await activeSeed(tx, userId, nowMs, { lock: true });
  await tx.query('UPDATE fair_seeds SET client_seed = $2 WHERE id = $1', [seed.id, clientSeed]);
  return fairnessState(tx, userId, nowMs);
}

export interface RotatedSeed {
  previous: { server_seed: string; server_seed_hash: string; client_seed: string | null; last_nonce: number };
  current: FairnessState;
}

/**
 * Reveals the active seed and commits a new one (same client seed, nonce 0; none while the player
 * has none yet). 409 while a round is open.
 */
export async function rotateSeed(tx: Queryable, userId: string, nowMs: number): Promise<RotatedSeed> {
  const seed = await activeSeed(tx, userId, nowMs, { lock: true });
  if (await hasOpenRound(tx, userId)) throw gameErrors.seedRotationBlocked();
  const nowIso = new Date(nowMs).toISOString();
  await tx.query('UPDATE fair_seeds SET revealed_at = $2 WHERE id = $1', [seed.id, nowIso]);
  await insertSeed(tx, userId, seed.client_seed, nowIso);
  return {
    previous: {
      server_seed: seed.server_seed,
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      last_nonce: seed.next_nonce - 1,
    },
    current: await fairnessState(tx, userId, nowMs),
  };
}
