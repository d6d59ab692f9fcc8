/**
 * Password hashing with scrypt (node:crypto) at OWASP parameters: N=2^17, r=8, p=1, a 32-byte
 * random salt, 32-byte key. Stored as `scrypt$N$r$p$<salt b64url>$<hash b64url>` so the cost
 * can be raised later: a login with an older, cheaper hash re-hashes it.
 * The 'test' cost (N=2^12) exists only so the test suite runs quickly; see config.ts.
 *
 * Every hash and verify of one hasher goes through a ConcurrencyLimit: at the OWASP cost each
 * takes 128 MiB and a core for about a tenth of a second, so a burst of sign-ups or sign-ins
 * would otherwise take every core and the memory with it and stall all other requests. Beyond
 * the waiting line the request is answered 429 at once.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashCost } from '../../platform/config.ts';
import { CapacityExceeded, ConcurrencyLimit } from '../concurrency-limit.ts';
import { tooManyAttempts } from '../throttle.ts';

interface Params {
  N: number;
  r: number;
  p: number;
}

const COSTS: Record<PasswordHashCost, Params> = {
  owasp: { N: 2 ** 17, r: 8, p: 1 },
  test: { N: 2 ** 12, r: 8, p: 1 },
};
const KEY_LENGTH = 32;
const SALT_LENGTH = 32;
const MAX_N = 2 ** 20;
/** Hashes at once per server process (one per core of a small machine) and how many may wait. */
export const HASH_CONCURRENCY = 2;
export const HASH_MAX_WAITING = 32;
const BUSY_RETRY_SECONDS = 2;

const derive = (password: string, salt: Buffer, params: Params): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** ok: the password matches; rehash: the stored hash is cheaper than the current cost. */
  verify(password: string, stored: string): Promise<{ ok: boolean; rehash: boolean }>;
  /** Spends the same time as a real verify, for unknown emails (no account enumeration by timing). */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(
  cost: PasswordHashCost,
  limit: ConcurrencyLimit = new ConcurrencyLimit(HASH_CONCURRENCY, HASH_MAX_WAITING),
): PasswordHasher {
  const params = COSTS[cost];
  let dummy: Promise<string> | null = null;

  const limited = async (password: string, salt: Buffer, p: Params): Promise<Buffer> => {
    try {
      return await limit.run(() => derive(password, salt, p));
    } catch (error) {
      if (error instanceof CapacityExceeded) throw tooManyAttempts(BUSY_RETRY_SECONDS);
      throw error;
    }
  };

  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await limited(password, salt, params);
    return [
      'scrypt',
      params.N,
      params.r,
      params.p,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
  };

  const verify = async (password: string, stored: string): Promise<{ ok: boolean; rehash: boolean }> => {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return { ok: false, rehash: false };
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > MAX_N)
      return { ok: false, rehash: false };
    const salt = Buffer.from(parts[4] ?? '', 'base64url');
    const expected = Buffer.from(parts[5] ?? '', 'base64url');
    const key = await limited(password, salt, { N, r, p });
    const ok = key.length === expected.length && timingSafeEqual(key, expected);
    return { ok, rehash: ok && (N < params.N || r < params.r || p < params.p) };
  };

  return {
    hash,
    verify,
    verifyDummy: async (password) => {
      dummy ??= hash('not-a-real-password-0000');
      await verify(password, await dummy);
    },
  };
}
