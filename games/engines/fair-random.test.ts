import { describe, expect, it } from 'vitest';
import { FRESH_DECK } from './cards.ts';
import {
  bytesToFloat,
  fairBlock,
  fairFloats,
  isServerSeed,
  serverSeedHash,
  shuffleFront,
  simulationFloats,
} from './fair-random.ts';

const hex = (bytes: ArrayBuffer | Uint8Array): string =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(text.match(/../g)!.map((pair) => parseInt(pair, 16)));

/**
 * One block of the published recipe computed by the platform's own crypto (WebCrypto, in Node
 * backed by OpenSSL), not by the @noble/hashes code the games use: an independent computation.
 */
async function referenceBlock(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  r: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    fromHex(serverSeedHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${clientSeed}:${nonce}:${r}`)),
  );
}

async function referenceFloat(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  index: number,
): Promise<number> {
  const block = await referenceBlock(serverSeedHex, clientSeed, nonce, Math.floor(index / 8));
  const o = (index % 8) * 4;
  return block[o]! / 256 + block[o + 1]! / 256 ** 2 + block[o + 2]! / 256 ** 3 + block[o + 3]! / 256 ** 4;
}

const sha256Hex = async (seedHex: string): Promise<string> =>
  hex(await crypto.subtle.digest('SHA-256', fromHex(seedHex)));

const SEEDS = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '7d1c2a9b3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff'.slice(0, 64),
  'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
];

// The worked vector of docs/fairness.md (Jacks or Better deal).
const VECTOR = {
  serverSeed: '3f6c1e2d9a8b7c6d5e4f30211203f4e5d6c7b8a9f0e1d2c3b4a5968778695a4b',
  clientSeed: 'lucky-player',
  nonce: 1,
};

describe('provably fair floats', () => {
  it('match an independent HMAC-SHA256 computation for several seeds, nonces and indexes (across blocks)', async () => {
    for (const seed of SEEDS)
      for (const [client, nonce] of [
        ['abc', 0],
        ['client-seed_01', 7],
        ['x', 123456],
      ] as const) {
        const floats = fairFloats(seed, client, nonce);
        for (const index of [0, 1, 7, 8, 9, 15, 16, 31, 100]) {
          expect(floats(index), `${seed} ${client} ${nonce} ${index}`).toBe(
            await referenceFloat(seed, client, nonce, index),
          );
        }
        expect(hex(fairBlock(seed, client, nonce, 2))).toBe(
          hex(await referenceBlock(seed, client, nonce, 2)),
        );
      }
  });

  it('turns four bytes into b0/256 + b1/256^2 + b2/256^3 + b3/256^4', () => {
    expect(bytesToFloat(new Uint8Array([0, 0, 0, 0]), 0)).toBe(0);
    expect(bytesToFloat(new Uint8Array([128, 0, 0, 0]), 0)).toBe(0.5);
    expect(bytesToFloat(new Uint8Array([9, 64, 0, 0, 0]), 1)).toBe(0.25);
    expect(bytesToFloat(new Uint8Array([0, 0, 0, 1]), 0)).toBe(1 / 2 ** 32);
    expect(bytesToFloat(new Uint8Array([255, 255, 255, 255]), 0)).toBe(1 - 1 / 2 ** 32);
    expect(bytesToFloat(new Uint8Array([0x12, 0x34, 0x56, 0x78]), 0)).toBe(0x12345678 / 2 ** 32);
  });

  it('refuses a malformed server seed and a bad float index', () => {
    expect(isServerSeed(SEEDS[0]!)).toBe(true);
    for (const bad of ['', 'abc', SEEDS[0]!.toUpperCase().replace(/0/g, 'A'), `${SEEDS[0]}0`])
      expect(() => fairFloats(bad, 'c', 0)).toThrow();
    expect(() => fairFloats(SEEDS[0]!, 'c', 0)(-1)).toThrow();
    expect(() => fairFloats(SEEDS[0]!, 'c', 0)(1.5)).toThrow();
  });

  it('commits to the server seed with the SHA-256 of its 32 bytes', async () => {
    for (const seed of SEEDS) expect(serverSeedHash(seed)).toBe(await sha256Hex(seed));
    // SHA-256 of 32 zero bytes.
    expect(serverSeedHash(SEEDS[0]!)).toBe(
      '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    );
  });

  it('shuffles from the front: the first k cards of a k-step shuffle are those of the full shuffle', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const floats = simulationFloats(seed);
      const full = shuffleFront(FRESH_DECK, floats, 3);
      expect(full.slice().sort()).toEqual(FRESH_DECK.slice().sort());
      for (const k of [1, 5, 10, 26, 51])
        expect(shuffleFront(FRESH_DECK, floats, 3, k).slice(0, k)).toEqual(full.slice(0, k));
    }
    // A float of 0 swaps nothing; j = i + floor(float * (n - i)).
    expect(shuffleFront(['a', 'b', 'c'], () => 0, 0)).toEqual(['a', 'b', 'c']);
    expect(shuffleFront(['a', 'b', 'c'], () => 0.99, 0)).toEqual(['c', 'a', 'b']);
  });

  it('gives the worked vector of the fairness page: seeds and nonce -> floats -> the Jacks or Better deal', async () => {
    const { serverSeed, clientSeed, nonce } = VECTOR;
    const floats = fairFloats(serverSeed, clientSeed, nonce);
    const first8 = Array.from({ length: 8 }, (_, i) => floats(i));
    expect(first8).toEqual(
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => referenceFloat(serverSeed, clientSeed, nonce, i)),
      ),
    );
    expect({
      hash: serverSeedHash(serverSeed),
      block0: hex(fairBlock(serverSeed, clientSeed, nonce, 0)),
      floats: first8.map((f) => f.toFixed(10)),
      deal: shuffleFront(FRESH_DECK, floats, 0, 10).slice(0, 5),
      draw: shuffleFront(FRESH_DECK, floats, 0, 10).slice(5, 10),
    }).toEqual({
      hash: '16e5aa25692c976e6ac8916fd1015f5b8c5c859824151f1867e08ebc87a9b0eb',
      block0: '90a9857bf05ec4c0e0f5f8fab213d87244e6e05dcfeb57ff8190b9660bb7e8c7',
      floats: [
        '0.5650866914',
        '0.9389460534',
        '0.8787532435',
        '0.6956153181',
        '0.2691478946',
        '0.8121848104',
        '0.5061145662',
        '0.0457749830',
      ],
      // Checked also with a few lines of Python (hmac, hashlib) outside this code base.
      deal: ['5H', 'JS', '8S', 'KH', '5D'],
      draw: ['6S', '2C', 'JC', '7S', '9S'],
    });
  });
});
