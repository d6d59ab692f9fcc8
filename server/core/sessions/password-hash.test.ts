import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password-hash.ts';

describe('password hashing', () => {
  it('uses OWASP scrypt parameters in production (N=2^17, r=8, p=1, 32-byte salt)', async () => {
    const hasher = createPasswordHasher('owasp');
    const hash = await hasher.hash('Velvet-Harbor-42');
    const [alg, N, r, p, salt, key] = hash.split('$');
    expect([alg, N, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(32);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(await hasher.verify('Velvet-Harbor-42', hash)).toEqual({ ok: true, rehash: false });
    expect((await hasher.verify('velvet-harbor-42', hash)).ok).toBe(false);
  });

  it('salts every hash and flags cheaper hashes for re-hashing', async () => {
    const test = createPasswordHasher('test');
    const a = await test.hash('Velvet-Harbor-42');
    const b = await test.hash('Velvet-Harbor-42');
    expect(a).not.toBe(b);
    expect(await createPasswordHasher('owasp').verify('Velvet-Harbor-42', a)).toEqual({
      ok: true,
      rehash: true,
    });
  });

  it('refuses malformed or absurd stored hashes without throwing', async () => {
    const hasher = createPasswordHasher('test');
    for (const stored of [
      '',
      'bcrypt$x',
      'scrypt$1$2$3$4',
      `scrypt$${2 ** 30}$8$1$AAAA$AAAA`,
      'scrypt$abc$8$1$AAAA$AAAA',
    ]) {
      expect((await hasher.verify('x', stored)).ok).toBe(false);
    }
  });
});
