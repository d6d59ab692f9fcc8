/**
 * Provably fair random floats (docs/fairness.md). For one round, identified by the player's
 * server seed, client seed and nonce:
 *
 *   bytes(r) = HMAC_SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + r)
 *
 * for r = 0, 1, 2, ...; each 32-byte block gives 8 floats, 4 bytes each:
 *
 *   float = b0/256 + b1/256^2 + b2/256^3 + b3/256^4
 *
 * so float i comes from block floor(i / 8), bytes 4*(i % 8) .. 4*(i % 8) + 3.
 * The server seed is the 32 random bytes written as 64 lower-case hex digits; the key is those
 * 32 bytes (not the hex text). Its SHA-256 (of the bytes, in hex) is shown before play.
 * Runs the same in Node and in the browser (@noble/hashes is pure JavaScript).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Floats } from './types.ts';

export const FLOATS_PER_BLOCK = 8;
const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

export const isServerSeed = (hex: string): boolean => SERVER_SEED_PATTERN.test(hex);

/** SHA-256 of the server seed's 32 bytes, in hex: the commitment shown before play. */
export function serverSeedHash(serverSeedHex: string): string {
  if (!isServerSeed(serverSeedHex)) throw new Error('A server seed is 64 lower-case hex digits');
  return bytesToHex(sha256(hexToBytes(serverSeedHex)));
}

/** The 32 bytes of block `r` of a round's stream. */
export function fairBlock(serverSeedHex: string, clientSeed: string, nonce: number, r: number): Uint8Array {
  return hmac(sha256, hexToBytes(serverSeedHex), utf8ToBytes(`${clientSeed}:${nonce}:${r}`));
}

/** Four bytes to a float in [0, 1): b0/256 + b1/256^2 + b2/256^3 + b3/256^4. */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  let value = 0;
  let scale = 1;
  for (let k = 0; k < 4; k++) {
    scale /= 256;
    value += (bytes[offset + k] ?? 0) * scale;
  }
  return value;
}

/** The round's float stream; blocks are computed once each, on first use. */
export function fairFloats(serverSeedHex: string, clientSeed: string, nonce: number): Floats {
  if (!isServerSeed(serverSeedHex)) throw new Error('A server seed is 64 lower-case hex digits');
  const key = hexToBytes(serverSeedHex);
  const blocks = new Map<number, Uint8Array>();
  return (index: number) => {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error(`Bad float index ${index}`);
    const r = Math.floor(index / FLOATS_PER_BLOCK);
    let block = blocks.get(r);
    if (!block) {
      block = hmac(sha256, key, utf8ToBytes(`${clientSeed}:${nonce}:${r}`));
      blocks.set(r, block);
    }
    return bytesToFloat(block, (index % FLOATS_PER_BLOCK) * 4);
  };
}

/**
 * A fast seeded stream for simulations (the RTP tool, tests): not provably fair, never used to
 * decide a real round. xoshiro128** with 32-bit outputs, scaled like the fair floats.
 */
export function simulationFloats(seed: number): Floats {
  let a = seed >>> 0 || 1;
  let b = 0x9e3779b9;
  let c = 0x243f6a88;
  let d = 0xb7e15162;
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  const cache: number[] = [];
  return (index: number) => {
    while (cache.length <= index) cache.push(next());
    return cache[index] as number;
  };
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/**
 * Fisher–Yates from the front: for i = 0 .. count - 1, j = i + floor(float(start + i) * (n - i)),
 * swap items i and j. With count = n - 1 this is a full shuffle; with a smaller count the first
 * `count` items are exactly those of the full shuffle (later steps never touch them), so a game
 * that deals 10 cards shuffles 10 steps. Returns a new array.
 */
export function shuffleFront<T>(
  items: readonly T[],
  floats: Floats,
  start: number,
  count = items.length - 1,
): T[] {
  const deck = items.slice();
  const n = deck.length;
  for (let i = 0; i < Math.min(count, n - 1); i++) {
    const j = i + Math.floor(floats(start + i) * (n - i));
    const tmp = deck[i] as T;
    deck[i] = deck[j] as T;
    deck[j] = tmp;
  }
  return deck;
}
